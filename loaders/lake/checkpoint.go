package lake

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/source"
)

// A log of a format that resumes (source.Format.Resumes) is ingested
// with checkpoints: the entry keeps the last one of its load, whose
// batches are all written (Entry.Checkpoint, the loader's state in a
// file of _checkpoints). The log, grown, is read again from there, not
// from its start: the bytes from the checkpoint to the old end are read
// again and must hash to Guard, and the log's SHA-256 goes on from the
// old end's state. A log whose bytes there differ, or whose state this
// jobframe cannot read (source.ErrResume), is read again from its start
// (append.go). Guard covers, besides, the log's first and the
// checkpoint's last guardBytes: a log rewritten rather than grown (a
// new one at the same path, lines changed before the checkpoint that
// shift it) is refused at the cost of reading those. Then the whole of
// the old size is hashed again and must be the entry's SHA-256: a
// rewrite of the same length anywhere before the old end is not resumed
// either. That read runs at SHA-256's speed, several times a loader's.

// guardBytes is how much of the log's start, and of what comes before
// the checkpoint, Guard covers.
const guardBytes = 64 << 10

// guardRanges are the byte ranges of a log Guard covers, for a
// checkpoint at offset of a log ingested up to size: its first
// guardBytes, and from guardBytes before the checkpoint to size (they
// may overlap).
func guardRanges(offset, size int64) [][2]int64 {
	return [][2]int64{{0, min(guardBytes, offset)}, {max(0, offset-guardBytes), size}}
}

// checkpointDir is the lake's folder of loaders' states.
const checkpointDir = "_checkpoints"

// checkpointName is the lake path of the state file of entry id.
func checkpointName(id string) string { return checkpointDir + "/" + id + ".bin" }

// stageCheckpoint finishes checkpoint c of the log at path, whose first
// size bytes are ingested: the hash of its guardRanges (Guard), and the
// loader's state written under _staging/pendingID.
// A checkpoint past size (the log grew while it was read) is dropped:
// nil.
func stageCheckpoint(dir, path string, size int64, c *manifest.Checkpoint) (*manifest.Checkpoint, error) {
	if c == nil || c.Offset > size {
		return nil, nil
	}
	guard, err := hashRanges(path, guardRanges(c.Offset, size))
	if err != nil {
		return nil, err
	}
	c.Guard, c.File = guard, checkpointName(pendingID)
	staged := filepath.Join(dir, stagingDir, pendingID, filepath.FromSlash(c.File))
	if err := os.MkdirAll(filepath.Dir(staged), 0o755); err != nil {
		return nil, err
	}
	if err := createNew(staged, func(fh *os.File) error { _, err := fh.Write(c.LoaderState); return err }); err != nil {
		return nil, err
	}
	return c, nil
}

// hashRanges returns the SHA-256 (hex) of the bytes of the file at path
// in the ranges given (from, to), one after the other.
func hashRanges(path string, ranges [][2]int64) (string, error) {
	fh, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer fh.Close()
	h := sha256.New()
	for _, r := range ranges {
		from, to := r[0], r[1]
		if n, err := io.Copy(h, io.NewSectionReader(fh, from, to-from)); err != nil {
			return "", fmt.Errorf("%s: %w", path, err)
		} else if n != to-from {
			return "", fmt.Errorf("%s: %d bytes from byte %d, want %d (the file shrank)", path, n, from, to-from)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// resumable reports whether entry old, of the log whose state is now
// files, can be gone on from its checkpoint: one file, larger than it
// was, and the state's file in place. It returns the checkpoint with
// the loader's state read.
func resumable(dir string, m *manifest.Manifest, old *manifest.Entry, files []manifest.FileState) (*source.Checkpoint, bool) {
	c := old.Checkpoint
	if c == nil || len(files) != 1 || len(old.Files) != 1 || files[0].Size <= old.Files[0].Size {
		return nil, false
	}
	state, err := os.ReadFile(m.File(dir, c.File))
	if err != nil {
		return nil, false
	}
	return &source.Checkpoint{Offset: c.Offset, Line: c.Line, State: state}, true
}

// sha256State decodes a Checkpoint's SHA256State.
func sha256State(s string) ([]byte, error) { return base64.StdEncoding.DecodeString(s) }

// resumeGroup appends to entry from the log of group g, grown, reading
// it from from's checkpoint cp (a load plan as stageGroup's): it returns
// the entry staged, the bytes written, the dataset and the log's hash.
// resumed is false, with nothing staged and no error, when the log's
// first bytes, up to the old end, differ from those ingested (Guard,
// then the entry's SHA-256), or the load cannot go on from cp (source.ErrResume: a state
// this jobframe cannot read): the log is then to be read from its
// start.
func resumeGroup(ctx context.Context, dir string, g loaders.Group, o Options, from *manifest.Entry, cp *source.Checkpoint, files []manifest.FileState) (
	e manifest.Entry, written int64, d *source.Dataset, h groupHash, resumed bool, err error) {
	c := from.Checkpoint
	if guard, err := hashRanges(g.Files[0], guardRanges(c.Offset, from.Files[0].Size)); err != nil || guard != c.Guard {
		return e, 0, nil, h, false, nil
	}
	if sum, err := hashRanges(g.Files[0], [][2]int64{{0, from.Files[0].Size}}); err != nil || sum != from.Files[0].SHA256 {
		return e, 0, nil, h, false, nil // the bytes ingested were rewritten
	}
	hashes, err := resumeHashes(g.Files[0], files, from)
	if err != nil {
		return e, 0, nil, h, false, nil // a SHA-256 state this Go cannot read
	}
	e, written, d, err = stageGroup(ctx, dir, g, o, loadPlan{from: from, resume: cp, size: files[0].Size, tee: hashes.tee})
	if errors.Is(err, source.ErrResume) {
		return e, 0, nil, h, false, nil
	}
	if err != nil {
		return e, 0, nil, h, false, err
	}
	return e, written, d, hashes.finish(ctx), true, nil
}
