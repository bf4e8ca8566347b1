package htcondor

import (
	"bufio"
	"bytes"
	"io"
	"time"

	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// The log is read in blocks of whole events, parsed on every core and
// applied in order: an event's lines end with a line of three dots, so a
// block that ends after one holds no part of the next event. A block
// grows past blockBytes to the next such line, and is cut anyway past
// its limit, twice the longest line allowed (a damaged log: the event it
// splits is a bad record, and a line over the bound is an error).
const blockBytes = 4 << 20

// block is a part of the log and, once parsed, its events and problems.
type block struct {
	data  []byte
	first int  // the number of its first line
	last  bool // the log ends with it
	err   error
	done  chan parsed
}

// parsed is what a worker made of a block.
type parsed struct {
	events []parsedEvent
	p      *source.Problems
	err    error
}

// readBlocks cuts r into blocks, sending each to work (to be parsed)
// and to order (to be applied in turn), until r ends, fails, or stop is
// closed.
func readBlocks(r io.Reader, size, limit int, work, order chan<- *block, stop <-chan struct{}) {
	defer close(work)
	defer close(order)
	// a block's bytes, reserved at once for a log of known size (no
	// more than it holds), grown from 64 KB for one that is not
	room := min(size+64<<10, 64<<10)
	if n := source.InputSize(r); n > 0 {
		room = int(min(int64(size+64<<10), n+1))
	}
	br := bufio.NewReaderSize(r, 1<<20)
	line := 1
	for {
		b := &block{first: line, done: make(chan parsed, 1), data: make([]byte, 0, room)}
		for {
			raw, err := br.ReadSlice('\n')
			b.data = append(b.data, raw...)
			if len(raw) > 0 && raw[len(raw)-1] == '\n' {
				line++
			}
			if err == bufio.ErrBufferFull {
				if len(b.data) < limit {
					continue
				}
				break
			}
			if err == io.EOF {
				b.last = true
				break
			}
			if err != nil {
				b.err, b.last = err, true
				break
			}
			if (len(b.data) >= size && bytes.Equal(records.TrimEOL(raw), []byte("..."))) || len(b.data) >= limit {
				break
			}
		}
		select {
		case order <- b:
		case <-stop:
			return
		}
		if b.err == nil {
			select {
			case work <- b:
			case <-stop:
				return
			}
		}
		if b.last {
			return
		}
	}
}

// parseBlocks parses the blocks of work as they come.
func parseBlocks(work <-chan *block, o blockOptions) {
	for b := range work {
		p := &source.Problems{File: o.file, Lenient: o.lenient, MaxLine: o.maxLine}
		// one event per closing "...": its room, at once (an event is
		// some 350 bytes, and doubling a slice of them copies it again)
		rd := &reader{p: p, loc: o.loc, out: make([]parsedEvent, 0, bytes.Count(b.data, []byte("\n...\n"))+1)}
		err := records.EachLineFrom(bytes.NewReader(b.data), p, b.first, rd.line)
		if err == nil && b.last {
			err = rd.finish()
		}
		b.done <- parsed{events: rd.out, p: p, err: err}
	}
}

// blockOptions are what every block's reader shares.
type blockOptions struct {
	file    string
	lenient bool
	maxLine int
	loc     *time.Location
}
