package cctools

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// The resource monitor's time series (resource_monitor --with-time-series;
// TaskVine's and Work Queue's monitoring with time series on writes one
// per task: vine-task-<id>.series, wq-<pid>-task-<id>.series): '#'
// comment lines giving the units, a "#wall_clock cpu_time ..." header,
// then one line of white-space separated values per sample. The values
// are those cctools' rmsummary prints (dttools/src/rmsummary.c, since
// July 2021): wall_clock and cpu_time in seconds with six decimals,
// memory, disk and bytes_* in MB, cores with three decimals, bandwidth in
// Mbps. The header's units line said microseconds (and bits/s) until
// March 2023, after the values had changed to seconds; the values'
// decimal point tells them apart. Series written before July 2021, whose
// wall_clock is a count of microseconds, are refused rather than read
// with units no sample here confirms.

// seriesColumns maps the header's names to columns and their kinds.
var seriesColumns = map[string]struct {
	col  string
	kind byte // 'f' float, 'i' integer
}{
	"cpu_time": {"cpu_time_s", 'f'}, "cores": {"cores", 'f'},
	"max_concurrent_processes": {"processes", 'i'}, "virtual_memory": {"virtual_mb", 'f'},
	"memory": {"mem_mb", 'f'}, "swap_memory": {"swap_mb", 'f'},
	"bytes_read": {"read_mb", 'f'}, "bytes_written": {"written_mb", 'f'},
	"bytes_received": {"received_mb", 'f'}, "bytes_sent": {"sent_mb", 'f'},
	"bandwidth": {"bandwidth_mbps", 'f'}, "machine_load": {"machine_load", 'f'},
	"total_files": {"files", 'i'}, "disk": {"disk_mb", 'f'},
}

// seriesTaskName is the file name of a task's series as TaskVine and
// Work Queue write it; its last group is the task id.
var seriesTaskName = regexp.MustCompile(`^(?:vine-task-|wq-[0-9]+-task-)([0-9]+)\.series$`)

// Series is the resource monitor's time series of one task (a
// .series file), read into the samples frame.
func Series() source.Format {
	return source.Format{
		Name:        "cctools-series",
		System:      "cctools resource monitor",
		Description: "a resource monitor time series (.series)",
		Sources:     []string{ResourceMonitor},
		Frames:      []string{schema.Samples},
		Sniff:       func(_ string, head []byte) bool { return sniffSeries(head) },
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, LoadSeries)
		},
	}
}

// sniffSeries reports whether head starts as a resource monitor series:
// the units comment or the header line first.
func sniffSeries(head []byte) bool {
	return bytes.HasPrefix(head, []byte("# Units:")) || bytes.HasPrefix(head, []byte("#wall_clock "))
}

// LoadSeries reads one task's resource monitor series into the samples
// frame: task (from the file name vine-task-<id>.series or
// wq-<pid>-task-<id>.series, else null), time, and a column per header
// field (cpu_time_s, mem_mb, ...), in the units above.
func LoadSeries(r io.Reader, o source.Options) (*source.Dataset, error) {
	name := o.InputName()
	s := &seriesReader{p: *o.Problems(name)}
	if m := seriesTaskName.FindStringSubmatch(filepath.Base(name)); m != nil {
		s.task, _ = strconv.ParseInt(m[1], 10, 64)
		s.hasTask = true
	}
	err := records.DecodedLines(r, &s.p, 1, runtime.GOMAXPROCS(0), decodeSeriesLine, func(b []byte, n int, l *seriesLine) error {
		switch l.kind {
		case ' ':
			return nil
		case '#':
			return s.comment(strings.TrimSpace(string(b)), n)
		}
		return s.sample(b, n, l)
	})
	if err != nil {
		return nil, err
	}
	if s.names == nil {
		return nil, &source.ParseError{File: name, Line: 1, Want: "the resource monitor's header line (#wall_clock cpu_time ...)", Err: source.ErrBadHeader}
	}
	f := s.frame()
	if f.Err() != nil {
		return nil, fmt.Errorf("%s: %w", name, f.Err())
	}
	d := &source.Dataset{Source: ResourceMonitor, Files: []string{name}, Frames: map[string]*frame.Frame{schema.Samples: f}, Warnings: s.p.Finish()}
	s.span.Set(d)
	return o.Project(d, nil)
}

// seriesReader reads a series' samples into columns by header name.
type seriesReader struct {
	p       source.Problems
	task    int64
	hasTask bool
	micros  bool     // the units line says microseconds
	names   []string // the header's names
	isInt   []bool   // per header position: an integer column
	time    columns.DenseInt
	line    columns.DenseInt
	flts    []columns.DenseFloat // by header position (floats)
	ints    []columns.DenseInt   // by header position (integers)
	span    source.LogSpan
	rows    int
}

// comment reads a '#' line: the units line and the header.
func (s *seriesReader) comment(line string, n int) error {
	if strings.Contains(line, "wall_clock and cpu_time in microseconds") {
		s.micros = true
	}
	if !strings.HasPrefix(line, "#wall_clock") {
		return nil // the units ("# wall_clock and cpu_time in ...")
	}
	fields := strings.Fields(line[1:])
	if s.names != nil {
		return s.p.Bad(n, "", line, "one header line (the file holds two)", nil)
	}
	seen := map[string]bool{}
	for _, f := range fields[1:] {
		if _, ok := seriesColumns[f]; !ok || seen[f] {
			return &source.ParseError{File: s.p.File, Line: n, Field: f, Text: f, Want: "each resource the monitor writes once (cpu_time, cores, memory, bytes_read, disk, ...)", Err: source.ErrBadHeader}
		}
		seen[f] = true
	}
	s.names = fields
	s.isInt = make([]bool, len(fields))
	for i, f := range fields[1:] {
		s.isInt[i+1] = seriesColumns[f].kind == 'i'
	}
	s.flts = make([]columns.DenseFloat, len(fields))
	s.ints = make([]columns.DenseInt, len(fields))
	return nil
}

// maxSeriesValues bounds the values a line is read into (the header
// has at most 15); a longer line is a bad record by its count.
const maxSeriesValues = 16

// seriesLine is one line read on a decoding goroutine: its values as
// numbers, the sample's time in µs, and where it does not read.
type seriesLine struct {
	kind   byte // 0 a sample, '#' a comment, ' ' blank
	n      int  // values on the line
	us     int64
	dot    bool // the wall_clock has a decimal point
	timeOK bool
	bad    int // the first value after the wall_clock that is not a number, or -1
	vals   [maxSeriesValues]float64
}

// Reusable lets the line pipeline recycle decoded lines.
func (*seriesLine) Reusable() {}

// decodeSeriesLine reads a line's values without the header, which
// sample checks them against.
func decodeSeriesLine(b []byte, l *seriesLine) {
	l.kind, l.n, l.us, l.dot, l.timeOK, l.bad = 0, 0, 0, false, false, -1
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	switch {
	case i == len(b):
		l.kind = ' '
		return
	case b[i] == '#':
		l.kind = '#'
		return
	}
	for i < len(b) {
		j := i
		for j < len(b) && !isSpace(b[j]) {
			j++
		}
		v := b[i:j]
		switch k := l.n; {
		case k == 0:
			l.us, l.dot, l.timeOK = wallClock(v)
		case k < maxSeriesValues:
			x, err := decimal(v)
			// every value is a count, a size, a time or a load: none is
			// negative or not finite
			if err != nil || x < 0 || math.IsNaN(x) || math.IsInf(x, 0) {
				if l.bad < 0 {
					l.bad = k
				}
			}
			l.vals[k] = x
		}
		l.n++
		for i = j; i < len(b) && isSpace(b[i]); i++ {
		}
	}
}

// decimal reads a number as strconv.ParseFloat does. The monitor's
// values are short decimals ("127", "0.150000"): with at most 15 digits
// they are the digits as an integer divided by a power of ten, which is
// exact (both are exact float64s, and one division rounds once); any
// other form goes to ParseFloat.
func decimal(v []byte) (float64, error) {
	var m int64
	digits, frac, dot := 0, 0, false
	for _, c := range v {
		switch {
		case c >= '0' && c <= '9':
			m = m*10 + int64(c-'0')
			digits++
			if dot {
				frac++
			}
		case c == '.' && !dot:
			dot = true
		default:
			return strconv.ParseFloat(bytesconv.String(v), 64)
		}
	}
	if digits == 0 || digits > 15 || dot && frac == 0 {
		return strconv.ParseFloat(bytesconv.String(v), 64)
	}
	return float64(m) / float64(pow10i(frac)), nil
}

// fieldAt returns value i of a line, split as decodeSeriesLine splits it.
func fieldAt(b []byte, i int) []byte {
	for k := 0; ; k++ {
		for len(b) > 0 && isSpace(b[0]) {
			b = b[1:]
		}
		j := 0
		for j < len(b) && !isSpace(b[j]) {
			j++
		}
		if k == i || j == 0 {
			return b[:j]
		}
		b = b[j:]
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// sample takes one line of values.
func (s *seriesReader) sample(b []byte, n int, l *seriesLine) error {
	line := func() string { return strings.TrimSpace(string(b)) }
	value := func(i int) string { return string(fieldAt(b, i)) }
	if s.names == nil {
		return &source.ParseError{File: s.p.File, Line: n, Text: source.Clip(line(), 80), Want: "the resource monitor's header line (#wall_clock cpu_time ...) before the samples", Err: source.ErrBadHeader}
	}
	if l.n != len(s.names) {
		return s.p.Bad(n, "", line(), fmt.Sprintf("%d values as the header has (this line has %d)", len(s.names), l.n), nil)
	}
	switch {
	case !l.dot && s.micros:
		return s.p.Bad(n, "wall_clock", value(0), "seconds since the epoch with their decimals (123.456789)",
			fmt.Errorf("a wall_clock in microseconds (resource_monitor before cctools 7.3) is not read: no sample of that writer was at hand to confirm its units"))
	case !l.timeOK:
		return s.p.Bad(n, "wall_clock", value(0), "seconds since the epoch with their decimals (123.456789)", nil)
	case l.bad >= 0:
		return s.p.Bad(n, s.names[l.bad], value(l.bad), "a finite number >= 0", nil)
	}
	for i := 1; i < l.n; i++ {
		if x := l.vals[i]; s.isInt[i] && x != float64(int64(x)) {
			return s.p.Bad(n, s.names[i], value(i), "a whole number", nil)
		}
	}
	s.time.Add(l.us)
	s.line.Add(int64(n))
	s.span.Add(l.us)
	for i := 1; i < l.n; i++ {
		if s.isInt[i] {
			s.ints[i].Add(int64(l.vals[i]))
		} else {
			s.flts[i].Add(l.vals[i])
		}
	}
	s.rows++
	return nil
}

// wallClock reads a sample's time, seconds with up to nine decimals,
// into µs since the epoch, exactly (no float rounding); dot says whether
// it had a decimal point.
func wallClock(v []byte) (us int64, dot, ok bool) {
	whole, frac, dot := bytes.Cut(v, []byte("."))
	if len(whole) == 0 || len(whole) > 12 || len(frac) > 9 || dot && len(frac) == 0 {
		return 0, dot, false
	}
	for _, c := range whole {
		if c < '0' || c > '9' {
			return 0, dot, false
		}
		us = us*10 + int64(c-'0')
	}
	us *= 1e6
	for i, c := range frac {
		if c < '0' || c > '9' {
			return 0, dot, false
		}
		if i < 6 {
			us += int64(c-'0') * pow10i(5-i)
		}
	}
	return us, dot, true
}

// pow10i is 10^n for small n.
func pow10i(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

// frame builds the samples frame.
func (s *seriesReader) frame() *frame.Frame {
	var task columns.Int
	for range s.rows {
		task.Opt(s.task, s.hasTask)
	}
	cols := []frame.Column{task.Col("task"), s.time.Times("time")}
	for i, name := range s.names[1:] {
		c := seriesColumns[name]
		if c.kind == 'i' {
			cols = append(cols, s.ints[i+1].Col(c.col))
		} else {
			cols = append(cols, s.flts[i+1].Col(c.col))
		}
	}
	cols = append(cols, s.line.Col("line"))
	return frame.New(cols...)
}
