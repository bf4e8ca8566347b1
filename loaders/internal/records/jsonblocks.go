package records

// Cutting JSON records on the decode goroutines (docs/formats.md#balsam-api-records). Most
// record files hold one record per line (JSON lines, or an array written
// a record a line, as the Balsam API and its dumps do). For them the
// reader hands out blocks of whole lines, and each decode goroutine cuts
// its block's records in the pass that decodes them: a record ends where
// its object does. No goroutine reads every byte twice.
//
// A block other than the first is cut on a guess of the state it starts
// in (inside an array: after a ',' or after a record, which its first
// token tells apart); the applying goroutine knows the state the previous
// block ended in and checks the guess. What a block's cutter cannot be
// sure of (a record running past the block's end, as in pretty-printed
// files; malformed JSON; an API page; a guess that does not hold; a line
// too long for a block) hands the rest of the input, from the last point
// whose state is known, to the sequential cutter (jsonrecords.go), which
// then gives the records, the errors and the line numbers it gives for
// the whole input.

import (
	"bytes"
	"io"
	"sync/atomic"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/source"
)

// blockCut is what the decode goroutine found in one block.
type blockCut struct {
	start     cutState // the state the block starts in (cutUnknown: guessed from its first token)
	first     byte     // the first token of a block that starts in cutUnknown: 0 none, ',', ']', '{', or 'x' another
	end       cutState // the state after the block (cutUnknown: as at its start)
	endLine   int      // the line at the block's end, counted from 0 at its start (its line ends)
	stop      int      // offset where cutting stopped, the rest left to the sequential cutter (-1: none)
	stopLine  int      // the line at stop, counted from 0 at the block's start
	stopState cutState // the state at stop (cutUnknown: as at the block's start)
	raw       bool     // not cut at all: the reader gave up on lines (or could not read)
}

// Block limits: a block is about blockBytes of whole lines; a line longer
// than maxLineBlocks blocks sends the rest of the input to the sequential
// cutter.
const blockBytes, maxLineBlocks = 256 << 10, 64

// fitsStart reports whether a block whose first token is first can start
// in state st.
func fitsStart(st cutState, first byte) bool {
	switch first {
	case 0:
		return true
	case ',':
		return st == cutSep
	case ']':
		return st == cutSep || st == cutOpen
	case '{':
		return st == cutValue || st == cutOpen
	}
	return false
}

// cutBlock cuts and decodes the records of block b (decodeAt decodes the
// object at buf[i] and returns the offset past it), stopping at the
// first thing only the sequential cutter can be sure of. Lines (b.lines,
// stopLine, endLine) count from 0 at the block's start: the applier,
// which sees the blocks in order, adds the line the block starts on.
func cutBlock[T any](b *Batch[T], decodeAt func(buf []byte, i int, v *T) (int, error), keep bool) {
	c := b.blk
	b.starts, b.ends, b.lines, b.vals = b.starts[:0], b.ends[:0], b.lines[:0], b.vals[:0]
	c.first, c.end, c.stop, c.stopState = 0, cutUnknown, -1, cutUnknown
	line := 0
	stop := func(j int, st cutState) {
		c.stop, c.stopLine, c.stopState = j, line, st
	}
	if c.raw {
		stop(0, cutUnknown)
		return
	}
	buf := b.buf
	st := c.start
	consumed := false // a token has been cut: st is no longer a guess
	var zero T
	for j := 0; ; {
		for j < len(buf) && (buf[j] == ' ' || buf[j] == '\n' || buf[j] == '\t' || buf[j] == '\r') {
			if buf[j] == '\n' {
				line++
			}
			j++
		}
		if j == len(buf) {
			if consumed || c.start != cutUnknown {
				c.end = st
			}
			c.endLine = line
			return
		}
		ch := buf[j]
		if st == cutUnknown {
			switch ch {
			case ',', ']':
				st = cutSep
			case '{':
				st = cutValue
			default:
				c.first = 'x'
				stop(j, cutUnknown)
				return
			}
			c.first = ch
		}
		atStart := st
		if !consumed && c.start == cutUnknown {
			atStart = cutUnknown // the applier knows the true state
		}
		switch st {
		case cutStart:
			st = cutLines
			if ch == '[' {
				j++
				st = cutOpen
			}
			continue
		case cutOpen, cutValue, cutLines:
			if ch == ']' && st == cutOpen {
				j++
				st = cutAfter
				break
			}
			if ch != '{' {
				stop(j, atStart)
				return
			}
			n := len(b.vals)
			if n < cap(b.vals) {
				b.vals = b.vals[:n+1]
				if !keep {
					b.vals[n] = zero
				}
			} else {
				b.vals = append(b.vals, zero)
			}
			end, err := decodeAt(buf, j, &b.vals[n])
			if err != nil || st == cutLines && PageResults(buf[j:end]) != nil {
				b.vals = b.vals[:n]
				stop(j, atStart)
				return
			}
			b.add(j, end)
			b.lines = append(b.lines, line)
			line += bytes.Count(buf[j:end], []byte{'\n'})
			j = end
			if st != cutLines {
				st = cutSep
			}
		case cutSep:
			switch ch {
			case ',':
				st = cutValue
			case ']':
				st = cutAfter
			default:
				stop(j, atStart)
				return
			}
			j++
		default: // cutAfter: only the sequential cutter reports what follows
			stop(j, atStart)
			return
		}
		consumed = true
	}
}

// DecodedJSON is decodedJSONStream with the cutting done by the decode
// goroutines for input written a record a line (see the top of this
// file); the records, their lines, the warnings and the errors are those
// of decodedJSONStream for any input. decodeAt decodes the object that
// starts at buf[i] in place and returns the offset past it, or a syntax
// error; decode decodes a record cut by the sequential cutter. It runs
// workers+1 decoders: the reader only reads here, so one more decoder
// keeps the cores busy (workers is decodeWorkers' count, which leaves a
// core to a reader that cuts).
func DecodedJSON[T any](r io.Reader, p *source.Problems, workers int, decode func(rec []byte, v *T), decodeAt func(buf []byte, i int, v *T) (int, error), apply func(rec []byte, line int, v *T) error) error {
	return decodedJSONBlocks(r, blockBytes, p, workers+1, decode, decodeAt, apply)
}

// decodedJSONBlocks is DecodedJSON with blocks of about size bytes (tests
// cut small ones to put block ends everywhere).
func decodedJSONBlocks[T any](r io.Reader, size int, p *source.Problems, workers int, decode func(rec []byte, v *T), decodeAt func(buf []byte, i int, v *T) (int, error), apply func(rec []byte, line int, v *T) error) error {
	pool := newBatchPool[T](true, true)
	keep := isReusable[T]()
	var sequential atomic.Bool // the rest of the input goes to the sequential cutter
	produce := func(send func(*Batch[T]) bool) {
		first, raw := true, false
		var carry []byte
		start := cutStart
		for {
			b := pool.get(0) // lines count from the block's start
			if b.blk == nil {
				b.blk = &blockCut{}
			}
			b.buf = append(b.buf[:0], carry...)
			carry = carry[:0]
			raw = raw || sequential.Load() // blocks now only carry bytes
			err := fillBlock(r, b, size, raw)
			if err == nil && !raw {
				raw = true // unless the block has a line end
				if k := bytes.LastIndexByte(b.buf, '\n'); k >= 0 {
					raw = false
					carry = append(carry, b.buf[k+1:]...)
					b.buf = b.buf[:k+1]
				}
			}
			if first && !raw {
				// the first value tells an array from JSON lines; a block of
				// white space only is left to the sequential cutter
				switch i := jsontext.SkipWS(b.buf, 0); {
				case i == len(b.buf):
					raw = true
				case b.buf[i] != '[':
					start = cutLines
				}
			}
			if err != nil && err != io.EOF {
				b.err, raw = err, true
			}
			b.blk.start, b.blk.raw = start, raw
			if first && start == cutStart {
				start = cutUnknown
			}
			first = false
			if !send(b) || err != nil {
				return
			}
		}
	}
	work := func(b *Batch[T]) {
		if sequential.Load() {
			b.blk.raw = true
		}
		cutBlock(b, decodeAt, keep)
	}
	state := cutStart
	base := 1 // the line the next block starts on
	var fb *jsonFallback
	err := pipeline(workers, produce, work, func(b *Batch[T]) (bool, error) {
		c := b.blk
		if fb == nil {
			stop, stopLine, stopState := c.stop, base+c.stopLine, c.stopState
			if c.raw || !fitsStart(state, c.first) {
				stop, stopLine, stopState = 0, base, cutUnknown
			} else {
				for i := range b.ends {
					if err := apply(b.record(i), base+b.lines[i], &b.vals[i]); err != nil {
						return true, err
					}
				}
			}
			if stop < 0 {
				if c.end != cutUnknown {
					state = c.end
				}
				base += c.endLine
				pool.put(b)
				return false, nil
			}
			if stopState == cutUnknown {
				stopState = state
			}
			sequential.Store(true)
			// blocks start lines: so does stop at 0
			lineStart := stop == 0 || b.buf[stop-1] == '\n'
			fb = startJSONFallback(stopLine, stopState, lineStart, p, workers, decode, apply)
			b.buf = b.buf[stop:]
		}
		if !fb.write(b.buf, b.err) {
			return true, nil
		}
		pool.put(b)
		return false, nil
	})
	switch {
	case fb != nil:
		return fb.finish(err)
	case err != nil:
		return err
	case state == cutOpen || state == cutValue || state == cutSep:
		// the input ends inside the array: the sequential cutter's problem
		return decodedJSONStream(bytes.NewReader(nil), base, state, true, p, workers, decode, apply)
	}
	return nil
}

// fillBlock reads size bytes more into b.buf (or, when the block must end
// at a line end and has none yet, twice as many, up to maxLineBlocks
// times size), until the input ends (io.EOF) or a read fails. Reads of a
// whole block go past a bufio.Reader's buffer when the block is as big.
func fillBlock[T any](r io.Reader, b *Batch[T], size int, raw bool) error {
	want := len(b.buf) + size
	for {
		if cap(b.buf) < want {
			b.buf = append(b.buf[:cap(b.buf)], make([]byte, want-cap(b.buf))...)[:len(b.buf)]
		}
		for len(b.buf) < want {
			n, err := r.Read(b.buf[len(b.buf):want])
			b.buf = b.buf[:len(b.buf)+n]
			if err != nil {
				return err
			}
		}
		if raw || want >= maxLineBlocks*size || bytes.LastIndexByte(b.buf, '\n') >= 0 {
			return nil
		}
		want *= 2
	}
}

// jsonFallback runs the sequential cutter over the rest of the input,
// handed to it block by block through a pipe.
type jsonFallback struct {
	pw   *io.PipeWriter
	done chan error
}

func startJSONFallback[T any](line int, st cutState, lineStart bool, p *source.Problems, workers int, decode func(rec []byte, v *T), apply func(rec []byte, line int, v *T) error) *jsonFallback {
	pr, pw := io.Pipe()
	fb := &jsonFallback{pw: pw, done: make(chan error, 1)}
	go func() {
		err := decodedJSONStream(pr, line, st, lineStart, p, workers, decode, apply)
		pr.CloseWithError(ErrInputEnds) // it has stopped reading: the writer stops too
		fb.done <- err
	}()
	return fb
}

// write hands the sequential cutter buf, then the read error readErr
// that ended the input, if any; false when it has stopped reading.
func (fb *jsonFallback) write(buf []byte, readErr error) bool {
	if _, err := fb.pw.Write(buf); err != nil {
		return false
	}
	if readErr != nil {
		fb.pw.CloseWithError(readErr)
	}
	return true
}

// finish ends the input (unless the pipeline stopped on err) and returns
// the sequential cutter's result.
func (fb *jsonFallback) finish(err error) error {
	fb.pw.Close() // no effect after CloseWithError
	if ferr := <-fb.done; err == nil {
		err = ferr
	}
	return err
}
