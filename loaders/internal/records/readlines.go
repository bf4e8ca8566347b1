package records

import (
	"bytes"
	"fmt"
	"io"
	"slices"

	"github.com/jobframe/jobframe/loaders/source"
)

// readLineBatches reads r's lines (the first numbered first) into
// batches from pool and hands each to send, the last with the read error
// that ended the input, if any. r is read straight into the batches'
// buffers, where each line keeps its line end after it (the batch's
// starts and ends leave it out): the only text copied is what a read
// brought in past a batch's end, which starts the next. With
// isolateLast, a last line that lacks its newline comes in a batch of
// its own (DecodedBatches applies it as EachLine applies such a line).
func readLineBatches[T any](r io.Reader, p *source.Problems, pool *batchPool[T], first int, isolateLast bool, send func(*Batch[T]) bool) {
	n := first
	b := pool.get(n)
	// b.buf[line:] is a line whose end has not been read yet, and
	// b.buf[scan:] has not been searched for it
	line, scan := 0, 0
	// next starts a new batch with what b holds past its last line
	next := func() bool {
		nb := pool.get(n)
		nb.buf = append(nb.buf, b.buf[line:]...)
		b.buf = b.buf[:line]
		if !send(b) {
			return false
		}
		b, scan, line = nb, scan-line, 0
		return true
	}
	limit := p.LineLimit()
	for idle := 0; ; {
		if len(b.buf) == cap(b.buf) { // a line longer than the buffer
			b.buf = slices.Grow(b.buf, cap(b.buf))
		}
		k, err := r.Read(b.buf[len(b.buf) : len(b.buf)+readSize(b, line)])
		b.buf = b.buf[:len(b.buf)+k]
		if k == 0 && err == nil {
			if idle++; idle >= 100 {
				err = io.ErrNoProgress // as bufio's readers give up
			}
		} else {
			idle = 0
		}
		for {
			i := bytes.IndexByte(b.buf[scan:], '\n')
			if i < 0 {
				scan = len(b.buf)
				break
			}
			end := scan + i + 1
			if end-line-1 > limit { // a line end past the bound
				b.err = LineTooLong(p, n, b.buf[line:end])
				b.buf = b.buf[:line]
				send(b)
				return
			}
			b.add(line, line+len(TrimEOL(b.buf[line:end])))
			b.raw = append(b.raw, end-line)
			b.complete = true
			n++
			line, scan = end, end
			if len(b.ends) >= batchLines || line >= batchBytes {
				if !next() {
					return
				}
			}
		}
		if len(b.buf)-line > limit { // no line end within the bound
			b.err = LineTooLong(p, n, b.buf[line:])
			b.buf = b.buf[:line]
			send(b)
			return
		}
		switch {
		case err == nil:
			continue
		case err != io.EOF: // as EachLine: the partial line is not handed on
			b.buf = b.buf[:line]
			b.err = fmt.Errorf("%s:%d: %w", p.File, n, err)
		case line < len(b.buf): // the last line, without its newline
			if isolateLast && len(b.ends) > 0 && !next() {
				return
			}
			b.add(line, line+len(TrimEOL(b.buf[line:])))
			b.raw = append(b.raw, len(b.buf)-line)
			b.complete = false
		}
		send(b)
		return
	}
}

// readSize is how many bytes to read next into b, whose lines end at
// line: about what the batch has room for, judged by the length of its
// lines so far, so that little is read past its end (and copied into the
// next batch); at least 4 KiB, at most what its buffer holds.
func readSize[T any](b *Batch[T], line int) int {
	want := batchBytes - line
	if k := len(b.ends); k > 0 {
		want = min(want, (batchLines-k+1)*line/k)
	} else {
		want = min(want, 64<<10)
	}
	want -= len(b.buf) - line // read already
	return min(cap(b.buf)-len(b.buf), max(want, 4<<10))
}
