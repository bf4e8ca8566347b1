package lake

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/jobframe/jobframe/loaders/lake/manifest"
)

// pendingID names, in place of its entry's ID, the staging folder and
// the files of an input group loaded while its content is hashed: the
// ID is the hash, known only at the load's end.
const pendingID = "pending"

// renameStaged gives the files e staged under pendingID the names of
// e.ID: its staging folder, the parts it wrote (an appended log's
// earlier batches keep the names they have) and its checkpoint's state.
// An ingest killed here leaves only staged files, which the next run
// removes.
func renameStaged(e *manifest.Entry, dir string) error {
	staged := filepath.Join(dir, stagingDir, e.ID)
	err := os.Rename(filepath.Join(dir, stagingDir, pendingID), staged)
	if errors.Is(err, fs.ErrNotExist) {
		err = nil // nothing was written
	}
	if err != nil {
		return err
	}
	for i, p := range e.Parts {
		if np := partName(e, p); np != p {
			if err := os.Rename(filepath.Join(staged, p), filepath.Join(staged, np)); err != nil {
				return err
			}
			e.Parts[i] = np
		}
	}
	for i, p := range e.Tail {
		e.Tail[i] = partName(e, p)
	}
	if c := e.Checkpoint; c != nil {
		name := checkpointName(e.ID)
		if err := os.Rename(filepath.Join(staged, filepath.FromSlash(c.File)), filepath.Join(staged, filepath.FromSlash(name))); err != nil {
			return err
		}
		c.File = name
	}
	return nil
}

// partName is the name of part p (a lake path) once e.ID is known: a
// file written as pendingID's takes e.ID's name.
func partName(e *manifest.Entry, p string) string {
	dir, base := path.Split(p)
	if rest, ok := strings.CutPrefix(base, "part-"+pendingID+"-"); ok {
		return dir + "part-" + e.ID + "-" + rest
	}
	return p
}

// unstage removes the staging folder of the ingest of id, and the
// staging folder itself when that leaves it empty.
func unstage(dir, id string) error {
	err := os.RemoveAll(filepath.Join(dir, stagingDir, id))
	os.Remove(filepath.Join(dir, stagingDir)) // when empty
	return err
}
