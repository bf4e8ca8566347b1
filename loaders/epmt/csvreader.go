package epmt

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/arena"
	"github.com/jobframe/jobframe/loaders/source"
)

// readPapiexCSVPacked is readPapiexCSV, with the usual rows packed on the
// decode goroutines when pack is set (the reader's results are the same
// either way; tests compare the two).
func readPapiexCSVPacked(r io.Reader, p *source.Problems, text *papiexText, need func(metric string) bool, pack bool) (procs []*papiexProc, rows *papiexRows, metrics, skipped []string, err error) {
	cr := &csvReader{p: p, text: text, need: need, rows: &papiexRows{}}
	return cr.read(r, pack)
}

// read reads the file r into processes (see readPapiexCSVPacked).
func (cr *csvReader) read(r io.Reader, pack bool) (procs []*papiexProc, rows *papiexRows, metrics, skipped []string, err error) {
	p := cr.p
	if pack {
		cr.pre, r = peekPapiexLayout(r, cr.need)
	}
	err = csvRecords(r, p, cr.pre, cr.record)
	var ue *unterminatedError
	if errors.As(err, &ue) {
		// the last record runs to the end of the file: one bad record
		err = p.Bad(ue.line, "", "", "a closing quote before the end of the file (unterminated quoted field)", nil)
	}
	if err != nil {
		if _, ok := err.(*source.ParseError); !ok {
			err = &source.ParseError{File: p.File, Line: 0, Text: "", Want: "papiex CSV", Err: err}
		}
		return nil, nil, nil, nil, err
	}
	if err := cr.finish(); err != nil {
		return nil, nil, nil, nil, err
	}
	if cr.rows.n() > math.MaxInt32 {
		return nil, nil, nil, nil, &source.ParseError{File: p.File, Want: "at most 2^31 rows in one papiex file"}
	}
	return cr.procs, cr.rows, cr.metrics, cr.skipped, nil
}

// csvReader turns the records of one papiex CSV file into processes and
// their thread rows.
type csvReader struct {
	p    *source.Problems
	text *papiexText
	need func(metric string) bool
	rows *papiexRows

	pre     *papiexLayout // the header's layout as the decoders have it
	lay     *papiexLayout // the header's layout, once read
	packed  bool          // the decoders pack rows by this file's header
	metrics []string
	skipped []string

	// onHeader, when set, is called once the header is laid out. each,
	// when set, takes the ended processes and their rows every per
	// processes, and the reader forgets them; read then returns only the
	// processes ended since the last handover.
	onHeader func(metrics, skipped []string)
	each     func(procs []*papiexProc, rows *papiexRows) error
	per      int

	// the bytes of the file up to the end of its header, and of its
	// last record
	head, end int64
	cur       *papiexProc
	procs     []*papiexProc
	arena     arena.Arena[papiexProc] // processes, a block at a time
	vals      []int64                 // one row's metric values, until the row is kept
	ok        []bool
}

// record takes one CSV record: the header, a usual row packed by the
// decoders, or any other row, read field by field.
func (cr *csvReader) record(rec *csvRecord) error {
	cr.end = rec.end
	if cr.lay == nil {
		return cr.header(rec)
	}
	if pk := &rec.packed; cr.packed && pk.ok && (!pk.thread || cr.cur != nil) {
		return cr.packedRow(rec)
	}
	return cr.fieldRow(rec)
}

// header reads the header's layout.
func (cr *csvReader) header(rec *csvRecord) error {
	lay, metrics, skipped, err := newPapiexLayout(rec.all(), cr.p.File, rec.line, cr.need)
	if err != nil {
		return err
	}
	cr.lay, cr.metrics, cr.skipped, cr.head = lay, metrics, skipped, rec.end
	cr.packed = cr.pre.sameHeader(lay.header)
	cr.rows.width = len(metrics)
	cr.vals, cr.ok = make([]int64, len(metrics)), make([]bool, len(metrics))
	if cr.onHeader != nil {
		cr.onHeader(metrics, skipped)
	}
	return nil
}

// packedRow takes a usual row, its values packed on the decode goroutine.
func (cr *csvReader) packedRow(rec *csvRecord) error {
	pk := &rec.packed
	m := len(cr.metrics)
	vals, ok := pk.metrics(m)
	tid, hasTid := pk.tid(m)
	if pk.thread {
		cr.rows.add(vals, ok, tidOr(tid, hasTid), pk.start(m), pk.end(m))
		cr.cur.nrows++
		return nil
	}
	pr, err := cr.open(rec)
	if err != nil {
		return err
	}
	ints, has := pk.ints(m)
	copy(pr.ints[:], ints)
	copy(pr.has[:], has)
	return cr.begin(rec, pr, vals, ok, tidOr(tid, hasTid), pk.start(m), pk.end(m))
}

// fieldRow takes a row field by field: every checked field an integer
// or empty; a bad field is a bad record.
func (cr *csvReader) fieldRow(rec *csvRecord) error {
	lay, p, line := cr.lay, cr.p, rec.line
	if rec.n() != len(lay.header) {
		return p.Bad(line, "", strings.Join(rec.all(), ","), fmt.Sprintf("%d fields, as the header names", len(lay.header)), nil)
	}
	if done, err := cr.rowMetrics(rec); done {
		return err
	}
	tid, hasTid, e1 := cr.parse(rec, lay.tidIdx, "tid")
	start, hasStart, e2 := cr.parse(rec, lay.startIdx, "start")
	end, hasEnd, e3 := cr.parse(rec, lay.endIdx, "end")
	if e1 != nil || e2 != nil || e3 != nil {
		return firstErr(e1, e2, e3)
	}
	if (!hasStart && at(rec, lay.startIdx) != "") || (!hasEnd && at(rec, lay.endIdx) != "") || (!hasTid && at(rec, lay.tidIdx) != "") {
		return nil // skipped (lenient)
	}
	if !hasStart || !hasEnd {
		return p.Bad(line, "start", at(rec, lay.startIdx)+","+at(rec, lay.endIdx), "start and end (µs since the epoch) on every row", nil)
	}
	if rec.field(lay.intIdx[fPID]) == "" { // a thread row of the current process
		if cr.cur == nil {
			return p.Bad(line, "pid", "", "a process row before its thread rows", nil)
		}
		cr.rows.add(cr.vals, cr.ok, tidOr(tid, hasTid), start, end)
		cr.cur.nrows++
		return nil
	}
	pr, err := cr.open(rec)
	if err != nil {
		return err
	}
	for k, i := range lay.intIdx {
		v, has, err := cr.parse(rec, i, papiexIntNames[k])
		if err != nil {
			return err
		}
		if !has && at(rec, i) != "" {
			return nil // skipped (lenient)
		}
		pr.ints[k], pr.has[k] = v, has
	}
	return cr.begin(rec, pr, cr.vals, cr.ok, tidOr(tid, hasTid), start, end)
}

// rowMetrics reads a row's kept metrics into cr.vals and checks the
// skipped ones; done says the row ends here (err: bad in strict mode,
// nil: skipped in lenient mode).
func (cr *csvReader) rowMetrics(rec *csvRecord) (done bool, err error) {
	clear(cr.vals)
	clear(cr.ok)
	for k, i := range cr.lay.metricIdx {
		if rec.isInt[i] { // the usual case, without parse's call
			cr.vals[k], cr.ok[k] = rec.ints[i], true
			continue
		}
		v, has, err := cr.parse(rec, i, cr.metrics[k])
		if err != nil || (!has && rec.field(i) != "") {
			return true, err
		}
		cr.vals[k], cr.ok[k] = v, has
	}
	for k, i := range cr.lay.skippedIdx { // checked as the kept ones are
		if rec.isInt[i] {
			continue
		}
		if _, has, err := cr.parse(rec, i, cr.skipped[k]); err != nil || (!has && rec.field(i) != "") {
			return true, err
		}
	}
	return false, nil
}

// parse reads field i of rec, named name, as an integer; empty (or no
// such column) is (0, false); bad text is a bad record.
func (cr *csvReader) parse(rec *csvRecord, i int, name string) (int64, bool, error) {
	if i < 0 || rec.field(i) == "" {
		return 0, false, nil
	}
	if rec.isInt[i] {
		return rec.ints[i], true, nil
	}
	s := rec.field(i)
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, false, cr.p.Bad(rec.line, name, s, "an integer", err)
	}
	return v, true, nil
}

// at returns field i of rec, "" when i < 0 (no such column).
func at(rec *csvRecord, i int) string {
	if i < 0 {
		return ""
	}
	return rec.field(i)
}

// finish ends the current process: its declared thread count must be
// its rows'.
func (cr *csvReader) finish() error {
	if cr.cur == nil {
		return nil
	}
	if int64(cr.cur.nrows) != cr.cur.declared {
		e := cr.p.Bad(cr.cur.line, "numtids", strconv.FormatInt(cr.cur.declared, 10), fmt.Sprintf("the number of rows of the process (%d)", cr.cur.nrows), nil)
		if e != nil {
			return e
		}
	}
	cr.procs = append(cr.procs, cr.cur)
	cr.cur = nil
	if cr.each != nil && len(cr.procs) >= cr.per {
		return cr.handOver()
	}
	return nil
}

// handOver gives the ended processes to each and forgets them: no
// process is open, so every row read is theirs.
func (cr *csvReader) handOver() error {
	err := cr.each(cr.procs, cr.rows)
	cr.procs = cr.procs[:0]
	cr.rows.truncate(0)
	cr.arena = arena.Arena[papiexProc]{}
	return err
}

// open ends the current process and makes the one whose first row rec
// is, with its text fields (its integers are the caller's).
func (cr *csvReader) open(rec *csvRecord) (*papiexProc, error) {
	if err := cr.finish(); err != nil {
		return nil, err
	}
	pr := cr.arena.Alloc()
	pr.line = rec.line
	for k, i := range cr.lay.strIdx {
		if cr.text.wants(k) {
			cr.text.set(pr, k, at(rec, i))
		}
	}
	return pr, nil
}

// begin starts process pr, whose per-process integers are set, at its
// first row.
func (cr *csvReader) begin(rec *csvRecord, pr *papiexProc, vals []int64, ok []bool, tid, start, end int64) error {
	pr.declared = pr.ints[fNumtids]
	if !pr.has[fNumtids] || pr.declared < 1 {
		return cr.p.Bad(rec.line, "numtids", at(rec, cr.lay.intIdx[fNumtids]), "the number of thread rows (1 or more)", nil)
	}
	pr.row0, pr.nrows = int32(cr.rows.n()), 1
	cr.rows.add(vals, ok, tid, start, end)
	cr.cur = pr
	return nil
}
