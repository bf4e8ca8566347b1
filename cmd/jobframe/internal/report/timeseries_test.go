package report

import (
	"encoding/json"
	"testing"

	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/ops"
)

// TestConcurrencyKept: the concurrency chart of attempts whose series
// is longer than a chart draws, which the section streams into a
// plot.StepKeeper, is the chart of the whole series (ops.StateCounts)
// thinned by the figure, and its peaks are the whole series'.
func TestConcurrencyKept(t *testing.T) {
	d := waitingDataset(30000, 7)
	// a log that began 7 s before its first record: the charts' origin
	// is the log's start, not the series' first time
	d.HasLogSpan, d.LogStart, d.LogEnd = true, 1_785_834_000_000_000-7e6, 1_785_834_000_000_000+40e9
	sc := ops.StateCounts(d.Frames["tasks"])
	if sc.NumRows() <= chartPoints {
		t.Fatalf("%d points: the keeper keeps every point of a series of at most %d", sc.NumRows(), chartPoints)
	}
	got := sectionByID(t, Build(d, Options{}), "concurrency")
	b := newBuilder(d, Options{}.withDefaults(d.Source))
	sameChart(t, got, b.figure("", "", "").Step(sc, "time", "waiting", "waiting").Step(sc, "time", "running", "running"))
	peaks := map[string]float64{}
	for _, f := range got.Facts {
		if f.Value != nil {
			peaks[f.Name] = *f.Value
		}
	}
	for _, col := range []string{"waiting", "running"} {
		if p, ok := peaks["peak "+col]; !ok || p != peak(sc, col) {
			t.Errorf("peak %s %v (given: %v), the whole series' %v", col, p, ok, peak(sc, col))
		}
	}
}

// TestThroughputKept: the throughput chart of more attempts than a chart
// draws, which the section streams into plot.StepKeepers, is the chart
// of the whole series (ops.Throughput of the ends of the attempts ended
// and of those that succeeded) thinned by the figure.
func TestThroughputKept(t *testing.T) {
	d := waitingDataset(30000, 7)
	d.HasLogSpan, d.LogStart, d.LogEnd = true, 1_785_834_000_000_000-7e6, 1_785_834_000_000_000+40e9
	ended := d.Frames["tasks"].Where("end", "not-null", nil)
	ok := ended.Where("state", "==", "success")
	all, succeeded := ops.Throughput(ended, "end"), ops.Throughput(ok, "end")
	if all.NumRows() <= chartPoints || succeeded.NumRows() <= chartPoints {
		t.Fatalf("%d and %d points: the keeper keeps every point of a series of at most %d", all.NumRows(), succeeded.NumRows(), chartPoints)
	}
	got := sectionByID(t, Build(d, Options{}), "throughput")
	b := newBuilder(d, Options{}.withDefaults(d.Source))
	sameChart(t, got, b.figure("", "", "").Step(all, "time", "value", "ended").Step(succeeded, "time", "value", "succeeded"))
}

// sameChart checks that the one chart of section s has the layers and
// origin of figure f of the whole series, thinned as the report thins.
func sameChart(t *testing.T, s Section, f *plot.Figure) {
	t.Helper()
	want, err := f.MaxPoints(chartPoints).Spec()
	if err != nil {
		t.Fatal(err)
	}
	g, _ := json.Marshal(s.Charts[0].Layers)
	w, _ := json.Marshal(want.Layers)
	if string(g) != string(w) || s.Charts[0].OriginUS != want.OriginUS {
		t.Errorf("the %s chart's layers differ from the whole series' (%d and %d bytes)", s.ID, len(g), len(w))
	}
}

// sectionByID returns the section of doc with id, which has one chart.
func sectionByID(t *testing.T, doc *Document, id string) Section {
	t.Helper()
	for _, s := range doc.Sections {
		if s.ID == id && len(s.Charts) == 1 {
			return s
		}
	}
	t.Fatalf("no %s section with one chart", id)
	return Section{}
}
