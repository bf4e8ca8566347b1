package hyperqueue

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// skims is sourcetest.SkimsEvents of a journal.
func skims(t *testing.T, in string, o source.Options) bool {
	t.Helper()
	return sourcetest.SkimsEvents(t, in, func(s string, o source.Options) (*source.Dataset, error) {
		return Load(strings.NewReader(s), o)
	}, o)
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
