package source

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// Dataset is what a loader returns: the canonical frames its source
// supports, by name, and the warnings of a lenient load.
type Dataset struct {
	// Source names the format: "hyperqueue", "workqueue", "taskvine",
	// "balsam" or "epmt".
	Source string
	// Files are the inputs, in the order read.
	Files []string
	// Frames holds the canonical frames by name (see the constants).
	Frames map[string]*frame.Frame
	// Warnings lists what a lenient load skipped and what any load
	// noticed (a truncated last line, unknown record kinds), in input
	// order.
	Warnings []Warning
	// LogStart and LogEnd are the times of the first and of the last
	// record of a log read in order, in µs since the Unix epoch (UTC):
	// the HyperQueue journal and the cctools transaction and performance
	// logs, whose analyses measure time from the log's first line.
	// HasLogSpan is false for sources that are not one ordered log
	// (Balsam, EPMT) and for logs without a timed record. Several logs
	// give the earliest start and the latest end.
	LogStart, LogEnd int64
	HasLogSpan       bool

	// unbuilt names, by frame, the columns a loader did not build because
	// Options.Columns left them out: the error for a column that is in
	// neither lists both.
	Unbuilt map[string][]string
}

// Skip records that the columns names of frame name were not built.
func (d *Dataset) Skip(name string, names ...string) {
	if len(names) == 0 {
		return
	}
	if d.Unbuilt == nil {
		d.Unbuilt = map[string][]string{}
	}
	d.Unbuilt[name] = append(d.Unbuilt[name], names...)
}

// LogSpan follows the first and last record times of an ordered log.
type LogSpan struct {
	start, end int64
	seen       bool
}

// Add takes the time t (µs) of the next record of the log.
func (s *LogSpan) Add(t int64) {
	if !s.seen {
		s.start, s.seen = t, true
	}
	s.end = t
}

// Set copies the span into d.
func (s *LogSpan) Set(d *Dataset) {
	d.LogStart, d.LogEnd, d.HasLogSpan = s.start, s.end, s.seen
}

// Frame returns the named frame, or an error listing the frames this
// dataset has.
func (d *Dataset) Frame(name string) (*frame.Frame, error) {
	if f, ok := d.Frames[name]; ok {
		return f, nil
	}
	return nil, fmt.Errorf("%s data has no %q frame; it has: %s", d.Source, name, strings.Join(d.Names(), ", "))
}

// Span returns the earliest and the latest timestamp in any of the
// dataset's frames, in µs since the Unix epoch (UTC); ok is false when
// no frame holds a time.
func (d *Dataset) Span() (start, end int64, ok bool) {
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, f := range d.Frames {
		for i, t := range f.Types() {
			if t != frame.Time {
				continue
			}
			us, valid, err := f.Micros(f.Names()[i])
			if err != nil {
				continue
			}
			for k, v := range us {
				if valid[k] {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
	}
	return lo, hi, lo <= hi
}

// Names returns the names of the dataset's frames, sorted.
func (d *Dataset) Names() []string {
	names := make([]string, 0, len(d.Frames))
	for n := range d.Frames {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Options control loading.
type Options struct {
	// Lenient skips bad records (each listed in Dataset.Warnings) instead
	// of failing at the first one.
	Lenient bool
	// Name names the input in errors and warnings when it is a reader
	// rather than a file (default "-").
	Name string
	// Frames, when not empty, limits the frames built to those named
	// (records are still parsed and checked); loading only what an
	// analysis needs saves memory on large logs. Loaders that cannot
	// skip a frame build it anyway.
	Frames []string
	// TimeZone is the zone in which EPMT job metadata times without a
	// zone are read when the job's environment names none (TZ, then
	// TIMEZONE): an IANA name such as "America/Denver". Empty means
	// US/Eastern, as EPMT does; the CLI passes $EPMT_TZ.
	TimeZone string
	// Progress, when set, counts the bytes OpenWith reads (see Progress).
	Progress *Progress
	// Columns, for each frame it names, keeps only the columns listed, in
	// the order listed (Columns[Tasks] = []string{"final", "mem_mb"}), as
	// pandas' usecols or a query's projection: frames it does not name
	// keep all their columns, and frames the source lacks are ignored. A
	// listed column the frame lacks is an error that names the columns it
	// has. Records are still parsed and checked in full; loaders skip
	// building the other columns where that saves time and memory (the
	// Work Queue and TaskVine tasks frame, EPMT procs and threads).
	Columns map[string][]string
}

// InputName returns the name of the input in messages: Name, or "-"
// (standard input) when it is empty.
func (o Options) InputName() string {
	if o.Name == "" {
		return "-"
	}
	return o.Name
}

// Keeps reports whether column col of frame name is kept by Columns.
func (o Options) Keeps(name, col string) bool {
	cols, ok := o.Columns[name]
	return !ok || slices.Contains(cols, col)
}

// Project applies Columns to d, the result of a load that returned err.
func (o Options) Project(d *Dataset, err error) (*Dataset, error) {
	if err != nil || len(o.Columns) == 0 {
		return d, err
	}
	for _, name := range slices.Sorted(maps.Keys(o.Columns)) {
		f, ok := d.Frames[name]
		if !ok {
			continue
		}
		for _, c := range o.Columns[name] {
			if !f.Has(c) {
				all := append(f.Names(), d.Unbuilt[name]...)
				sort.Strings(all)
				return nil, fmt.Errorf("loading only some columns: the %s frame has no column %q; it has: %s", name, c, Clip(strings.Join(all, ", "), 600))
			}
		}
		if f = f.Select(o.Columns[name]...); f.Err() != nil {
			return nil, fmt.Errorf("loading only some columns of the %s frame: %w", name, f.Err())
		}
		d.Frames[name] = f
	}
	return d, nil
}

// Warning is one problem noticed while loading.
type Warning struct {
	File  string
	Line  int // 1-based; 0 when not tied to a line
	Field string
	Text  string // the offending text, truncated
	Msg   string
}

// String renders the warning as "file:line: field F: message (got \"text\")".
func (w Warning) String() string {
	var b strings.Builder
	b.WriteString(w.File)
	if w.Line > 0 {
		fmt.Fprintf(&b, ":%d", w.Line)
	}
	b.WriteString(": ")
	if w.Field != "" {
		fmt.Fprintf(&b, "field %s: ", w.Field)
	}
	b.WriteString(w.Msg)
	if w.Text != "" {
		fmt.Fprintf(&b, " (got %q)", w.Text)
	}
	return b.String()
}

// ParseError is a bad record in strict mode.
type ParseError struct {
	File  string
	Line  int
	Field string // the field at fault, "" for the whole line
	Text  string // the offending text, truncated to 80 bytes
	Want  string // what was expected
	Err   error  // the underlying error, if any
}

// Error renders the error as "file:line: field F: got \"text\", want ...".
func (e *ParseError) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "%s:%d: ", e.File, e.Line)
	} else {
		fmt.Fprintf(&b, "%s: ", e.File) // a binary file, or the file as a whole
	}
	if e.Field != "" {
		fmt.Fprintf(&b, "field %s: ", e.Field)
	}
	fmt.Fprintf(&b, "got %q, want %s", e.Text, e.Want)
	if e.Err != nil {
		fmt.Fprintf(&b, " (%v)", e.Err)
	}
	return b.String()
}

// Unwrap returns the underlying error, if any.
func (e *ParseError) Unwrap() error { return e.Err }

// ErrBadHeader marks a ParseError about a file's header: without a good
// header no record can be read, so even lenient mode stops there.
var ErrBadHeader = errors.New("bad header")

// Clip truncates s to n bytes for messages, marking the cut.
func Clip(s string, n int) string {
	if len(s) <= n {
		return strings.Clone(s) // s may be a view of a reused line buffer
	}
	return s[:n] + "..."
}

// Problems collects bad records: in strict mode the first one is the
// error; in lenient mode each becomes a warning.
type Problems struct {
	File     string
	Lenient  bool
	Warnings []Warning
	Skipped  int
}

// Bad reports a bad record; it returns a non-nil error in strict mode.
func (p *Problems) Bad(line int, field, text, want string, err error) error {
	if !p.Lenient {
		return &ParseError{File: p.File, Line: line, Field: field, Text: Clip(text, 80), Want: want, Err: err}
	}
	msg := "skipped: want " + want
	if err != nil {
		msg += " (" + err.Error() + ")"
	}
	p.Warnings = append(p.Warnings, Warning{File: p.File, Line: line, Field: field, Text: Clip(text, 80), Msg: msg})
	p.Skipped++
	return nil
}

// Note records a warning in both modes.
func (p *Problems) Note(line int, field, text, msg string) {
	p.Warnings = append(p.Warnings, Warning{File: p.File, Line: line, Field: field, Text: Clip(text, 80), Msg: msg})
}

// Mark returns the current count of warnings and skips, for rollback.
func (p *Problems) Mark() [2]int { return [2]int{len(p.Warnings), p.Skipped} }

// Rollback forgets what was reported since m; it reports whether
// anything was.
func (p *Problems) Rollback(m [2]int) bool {
	changed := len(p.Warnings) != m[0]
	p.Warnings, p.Skipped = p.Warnings[:m[0]], m[1]
	return changed
}

// Truncated reports a bad last line that lacks its newline: a log still
// being written. It is a warning in both modes.
func (p *Problems) Truncated(line int, text string) {
	p.Note(line, "", text, "truncated last line (is the log still being written?); ignored")
}

// Finish appends the total of skipped records, if any.
func (p *Problems) Finish() []Warning {
	if p.Skipped > 0 {
		p.Warnings = append(p.Warnings, Warning{File: p.File, Msg: fmt.Sprintf("%d bad records skipped in total (lenient mode)", p.Skipped)})
	}
	return p.Warnings
}

// WantFrames returns the set of frames to build (nil = all).
func WantFrames(o Options) map[string]bool {
	if len(o.Frames) == 0 {
		return nil
	}
	m := map[string]bool{}
	for _, f := range o.Frames {
		m[f] = true
	}
	return m
}
