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
	"fmt"
	"io"
	"strconv"
	"strings"
)

// papiexProc is one process with its thread rows.
type papiexProc struct {
	line     int               // line of its first row
	str      map[string]string // string fields: tags, hostname, exename, path, args
	ints     map[string]int64  // per-process integer fields of the first row
	has      map[string]bool   // which per-process integer fields were present
	threads  [][]int64         // per thread: metric values in metric order
	tvalid   [][]bool          // per thread: which metric values were present
	tid      []int64
	tstart   []int64
	tend     []int64
	declared int64 // numtids as written
}

// papiex column roles.
var (
	papiexStringCols = map[string]bool{"tags": true, "hostname": true, "exename": true, "path": true, "args": true}
	// per-process fields (not summed over threads), EPMT's per_process_fields
	papiexProcCols = map[string]bool{"tags": true, "hostname": true, "exename": true, "path": true, "args": true, "exitcode": true,
		"pid": true, "generation": true, "ppid": true, "pgid": true, "sid": true, "numtids": true, "mpinumranks": true, "mpirank": true, "exitsignal": true}
	// per-row fields not summed (EPMT's skip_for_thread_sums)
	papiexSkipSum = map[string]bool{"tid": true, "start": true, "end": true, "finish": true}
)

// csvRecords reads Python-csv records (escapechar '\\'), calling each with
// the fields and the line the record starts on.
func csvRecords(r io.Reader, each func(fields []string, line int) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	line, start := 1, 1
	var fields []string
	var field strings.Builder
	const (
		startRecord = iota
		startField
		inField
		escaped
		inQuoted
		escapeInQuoted
		quoteInQuoted
	)
	state := startRecord
	endField := func() {
		fields = append(fields, field.String())
		field.Reset()
	}
	endRecord := func() error {
		rec := fields
		fields = nil
		return each(rec, start)
	}
	for {
		c, err := br.ReadByte()
		if err == io.EOF {
			switch state {
			case startRecord:
				return nil
			case inQuoted, escapeInQuoted:
				return fmt.Errorf("line %d: unterminated quoted field", start)
			case escaped:
				field.WriteByte('\\')
			}
			endField()
			return endRecord()
		}
		if err != nil {
			return err
		}
		if c == '\n' {
			line++
		}
		switch state {
		case startRecord:
			if c == '\n' || c == '\r' {
				continue // blank lines hold no record
			}
			start = line
			if c == '\n' {
				start--
			}
			state = startField
			fallthrough
		case startField:
			switch c {
			case '\n', '\r':
				endField()
				if err := endRecord(); err != nil {
					return err
				}
				state = startRecord
			case '"':
				state = inQuoted
			case '\\':
				state = escaped
			case ',':
				endField()
			default:
				field.WriteByte(c)
				state = inField
			}
		case escaped:
			field.WriteByte(c)
			state = inField
		case inField:
			switch c {
			case '\n', '\r':
				endField()
				if err := endRecord(); err != nil {
					return err
				}
				state = startRecord
			case '\\':
				state = escaped
			case ',':
				endField()
				state = startField
			default:
				field.WriteByte(c)
			}
		case inQuoted:
			switch c {
			case '\\':
				state = escapeInQuoted
			case '"':
				state = quoteInQuoted
			default:
				field.WriteByte(c)
			}
		case escapeInQuoted:
			field.WriteByte(c)
			state = inQuoted
		case quoteInQuoted:
			switch c {
			case '"':
				field.WriteByte('"')
				state = inQuoted
			case ',':
				endField()
				state = startField
			case '\n', '\r':
				endField()
				if err := endRecord(); err != nil {
					return err
				}
				state = startRecord
			default:
				field.WriteByte(c)
				state = inField
			}
		}
	}
}

// readPapiexCSV reads a collated CSV v1 file into processes; metrics are
// the summable columns in header order.
func readPapiexCSV(r io.Reader, p *problems) (procs []*papiexProc, metrics []string, err error) {
	var header []string
	col := map[string]int{}
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
	err = csvRecords(r, func(fields []string, line int) error {
		if header == nil {
			header = fields
			for i, h := range fields {
				col[h] = i
			}
			if len(col) != len(fields) {
				return &ParseError{File: p.file, Line: line, Field: "header", Text: clip(strings.Join(fields, ","), 80), Want: "each column named once"}
			}
			for _, need := range []string{"pid", "numtids", "start", "end"} {
				if _, ok := col[need]; !ok {
					return &ParseError{File: p.file, Line: line, Field: need, Text: clip(strings.Join(fields, ","), 80), Want: "a papiex CSV header naming pid, numtids, start and end"}
				}
			}
			for _, h := range header {
				if !papiexProcCols[h] && !papiexSkipSum[h] {
					metrics = append(metrics, h)
				}
			}
			return nil
		}
		if len(fields) != len(header) {
			return p.bad(line, "", strings.Join(fields, ","), fmt.Sprintf("%d fields, as the header names", len(header)), nil)
		}
		get := func(name string) string {
			if i, ok := col[name]; ok {
				return fields[i]
			}
			return ""
		}
		parse := func(name string) (int64, bool, error) {
			s := get(name)
			if s == "" {
				return 0, false, nil
			}
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return 0, false, p.bad(line, name, s, "an integer", err)
			}
			return v, true, nil
		}
		vals := make([]int64, len(metrics))
		ok := make([]bool, len(metrics))
		for k, m := range metrics {
			v, has, err := parse(m)
			if err != nil || (!has && get(m) != "") {
				return err
			}
			vals[k], ok[k] = v, has
		}
		tid, hasTid, e1 := parse("tid")
		start, hasStart, e2 := parse("start")
		end, hasEnd, e3 := parse("end")
		if e1 != nil || e2 != nil || e3 != nil {
			return firstErr(e1, e2, e3)
		}
		if !hasStart || !hasEnd {
			return p.bad(line, "start", get("start")+","+get("end"), "start and end (µs since the epoch) on every row", nil)
		}
		if get("pid") == "" { // a thread row of the current process
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
		pr := &papiexProc{line: line, str: map[string]string{}, ints: map[string]int64{}, has: map[string]bool{}}
		for _, h := range header { // header order: errors are deterministic
			if !papiexProcCols[h] {
				continue
			}
			if papiexStringCols[h] {
				pr.str[h] = get(h)
				continue
			}
			v, has, err := parse(h)
			if err != nil {
				return err
			}
			if !has && get(h) != "" {
				return nil // lenient skip of a bad value
			}
			pr.ints[h], pr.has[h] = v, has
		}
		pr.declared = pr.ints["numtids"]
		if !pr.has["numtids"] || pr.declared < 1 {
			return p.bad(line, "numtids", get("numtids"), "the number of thread rows (1 or more)", nil)
		}
		pr.threads = [][]int64{vals}
		pr.tvalid = [][]bool{ok}
		pr.tid = []int64{tidOr(tid, hasTid)}
		pr.tstart = []int64{start}
		pr.tend = []int64{end}
		cur = pr
		return nil
	})
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
		return nil, &ParseError{File: name, Line: 1, Field: "metrics", Text: clip(first, 80), Want: "{name,name,...} as the first tab-separated field"}
	}
	names := strings.Split(first[1:len(first)-1], ",")
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] || n == "" {
			return nil, &ParseError{File: name, Line: 1, Field: "metrics", Text: clip(first, 80), Want: "each metric named once"}
		}
		seen[n] = true
	}
	return names, nil
}

// tsvFields is the fixed field order of a TSV v2 data line.
var tsvFields = []string{"threads_df", "tags", "hostname", "exename", "path", "exitcode", "exitsignal", "pid", "generation", "ppid", "pgid", "sid", "numtids", "start", "finish", "args"}

// readPapiexTSV reads a TSV v2 data file given its metric names.
func readPapiexTSV(r io.Reader, metrics []string, p *problems) ([]*papiexProc, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var procs []*papiexProc
	n := 0
	for {
		raw, err := br.ReadString('\n')
		if raw == "" && err != nil {
			if err == io.EOF {
				return procs, nil
			}
			return nil, err
		}
		n++
		complete := strings.HasSuffix(raw, "\n")
		line := strings.TrimRight(raw, "\r\n")
		if line == "" {
			continue
		}
		mark := p.mark()
		pr, perr := parseTSVLine(line, n, metrics, p)
		if !complete && (perr != nil || p.rollback(mark)) {
			p.rollback(mark)
			p.truncated(n, line)
			return procs, nil
		}
		if perr != nil {
			return nil, perr
		}
		if pr != nil {
			procs = append(procs, pr)
		}
	}
}

func parseTSVLine(line string, n int, metrics []string, p *problems) (*papiexProc, error) {
	f := strings.SplitN(line, "\t", len(tsvFields))
	if len(f) != len(tsvFields) {
		return nil, p.bad(n, "", line, fmt.Sprintf("%d tab-separated fields", len(tsvFields)), nil)
	}
	pr := &papiexProc{line: n, str: map[string]string{}, ints: map[string]int64{}, has: map[string]bool{}}
	var start, end int64
	for i, name := range tsvFields[1:] {
		v := f[i+1]
		switch {
		case papiexStringCols[name]:
			pr.str[name] = v
		case v == "":
		default:
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
				pr.ints[name], pr.has[name] = x, true
			}
		}
	}
	pr.declared = pr.ints["numtids"]
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
