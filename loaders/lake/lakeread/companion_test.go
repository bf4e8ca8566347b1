package lakeread_test

import (
	"context"
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestWindowCompanions: a Nextflow trace absorbs its timeline when both
// are read (a task's row takes the timeline's times), so a timeline row
// outside the window may still matter to a trace row inside it: with
// companions in the load, the window is not pushed down, and the cut of
// the load equals the cut of the whole lake.
func TestWindowCompanions(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"nextflow/openproblems_2021-03_trace.txt", "nextflow/openproblems_2021-03_timeline.html"} {
		o := lake.Options{Parquet: frame.ParquetOptions{RowGroupRows: 4}}
		if _, err := lake.Ingest(context.Background(), dir, []string{sourcetest.Bundled(p)}, o); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	full, err := loaders.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	points := times(t, full)
	for _, w := range windows(points) {
		got, err := loaders.OpenWith(source.Options{Window: source.TimeWindow{From: w.From, To: w.To}}, dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range full.Names() {
			if g, want := sourcetest.Rows(t, w.Frame(got.Frames[name])), sourcetest.Rows(t, w.Frame(full.Frames[name])); !slices.Equal(g, want) {
				t.Errorf("window %v, %s: %d rows, the whole lake's cut %d, or other values", w, name, len(g), len(want))
			}
		}
	}
}
