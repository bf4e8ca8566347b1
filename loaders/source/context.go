package source

import (
	"context"
	"io"
)

// ContextReader returns r failing with ctx's error once ctx is done:
// each read checks it first, so a long read of a file stops within one
// read of a buffer.
func ContextReader(ctx context.Context, r io.Reader) io.Reader { return ctxReader{ctx, r} }

// ctxReader is ContextReader's reader.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(b)
}
