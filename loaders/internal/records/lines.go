package records

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"

	"github.com/jobframe/jobframe/loaders/source"
)

// EachLine calls fn for every line of r, without its line end, with its
// 1-based number; fn returns a bad-record error in strict mode. A last
// line that lacks its newline and that fn rejects (or reports as bad in
// lenient mode) is a log still being written: it is reported once as a
// truncated line, in both modes, and the load goes on without it. line
// is only valid during the call.
func EachLine(r io.Reader, p *source.Problems, fn func(line []byte, n int) error) error {
	return EachLineFrom(r, p, 1, fn)
}

// EachLineFrom is EachLine for a part of an input whose first line is
// line first of the whole.
func EachLineFrom(r io.Reader, p *source.Problems, first int, fn func(line []byte, n int) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	for n := first; ; n++ {
		raw, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull { // a line longer than the buffer
			long = append(long[:0], raw...)
			for err == bufio.ErrBufferFull {
				if len(long) > p.LineLimit() {
					return LineTooLong(p, n, long)
				}
				raw, err = br.ReadSlice('\n')
				long = append(long, raw...)
			}
			raw = long
		}
		if len(raw) == 0 {
			if err == nil || err == io.EOF {
				return nil
			}
			return fmt.Errorf("%s: %w", p.File, err)
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s:%d: %w", p.File, n, err)
		}
		complete := raw[len(raw)-1] == '\n'
		line := TrimEOL(raw)
		if len(line) > p.LineLimit() {
			return LineTooLong(p, n, line)
		}
		if stop, ferr := applyLine(p, line, n, complete, fn); stop {
			return ferr
		}
		if err == io.EOF {
			return nil
		}
	}
}

// LineTooLong is the error of line n, starting with head, longer than
// p.LineLimit(): it names the file, the line and the bound.
func LineTooLong(p *source.Problems, n int, head []byte) error {
	return &source.ParseError{File: p.File, Line: n, Text: source.Clip(string(head[:min(len(head), 100)]), 40), Want: fmt.Sprintf("a line of at most %s (this one is longer: a damaged or hostile input; JOBFRAME_MAX_LINE_BYTES raises the bound)", sizeText(p.LineLimit()))}
}

// sizeText writes n bytes in MiB when it is a whole number of them.
func sizeText(n int) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// TrimEOL returns b without its trailing '\r' and '\n' bytes
// (bytes.TrimRight(b, "\r\n"), without building a cutset per call).
func TrimEOL(b []byte) []byte {
	n := len(b)
	for n > 0 && (b[n-1] == '\n' || b[n-1] == '\r') {
		n--
	}
	return b[:n]
}

// applyLine calls fn for one line. A line without its newline (the last
// of the input) that fn rejects, or reports as bad, is a log still being
// written: what fn reported is taken back and the line is reported once
// as truncated; the load then ends without an error. stop says whether
// the load ends here, with err.
func applyLine(p *source.Problems, line []byte, n int, complete bool, fn func(line []byte, n int) error) (stop bool, err error) {
	mark := p.Mark()
	err = fn(line, n)
	if !complete && (err != nil || p.Rollback(mark)) {
		p.Rollback(mark)
		p.Truncated(n, string(line))
		return true, nil
	}
	return err != nil, err
}

// Workers is the number of goroutines that decode lines beside the
// one that applies them: one per further core, at least one.
func Workers() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// Batch is a run of consecutive lines (or JSON records) handed from
// the reader to the decoders and on to the caller.
type Batch[T any] struct {
	buf      []byte // the records' bytes (with what lies between them: line ends)
	starts   []int  // start offset of each record in buf
	ends     []int  // end offset of each record in buf
	raw      []int  // bytes of each line in the input, its line end included (readLineBatches)
	first    int    // number of the first line
	lines    []int  // line of each record, when not first+i (JSON records)
	complete bool   // the last line ended with a newline
	vals     []T    // decoded records
	done     chan struct{}
	err      error       // a read error after the batch's records
	problem  *CutProblem // a problem cutting records after the batch's
	blk      *blockCut   // a block of JSON records cut by its decoder (jsonblocks.go)
}

// newLineBatch returns an empty batch with small buffers, which grow to
// a full batch as they are filled (and stay grown as the pool recycles
// the batch): an input of many small files (an EPMT archive of 40,000
// job files, each one line) would otherwise allocate a full batch, 320
// KB, per file.
func newLineBatch[T any](first int) *Batch[T] {
	return &Batch[T]{first: first, buf: make([]byte, 0, 4<<10), starts: make([]int, 0, 64), ends: make([]int, 0, 64), raw: make([]int, 0, 64)}
}

// record returns record i of b.
func (b *Batch[T]) record(i int) []byte { return b.buf[b.starts[i]:b.ends[i]] }

// add appends a record that spans buf[start:end].
func (b *Batch[T]) add(start, end int) {
	b.starts = append(b.starts, start)
	b.ends = append(b.ends, end)
}

// Batch limits of the decode pipelines: a batch holds at most batchLines
// records or about batchBytes bytes, and inFlight batches are in the
// pipeline at a time, which bounds its memory.
const batchLines, batchBytes, inFlight = 1024, 256 << 10, 8

// pipeline runs produce on its own goroutine, which hands batches to
// send (false: the consumer has stopped); it runs work on each batch on
// workers goroutines (decodeEach: decode its records) and calls consume
// with the batches in order, each once worked on. consume returns
// whether to stop, and the error to return then.
func pipeline[T any](workers int, produce func(send func(*Batch[T]) bool), work func(b *Batch[T]), consume func(b *Batch[T]) (bool, error)) error {
	return pipelineEach(workers, produce, func() func(*Batch[T]) { return work }, consume)
}

// pipelineEach is pipeline with a work function of each worker's own,
// made by newWork on that worker's goroutine: it may keep state from
// batch to batch, which a worker takes in input order.
func pipelineEach[T any](workers int, produce func(send func(*Batch[T]) bool), newWork func() func(b *Batch[T]), consume func(b *Batch[T]) (bool, error)) error {
	ordered := make(chan *Batch[T], inFlight)
	todo := make(chan *Batch[T], inFlight)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(ordered)
		defer close(todo)
		produce(func(b *Batch[T]) bool {
			b.done = make(chan struct{})
			select {
			case todo <- b:
			case <-stop:
				return false
			}
			select {
			case ordered <- b:
			case <-stop:
				return false
			}
			return true
		})
	}()
	for w := 0; w < workers; w++ {
		go func() {
			work := newWork()
			for b := range todo {
				work(b)
				close(b.done)
			}
		}()
	}
	for b := range ordered {
		<-b.done
		if stop, err := consume(b); stop {
			return err
		}
	}
	return nil
}

// decodeEach returns the pipeline work that decodes each record of a
// batch into b.vals.
func decodeEach[T any](decode func(rec []byte, v *T)) func(b *Batch[T]) {
	keep := isReusable[T]() // recycled values are overwritten by decode, not cleared
	return func(b *Batch[T]) {
		batchVals(b, keep)
		for i := range b.ends {
			decode(b.record(i), &b.vals[i])
		}
	}
}

// decodeEachAfter returns the pipeline's new work for a decode that
// also sees the record before in the batch, decoded (nil for a batch's
// first record): each worker's own decode, from newDecode.
func decodeEachAfter[T any](newDecode func() func(rec []byte, v, prev *T)) func() func(b *Batch[T]) {
	keep := isReusable[T]()
	return func() func(b *Batch[T]) {
		decode := newDecode()
		return func(b *Batch[T]) {
			batchVals(b, keep)
			var prev *T
			for i := range b.ends {
				decode(b.record(i), &b.vals[i], prev)
				prev = &b.vals[i]
			}
		}
	}
}

// batchVals sizes b.vals to b's records, reusing a recycled batch's
// values (cleared unless keep).
func batchVals[T any](b *Batch[T], keep bool) {
	if cap(b.vals) >= len(b.ends) { // a recycled batch
		b.vals = b.vals[:len(b.ends)]
		if !keep {
			clear(b.vals)
		}
	} else {
		b.vals = make([]T, len(b.ends))
	}
}

// Reusable is implemented (on the pointer) by decoded values that their
// decode function overwrites whole, reusing their slices: a recycled
// batch then keeps them instead of clearing them, and DecodedLines
// recycles its batches. apply must not keep views of such a value's
// line.
type Reusable interface{ Reusable() }

// isReusable reports whether *T implements reusable.
func isReusable[T any]() bool {
	_, ok := any((*T)(nil)).(Reusable)
	return ok
}

// batchPool hands out line batches, recycled once applied when recycle is
// set: the pipeline's memory is then a few batches whatever the input's
// size.
type batchPool[T any] struct {
	free    chan *Batch[T]
	recycle bool
	lines   bool // batches carry a line per record (JSON records)
	// grown is the largest buffer of a batch given back: a new batch
	// starts that large, rather than growing again from newLineBatch's
	// (the pool does not recycle: their records are kept).
	grown atomic.Int64
}

func newBatchPool[T any](recycle, lines bool) *batchPool[T] {
	return &batchPool[T]{free: make(chan *Batch[T], inFlight+2), recycle: recycle, lines: lines}
}

// get returns an empty batch whose first line is first.
func (bp *batchPool[T]) get(first int) *Batch[T] {
	select {
	case b := <-bp.free:
		b.first = first
		return b
	default:
		b := newLineBatch[T](first)
		if g := int(bp.grown.Load()); g > cap(b.buf) {
			b.buf = make([]byte, 0, g)
		}
		if bp.lines {
			b.lines = make([]int, 0, 64)
		}
		return b
	}
}

// put takes back a batch that has been applied.
func (bp *batchPool[T]) put(b *Batch[T]) {
	if !bp.recycle {
		if c := int64(cap(b.buf)); c > bp.grown.Load() {
			bp.grown.Store(c) // only the consumer stores
		}
		return
	}
	b.buf, b.starts, b.ends, b.raw, b.lines, b.err, b.problem, b.complete = b.buf[:0], b.starts[:0], b.ends[:0], b.raw[:0], b.lines[:0], nil, nil, false
	select {
	case bp.free <- b:
	default:
	}
}

// DecodedLines is EachLine with the per-line work split in two: decode,
// which must not touch shared state, runs on worker goroutines (both
// cores); apply then sees each line and its decoded value in input order
// on the calling goroutine, with EachLine's rules for errors and a
// truncated last line. Memory stays bounded: a few batches of lines are in
// flight at a time. first is the number of r's first line (2 after a
// header read apart).
func DecodedLines[T any](r io.Reader, p *source.Problems, first, workers int, decode func(line []byte, v *T), apply func(line []byte, n int, v *T) error) error {
	return DecodedLinesAt(r, p, first, nil, workers, decode, apply)
}

// Position follows a line reader through its input for a load that may
// stop after a line and go on from there later (source.Checkpoint).
type Position struct {
	// After is the byte offset in the input just past the line being
	// applied, its line end included: where reading would go on. The
	// caller sets it to the offset at which r starts.
	After int64
	// Ended reports that the line ends with a newline: the last line of
	// an input may not (a log still being written), and a later read may
	// find more of it.
	Ended bool
	// End is the input's size in bytes when it was opened (the offset r
	// starts at included), 0 when not known.
	End int64

	batchStart int64 // After at the last Checkpoint call
}

// Checkpoint is called as a streaming load hands over a batch that ends
// with the line being applied; it reports whether the batch is to carry
// a checkpoint (source.Checkpoint): the line is whole, and it is within
// two batches' bytes of End (any line when End is not known). Only the
// last checkpoint of a load is of use, and each costs an encoding of the
// loader's state.
func (p *Position) Checkpoint() bool {
	batch := p.After - p.batchStart
	p.batchStart = p.After
	return p.Ended && (p.End <= 0 || p.End-p.After <= 2*batch)
}

// StartAt sets p for a load whose reader starts at byte offset from and
// holds size bytes (0: not known).
func (p *Position) StartAt(from, size int64) {
	*p = Position{After: from, batchStart: from}
	if size > 0 {
		p.End = from + size
	}
}

// DecodedLinesAt is DecodedLines keeping pos (when not nil) at the line
// being applied.
func DecodedLinesAt[T any](r io.Reader, p *source.Problems, first int, pos *Position, workers int, decode func(line []byte, v *T), apply func(line []byte, n int, v *T) error) error {
	work := decodeEach(decode)
	return decodedLines(r, p, first, pos, workers, func() func(*Batch[T]) { return work }, apply)
}

// DecodedLinesAfterAt is DecodedLinesAt with a decode that also sees the
// line before, as decoded (nil when that line is in another batch): a
// line that repeats part of the one before (a Work Queue DONE its
// RETRIEVED) can reuse that part's decoding. prev is only to be read.
// Each decode goroutine calls newDecode once for a decode of its own,
// which may keep state (a table of the names it has seen) from line to
// line: a goroutine decodes its batches in input order, though the
// batches between them go to others.
func DecodedLinesAfterAt[T any](r io.Reader, p *source.Problems, first int, pos *Position, workers int, newDecode func() func(line []byte, v, prev *T), apply func(line []byte, n int, v *T) error) error {
	return decodedLines(r, p, first, pos, workers, decodeEachAfter(newDecode), apply)
}

// decodedLines runs the pipeline of DecodedLinesAt with each worker's
// work (from newWork) decoding its batches.
func decodedLines[T any](r io.Reader, p *source.Problems, first int, pos *Position, workers int, newWork func() func(*Batch[T]), apply func(line []byte, n int, v *T) error) error {
	pool := newBatchPool[T](isReusable[T](), false)
	produce := func(send func(*Batch[T]) bool) { readLineBatches(r, p, pool, first, false, send) }
	return pipelineEach(workers, produce, newWork, func(b *Batch[T]) (bool, error) {
		for i := range b.ends {
			line, n := b.record(i), b.first+i
			if pos != nil {
				pos.After += int64(b.raw[i])
				pos.Ended = i < len(b.ends)-1 || b.complete
			}
			complete := i < len(b.ends)-1 || b.complete
			v := &b.vals[i]
			if stop, err := applyLine(p, line, n, complete, func(line []byte, n int) error { return apply(line, n, v) }); stop {
				return true, err
			}
		}
		if b.err != nil {
			return true, b.err
		}
		pool.put(b)
		return false, nil
	})
}

// Lines is a batch of consecutive lines of the input, without their line
// ends, as DecodedBatches hands them on. Its bytes are recycled once the
// batch is applied: what outlives the call must be copied.
type Lines struct {
	buf          []byte
	starts, ends []int
	first        int
}

// Len is the number of lines.
func (l *Lines) Len() int { return len(l.ends) }

// Line returns line i of the batch.
func (l *Lines) Line(i int) []byte { return l.buf[l.starts[i]:l.ends[i]] }

// Number is the 1-based number of line i in the input.
func (l *Lines) Number(i int) int { return l.first + i }

// DecodedBatches is DecodedLines for decoders that work a batch of
// lines at a time (building column chunks rather than one value per
// line): decode runs on the worker goroutines and must touch no shared
// state; apply sees every batch, in input order, with what decode made of
// it. A last line without its newline comes alone in the last batch, and
// apply's verdict on it follows EachLine's rule: if apply fails or
// reports a problem, the line is reported once as truncated and the load
// ends without an error. Values that decode returns are not recycled.
// first is the number of r's first line (2 after a header read apart).
func DecodedBatches[C any](r io.Reader, p *source.Problems, first, workers int, decode func(l *Lines) C, apply func(l *Lines, c C) error) error {
	pool := newBatchPool[C](true, false)
	produce := func(send func(*Batch[C]) bool) { readLineBatches(r, p, pool, first, true, send) }
	work := func(b *Batch[C]) {
		l := Lines{buf: b.buf, starts: b.starts, ends: b.ends, first: b.first}
		b.vals = append(b.vals[:0], decode(&l))
	}
	return pipeline(workers, produce, work, func(b *Batch[C]) (bool, error) {
		l := Lines{buf: b.buf, starts: b.starts, ends: b.ends, first: b.first}
		c := b.vals[0]
		clear(b.vals)
		if !b.complete && len(b.ends) == 1 {
			if stop, err := applyLine(p, l.Line(0), b.first, false, func([]byte, int) error { return apply(&l, c) }); stop {
				return true, err
			}
		} else if err := apply(&l, c); err != nil {
			return true, err
		}
		if b.err != nil {
			return true, b.err
		}
		pool.put(b)
		return false, nil
	})
}
