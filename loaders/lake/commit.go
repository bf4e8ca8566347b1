package lake

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// stagingDir is the folder, in the lake, of ingests under way.
const stagingDir = "_staging"

// commit makes entry e, whose files are staged under _staging/<e.ID>,
// part of the lake: the manifest records it as committing (the point
// after which a killed ingest is rolled forward), its files move into
// place, the files of the entry it replaces go (but for those e keeps,
// an appended log's earlier batches), and the manifest marks it
// committed.
func commit(dir string, m *Manifest, e Entry) error {
	e.State = Committing
	e.Ingested = time.Now().UTC().Format(time.RFC3339)
	m.Inputs = append(m.Inputs, e)
	if err := m.write(dir); err != nil {
		m.Inputs = m.Inputs[:len(m.Inputs)-1]
		return fmt.Errorf("recording %s in the manifest: %w", e.ID, err)
	}
	return rollForward(dir, m, len(m.Inputs)-1)
}

// rollForward finishes the commit of entry i of m: whatever of its files
// are still staged move into place, the entry it replaces is removed with
// the files it does not keep, and the manifest marks it committed.
func rollForward(dir string, m *Manifest, i int) error {
	e := &m.Inputs[i]
	for _, p := range e.files() {
		staged := filepath.Join(dir, stagingDir, e.ID, p)
		if _, err := os.Stat(staged); errors.Is(err, fs.ErrNotExist) {
			continue // moved before a kill
		}
		final := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
			return err
		}
		if err := os.Rename(staged, final); err != nil {
			return err
		}
	}
	if e.Replaces != "" {
		if k := m.find(e.Replaces); k >= 0 {
			// An appended log keeps the parts of its earlier batches.
			keep := map[string]bool{}
			for _, p := range e.files() {
				keep[p] = true
			}
			var gone []string
			for _, p := range m.Inputs[k].files() {
				if !keep[p] {
					gone = append(gone, p)
				}
			}
			if err := removeParts(dir, gone); err != nil {
				return err
			}
			m.Inputs = append(m.Inputs[:k], m.Inputs[k+1:]...)
			if k < i {
				i--
			}
		}
		m.Inputs[i].Replaces = ""
	}
	m.Inputs[i].State = Committed
	if err := m.write(dir); err != nil {
		return err
	}
	return unstage(dir, m.Inputs[i].ID)
}

// files are the lake paths of e's files: its parts and its checkpoint's
// state.
func (e *Entry) files() []string {
	if e.Checkpoint == nil {
		return e.Parts
	}
	return append(e.Parts[:len(e.Parts):len(e.Parts)], e.Checkpoint.File)
}

// removeParts deletes the files of an entry and the partition folders
// they leave empty.
func removeParts(dir string, parts []string) error {
	for _, p := range parts {
		if err := os.Remove(filepath.Join(dir, p)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		for d := filepath.Dir(p); d != "." && d != ""; d = filepath.Dir(d) {
			if os.Remove(filepath.Join(dir, d)) != nil { // not empty
				break
			}
		}
	}
	return nil
}

// recoverLake brings the lake in dir back to a committed state after an
// ingest that was killed: entries left committing are rolled forward,
// and staged folders of ingests that never reached the manifest, and
// temporary manifests not renamed, are removed.
func recoverLake(dir string, m *Manifest) error {
	for i := 0; i < len(m.Inputs); i++ {
		if m.Inputs[i].State == Committing {
			if err := rollForward(dir, m, i); err != nil {
				return fmt.Errorf("finishing the interrupted commit of %s: %w", m.Inputs[i].ID, err)
			}
			i = -1 // the entry it replaced may have gone: look again
		}
	}
	tmps, err := filepath.Glob(filepath.Join(dir, ManifestName+".tmp-*"))
	if err != nil {
		return err
	}
	for _, t := range tmps { // a manifest a killed run did not rename
		if err := os.Remove(t); err != nil {
			return err
		}
	}
	ents, err := os.ReadDir(filepath.Join(dir, stagingDir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, s := range ents {
		if err := os.RemoveAll(filepath.Join(dir, stagingDir, s.Name())); err != nil {
			return err
		}
	}
	return os.Remove(filepath.Join(dir, stagingDir))
}
