package lakeread_test

import (
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSpanOnly: a lake read with Options.SpanOnly (the events read for
// Balsam's transitions, else only for their span, as the report reads
// them) gives the whole read's span and runs, the other frames row for
// row, and of the events the rows of every Balsam transition and a
// subset of the others: in row groups of 16, most are read from their
// footers alone. Each bundled input is its own lake (in a lake of them
// all, inputs years apart would hide a wrong span), then all together;
// the events of HyperQueue's and Work Queue's logs reach past the times
// of their other frames. With a window or a source test the events are
// read whole.
func TestSpanOnly(t *testing.T) {
	spanOnly := map[string][]string{schema.Events: {"to_state"}}
	lakes := map[string]string{"all": smallGroups(t)}
	for _, p := range paths() {
		lakes[p] = smallGroupsOf(t, []string{p})
	}
	reach, read, all := 0, 0, 0
	for _, in := range slices.Sorted(maps.Keys(lakes)) {
		for _, cols := range []map[string][]string{nil, {schema.Events: {"time", "to_state?", "id?"}}} {
			full, err := loaders.OpenWith(source.Options{Columns: cols}, lakes[in])
			if err != nil {
				t.Fatal(err)
			}
			got, err := loaders.OpenWith(source.Options{Columns: cols, SpanOnly: spanOnly}, lakes[in])
			if err != nil {
				t.Fatal(err)
			}
			lo, hi, ok := full.Span()
			if glo, ghi, gok := got.Span(); glo != lo || ghi != hi || gok != ok {
				t.Errorf("%s, columns %v: span %d..%d %v (skimmed %+v), the whole read's %d..%d %v", in, cols, glo, ghi, gok, got.Skimmed, lo, hi, ok)
			}
			sourcetest.SameJSON(t, in+": runs", got.Runs, full.Runs)
			sourcetest.SameJSON(t, in+": frames", got.Names(), full.Names())
			for _, name := range full.Names() {
				if name == schema.Events {
					continue
				}
				if g, w := sourcetest.Rows(t, got.Frames[name]), sourcetest.Rows(t, full.Frames[name]); !slices.Equal(g, w) {
					t.Errorf("%s, columns %v, %s: %d rows, the whole read's %d, or other values", in, cols, name, len(g), len(w))
				}
			}
			fe, ge := full.Frames[schema.Events], got.Frames[schema.Events]
			if fe == nil {
				continue
			}
			if fe.Has("to_state") {
				if g, w := sourcetest.Rows(t, ge.Where("to_state", "not-null", nil)), sourcetest.Rows(t, fe.Where("to_state", "not-null", nil)); !slices.Equal(g, w) || len(w) == 0 {
					t.Errorf("%s, columns %v: %d transitions read, the whole read's %d, or other values", in, cols, len(g), len(w))
				}
			}
			every, some := sourcetest.Rows(t, fe), sourcetest.Rows(t, ge)
			for _, r := range some {
				if _, found := slices.BinarySearch(every, r); !found {
					t.Errorf("%s, columns %v: an event the whole read lacks: %s", in, cols, r)
					break
				}
			}
			read, all = read+len(some), all+len(every)
			delete(full.Frames, schema.Events)
			if elo, ehi, _ := full.Span(); elo != lo || ehi != hi {
				reach++
			}
		}
	}
	t.Logf("%d of %d events read; the events set %d spans", read, all, reach)
	if read*2 > all || reach < 4 {
		t.Errorf("%d of %d events read, the events set %d spans: the test no longer tests reading a span from the footers", read, all, reach)
	}
	dir := lakes["all"]
	// a window or a source test cuts rows: the events are read whole
	for _, o := range []source.Options{{Window: source.TimeWindow{From: time.Unix(0, 0)}}, {SourceRows: func(string) bool { return true }}} {
		o.SpanOnly = spanOnly
		got, err := loaders.OpenWith(o, dir)
		if err != nil {
			t.Fatal(err)
		}
		o.SpanOnly = nil
		full, err := loaders.OpenWith(o, dir)
		if err != nil {
			t.Fatal(err)
		}
		if got.Skimmed.OK || got.Frames[schema.Events].NumRows() != full.Frames[schema.Events].NumRows() {
			t.Errorf("window %v, source test %v: skimmed %+v, %d events of %d", o.Window, o.SourceRows != nil, got.Skimmed, got.Frames[schema.Events].NumRows(), full.Frames[schema.Events].NumRows())
		}
	}
}
