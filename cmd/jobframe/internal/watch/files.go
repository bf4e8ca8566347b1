package watch

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// fileState is what a poll notes of one file.
type fileState struct {
	size int64
	mod  time.Time
	info os.FileInfo // for os.SameFile: a log replaced under its name
}

// snapshot is the files of the watched paths at one poll, by path.
type snapshot map[string]fileState

// scan lists the files the paths name: a file; a folder's regular
// files, not hidden, and those of its subfolders one level down (as
// loaders.Open reads a folder); a lake's manifest.
func scan(paths []string) (snapshot, error) {
	s := snapshot{}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			s[p] = stateOf(st)
			continue
		}
		if err := scanDir(s, p, 1); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// scanDir adds the files of folder dir, and of its subfolders down to
// depth more levels.
func scanDir(s snapshot, dir string, depth int) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && e.Name() != "." {
			continue
		}
		p := filepath.Join(dir, e.Name())
		st, err := os.Stat(p)
		if err != nil {
			continue // gone since the listing
		}
		switch {
		case st.IsDir() && depth > 0:
			if err := scanDir(s, p, depth-1); err != nil {
				return err
			}
		case st.Mode().IsRegular():
			s[p] = stateOf(st)
		}
	}
	return nil
}

func stateOf(st os.FileInfo) fileState {
	return fileState{size: st.Size(), mod: st.ModTime(), info: st}
}

// diff says what changed from old to s, one line per file, worded for
// the page; nothing when the two agree.
func (s snapshot) diff(old snapshot) []string {
	var what []string
	for _, p := range sortedKeys(s) {
		n, ok := s[p]
		o, had := old[p]
		switch {
		case !had:
			what = append(what, fmt.Sprintf("%s is new (%d bytes)", p, n.size))
		case !ok:
		case !os.SameFile(o.info, n.info):
			what = append(what, fmt.Sprintf("%s was replaced (a rotated log?): read again", p))
		case n.size < o.size:
			what = append(what, fmt.Sprintf("%s was truncated from %d to %d bytes: read again", p, o.size, n.size))
		case n.size > o.size:
			what = append(what, fmt.Sprintf("%s grew by %d bytes", p, n.size-o.size))
		case !n.mod.Equal(o.mod):
			what = append(what, fmt.Sprintf("%s was rewritten (%d bytes)", p, n.size))
		}
	}
	for _, p := range sortedKeys(old) {
		if _, ok := s[p]; !ok {
			what = append(what, fmt.Sprintf("%s was removed", p))
		}
	}
	return what
}

func sortedKeys(s snapshot) []string {
	out := make([]string, 0, len(s))
	for p := range s {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
