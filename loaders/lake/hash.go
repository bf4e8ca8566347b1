package lake

import (
	"context"
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/jobframe/jobframe/loaders"

	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/source"
)

// groupHash is the content of an input group's files as hashed: each
// file's state, or the error that stopped it.
type groupHash struct {
	files  []manifest.FileState
	states [][]byte // each file's SHA-256 before its end (Checkpoint.SHA256State)
	err    error
}

// size is the group's bytes hashed.
func (h groupHash) size() int64 {
	var n int64
	for _, f := range h.files {
		n += f.Size
	}
	return n
}

// id names the group by its files' hashes (Entry.ID).
func (h groupHash) id() string { return groupID(h.files) }

// fileHash is the SHA-256 of the first limit bytes of one input file:
// of those its load reads, as they are read (Write, through
// source.Options.Tee), then of those it did not read (finish). limit is
// the size the file had before its load began: a log being written
// grows while it is ingested, and its entry must claim no byte the load
// may not have read; a later ingest sees the rest as growth.
type fileHash struct {
	mu    sync.Mutex
	path  string // as named to the loaders
	abs   string // absolute, as statFiles gave it
	limit int64
	n     int64 // bytes hashed
	sha   hash.Hash
	teed  bool // the load opened it: a second open is not hashed again
	done  bool // finished: a late write is ignored
	// at is the offset in the file of the next byte teed: a load resumed
	// from a checkpoint reads from there, before n (those bytes were
	// hashed before).
	at int64
}

// Write hashes p, the file's bytes from f.at, as far as they lie within
// the first limit bytes and were not hashed before (a resumed load
// reads again from its checkpoint).
func (f *fileHash) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return len(p), nil
	}
	n := len(p)
	if again := f.n - f.at; again > 0 {
		k := min(int64(len(p)), again)
		p, f.at = p[k:], f.at+k
	}
	if rest := f.limit - f.n; rest > 0 && f.at == f.n {
		q := p[:min(int64(len(p)), rest)]
		f.sha.Write(q)
		f.n += int64(len(q))
	}
	f.at += int64(len(p))
	return n, nil
}

// finish hashes the bytes of the first limit that the load did not
// read (all of them when nothing was teed) and returns the file's
// state, with the hash's state before its end. A cancelled ctx stops it
// between reads.
func (f *fileHash) finish(ctx context.Context) (manifest.FileState, []byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.done = true
	if f.n < f.limit {
		fh, err := os.Open(f.path)
		if err != nil {
			return manifest.FileState{}, nil, err
		}
		defer fh.Close()
		if _, err := fh.Seek(f.n, io.SeekStart); err != nil {
			return manifest.FileState{}, nil, fmt.Errorf("%s: %w", f.path, err)
		}
		n, err := io.CopyBuffer(f.sha, io.LimitReader(source.ContextReader(ctx, fh), f.limit-f.n), make([]byte, 1<<20))
		if err != nil {
			return manifest.FileState{}, nil, fmt.Errorf("%s: %w", f.path, err)
		}
		f.n += n // fewer than asked when the file shrank
	}
	state, err := f.sha.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return manifest.FileState{}, nil, err
	}
	return manifest.FileState{Path: f.abs, Size: f.n, SHA256: hex.EncodeToString(f.sha.Sum(nil))}, state, nil
}

// groupHashes hashes the files of an input group, each up to the size
// statFiles gave it.
type groupHashes struct {
	files  []*fileHash
	byName map[string]*fileHash
}

// newGroupHashes starts the hashes of the files named names, whose
// absolute paths and sizes before the load are in files (statFiles).
func newGroupHashes(names []string, files []manifest.FileState) *groupHashes {
	g := &groupHashes{byName: map[string]*fileHash{}}
	for i, name := range names {
		f := &fileHash{path: name, abs: files[i].Path, limit: files[i].Size, sha: sha256.New()}
		g.files = append(g.files, f)
		g.byName[name] = f
	}
	return g
}

// resumeHashes starts the hash of a log of one file (name, now as
// files[0]) whose load goes on from checkpoint c of its entry old: the
// hash of its first old.Files[0].Size bytes goes on from c's state, and
// the load's reads from c.Offset to there are not hashed again.
func resumeHashes(name string, files []manifest.FileState, old *manifest.Entry) (*groupHashes, error) {
	state, err := sha256State(old.Checkpoint.SHA256State)
	if err != nil {
		return nil, err
	}
	sha := sha256.New()
	if err := sha.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		return nil, fmt.Errorf("the SHA-256 state of entry %s: %w", old.ID, err)
	}
	g := newGroupHashes([]string{name}, files)
	f := g.files[0]
	f.sha, f.n, f.at = sha, old.Files[0].Size, loaders.FileOffset(files[0].Path, old.Checkpoint.Offset)
	return g, nil
}

// tee is source.Options.Tee: the hash of the file the loader opens, the
// first time it opens it.
func (g *groupHashes) tee(name string) io.Writer {
	f := g.byName[name]
	if f == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.teed || f.done {
		return nil
	}
	f.teed = true
	return f
}

// finish completes every file's hash (fileHash.finish).
func (g *groupHashes) finish(ctx context.Context) groupHash {
	var h groupHash
	for _, f := range g.files {
		st, state, err := f.finish(ctx)
		if err != nil {
			return groupHash{err: err}
		}
		h.files, h.states = append(h.files, st), append(h.states, state)
	}
	return h
}

// groupID names an input group by its files' hashes.
func groupID(files []manifest.FileState) string {
	h := sha256.New()
	for _, f := range files {
		io.WriteString(h, f.SHA256)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// statFiles returns the absolute path and size of each file at paths,
// as they are before the ingest reads them.
func statFiles(paths []string) ([]manifest.FileState, error) {
	out := make([]manifest.FileState, len(paths))
	for i, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		out[i] = manifest.FileState{Path: abs, Size: fi.Size()}
	}
	return out, nil
}

// sameSizes reports whether a and b, files of the same paths, have the
// same sizes.
func sameSizes(a, b []manifest.FileState) bool {
	for i := range a {
		if a[i].Size != b[i].Size {
			return false
		}
	}
	return len(a) == len(b)
}
