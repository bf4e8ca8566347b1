package loaders

import (
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// TestSkimmedSpans: the times a reader read only for their span
// (Dataset.Skimmed) count in the dataset's span and in its run's span,
// once merged with another run's; a run of a log, its log's first and
// last record, and a run of several numbered in its rows, the rows'
// times alone (its skimmed rows had no run column to tell them apart).
func TestSkimmedSpans(t *testing.T) {
	tasks := func(us ...int64) *frame.Frame { return frame.New(frame.MicrosCol("start", us, nil)) }
	a := &source.Dataset{Source: "pbs", Files: []string{"a"}, Frames: map[string]*frame.Frame{"tasks": tasks(100, 200)},
		Skimmed: source.Extent{Start: 50, End: 150, OK: true}}
	b := &source.Dataset{Source: "pbs", Files: []string{"b"}, Frames: map[string]*frame.Frame{"tasks": tasks(300)},
		Skimmed: source.Extent{Start: 250, End: 900, OK: true}}
	c := &source.Dataset{Source: "hyperqueue", Files: []string{"c"}, Frames: map[string]*frame.Frame{"tasks": tasks(400)},
		Skimmed: source.Extent{Start: 10, End: 990, OK: true}, LogStart: 390, LogEnd: 410, HasLogSpan: true}
	several := frame.New(frame.MicrosCol("start", []int64{500, 600}, nil), frame.Int64Col("run", []int64{0, 1}, nil))
	d := &source.Dataset{Source: "workqueue", Files: []string{"d"}, Frames: map[string]*frame.Frame{"tasks": several},
		Skimmed: source.Extent{Start: 1, End: 2000, OK: true}}
	runs := labelRuns([]*source.Dataset{a, b, c, d}, func(string) bool { return true })
	want := [][2]int64{{50, 200}, {250, 900}, {390, 410}, {500, 500}, {600, 600}}
	if len(runs) != len(want) {
		t.Fatalf("%d runs, want %d: %+v", len(runs), len(want), runs)
	}
	for i, r := range runs {
		if !r.HasSpan || r.Start != want[i][0] || r.End != want[i][1] {
			t.Errorf("run %s: %d..%d (%v), want %d..%d", r.Name, r.Start, r.End, r.HasSpan, want[i][0], want[i][1])
		}
	}
	m, err := merge([]*source.Dataset{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi, ok := m.Span(); !ok || lo != 50 || hi != 900 || m.Skimmed != (source.Extent{Start: 50, End: 900, OK: true}) {
		t.Errorf("merged: span %d..%d %v, skimmed %+v; want 50..900", lo, hi, ok, m.Skimmed)
	}
	if lo, hi, ok := (&source.Dataset{Skimmed: source.Extent{Start: 7, End: 8, OK: true}}).Span(); !ok || lo != 7 || hi != 8 {
		t.Errorf("a dataset of skimmed rows alone: span %d..%d %v", lo, hi, ok)
	}
}
