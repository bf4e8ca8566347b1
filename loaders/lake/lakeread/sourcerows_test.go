package lakeread_test

import (
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSourceRowsPushdown: a lake read with Options.SourceRows reads, of
// the frames with a source column (tasks), only the rows of the systems
// the test keeps: its rows are those of the whole lake's frame cut by
// the test, columns and all, having read no other system's rows, and
// every other frame is read whole. The runs are named and spanned as
// the whole lake's: on the times of the rows left unread too.
func TestSourceRowsPushdown(t *testing.T) {
	dir := smallGroups(t)
	full, err := loaders.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]func(string) bool{
		"hyperqueue":   func(s string) bool { return s == "hyperqueue" },
		"not it":       func(s string) bool { return s != "hyperqueue" },
		"none":         func(string) bool { return false },
		"slurm or pbs": func(s string) bool { return s == "slurm" || s == "pbs" },
	}
	for name, keep := range tests {
		got, err := loaders.OpenWith(source.Options{SourceRows: keep}, dir)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sourcetest.SameJSON(t, name+": frames", got.Names(), full.Names())
		sourcetest.SameJSON(t, name+": runs", got.Runs, full.Runs)
		for _, fn := range full.Names() {
			f, g := full.Frames[fn], got.Frames[fn]
			if g == nil {
				t.Errorf("%s: no %s frame", name, fn)
				continue
			}
			if !slices.Equal(g.Names(), f.Names()) {
				t.Errorf("%s: %s has columns %v, the whole lake's %v", name, fn, g.Names(), f.Names())
			}
			want := f
			if f.Has("source") {
				want = cutBySource(t, f, keep)
			}
			if have, w := sourcetest.Rows(t, g), sourcetest.Rows(t, want); !slices.Equal(have, w) {
				t.Errorf("%s: %s has %d rows, the whole lake's cut %d, or other values", name, fn, len(have), len(w))
			}
		}
	}
	if !full.Frames["tasks"].Has("source") {
		t.Fatal("the tasks frame has no source column: nothing was tested")
	}
}

// cutBySource returns the rows of f whose source keep keeps.
func cutBySource(t *testing.T, f *frame.Frame, keep func(string) bool) *frame.Frame {
	t.Helper()
	src, ok, err := f.Strings("source")
	if err != nil {
		t.Fatal(err)
	}
	var rows []int
	for i := range src {
		if ok[i] && keep(src[i]) {
			rows = append(rows, i)
		}
	}
	return f.Take(rows)
}
