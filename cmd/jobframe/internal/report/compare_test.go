package report

import (
	"bytes"
	"errors"
	"math"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
)

func runOf(t *testing.T, name, path string) Run {
	t.Helper()
	d, err := loaders.Open(testdata(path))
	if err != nil {
		t.Fatal(err)
	}
	return Run{Name: name, Data: d}
}

// A run compared with itself changes by nothing, and its figures are
// those verified for the single report: the journal's 56 attempts, 48
// successful, 7,706.436 CPU-s allocated (by hand, TestReportHyperQueue),
// a makespan of 474.89 s (09:00:00 to 09:07:54.890, its first and last
// records).
func TestCompareARunWithItself(t *testing.T) {
	b := built{doc: Compare([]Run{runOf(t, "a", "hq/synthetic_v0.26_journal.jsonl"), runOf(t, "b", "hq/synthetic_v0.26_journal.jsonl")}, Options{})}
	for name, want := range map[string]float64{"attempts (a)": 56, "attempts (b)": 56, "successful attempts (b)": 48,
		"makespan (a)": 474.89, "CPU-hours allocated (b)": 7706.436 / 3600, "failure rate (a)": 100 * 8.0 / 56} {
		if got := b.value(t, "compare-figures", name); !near(got, want) {
			t.Errorf("%s = %.12g, want %.12g", name, got, want)
		}
	}
	for _, f := range b.section(t, "compare-figures").Facts {
		if strings.Contains(f.Name, "change") && (f.Value == nil || *f.Value != 0) {
			t.Errorf("%s = %s, want 0 %%", f.Name, f.Text)
		}
	}
}

// The Work Queue and TaskVine runs of the same workflow: 15 successful
// attempts each (RETRIEVED SUCCESS lines: grep -c), so a change of 0 %;
// the makespans are the logs' first and last records; each chart has a
// series per run, on elapsed time from 0 with no clock.
func TestCompareWorkQueueAndTaskVine(t *testing.T) {
	wq, tv := runOf(t, "wq", "workqueue/realrun_wq_7.17.1_transactions.log"), runOf(t, "tv", "taskvine/realrun_vine_7.17.1_transactions.log")
	b := built{doc: Compare([]Run{wq, tv}, Options{})}
	if got := b.value(t, "compare-figures", "successful attempts change (tv vs wq)"); got != 0 {
		t.Errorf("successful attempts change %g %%, want 0", got)
	}
	spanWQ, spanTV := float64(wq.Data.LogEnd-wq.Data.LogStart)/1e6, float64(tv.Data.LogEnd-tv.Data.LogStart)/1e6
	if got := b.value(t, "compare-figures", "makespan change (tv vs wq)"); math.Abs(got-100*(spanTV-spanWQ)/spanWQ) > 1e-9 {
		t.Errorf("makespan change %g %%, want %g", got, 100*(spanTV-spanWQ)/spanWQ)
	}
	if cells := b.cells(t, "compare-categories"); !strings.Contains(cells, "sim|") || !strings.Contains(cells, "fixed|") {
		t.Errorf("categories table:\n%s", cells)
	}
	charts := b.section(t, "compare-charts").Charts
	if len(charts) != 2 {
		t.Fatalf("%d charts, want 2", len(charts))
	}
	for _, c := range charts {
		if c.OriginUS != 0 || len(c.Layers) != 2 || c.Layers[0].Label != "wq" || c.Layers[1].Label != "tv" {
			t.Errorf("%s: origin %d, layers %d", c.Title, c.OriginUS, len(c.Layers))
		}
		for _, l := range c.Layers {
			if l.X[0] < 0 || l.X[len(l.X)-1] > 60 {
				t.Errorf("%s %s: x from %g to %g s, want within each run's 40 s", c.Title, l.Label, l.X[0], l.X[len(l.X)-1])
			}
		}
	}
}

// The comparison page draws in Chromium without an error or a request.
func TestComparisonInChromium(t *testing.T) {
	w := startChromium(t)
	doc := Compare([]Run{runOf(t, "wq", "workqueue/realrun_wq_7.17.1_transactions.log"), runOf(t, "tv", "taskvine/realrun_vine_7.17.1_transactions.log")}, Options{})
	var buf bytes.Buffer
	if err := Render(&buf, doc); err != nil {
		t.Fatal(err)
	}
	c := w.openReport(filepath.Join(t.TempDir(), "compare.html"), buf.Bytes())
	n := 0
	for _, s := range c.Sections {
		for _, ch := range s.Charts {
			n++
			if ch.Inked < 0.01 {
				t.Errorf("section %s: a chart %.1f %% drawn", s.ID, 100*ch.Inked)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d charts drawn, want 2", n)
	}
}

// CompareLoaded takes each run's figures before it loads the next: when
// the loader is asked for run i, run i-1's frames are garbage (weak
// pointers to them are cleared by a collection), and the document is
// Compare's of the runs loaded at once; an error of the loader stops the
// comparison.
func TestCompareLoadedOneRunAtATime(t *testing.T) {
	paths := []string{"hq/synthetic_v0.26_journal.jsonl", "workqueue/realrun_wq_7.17.1_transactions.log", "taskvine/realrun_vine_7.17.1_transactions.log"}
	var prev []weak.Pointer[frame.Frame]
	doc, err := CompareLoaded(len(paths), func(i int) (Run, error) {
		runtime.GC()
		for _, p := range prev {
			if p.Value() != nil {
				t.Errorf("run %d is loaded while a frame of run %d is still held", i, i-1)
				break
			}
		}
		r := runOf(t, paths[i], paths[i])
		prev = prev[:0]
		for _, f := range r.Data.Frames {
			prev = append(prev, weak.Make(f))
		}
		return r, nil
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var whole, some bytes.Buffer
	runs := []Run{runOf(t, paths[0], paths[0]), runOf(t, paths[1], paths[1]), runOf(t, paths[2], paths[2])}
	if err := errors.Join(Encode(&whole, Compare(runs, Options{})), Encode(&some, doc)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(whole.Bytes(), some.Bytes()) {
		t.Error("the comparison of runs loaded one at a time differs from that of the runs loaded at once")
	}
	bad := errors.New("the second run does not load")
	if _, err := CompareLoaded(3, func(i int) (Run, error) {
		if i == 1 {
			return Run{}, bad
		}
		return runOf(t, paths[i], paths[i]), nil
	}, Options{}); !errors.Is(err, bad) {
		t.Errorf("a run that does not load: %v, want %v", err, bad)
	}
}

// A part of a run's figures that panics (a bug in an op) makes its
// section's reason, as a section that panics does, and the comparison
// goes on: here a builder without a dataset, whose figures and series
// panic (its medians need only the durations, which it lacks).
func TestCompareFiguresThatPanic(t *testing.T) {
	runs := []runFigures{figuresOf(&builder{})}
	sections := buildAll([]func() Section{
		func() Section { return compareFigures(runs, []string{"a"}) },
		func() Section { return compareCategories(runs, []string{"a"}, 20) },
		func() Section { return compareCharts(runs, []string{"a"}) },
	})
	for k, want := range []string{"internal error: ", "no run has attempts with a category", "internal error: "} {
		if !strings.HasPrefix(sections[k].Reason, want) {
			t.Errorf("section %d: reason %q, want %q...", k, sections[k].Reason, want)
		}
	}
}
