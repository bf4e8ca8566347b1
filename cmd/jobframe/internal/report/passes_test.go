package report

import (
	"bytes"
	"context"
	"maps"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake"
	"github.com/jobframe/jobframe/ops"
)

// TestBuildInPasses: the report built in two passes of a lake, each
// reading the tasks' or the placements' rows and not the other's, is
// Build's of the whole lake loaded once, byte for byte, on a lake of
// every bundled sample of every format (matrixSources, in row groups of
// 16 rows, so that spans come from many footers) and on one lake of them
// all; the HyperQueue journal's worker samples take the second pass
// through the placements (the efficiency section's sampled CPUs). A
// window is refused.
func TestBuildInPasses(t *testing.T) {
	all := filepath.Join(t.TempDir(), "all")
	o := lake.Options{Lenient: true, BatchRows: 7, Parquet: frame.ParquetOptions{RowGroupRows: 16}}
	sampled := 0
	for _, name := range slices.Sorted(maps.Keys(matrixSources)) {
		var paths []string
		for _, r := range matrixSources[name] {
			paths = append(paths, testdata(r))
		}
		dir := filepath.Join(t.TempDir(), "lake")
		for _, to := range []string{dir, all} {
			if _, err := lake.Ingest(context.Background(), to, paths, o); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		if samePasses(t, name, dir) {
			sampled++
		}
	}
	samePasses(t, "all", all)
	if sampled == 0 {
		t.Error("no lake's report reads the placements in its second pass: that path is untested")
	}
	if _, err := BuildInPasses(nil, Options{Window: ops.Window{From: time.Unix(0, 0)}}); err == nil {
		t.Error("a window: no error")
	}
}

// samePasses checks BuildInPasses against Build on the lake dir, and
// reports whether its second pass read the placements.
func samePasses(t *testing.T, name, dir string) bool {
	t.Helper()
	whole, err := loaders.OpenWith(loaders.Options{Lenient: true}, dir)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var passes []map[string][]string
	load := func(spanOnly map[string][]string) (*loaders.Dataset, error) {
		passes = append(passes, spanOnly)
		return loaders.OpenWith(loaders.Options{Lenient: true, Columns: Columns(), Omit: Omit(), SpanOnly: spanOnly}, dir)
	}
	doc, err := BuildInPasses(load, Options{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var want, got bytes.Buffer
	if err := Encode(&want, Build(whole, Options{})); err != nil {
		t.Fatal(err)
	}
	if err := Encode(&got, doc); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("%s: the report in passes differs from the whole load's (%d bytes against %d)", name, got.Len(), want.Len())
	}
	if len(passes) != 2 {
		t.Fatalf("%s: %d passes", name, len(passes))
	}
	_, skimmed := passes[1]["placements"]
	return !skimmed
}
