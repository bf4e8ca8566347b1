package ops

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
)

func bundled(rel string) string { return filepath.Join("..", "testdata", rel) }

// sharedData returns a path in ../shared/data, skipping the test when the
// shared folder is not beside the repository.
func sharedData(t *testing.T, rel string) string {
	t.Helper()
	p := filepath.Join("..", "..", "shared", "data", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("../shared/data/%s is not here (it sits beside the repository on CI and developer machines)", rel)
	}
	return p
}

func load(t *testing.T, path string) *loaders.Dataset {
	t.Helper()
	d, err := loaders.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func frameOf(t *testing.T, d *loaders.Dataset, name string) *frame.Frame {
	t.Helper()
	f, err := d.Frame(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// column renders a column as space-separated text.
func column(t *testing.T, f *frame.Frame, name string) string {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	g := f.Select(name)
	parts := make([]string, g.NumRows())
	for i := range parts {
		parts[i] = g.FormatValue(0, i)
	}
	return strings.Join(parts, " ")
}
