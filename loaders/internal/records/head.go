package records

import (
	"bytes"
	"fmt"
	"io"

	"github.com/jobframe/jobframe/loaders/source"
)

// Head returns the first bytes of input x (its Head when the caller
// read them already, else up to 4 KiB read now) and a reader of the
// whole input from its start, for a loader that looks at a file's start
// before it reads it.
func Head(x source.Input, p *source.Problems) (io.Reader, []byte, error) {
	if x.Head != nil {
		return x.R, x.Head, nil
	}
	buf := make([]byte, 4096)
	n, err := io.ReadFull(x.R, buf)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, nil, fmt.Errorf("%s: %w", p.File, err)
	}
	return io.MultiReader(bytes.NewReader(buf[:n]), x.R), buf[:n], nil
}
