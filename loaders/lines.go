package loaders

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// eachLine calls fn for every line of r, without its line end, with its
// 1-based number; fn returns a bad-record error in strict mode. A last
// line that lacks its newline and that fn rejects (or reports as bad in
// lenient mode) is a log still being written: it is reported once as a
// truncated line, in both modes, and the load goes on without it. line
// is only valid during the call.
func eachLine(r io.Reader, p *problems, fn func(line []byte, n int) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	for n := 1; ; n++ {
		raw, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull { // a line longer than the buffer
			long = append(long[:0], raw...)
			for err == bufio.ErrBufferFull {
				raw, err = br.ReadSlice('\n')
				long = append(long, raw...)
			}
			raw = long
		}
		if len(raw) == 0 {
			if err == nil || err == io.EOF {
				return nil
			}
			return fmt.Errorf("%s: %w", p.file, err)
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s:%d: %w", p.file, n, err)
		}
		complete := raw[len(raw)-1] == '\n'
		line := bytes.TrimRight(raw, "\r\n")
		mark := p.mark()
		ferr := fn(line, n)
		if !complete && (ferr != nil || p.rollback(mark)) {
			p.rollback(mark)
			p.truncated(n, string(line))
			return nil
		}
		if ferr != nil {
			return ferr
		}
		if err == io.EOF {
			return nil
		}
	}
}
