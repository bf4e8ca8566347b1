package lake

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/loaders/lake/manifest"
)

// A lake's files live in generations: _data/<N>/ holds the whole lake
// as of its Nth commit, and _current is a symbolic link to the newest.
// The folder of each frame, DIR/tasks and the like, is a link to
// _current/tasks, so readers of the documented layout
// (DIR/tasks/source=.../day=.../*.parquet) see one generation. A commit
// builds the next generation beside the current one (hard links to the
// files it keeps, its own staged files renamed in) and makes it current
// by renaming one link over _current: readers see all of an input or
// none of it, whenever the ingest is killed. The generation before the
// current one stays for the readers still reading it, until the next
// commit.

// step is called before each change a commit makes to the lake, named;
// an error stops the commit there, as a kill would. Tests set it.
type step func(what string) error

// do calls s, when set.
func (s step) do(what string, args ...any) error {
	if s == nil {
		return nil
	}
	return s(fmt.Sprintf(what, args...))
}

// linkInto gives generation next the file p of generation from (a hard
// link, so no byte is copied), unless it has it already.
func linkInto(dir string, from, next int, p string, s step) error {
	target := manifest.GenFile(dir, next, p)
	if _, err := os.Lstat(target); err == nil {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	if err := s.do("link %s", p); err != nil {
		return err
	}
	if err := os.Link(manifest.GenFile(dir, from, p), target); err != nil {
		return fmt.Errorf("keeping %s in the lake's next generation: %w", p, err)
	}
	return nil
}

// frameLinks makes the link DIR/NAME -> _current/NAME for the top folder
// of each of files (a frame's) that has none: a link made before the
// generation that holds the folder is current leads nowhere until then.
// A folder in its place (not a link) is refused: a lake of version 1
// is migrated before (migrate).
func frameLinks(dir string, files []string, s step) error {
	var tops []string
	for _, p := range files {
		top, _, _ := strings.Cut(path.Clean(filepath.ToSlash(p)), "/")
		if !strings.HasPrefix(top, "_") && !slices.Contains(tops, top) {
			tops = append(tops, top)
		}
	}
	for _, top := range tops {
		link := filepath.Join(dir, top)
		fi, err := os.Lstat(link)
		if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			continue
		}
		if err == nil {
			return fmt.Errorf("%s is not the link to %s the lake keeps there", link, filepath.Join(manifest.CurrentLink, top))
		}
		if err := s.do("link frame %s", top); err != nil {
			return err
		}
		if err := os.Symlink(filepath.Join(manifest.CurrentLink, top), link); err != nil {
			return err
		}
	}
	return nil
}

// makeCurrent points _current at generation g: a new link, renamed over
// the old one in one step.
func makeCurrent(dir string, g int, s step) error {
	tmp := filepath.Join(dir, manifest.CurrentLink+".new")
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Symlink(manifest.GenDir(g), tmp); err != nil {
		return err
	}
	if err := s.do("make generation %d current", g); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, manifest.CurrentLink))
}

// pruneGenerations removes the generations of the lake in dir but g,
// the current one, and the one before it (readers may still be reading
// that).
func pruneGenerations(dir string, g int) error {
	ents, err := os.ReadDir(filepath.Join(dir, manifest.DataDir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, ent := range ents {
		n, err := strconv.Atoi(ent.Name())
		if err != nil || n == g || n == g-1 {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, manifest.DataDir, ent.Name())); err != nil {
			return err
		}
	}
	return nil
}

// migrate moves the files of a lake of manifest version 1 (each frame's
// folder at the top) into generation 1, and leaves a link in each
// folder's place. A migration killed half way is finished by the next
// run: the folders still at the top move then.
func migrate(dir string, m *manifest.Manifest) error {
	if m.Generation > 0 || len(m.Inputs) == 0 {
		return nil
	}
	var all []string
	for i := range m.Inputs {
		all = append(all, m.Inputs[i].LakeFiles()...)
	}
	if err := os.MkdirAll(filepath.Join(dir, manifest.GenDir(1)), 0o755); err != nil {
		return err
	}
	if err := makeCurrent(dir, 1, nil); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, p := range all {
		top, _, _ := strings.Cut(path.Clean(filepath.ToSlash(p)), "/")
		if seen[top] {
			continue
		}
		seen[top] = true
		old := filepath.Join(dir, top)
		if fi, err := os.Lstat(old); err == nil && fi.IsDir() {
			if err := os.Rename(old, filepath.Join(dir, manifest.GenDir(1), top)); err != nil {
				return fmt.Errorf("moving %s into the lake's first generation: %w", old, err)
			}
		}
	}
	if err := frameLinks(dir, all, nil); err != nil {
		return err
	}
	m.Generation = 1
	return m.Write(dir)
}

// ownFolders refuses a lake whose folders of jobframe's own (staging,
// generations) are links: an ingest creates, moves and removes files in
// them, which a link planted there would turn onto files outside the
// lake.
func ownFolders(dir string) error {
	for _, name := range []string{stagingDir, manifest.DataDir} {
		p := filepath.Join(dir, name)
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return fmt.Errorf("%s is a link: the lake keeps a folder of its own there (remove it)", p)
		}
	}
	return nil
}
