package source

import (
	"io"
	"sync/atomic"
)

// Progress counts the bytes a load has read of its input files, for a
// progress display: give one in Options.Progress and poll Bytes from
// another goroutine while the load runs. Bytes are counted as stored on
// disk (compressed inputs by their compressed size). It is safe for
// concurrent use; the zero value is ready.
type Progress struct {
	read, total atomic.Int64
}

// Bytes returns the bytes read so far and the total size of the input
// files (0 when unknown: standard input).
func (p *Progress) Bytes() (read, total int64) { return p.read.Load(), p.total.Load() }

// Expect adds n bytes, the size of an input file about to be read, to
// the total.
func (p *Progress) Expect(n int64) { p.total.Add(n) }

// Reader returns r with every byte read from it counted as read.
func (p *Progress) Reader(r io.Reader) io.Reader { return countingReader{r, p} }

// countingReader adds what it reads to a Progress.
type countingReader struct {
	r io.Reader
	p *Progress
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.p.read.Add(int64(n))
	return n, err
}
