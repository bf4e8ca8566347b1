package epmt

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
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

// papiexProc is one process; its thread rows are rows row0 to
// row0+nrows−1 of its data file's papiexRows.
type papiexProc struct {
	line        int                 // line of its first row
	tagID       int32               // its tags, in the job's papiexText
	row0, nrows int32               // its rows
	str         *[nStrFields]string // hostname, exename, path, args when one is kept (papiexText); nil when none is
	ints        [nIntFields]int64   // per-process integer fields of the first row
	has         [nIntFields]bool    // which of them were present
	declared    int64               // numtids as written
}

// text returns text field k of p ("" when not kept).
func (p *papiexProc) text(k int) string {
	if p.str == nil {
		return ""
	}
	return p.str[k]
}

// papiexRows holds the rows (threads) of one data file's processes in
// input order, each process's rows together: one set of flat slices
// instead of five per process.
type papiexRows struct {
	width           int     // metric values per row
	vals            []int64 // row i's metric values: vals[i*width : (i+1)*width]
	ok              []bool  // which of them were present
	tid, start, end []int64 // per row (tid −1: absent)
}

// n returns the number of rows.
func (r *papiexRows) n() int { return len(r.start) }

// add appends a row (growing the slices by doubling, as columns do).
func (r *papiexRows) add(vals []int64, ok []bool, tid, start, end int64) {
	columns.PushAll(&r.vals, vals)
	columns.PushAll(&r.ok, ok)
	columns.Push(&r.tid, tid)
	columns.Push(&r.start, start)
	columns.Push(&r.end, end)
}

// row returns row i's metric values and which were present.
func (r *papiexRows) row(i int) ([]int64, []bool) {
	return r.vals[i*r.width : (i+1)*r.width], r.ok[i*r.width : (i+1)*r.width]
}

// truncate drops the rows from n on.
func (r *papiexRows) truncate(n int) {
	r.vals, r.ok = r.vals[:n*r.width], r.ok[:n*r.width]
	r.tid, r.start, r.end = r.tid[:n], r.start[:n], r.end[:n]
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

// csvRecord is one record of a papiex CSV as csvRecords hands it on,
// valid during the call: the fields of a line split on the decode
// goroutines are places in its text (a view of the reader's buffer, no
// string made per field); those of a record the state machine parsed,
// strings.
type csvRecord struct {
	fields []string         // the state machine's fields (nil: text and spans)
	text   string           // a split line
	spans  []bytesconv.Span // its fields' places
	ints   []int64          // ints[i] is field i as an integer, when isInt[i]
	isInt  []bool
	line   int   // the line the record starts on
	end    int64 // the bytes of the input up to the end of its last line
	// packed: a usual row, its values laid out by the file's
	// papiexLayout on the decode goroutine (see papiexLayout.pack)
	packed papiexPacked
}

// n returns the number of fields.
func (r *csvRecord) n() int {
	if r.fields != nil {
		return len(r.fields)
	}
	return len(r.spans)
}

// field returns field i.
func (r *csvRecord) field(i int) string {
	if r.fields != nil {
		return r.fields[i]
	}
	return r.spans[i].Of(r.text)
}

// all returns every field (for the header and error messages).
func (r *csvRecord) all() []string {
	f := make([]string, r.n())
	for i := range f {
		f[i] = r.field(i)
	}
	return f
}

// csvLine is one line of a papiex CSV as a decode goroutine leaves it:
// for a line without a quote or a backslash (nearly all), the places of
// its fields and their integer values.
type csvLine struct {
	spans []bytesconv.Span
	ints  []int64
	isInt []bool
	slow  bool // the line needs csvStateMachine
	// whole: a slow line that is a record by itself, parsed here; its
	// spans are then places in text, the fields' bytes unescaped and
	// unquoted, one after another (a view of sc, valid until the line's
	// slot is decoded again)
	whole  bool
	text   string
	buf    []byte // scratch: the line and its newline
	sc     csvScratch
	packed papiexPacked // set by papiexLayout.pack, when it is given
}

// reusable marks csvLine as overwritten whole by decodeCSVLine.
func (l *csvLine) Reusable() {}

// decodeCSVLine splits one line on its commas and parses each field as
// an integer where it is one. A line with a quote or a backslash goes
// through csvStateMachine, here if it is a record by itself (whole), or
// else on the applying goroutine, which joins it with the next lines.
func decodeCSVLine(raw []byte, l *csvLine) {
	l.spans, l.ints, l.isInt = l.spans[:0], l.ints[:0], l.isInt[:0]
	l.packed.ok = false
	l.slow = len(raw) > math.MaxInt32 || bytes.IndexByte(raw, '"') >= 0 || bytes.IndexByte(raw, '\\') >= 0
	l.whole, l.text = false, ""
	if l.slow {
		l.buf = append(append(l.buf[:0], raw...), '\n')
		// a line of 2 GiB or more (beyond a span) is parsed on the
		// applying goroutine
		if len(raw) <= math.MaxInt32 && parseCSVRecord(l.buf, false, &l.sc, true) {
			l.whole, l.text = true, bytesconv.String(l.sc.field)
			from := 0
			for _, to := range l.sc.ends {
				v, ok := bytesconv.Atoi(l.text[from:to])
				l.spans = append(l.spans, bytesconv.Span{From: int32(from), To: int32(to)})
				l.ints, l.isInt = append(l.ints, v), append(l.isInt, ok)
				from = to
			}
		}
		return
	}
	if len(raw) == 0 {
		return
	}
	if cap(l.spans) == 0 { // a new slot: room for a papiex row's ~60 fields at once
		l.spans, l.ints, l.isInt = make([]bytesconv.Span, 0, 64), make([]int64, 0, 64), make([]bool, 0, 64)
	}
	splitPlain(raw, l)
}

// lastByteReader remembers the last byte read through it.
type lastByteReader struct {
	r    io.Reader
	last byte
}

func (l *lastByteReader) Read(b []byte) (int, error) {
	n, err := l.r.Read(b)
	if n > 0 {
		l.last = b[n-1]
	}
	return n, err
}

// csvRecords reads Python-csv records (escapechar '\\'), calling each
// with every record in order. Lines without a quote or a backslash —
// nearly all of them — are split and their integers parsed on the decode
// goroutines (records.DecodedLines); the others go through the full state machine
// here, which may join lines (a quoted field can hold a newline). Blank
// lines hold no record. A last line cut short that each rejects is a
// truncated line (records.DecodedLines). lay, when not nil, packs each line
// split on the decode goroutines (papiexLayout.pack).
func csvRecords(r io.Reader, p *source.Problems, lay *papiexLayout, each func(rec *csvRecord) error) error {
	lr := &lastByteReader{r: r}
	var rec csvRecord
	var pending []byte
	start := 0
	var off int64    // the bytes of the lines read
	var ints []int64 // for the records of the state machine
	var isInt []bool
	var sc csvScratch
	// slow handles a record the state machine parses: fields are strings
	// of their own
	slow := func(fields []string, line int) error {
		ints, isInt = ints[:0], isInt[:0]
		for _, f := range fields {
			v, ok := bytesconv.Atoi(f)
			ints, isInt = append(ints, v), append(isInt, ok)
		}
		rec = csvRecord{fields: fields, ints: ints, isInt: isInt, line: line, end: off}
		return each(&rec)
	}
	decode := decodeCSVLine
	if lay != nil {
		decode = func(raw []byte, l *csvLine) {
			decodeCSVLine(raw, l)
			if !l.slow || l.whole {
				lay.pack(l)
			}
		}
	}
	// A decoder per core, not per core beside the applying one: decoding
	// a row costs more than applying it, and the two share the cores
	// (1M rows: load 0.78 -> 0.71 s on two cores).
	err := records.DecodedLines(lr, p, 1, runtime.GOMAXPROCS(0), decode, func(line []byte, n int, l *csvLine) error {
		off += int64(len(line)) + 1
		if pending == nil {
			if len(line) == 0 {
				return nil // blank lines hold no record
			}
			if !l.slow || l.whole { // split on the decode goroutine
				text := bytesconv.String(line)
				if l.whole {
					text = l.text
				}
				rec = csvRecord{text: text, spans: l.spans, ints: l.ints, isInt: l.isInt, line: n, end: off, packed: l.packed}
				return each(&rec)
			}
			start = n
		}
		pending = append(append(pending, line...), '\n')
		fields, complete := csvStateMachine(pending, false, &sc)
		if !complete {
			return nil
		}
		pending = nil
		return slow(fields, start)
	})
	if err != nil || pending == nil {
		return err
	}
	// the input ended inside a record
	if lr.last != '\n' {
		pending = pending[:len(pending)-1] // the last line had no newline
	}
	fields, complete := csvStateMachine(pending, true, &sc)
	if !complete {
		return &unterminatedError{start}
	}
	return slow(fields, start)
}

// unterminatedError is a quoted field still open at the end of the input.
type unterminatedError struct{ line int }

func (e *unterminatedError) Error() string {
	return fmt.Sprintf("line %d: unterminated quoted field", e.line)
}

// csvStateMachine parses one record from b (a line, or lines joined while
// a quoted field spans them) by Python's csv rules; complete is false when
// the record needs the next line.
func csvStateMachine(b []byte, atEOF bool, sc *csvScratch) (fields []string, complete bool) {
	if !parseCSVRecord(b, atEOF, sc, true) {
		return nil, false
	}
	return sc.cutFields(), true
}

// parseCSVRecord parses a record as csvStateMachine does, leaving its
// fields' bytes one after another in sc.field and where each ends in
// sc.ends. With runs, a field's plain bytes are copied as one run;
// without, each byte goes through the states, as the machine was first
// written (FuzzCSVStateMachine holds the two equal).
func parseCSVRecord(b []byte, atEOF bool, sc *csvScratch, runs bool) (complete bool) {
	const (
		startField = iota
		inField
		escaped
		inQuoted
		escapeInQuoted
		quoteInQuoted
	)
	// the fields' bytes, one after another, and where each ends: one
	// string for the record, cut into its fields at the end
	field, ends := sc.field[:0], sc.ends[:0]
	defer func() { sc.field, sc.ends = field, ends }() // keep the room grown
	state := startField
	for i := 0; i < len(b); i++ {
		// a field's plain bytes, copied as one run
		if runs && (state == inField || state == inQuoted) {
			j := plainRun(b, i, state == inQuoted)
			field = append(field, b[i:j]...)
			if i = j; i == len(b) {
				break
			}
		}
		c := b[i]
		switch state {
		case startField:
			switch c {
			case '\n', '\r':
				ends = append(ends, len(field))
				return true
			case '"':
				state = inQuoted
			case '\\':
				state = escaped
			case ',':
				ends = append(ends, len(field))
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
				ends = append(ends, len(field))
				return true
			case '\\':
				state = escaped
			case ',':
				ends = append(ends, len(field))
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
				ends = append(ends, len(field))
				state = startField
			case '\n', '\r':
				ends = append(ends, len(field))
				return true
			default:
				field = append(field, c)
				state = inField
			}
		}
	}
	switch state {
	case inQuoted, escapeInQuoted:
		return false
	case escaped:
		if !atEOF {
			return false // an escaped newline: the record goes on
		}
		field = append(field, '\\')
	}
	ends = append(ends, len(field))
	return true
}

// plainRun returns where the bytes of a field from b[i] on stop being
// plain: at a comma, a backslash or a line end, or in a quoted field at
// a quote or a backslash.
func plainRun(b []byte, i int, quoted bool) int {
	if quoted {
		for i < len(b) && b[i] != '"' && b[i] != '\\' {
			i++
		}
		return i
	}
	for i < len(b) && b[i] != ',' && b[i] != '\\' && b[i] != '\n' && b[i] != '\r' {
		i++
	}
	return i
}

// csvScratch is csvStateMachine's room, reused from record to record: the
// last record's field bytes (field) and where each ends (ends) are valid
// until the next.
type csvScratch struct {
	field  []byte
	ends   []int
	fields []string
}

// cutFields returns the last record's fields, as substrings of one copy
// of its bytes.
func (sc *csvScratch) cutFields() []string {
	s := string(sc.field)
	sc.fields = slices.Grow(sc.fields[:0], len(sc.ends))
	from := 0
	for _, e := range sc.ends {
		sc.fields, from = append(sc.fields, s[from:e]), e
	}
	return sc.fields
}

// readPapiexCSV reads a collated CSV v1 file into processes; metrics are
// the summable columns in header order that need reports true for (the
// processes hold their values), skipped the others (still checked to be
// integers, not kept).
func readPapiexCSV(r io.Reader, p *source.Problems, text *papiexText, need func(metric string) bool) (procs []*papiexProc, rows *papiexRows, metrics, skipped []string, err error) {
	return readPapiexCSVPacked(r, p, text, need, true)
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
		return nil, &source.ParseError{File: name, Line: 1, Field: "metrics", Text: source.Clip(first, 80), Want: "{name,name,...} as the first tab-separated field", Err: source.ErrBadHeader}
	}
	names := strings.Split(first[1:len(first)-1], ",")
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] || n == "" {
			return nil, &source.ParseError{File: name, Line: 1, Field: "metrics", Text: source.Clip(first, 80), Want: "each metric named once", Err: source.ErrBadHeader}
		}
		seen[n] = true
	}
	return names, nil
}

// tsvFields is the fixed field order of a TSV v2 data line.
var tsvFields = []string{"threads_df", "tags", "hostname", "exename", "path", "exitcode", "exitsignal", "pid", "generation", "ppid", "pgid", "sid", "numtids", "start", "finish", "args"}

// readPapiexTSV reads a TSV v2 data file given its metric names.
func readPapiexTSV(r io.Reader, metrics []string, p *source.Problems, text *papiexText) ([]*papiexProc, *papiexRows, error) {
	var procs []*papiexProc
	rows := &papiexRows{width: len(metrics)}
	err := records.EachLine(r, p, func(b []byte, n int) error {
		if len(b) == 0 {
			return nil
		}
		pr, err := parseTSVLine(string(b), n, metrics, p, text, rows)
		if pr != nil && err == nil {
			procs = append(procs, pr)
		}
		return err
	})
	return procs, rows, err
}

// parseTSVLine reads one process of a TSV v2 file, its threads into rows.
func parseTSVLine(line string, n int, metrics []string, p *source.Problems, text *papiexText, rows *papiexRows) (*papiexProc, error) {
	f := strings.SplitN(line, "\t", len(tsvFields))
	if len(f) != len(tsvFields) {
		return nil, p.Bad(n, "", line, fmt.Sprintf("%d tab-separated fields", len(tsvFields)), nil)
	}
	pr := &papiexProc{line: n}
	var start, end int64
	for i, name := range tsvFields[1:] {
		v := f[i+1]
		if k := indexOf(papiexStrNames[:], name); k >= 0 {
			text.set(pr, k, v)
			continue
		}
		if v == "" {
			continue
		}
		x, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return nil, p.Bad(n, name, v, "an integer", err)
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
		return nil, p.Bad(n, "numtids", f[12], "the number of threads (1 or more)", nil)
	}
	df := f[0]
	if !strings.HasPrefix(df, "{") || !strings.HasSuffix(df, "}") {
		return nil, p.Bad(n, "threads_df", df, "{v,v,...}", nil)
	}
	vals := strings.Split(df[1:len(df)-1], ",")
	if int64(len(vals)) != pr.declared*int64(len(metrics)) {
		return nil, p.Bad(n, "threads_df", df, fmt.Sprintf("numtids × %d metrics = %d values", len(metrics), pr.declared*int64(len(metrics))), nil)
	}
	row := make([]int64, len(metrics))
	ok := make([]bool, len(metrics))
	for k := range ok {
		ok[k] = true
	}
	pr.row0 = int32(rows.n())
	for t := int64(0); t < pr.declared; t++ {
		for k := range metrics {
			s := vals[t*int64(len(metrics))+int64(k)]
			x, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				rows.truncate(int(pr.row0)) // the process is not kept
				return nil, p.Bad(n, "threads_df", s, "an integer metric value", err)
			}
			row[k] = x
		}
		rows.add(row, ok, -1, start, end)
		pr.nrows++
	}
	return pr, nil
}
