package lake

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/jobframe/jobframe/loaders/lake/manifest"
)

// stagingDir is the folder, in the lake, of ingests under way.
const stagingDir = "_staging"

// commit makes entry e, whose files are staged under _staging/<e.ID>,
// part of the lake: the manifest records it as committing (the point
// after which a killed ingest is rolled forward), then rollForward makes
// the next generation current. s is called before each change (tests).
func commit(dir string, m *manifest.Manifest, e manifest.Entry, s step) error {
	e.State = manifest.Committing
	e.Ingested = time.Now().UTC().Format(time.RFC3339)
	m.Inputs = append(m.Inputs, e)
	if err := s.do("record %s as committing", e.ID); err != nil {
		m.Inputs = m.Inputs[:len(m.Inputs)-1]
		return err
	}
	if err := m.Write(dir); err != nil {
		m.Inputs = m.Inputs[:len(m.Inputs)-1]
		return fmt.Errorf("recording %s in the manifest: %w", e.ID, err)
	}
	return rollForward(dir, m, len(m.Inputs)-1, s)
}

// rollForward finishes the commit of entry i of m. The next generation
// gets links to the files of every other entry but the one i replaces,
// and i's files: those still staged are moved in, those an appended log
// keeps linked. Then it becomes current, the manifest drops the entry
// replaced and marks i committed, and the generations before the one
// replaced go. Each step may be done again: a commit killed anywhere is
// finished by the next run.
func rollForward(dir string, m *manifest.Manifest, i int, s step) error {
	e := &m.Inputs[i]
	cur, next := m.Generation, m.Generation+1
	replaced := -1
	if e.Replaces != "" {
		replaced = m.Find(e.Replaces)
	}
	for k := range m.Inputs {
		if k == i || k == replaced {
			continue
		}
		for _, p := range m.Inputs[k].LakeFiles() {
			if err := linkInto(dir, cur, next, p, s); err != nil {
				return err
			}
		}
	}
	for _, p := range e.LakeFiles() {
		if err := moveInto(dir, e.ID, cur, next, p, s); err != nil {
			return err
		}
	}
	if err := frameLinks(dir, e.LakeFiles(), s); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, manifest.GenDir(next)), 0o755); err != nil {
		return err
	}
	if err := makeCurrent(dir, next, s); err != nil {
		return err
	}
	if replaced >= 0 {
		m.Inputs = append(m.Inputs[:replaced], m.Inputs[replaced+1:]...)
		if replaced < i {
			i--
		}
	}
	m.Inputs[i].Replaces, m.Inputs[i].State, m.Generation = "", manifest.Committed, next
	if err := s.do("record %s as committed", m.Inputs[i].ID); err != nil {
		return err
	}
	if err := m.Write(dir); err != nil {
		return fmt.Errorf("%s is in the lake, but the manifest does not say so yet (the next ingest will): %w", m.Inputs[i].ID, err)
	}
	if err := pruneGenerations(dir, next); err != nil {
		return err
	}
	return unstage(dir, m.Inputs[i].ID)
}

// moveInto gives generation next file p of entry id: moved from its
// staging folder when it is there, else linked from generation cur (a
// part an appended log keeps); one moved before a kill is in place.
func moveInto(dir, id string, cur, next int, p string, s step) error {
	staged := filepath.Join(dir, stagingDir, id, filepath.FromSlash(p))
	if _, err := os.Lstat(staged); errors.Is(err, fs.ErrNotExist) {
		return linkInto(dir, cur, next, p, s)
	}
	target := manifest.GenFile(dir, next, p)
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	if err := s.do("move %s", p); err != nil {
		return err
	}
	return os.Rename(staged, target)
}

// recoverLake brings the lake in dir back to a committed state after an
// ingest that was killed: entries left committing are rolled forward,
// and staged folders of ingests that never reached the manifest, and
// temporary manifests not renamed, are removed.
func recoverLake(dir string, m *manifest.Manifest) error {
	if err := migrate(dir, m); err != nil {
		return fmt.Errorf("moving a lake of version 1 into generations: %w", err)
	}
	for i := 0; i < len(m.Inputs); i++ {
		if m.Inputs[i].State == manifest.Committing {
			if err := rollForward(dir, m, i, nil); err != nil {
				return fmt.Errorf("finishing the interrupted commit of %s: %w", m.Inputs[i].ID, err)
			}
			i = -1 // the entry it replaced may have gone: look again
		}
	}
	tmps, err := filepath.Glob(filepath.Join(dir, manifest.Name+".tmp-*"))
	if err != nil {
		return err
	}
	for _, t := range tmps { // a manifest a killed run did not rename
		if err := os.Remove(t); err != nil {
			return err
		}
	}
	if err := pruneGenerations(dir, m.Generation); err != nil {
		return err
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
