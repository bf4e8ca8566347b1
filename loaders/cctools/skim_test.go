package cctools

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// skims is sourcetest.SkimsEvents of a transaction log.
func skims(t *testing.T, in string, o source.Options) bool {
	t.Helper()
	return sourcetest.SkimsEvents(t, in, func(s string, o source.Options) (*source.Dataset, error) {
		return o.Project(loadCctools(strings.NewReader(s), o))
	}, o)
}

// spanColumns keeps of the events what jobframe report keeps of a
// transaction log's (their time, Balsam's id), not their run.
var spanColumns = map[string][]string{schema.Events: {"time", source.Optional("id")}}

// TestSpanOnlySkimsEvents: the bundled Work Queue and TaskVine logs, and
// each twice over (two manager runs), strict and lenient, load their
// events for their span alone when SpanOnly asks it and their run
// column is not kept; the events are read when SpanOnly lists one of
// their columns, when their run is kept (a log of several runs spans
// each on its rows), and stored in a stream.
func TestSpanOnlySkimsEvents(t *testing.T) {
	for _, p := range []string{"workqueue/realrun_wq_7.17.1_transactions.log", "taskvine/realrun_vine_7.17.1_transactions.log", "taskvine/cctools-test_2025-04-25_transactions.log"} {
		raw, err := os.ReadFile(sourcetest.Bundled(p))
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range []string{string(raw), string(raw) + string(raw)} {
			skimsLog(t, p, in)
		}
	}
}

// skimsLog is TestSpanOnlySkimsEvents of one log, in, of path p.
func skimsLog(t *testing.T, p, in string) {
	t.Helper()
	for _, lenient := range []bool{false, true} {
		if !skims(t, in, source.Options{Lenient: lenient, Columns: spanColumns}) {
			t.Fatalf("%s: the load failed", p)
		}
	}
	events := func(o source.Options) (rows int, skimmed bool) {
		d, err := loadCctools(strings.NewReader(in), o)
		if err != nil {
			t.Fatal(err)
		}
		return d.Frames[schema.Events].NumRows(), d.Skimmed.OK
	}
	all, _ := events(source.Options{})
	for name, o := range map[string]source.Options{
		"type listed": {Columns: spanColumns, SpanOnly: map[string][]string{schema.Events: {"type"}}},
		"run kept":    {SpanOnly: map[string][]string{schema.Events: nil}},
	} {
		if rows, skimmed := events(o); rows != all || skimmed {
			t.Errorf("%s, %s: %d events, skimmed %v; want the %d read", p, name, rows, skimmed, all)
		}
	}
	rows := 0
	o := source.Options{Columns: spanColumns, SpanOnly: map[string][]string{schema.Events: nil}, BatchRows: 40, Batch: func(d *source.Dataset) error {
		rows += d.Frames[schema.Events].NumRows()
		return nil
	}}
	if last, err := loadCctools(strings.NewReader(in), o); err != nil || rows+last.Frames[schema.Events].NumRows() != all {
		t.Errorf("%s: a stream stored %d events, want %d (%v)", p, rows, all, err)
	}
}
