package sourcetest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// Expected runs fn, as a subtest, for every file of the bundled folder
// dir (below the repository's testdata) that the folder's expected.json
// gives figures for (independent ones: shared/data's figures.py), with
// the file's path and its figures decoded as W. n is how many files the
// test expects the JSON to cover.
func Expected[W any](t *testing.T, dir string, n int, fn func(t *testing.T, name, path string, w W)) {
	t.Helper()
	root := Bundled(dir)
	b, err := os.ReadFile(filepath.Join(root, "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]W
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != n {
		t.Fatalf("%d files in %s/expected.json, want %d", len(want), dir, n)
	}
	names := make([]string, 0, len(want))
	for name := range want {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) { fn(t, name, filepath.Join(root, name), want[name]) })
	}
}
