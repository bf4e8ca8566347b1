package lake

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// groupHash is the content of an input group's files as hashed: each
// file's state, their total size in bytes, or the error that stopped it.
type groupHash struct {
	files []FileState
	size  int64
	err   error
}

// id names the group by its files' hashes (Entry.ID).
func (h groupHash) id() string { return groupID(h.files) }

// hashGroup hashes the files in order, each up to the size it has in
// files (see hashFile).
func hashGroup(ctx context.Context, files []FileState) groupHash {
	var h groupHash
	for _, f := range files {
		st, err := hashFile(ctx, f.Path, f.Size)
		if err != nil {
			return groupHash{err: err}
		}
		h.files = append(h.files, st)
		h.size += st.Size
	}
	return h
}

// hashGoroutine starts hashGroup on a goroutine of its own and returns
// the function that waits for its result. The load runs meanwhile: the
// hash of a 25 GB log takes about ten seconds of one core, and the load
// leaves a part of the other idle.
func hashGoroutine(ctx context.Context, files []FileState) func() groupHash {
	ch := make(chan groupHash, 1)
	go func() { ch <- hashGroup(ctx, files) }()
	var h groupHash
	var got bool
	return func() groupHash {
		if !got {
			h, got = <-ch, true
		}
		return h
	}
}

// hashFile returns the state of the file at path: its absolute path,
// and the size and SHA-256 of its first limit bytes (fewer when it is
// shorter). A log being written grows while it is ingested: hashed up
// to the size it had before its load began, its entry claims no byte
// the load may not have read, and a later ingest sees the rest as
// growth. A cancelled ctx stops it between reads.
func hashFile(ctx context.Context, path string, limit int64) (FileState, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return FileState{}, err
	}
	fh, err := os.Open(path)
	if err != nil {
		return FileState{}, err
	}
	defer fh.Close()
	h := sha256.New()
	n, err := io.CopyBuffer(h, io.LimitReader(ctxReader{ctx, fh}, limit), make([]byte, 1<<20))
	if err != nil {
		return FileState{}, fmt.Errorf("%s: %w", path, err)
	}
	return FileState{Path: abs, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// ctxReader is a reader that fails once its context is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// groupID names an input group by its files' hashes.
func groupID(files []FileState) string {
	h := sha256.New()
	for _, f := range files {
		io.WriteString(h, f.SHA256)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// statFiles returns the absolute path and size of each file at paths,
// as they are before the ingest reads them.
func statFiles(paths []string) ([]FileState, error) {
	out := make([]FileState, len(paths))
	for i, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		out[i] = FileState{Path: abs, Size: fi.Size()}
	}
	return out, nil
}

// sameSizes reports whether a and b, files of the same paths, have the
// same sizes.
func sameSizes(a, b []FileState) bool {
	for i := range a {
		if a[i].Size != b[i].Size {
			return false
		}
	}
	return len(a) == len(b)
}
