package sourcetest

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// root returns the repository's root folder: the nearest folder above
// the working directory (a package's folder, under go test) that holds
// go.mod.
var root = sync.OnceValue(func() string {
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
})

// Bundled returns the path of a real file copied into the repository's
// testdata/ folder (its README gives each file's origin), rel being the
// path below testdata/.
func Bundled(rel string) string { return filepath.Join(root(), "testdata", filepath.FromSlash(rel)) }

// Shared returns the path of a file in ../shared/data, beside the
// repository on CI and developer machines, and skips the test with a
// message when it is not there (a user's clone).
func Shared(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(filepath.Dir(root()), "shared", "data", filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		t.Skipf("../shared/data/%s is not here (it sits beside the repository on CI and developer machines): %v", rel, err)
	}
	return p
}

// Input returns Bundled(path), or for a path "shared:REL" the file REL of
// ../shared/data (Shared: the test skips when it is absent), so that a
// table of cases can mix both and skip only the cases it lacks.
func Input(t testing.TB, path string) string {
	t.Helper()
	if rel, ok := strings.CutPrefix(path, "shared:"); ok {
		return Shared(t, rel)
	}
	return Bundled(path)
}
