package slurm

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// rowFields are the positions (-1 or empty: absent) of the fields that a
// row's derived values are read from, found once rather than by name per
// row.
type rowFields struct {
	state, nodeList, reqMem, reqTRES, allocTRES int
	usageAve, usageMax, energy                  int   // TRESUsageInAve, TRESUsageInMax, ConsumedEnergyRaw
	start, end                                  int   // Start and End, -1 when absent
	allocCPUs                                   []int // AllocCPUS, NCPUS: the CPUs a row was given
	reqCPUs, reqNodes                           []int // ReqCPUS; ReqNodes
	cpus, nodes                                 []int // the counts ReqMem's c and n multiply by
}

// energyField is ConsumedEnergyRaw's position as count reads fields.
func (f *rowFields) energyField() []int {
	if f.energy < 0 {
		return nil
	}
	return []int{f.energy}
}

func findRowFields(l *layout) rowFields {
	present := func(names ...string) []int {
		var out []int
		for _, n := range names {
			if i := l.field(n); i >= 0 {
				out = append(out, i)
			}
		}
		return out
	}
	return rowFields{
		start: l.field("start"), end: l.field("end"),
		state: l.field("state"), nodeList: l.field("nodelist"), reqMem: l.field("reqmem"), reqTRES: l.field("reqtres"), allocTRES: l.field("alloctres"),
		usageAve: l.field("tresusageinave"), usageMax: l.field("tresusageinmax"), energy: l.field("consumedenergyraw"),
		allocCPUs: present("alloccpus", "ncpus"),
		reqCPUs:   present("reqcpus"),
		reqNodes:  present("reqnodes"),
		cpus:      present("alloccpus", "ncpus", "reqcpus"),
		nodes:     present("allocnodes", "nnodes", "reqnodes"),
	}
}

// builder takes the decoded chunks in order and notes which of their rows
// the file's records are: most lines are a row of their own chunk, taken
// in runs (pieces); a record whose free text holds newlines is joined
// here from its lines and decoded into a chunk of the builder's own.
type builder struct {
	lay      *layout
	pieces   []piece
	decoders sync.Pool // of *decoder, one per worker goroutine at a time

	joins    *chunk   // the records joined from several lines
	joinsDec *decoder // decodes into joins (never reset; its rows become joins' columns at the end)

	pend, pendBuf []byte // a record whose lines are being joined
	pendLine      int
	pendFields    int    // the fields of pend: its delimiters + 1
	scratch       record // a line that does not read, decoded again to say why
}

// piece is a run of rows of one side of a chunk, from..to-1, that the
// file holds in this order.
type piece struct {
	c        *chunk
	side     int
	from, to int32
}

func newBuilder(l *layout) *builder {
	b := &builder{lay: l, joins: newChunk(&l.slots, 0), joinsDec: newDecoder(l)}
	b.joinsDec.reset()
	b.decoders.New = func() any { return newDecoder(l) }
	return b
}

// decode decodes a batch of lines on a worker goroutine.
func (b *builder) decode(l *records.Lines) *chunk {
	d := b.decoders.Get().(*decoder)
	c := d.decodeChunk(l)
	b.decoders.Put(d)
	return c
}

// apply takes the next chunk: the runs of its lines that are rows of
// their own, and each other line as applyLine says.
func (b *builder) apply(l *records.Lines, c *chunk, p *source.Problems) error {
	var at, from [2]int32 // rows of each side before the line; start of the run
	flush := func() {
		for s := range at {
			if at[s] > from[s] {
				b.pieces = append(b.pieces, piece{c: c, side: s, from: from[s], to: at[s]})
			}
		}
	}
	for i, st := range c.state {
		if b.pend == nil && st <= lineStep {
			at[st]++
			continue
		}
		flush()
		from = at
		if st <= lineStep {
			at[st]++
		}
		own := func() { b.pieces = append(b.pieces, piece{c: c, side: int(st), from: at[st] - 1, to: at[st]}) }
		if err := b.applyLine(l.Line(i), l.Number(i), st, own, p); err != nil {
			return err
		}
		from = at
	}
	flush()
	return nil
}

// maxJoinLines and maxJoinBytes bound a record joined from several
// lines (a SubmitLine holding a shell script): a longer one is a bad
// record, so that one that never ends costs linear time, not a join
// over the rest of the file per line.
const (
	maxJoinLines = 10000
	maxJoinBytes = 4 << 20
)

// applyLine takes line n, which its worker read as st, when it is not
// simply a row: a line of a record being joined, an empty line, or one
// that does not read alone. own takes the row the worker made of it.
func (b *builder) applyLine(line []byte, n int, st lineState, own func(), p *source.Problems) error {
	if b.pend != nil {
		b.pend = append(append(b.pend, '\n'), line...)
		b.pendFields += bytes.Count(line, []byte{b.lay.delim}) // counted once per line: linear in the record
		if b.pendFields < len(b.lay.specs) {
			if n-b.pendLine < maxJoinLines && len(b.pend) < maxJoinBytes {
				return nil
			}
			// A free text that never ends (an unterminated SubmitLine)
			// is one bad record, not a join over the rest of the file.
			first := b.pendLine
			text, _, _ := bytes.Cut(b.pend, []byte{'\n'})
			text = bytes.Clone(text)
			b.pendBuf, b.pend = b.pend[:0], nil
			return p.Bad(first, "", string(text), fmt.Sprintf("a record that ends within %d lines and %d MiB (this one has %d fields after %d lines: an unterminated free text such as SubmitLine)", maxJoinLines, maxJoinBytes>>20, b.pendFields, n-first+1), nil)
		}
		joined, first := b.pend, b.pendLine
		if js := b.joinsDec.line(b.joins, joined, first); js <= lineStep {
			k := int32(b.joinsDec.flat.count[js])
			b.pieces = append(b.pieces, piece{c: b.joins, side: int(js), from: k - 1, to: k})
			b.pend, b.pendBuf = nil, joined[:0]
			return nil
		}
		// Enough fields but they do not read: the free text may also
		// hold the delimiter (`sort a\n | uniq -c`), so a line that is no
		// record of its own and starts none goes on joining.
		if st > lineStep && !b.startsRecord(line) && n-first < maxJoinLines && len(joined) < maxJoinBytes {
			return nil
		}
		b.pend = nil
		// The joined lines do not read: the first is a bad record, and
		// this line is read on its own.
		b.lay.decode(joined, &b.scratch)
		err := b.report(p, first, joined, &b.scratch, n)
		b.pendBuf = joined[:0]
		if err != nil {
			return err
		}
	}
	switch st {
	case lineJob, lineStep:
		own()
		return nil
	case lineEmpty:
		return nil // sacct prints no empty record; an empty line holds nothing
	}
	r := &b.scratch
	b.lay.decode(line, r)
	switch {
	case r.short && b.lay.canJoin:
		b.pend, b.pendLine = append(b.pendBuf[:0], line...), n
		b.pendFields = bytes.Count(line, []byte{b.lay.delim}) + 1
		return nil
	case string(line) == b.lay.header:
		return nil // the header again (outputs of several sacct runs concatenated)
	}
	return b.report(p, n, line, r, n)
}

// startsRecord reports whether line begins as a record does: its JobID,
// when that is the first field, reads as one. With JobID elsewhere it
// cannot tell, and says no.
func (b *builder) startsRecord(line []byte) bool {
	if b.lay.idField != 0 {
		return false
	}
	first, _, ok := bytes.Cut(line, []byte{b.lay.delim})
	if !ok {
		return false
	}
	_, err := parseJobID(string(first))
	return err == nil
}
