package hyperqueue

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// skims checks a load of in with the events asked for their span alone
// (Options.SpanOnly, as jobframe report asks) against the whole load:
// the events frame has its columns and no row; their rows are counted
// (FrameRows) and their times' least and greatest (the whole load's
// events' time column, scanned here) are Dataset.Skimmed; every other
// frame, the warnings and the span are the whole load's. It returns
// whether the load succeeded.
func skims(t *testing.T, in string, o source.Options) bool {
	t.Helper()
	whole, err1 := Load(strings.NewReader(in), o)
	o.SpanOnly = map[string][]string{schema.Events: {"to_state"}}
	got, err2 := Load(strings.NewReader(in), o)
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("skimmed: %v; whole: %v", err2, err1)
	}
	if err1 != nil {
		return false
	}
	events := whole.Frames[schema.Events]
	us, valid, err := events.Micros("time")
	if err != nil {
		t.Fatal(err)
	}
	var want source.Extent
	for i, v := range us {
		if valid[i] {
			want.Add(v, v)
		}
	}
	if got.Skimmed != want {
		t.Errorf("skimmed span %+v, want the events' %+v", got.Skimmed, want)
	}
	skimmed := got.Frames[schema.Events]
	if skimmed.NumRows() != 0 || strings.Join(skimmed.Names(), ",") != strings.Join(events.Names(), ",") {
		t.Errorf("skimmed events: %d rows, columns %v; want none of %v", skimmed.NumRows(), skimmed.Names(), events.Names())
	}
	if n, m := got.FrameRows(schema.Events), whole.FrameRows(schema.Events); n != m {
		t.Errorf("events counted %d, loaded %d", n, m)
	}
	lo, hi, ok := got.Span()
	wlo, whi, wok := whole.Span()
	if lo != wlo || hi != whi || ok != wok {
		t.Errorf("span %d..%d (%v), whole %d..%d (%v)", lo, hi, ok, wlo, whi, wok)
	}
	delete(got.Frames, schema.Events)
	delete(whole.Frames, schema.Events)
	if a, b := sourcetest.Describe(t, got), sourcetest.Describe(t, whole); a != b {
		t.Errorf("the other frames differ:\n%s\nwant\n%s", a, b)
	}
	return true
}

// TestSpanOnlySkimsEvents: the bundled journal, strict and lenient, and
// with the report's projection, loads its events for their span alone
// when SpanOnly asks it; the events are read when SpanOnly lists one of
// their columns, and stored in a stream (Options.Batch).
func TestSpanOnlySkimsEvents(t *testing.T) {
	raw, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	in := string(raw)
	for _, o := range []source.Options{{}, {Lenient: true}, {Columns: map[string][]string{schema.Events: {"time"}, schema.Tasks: {"start", "end"}}}} {
		if !skims(t, in, o) {
			t.Fatalf("%+v: the load failed", o)
		}
	}
	typ, err := Load(strings.NewReader(in), source.Options{SpanOnly: map[string][]string{schema.Events: {"type"}}})
	if err != nil || typ.Frames[schema.Events].NumRows() == 0 || typ.Skimmed.OK {
		t.Errorf("SpanOnly listing the events' type: %d events, skimmed %+v, %v; want them read", typ.Frames[schema.Events].NumRows(), typ.Skimmed, err)
	}
	rows := 0
	o := source.Options{SpanOnly: map[string][]string{schema.Events: nil}, BatchRows: 50, Batch: func(d *source.Dataset) error {
		rows += d.Frames[schema.Events].NumRows()
		return nil
	}}
	last, err := Load(strings.NewReader(in), o) // the rows after the last batch
	if err == nil {
		rows += last.Frames[schema.Events].NumRows()
	}
	if err != nil || rows != typ.Frames[schema.Events].NumRows() {
		t.Errorf("a stream stored %d events, want %d (%v)", rows, typ.Frames[schema.Events].NumRows(), err)
	}
}
