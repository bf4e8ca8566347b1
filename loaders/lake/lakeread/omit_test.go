package lakeread_test

import (
	"slices"
	"testing"

	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
	"github.com/jobframe/jobframe/ops"
)

// TestOmitOfLake: a lake read with Options.Omit gives the whole lake's
// frames without those columns, and through a window the whole lake's
// cut of them: leaving out the tasks' end column makes the cut, and the
// row groups pruned for it, judge a row's end by another.
func TestOmitOfLake(t *testing.T) {
	dir := smallGroups(t)
	full, err := loaders.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	omit := map[string][]string{"tasks": {"raw_state", "end", "no_such_column"}, "placements": {"gpus", "root"}}
	without := func(name string) []string {
		return slices.DeleteFunc(full.Frames[name].Names(), func(c string) bool { return slices.Contains(omit[name], c) })
	}
	for _, w := range append([]ops.Window{{}}, windows(times(t, full))...) {
		got, err := loaders.OpenWith(source.Options{Omit: omit, Window: source.TimeWindow{From: w.From, To: w.To}}, dir)
		if err != nil {
			t.Fatalf("%v: %v", w, err)
		}
		for _, name := range full.Names() {
			g, want := got.Frames[name], full.Frames[name].Select(without(name)...)
			if g == nil || !slices.Equal(g.Names(), want.Names()) {
				t.Errorf("%v: %s: columns %v, want %v", w, name, g.Names(), want.Names())
				continue
			}
			if have, want := sourcetest.Rows(t, w.Frame(g)), sourcetest.Rows(t, w.Frame(want)); !slices.Equal(have, want) {
				t.Errorf("window %v, %s: the cut of what was read has %d rows, of the whole lake %d, or other values", w, name, len(have), len(want))
			}
		}
	}
}
