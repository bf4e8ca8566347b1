package epmt

import (
	"bufio"
	"bytes"
	"io"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// papiexLayout is where a papiex CSV header puts the fields a row is read
// from: the metrics kept and skipped, the per-process integers and texts,
// and tid, start and end (−1: no such column).
type papiexLayout struct {
	header                   []string
	metricIdx, skippedIdx    []int
	intIdx                   [nIntFields]int
	strIdx                   [nStrFields]int
	tidIdx, startIdx, endIdx int
}

// newPapiexLayout checks a papiex CSV header (its fields as read, copied
// here) and lays it out; metrics are the summable columns in header order
// that need reports true for, skipped the others. line is the header's.
func newPapiexLayout(fields []string, file string, line int, need func(metric string) bool) (lay *papiexLayout, metrics, skipped []string, err error) {
	header := make([]string, len(fields))
	for i, f := range fields { // the fields may be views
		header[i] = strings.Clone(f)
	}
	col := make(map[string]int, len(header))
	for i, h := range header {
		col[h] = i
	}
	if len(col) != len(header) {
		return nil, nil, nil, &source.ParseError{File: file, Line: line, Field: "header", Text: source.Clip(strings.Join(header, ","), 80), Want: "each column named once", Err: source.ErrBadHeader}
	}
	for _, name := range []string{"pid", "numtids", "start", "end"} {
		if _, ok := col[name]; !ok {
			return nil, nil, nil, &source.ParseError{File: file, Line: line, Field: name, Text: source.Clip(strings.Join(header, ","), 80), Want: "a papiex CSV header naming pid, numtids, start and end", Err: source.ErrBadHeader}
		}
	}
	look := func(name string) int {
		if i, ok := col[name]; ok {
			return i
		}
		return -1
	}
	lay = &papiexLayout{header: header, tidIdx: look("tid"), startIdx: look("start"), endIdx: look("end")}
	for k, n := range papiexIntNames {
		lay.intIdx[k] = look(n)
	}
	for k, n := range papiexStrNames {
		lay.strIdx[k] = look(n)
	}
	for i, h := range header {
		switch {
		case papiexIsProcField(h) || papiexSkipSum(h):
		case need(h):
			metrics = append(metrics, h)
			lay.metricIdx = append(lay.metricIdx, i)
		default:
			skipped = append(skipped, h)
			lay.skippedIdx = append(lay.skippedIdx, i)
		}
	}
	return lay, metrics, skipped, nil
}

// peekPapiexLayout reads the first line of r and, when it is a header the
// decode goroutines split as they split rows (no quote, no backslash),
// returns its layout, so that they can pack the rows that follow; nil
// otherwise (the reader then lays the header out when it reaches it, and
// packs nothing). The returned reader gives r's bytes from the start.
func peekPapiexLayout(r io.Reader, need func(metric string) bool) (*papiexLayout, io.Reader) {
	const most = 1 << 20 // bytes read looking for the end of the header
	var head []byte
	size := 64 << 10
	if br, ok := r.(*bufio.Reader); ok {
		size = min(size, max(br.Size(), 4<<10)) // a small file's (readBufferSize)
	}
	buf := make([]byte, size)
	end := -1
	rest := r // what follows head
	for end < 0 && len(head) < most {
		n, err := r.Read(buf)
		head = append(head, buf[:n]...)
		end = bytes.IndexByte(head, '\n')
		if err != nil { // io.EOF too: the reader after head gives the same error
			rest = errReader{err}
			break
		}
	}
	r = io.MultiReader(bytes.NewReader(head), rest)
	if end < 0 {
		return nil, r
	}
	var l csvLine
	line := records.TrimEOL(head[:end])
	decodeCSVLine(line, &l)
	if l.slow || len(l.spans) == 0 {
		return nil, r
	}
	fields := make([]string, len(l.spans))
	for i, sp := range l.spans {
		fields[i] = sp.Of(bytesconv.String(line))
	}
	lay, _, _, err := newPapiexLayout(fields, "", 1, need)
	if err != nil {
		return nil, r // the reader reports it at line 1
	}
	return lay, r
}

// papiexPacked is a usual papiex row as papiexLayout.pack leaves it: the
// values the reader takes from it, in one place, instead of in the
// split line's fields (a cache miss each, read on the other core).
type papiexPacked struct {
	ok     bool // the row is usual and packed
	thread bool // its pid is empty: a thread row of the process before
	// vals[:m] are the m kept metrics, then tid, start and end, then the
	// nIntFields per-process integers; has says which are present
	vals []int64
	has  []bool
}

// metrics, tid, start, end and ints unpack a papiexPacked of m metrics.
func (p *papiexPacked) metrics(m int) ([]int64, []bool) { return p.vals[:m], p.has[:m] }
func (p *papiexPacked) tid(m int) (int64, bool)         { return p.vals[m], p.has[m] }
func (p *papiexPacked) start(m int) int64               { return p.vals[m+1] }
func (p *papiexPacked) end(m int) int64                 { return p.vals[m+2] }
func (p *papiexPacked) ints(m int) ([]int64, []bool)    { return p.vals[m+3:], p.has[m+3:] }

// pack lays out a split line (decodeCSVLine, not slow) when it is a
// usual row: as many fields as the header, every metric, skipped metric,
// tid and per-process integer an integer or empty, start and end
// integers. Such a row reads exactly as readPapiexCSV reads it field by
// field; any other line is left unpacked (l.packed.ok false) for that.
func (lay *papiexLayout) pack(l *csvLine) {
	p := &l.packed
	p.ok = false
	if len(l.spans) != len(lay.header) {
		return
	}
	intOrEmpty := func(i int) bool { return l.isInt[i] || l.spans[i].From == l.spans[i].To }
	m := len(lay.metricIdx)
	w := m + 3 + nIntFields
	if cap(p.vals) < w {
		p.vals, p.has = make([]int64, w), make([]bool, w)
	}
	vals, has := p.vals[:w], p.has[:w]
	for k, i := range lay.metricIdx {
		if !intOrEmpty(i) {
			return
		}
		vals[k], has[k] = l.ints[i], l.isInt[i]
	}
	for _, i := range lay.skippedIdx {
		if !intOrEmpty(i) {
			return
		}
	}
	vals[m], has[m] = 0, false
	if i := lay.tidIdx; i >= 0 {
		if !intOrEmpty(i) {
			return
		}
		vals[m], has[m] = l.ints[i], l.isInt[i]
	}
	if !l.isInt[lay.startIdx] || !l.isInt[lay.endIdx] {
		return
	}
	vals[m+1], vals[m+2] = l.ints[lay.startIdx], l.ints[lay.endIdx]
	for k, i := range lay.intIdx {
		vals[m+3+k], has[m+3+k] = 0, false
		if i < 0 {
			continue
		}
		if !intOrEmpty(i) {
			return
		}
		vals[m+3+k], has[m+3+k] = l.ints[i], l.isInt[i]
	}
	pid := l.spans[lay.intIdx[fPID]]
	p.vals, p.has, p.thread, p.ok = vals, has, pid.From == pid.To, true
}

// sameHeader reports whether lay was made from header.
func (lay *papiexLayout) sameHeader(header []string) bool {
	return lay != nil && slices.Equal(lay.header, header)
}

// errReader returns err from every Read.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
