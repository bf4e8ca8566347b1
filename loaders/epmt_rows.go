package loaders

// papiex per-process rows (formats.md §5.2-5.3).
//
// CSV v1 ("collated", one header row): read as Python's
// csv.DictReader(f, escapechar='\\') reads it — ',' separates, '"' quotes
// a field that starts with it ("" inside is one quote), a backslash makes
// the next character literal (so "\," does not split), and a '"' in the
// middle of an unquoted field is literal. A process is a row with a pid
// followed by its thread rows, whose per-process fields are empty; the
// process takes start and end from its first row.
//
// TSV v2: one process per line, tab-separated, in the fixed order
// threads_df, tags, hostname, exename, path, exitcode, exitsignal, pid,
// generation, ppid, pgid, sid, numtids, start, finish, args (args is the
// rest of the line: no quoting, no escaping). threads_df is
// "{v,v,...}", numtids × M values where the M metric names come from the
// first field of the header file "{name,...}\t...".

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The per-process fields of a papiex row (EPMT's per_process_fields):
// integers by index into papiexProc.ints, strings into papiexProc.str.
const (
	fExitcode = iota
	fPID
	fGeneration
	fPPID
	fPGID
	fSID
	fNumtids
	fMPINumRanks
	fMPIRank
	fExitsignal
	nIntFields
)

const (
	sTags = iota
	sHostname
	sExename
	sPath
	sArgs
	nStrFields
)

var (
	papiexIntNames = [nIntFields]string{"exitcode", "pid", "generation", "ppid", "pgid", "sid", "numtids", "mpinumranks", "mpirank", "exitsignal"}
	papiexStrNames = [nStrFields]string{"tags", "hostname", "exename", "path", "args"}
)

// papiexProc is one process with its thread rows.
type papiexProc struct {
	line     int                // line of its first row
	str      [nStrFields]string // tags, hostname, exename, path, args
	ints     [nIntFields]int64  // per-process integer fields of the first row
	has      [nIntFields]bool   // which of them were present
	threads  [][]int64          // per thread: metric values in metric order
	tvalid   [][]bool           // per thread: which metric values were present
	tid      []int64
	tstart   []int64
	tend     []int64
	declared int64 // numtids as written
}

// papiexIsProcField reports whether a column is per-process (not summed).
func papiexIsProcField(name string) bool {
	return indexOf(papiexIntNames[:], name) >= 0 || indexOf(papiexStrNames[:], name) >= 0
}

// papiexSkipSum: per-row fields that are not metrics (EPMT's
// skip_for_thread_sums; its num_threads and starttime are kept as
// first-row metrics instead).
func papiexSkipSum(name string) bool {
	return name == "tid" || name == "start" || name == "end" || name == "finish"
}

// csvRecords reads Python-csv records (escapechar '\\'), calling each
// with the fields and the line the record starts on. The fields are only
// valid during the call. Lines without a quote or a backslash — nearly all
// of them — are split in place; others go through the full state machine,
// which may join lines (a quoted field can hold a newline).
func csvRecords(r io.Reader, each func(fields []string, line int) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	line := 0
	var fields []string
	var pending []byte
	start := 0
	for {
		raw, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long := append([]byte(nil), raw...)
			for err == bufio.ErrBufferFull {
				raw, err = br.ReadSlice('\n')
				long = append(long, raw...)
			}
			raw = long
		}
		if len(raw) == 0 && err != nil {
			if err != io.EOF {
				return err
			}
			if pending != nil {
				return &unterminatedError{start}
			}
			return nil
		}
		line++
		if pending == nil {
			start = line
			body := bytes.TrimRight(raw, "\r\n")
			if len(body) == 0 {
				if err == io.EOF {
					return nil
				}
				continue // blank lines hold no record
			}
			if bytes.IndexByte(body, '"') < 0 && bytes.IndexByte(body, '\\') < 0 {
				text := string(body)
				fields = fields[:0]
				for {
					i := strings.IndexByte(text, ',')
					if i < 0 {
						fields = append(fields, text)
						break
					}
					fields = append(fields, text[:i])
					text = text[i+1:]
				}
				if e := each(fields, start); e != nil {
					return e
				}
				if err == io.EOF {
					return nil
				}
				continue
			}
		}
		pending = append(pending, raw...)
		rec, complete := csvStateMachine(pending, err == io.EOF)
		if !complete {
			if err == io.EOF {
				return &unterminatedError{start}
			}
			continue
		}
		pending = nil
		if e := each(rec, start); e != nil {
			return e
		}
		if err == io.EOF {
			return nil
		}
	}
}

// unterminatedError is a quoted field still open at the end of the input.
type unterminatedError struct{ line int }

func (e *unterminatedError) Error() string {
	return fmt.Sprintf("line %d: unterminated quoted field", e.line)
}

// csvStateMachine parses one record from b (a line, or lines joined while
// a quoted field spans them) by Python's csv rules; complete is false when
// the record needs the next line.
func csvStateMachine(b []byte, atEOF bool) (fields []string, complete bool) {
	const (
		startField = iota
		inField
		escaped
		inQuoted
		escapeInQuoted
		quoteInQuoted
	)
	var field []byte
	state := startField
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch state {
		case startField:
			switch c {
			case '\n', '\r':
				fields = append(fields, string(field))
				return fields, true
			case '"':
				state = inQuoted
			case '\\':
				state = escaped
			case ',':
				fields = append(fields, "")
			default:
				field = append(field, c)
				state = inField
			}
		case escaped:
			field = append(field, c)
			state = inField
		case inField:
			switch c {
			case '\n', '\r':
				fields = append(fields, string(field))
				return fields, true
			case '\\':
				state = escaped
			case ',':
				fields = append(fields, string(field))
				field = field[:0]
				state = startField
			default:
				field = append(field, c)
			}
		case inQuoted:
			switch c {
			case '\\':
				state = escapeInQuoted
			case '"':
				state = quoteInQuoted
			default:
				field = append(field, c)
			}
		case escapeInQuoted:
			field = append(field, c)
			state = inQuoted
		case quoteInQuoted:
			switch c {
			case '"':
				field = append(field, '"')
				state = inQuoted
			case ',':
				fields = append(fields, string(field))
				field = field[:0]
				state = startField
			case '\n', '\r':
				fields = append(fields, string(field))
				return fields, true
			default:
				field = append(field, c)
				state = inField
			}
		}
	}
	switch state {
	case inQuoted, escapeInQuoted:
		return nil, false
	case escaped:
		if !atEOF {
			return nil, false // an escaped newline: the record goes on
		}
		field = append(field, '\\')
	}
	fields = append(fields, string(field))
	return fields, true
}

// metricSlab hands out the metric values of rows from shared blocks: one
// allocation per few thousand rows instead of two per row.
type metricSlab struct {
	vals []int64
	ok   []bool
}

// take returns room for the n metrics of one row (zero, not present).
func (s *metricSlab) take(n int) ([]int64, []bool) {
	if len(s.vals) < n {
		size := max(n, 1<<16)
		s.vals, s.ok = make([]int64, size), make([]bool, size)
	}
	v, ok := s.vals[:n:n], s.ok[:n:n]
	s.vals, s.ok = s.vals[n:], s.ok[n:]
	return v, ok
}

// readPapiexCSV reads a collated CSV v1 file into processes; metrics are
// the summable columns in header order.
func readPapiexCSV(r io.Reader, p *problems) (procs []*papiexProc, metrics []string, err error) {
	var header []string
	col := map[string]int{}
	var metricIdx []int
	var intIdx [nIntFields]int
	var strIdx [nStrFields]int
	tidIdx, startIdx, endIdx := -1, -1, -1
	var cur *papiexProc
	finish := func() error {
		if cur == nil {
			return nil
		}
		if int64(len(cur.threads)) != cur.declared {
			e := p.bad(cur.line, "numtids", strconv.FormatInt(cur.declared, 10), fmt.Sprintf("the number of rows of the process (%d)", len(cur.threads)), nil)
			if e != nil {
				return e
			}
		}
		procs = append(procs, cur)
		cur = nil
		return nil
	}
	at := func(fields []string, i int) string {
		if i < 0 {
			return ""
		}
		return fields[i]
	}
	var slab metricSlab
	err = csvRecords(r, func(fields []string, line int) error {
		if header == nil {
			header = append([]string(nil), fields...) // fields is reused
			for i, h := range header {
				col[h] = i
			}
			if len(col) != len(header) {
				return &ParseError{File: p.file, Line: line, Field: "header", Text: clip(strings.Join(header, ","), 80), Want: "each column named once", Err: errBadHeader}
			}
			for _, need := range []string{"pid", "numtids", "start", "end"} {
				if _, ok := col[need]; !ok {
					return &ParseError{File: p.file, Line: line, Field: need, Text: clip(strings.Join(header, ","), 80), Want: "a papiex CSV header naming pid, numtids, start and end", Err: errBadHeader}
				}
			}
			look := func(name string) int {
				if i, ok := col[name]; ok {
					return i
				}
				return -1
			}
			for k, n := range papiexIntNames {
				intIdx[k] = look(n)
			}
			for k, n := range papiexStrNames {
				strIdx[k] = look(n)
			}
			tidIdx, startIdx, endIdx = look("tid"), look("start"), look("end")
			for i, h := range header {
				if !papiexIsProcField(h) && !papiexSkipSum(h) {
					metrics = append(metrics, h)
					metricIdx = append(metricIdx, i)
				}
			}
			return nil
		}
		if len(fields) != len(header) {
			return p.bad(line, "", strings.Join(fields, ","), fmt.Sprintf("%d fields, as the header names", len(header)), nil)
		}
		parse := func(i int, name string) (int64, bool, error) {
			s := at(fields, i)
			if s == "" {
				return 0, false, nil
			}
			if v, ok := atoiFast(s); ok {
				return v, true, nil
			}
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return 0, false, p.bad(line, name, s, "an integer", err)
			}
			return v, true, nil
		}
		vals, ok := slab.take(len(metrics))
		for k, i := range metricIdx {
			v, has, err := parse(i, metrics[k])
			if err != nil || (!has && fields[i] != "") {
				return err
			}
			vals[k], ok[k] = v, has
		}
		tid, hasTid, e1 := parse(tidIdx, "tid")
		start, hasStart, e2 := parse(startIdx, "start")
		end, hasEnd, e3 := parse(endIdx, "end")
		if e1 != nil || e2 != nil || e3 != nil {
			return firstErr(e1, e2, e3)
		}
		if (!hasStart && at(fields, startIdx) != "") || (!hasEnd && at(fields, endIdx) != "") || (!hasTid && at(fields, tidIdx) != "") {
			return nil // skipped (lenient)
		}
		if !hasStart || !hasEnd {
			return p.bad(line, "start", at(fields, startIdx)+","+at(fields, endIdx), "start and end (µs since the epoch) on every row", nil)
		}
		if fields[intIdx[fPID]] == "" { // a thread row of the current process
			if cur == nil {
				return p.bad(line, "pid", "", "a process row before its thread rows", nil)
			}
			cur.threads = append(cur.threads, vals)
			cur.tvalid = append(cur.tvalid, ok)
			cur.tid = append(cur.tid, tidOr(tid, hasTid))
			cur.tstart = append(cur.tstart, start)
			cur.tend = append(cur.tend, end)
			return nil
		}
		if err := finish(); err != nil {
			return err
		}
		pr := &papiexProc{line: line}
		for k, i := range strIdx {
			pr.str[k] = at(fields, i)
		}
		for k, i := range intIdx {
			v, has, err := parse(i, papiexIntNames[k])
			if err != nil {
				return err
			}
			if !has && at(fields, i) != "" {
				return nil // skipped (lenient)
			}
			pr.ints[k], pr.has[k] = v, has
		}
		pr.declared = pr.ints[fNumtids]
		if !pr.has[fNumtids] || pr.declared < 1 {
			return p.bad(line, "numtids", at(fields, intIdx[fNumtids]), "the number of thread rows (1 or more)", nil)
		}
		pr.threads = [][]int64{vals}
		pr.tvalid = [][]bool{ok}
		pr.tid = []int64{tidOr(tid, hasTid)}
		pr.tstart = []int64{start}
		pr.tend = []int64{end}
		cur = pr
		return nil
	})
	var ue *unterminatedError
	if errors.As(err, &ue) {
		// the last record runs to the end of the file: one bad record
		err = p.bad(ue.line, "", "", "a closing quote before the end of the file (unterminated quoted field)", nil)
	}
	if err != nil {
		if _, ok := err.(*ParseError); !ok {
			err = &ParseError{File: p.file, Line: 0, Text: "", Want: "papiex CSV", Err: err}
		}
		return nil, nil, err
	}
	if err := finish(); err != nil {
		return nil, nil, err
	}
	return procs, metrics, nil
}

func tidOr(v int64, ok bool) int64 {
	if ok {
		return v
	}
	return -1
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// readPapiexHeader reads the metric names of a TSV v2 header file.
func readPapiexHeader(r io.Reader, name string) ([]string, error) {
	b, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	first := strings.SplitN(strings.TrimRight(string(b), "\r\n"), "\t", 2)[0]
	if !strings.HasPrefix(first, "{") || !strings.HasSuffix(first, "}") {
		return nil, &ParseError{File: name, Line: 1, Field: "metrics", Text: clip(first, 80), Want: "{name,name,...} as the first tab-separated field", Err: errBadHeader}
	}
	names := strings.Split(first[1:len(first)-1], ",")
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] || n == "" {
			return nil, &ParseError{File: name, Line: 1, Field: "metrics", Text: clip(first, 80), Want: "each metric named once", Err: errBadHeader}
		}
		seen[n] = true
	}
	return names, nil
}

// tsvFields is the fixed field order of a TSV v2 data line.
var tsvFields = []string{"threads_df", "tags", "hostname", "exename", "path", "exitcode", "exitsignal", "pid", "generation", "ppid", "pgid", "sid", "numtids", "start", "finish", "args"}

// readPapiexTSV reads a TSV v2 data file given its metric names.
func readPapiexTSV(r io.Reader, metrics []string, p *problems) ([]*papiexProc, error) {
	var procs []*papiexProc
	err := eachLine(r, p, func(b []byte, n int) error {
		if len(b) == 0 {
			return nil
		}
		pr, err := parseTSVLine(string(b), n, metrics, p)
		if pr != nil && err == nil {
			procs = append(procs, pr)
		}
		return err
	})
	return procs, err
}

func parseTSVLine(line string, n int, metrics []string, p *problems) (*papiexProc, error) {
	f := strings.SplitN(line, "\t", len(tsvFields))
	if len(f) != len(tsvFields) {
		return nil, p.bad(n, "", line, fmt.Sprintf("%d tab-separated fields", len(tsvFields)), nil)
	}
	pr := &papiexProc{line: n}
	var start, end int64
	for i, name := range tsvFields[1:] {
		v := f[i+1]
		if k := indexOf(papiexStrNames[:], name); k >= 0 {
			pr.str[k] = v
			continue
		}
		if v == "" {
			continue
		}
		x, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return nil, p.bad(n, name, v, "an integer", err)
		}
		switch name {
		case "start":
			start = x
		case "finish":
			end = x
		default:
			k := indexOf(papiexIntNames[:], name)
			pr.ints[k], pr.has[k] = x, true
		}
	}
	pr.declared = pr.ints[fNumtids]
	if pr.declared < 1 {
		return nil, p.bad(n, "numtids", f[12], "the number of threads (1 or more)", nil)
	}
	df := f[0]
	if !strings.HasPrefix(df, "{") || !strings.HasSuffix(df, "}") {
		return nil, p.bad(n, "threads_df", df, "{v,v,...}", nil)
	}
	vals := strings.Split(df[1:len(df)-1], ",")
	if int64(len(vals)) != pr.declared*int64(len(metrics)) {
		return nil, p.bad(n, "threads_df", df, fmt.Sprintf("numtids × %d metrics = %d values", len(metrics), pr.declared*int64(len(metrics))), nil)
	}
	for t := int64(0); t < pr.declared; t++ {
		row := make([]int64, len(metrics))
		ok := make([]bool, len(metrics))
		for k := range metrics {
			s := vals[t*int64(len(metrics))+int64(k)]
			x, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return nil, p.bad(n, "threads_df", s, "an integer metric value", err)
			}
			row[k], ok[k] = x, true
		}
		pr.threads = append(pr.threads, row)
		pr.tvalid = append(pr.tvalid, ok)
		pr.tid = append(pr.tid, -1)
		pr.tstart = append(pr.tstart, start)
		pr.tend = append(pr.tend, end)
	}
	return pr, nil
}
