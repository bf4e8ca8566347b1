package ops

import (
	"math"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// The per-task measured-resource histograms of docs/semantics.md#expected-histograms and
// shared/data/README.md (verified there with numpy 1.24).
func TestHistogramsOfTheLogs(t *testing.T) {
	cases := []struct {
		file, col string
		retrieved bool // every RETRIEVED instead of the final attempts
		want      string
	}{
		{"wq/realrun", "mem_mb", false, "1 3 3 3 3 0 0 0 1 2"},
		{"wq/realrun", "mem_mb", true, "1 3 3 3 3 0 0 0 1 4"},
		{"wq/realrun", "wall_time_s", false, "0 0 0 0 0 1 6 4 4 1"},
		{"wq/realrun", "wall_time_s", true, "0 0 0 0 0 3 6 4 4 1"},
		{"vine/realrun", "mem_mb", false, "1 3 3 4 3 0 0 0 0 2"},
		{"vine/realrun", "cores_avg", false, "1 8 3 1 1 1 0 0 0 1"},
		{"shared:workqueue/synthetic_wq_7.17_transactions.log", "mem_mb", false, "21 13 2 2 0 1 0 0 0 1"},
		{"shared:workqueue/synthetic_wq_7.17_transactions.log", "mem_mb", true, "21 13 7 2 0 1 0 0 0 1"},
		{"shared:workqueue/synthetic_wq_7.17_transactions.log", "cpu_time_s", false, "0 2 5 7 8 4 3 3 4 4"},
		{"shared:taskvine/synthetic_vine_7.17_transactions.log", "mem_mb", false, "12 17 6 1 1 1 0 1 0 1"},
		// all 231 memories are 0 (allocation fallback): range (-0.5, 0.5)
		{"shared:taskvine/lnni_2025-03_transactions.log", "mem_mb", false, "0 0 0 0 0 231 0 0 0 0"},
	}
	paths := map[string]string{"wq/realrun": "workqueue/realrun_wq_7.17.1_transactions.log", "vine/realrun": "taskvine/realrun_vine_7.17.1_transactions.log"}
	for _, c := range cases {
		path := bundled(paths[c.file])
		if rest, ok := strings.CutPrefix(c.file, "shared:"); ok {
			path = sharedData(t, rest)
		}
		tasks := frameOf(t, load(t, path), "tasks")
		pop := tasks.Where("final", "==", true)
		if c.retrieved {
			pop = tasks.Where("raw_state", "not-null", nil).Where("measured_start", "not-null", nil)
		}
		h := Histogram(pop, c.col, 10)
		if got := column(t, h, "count"); got != c.want {
			t.Errorf("%s %s (retrieved %v): %s, want %s", c.file, c.col, c.retrieved, got, c.want)
		}
	}
}

func TestHistogramNumpyEdges(t *testing.T) {
	f := frame.New(frame.Float64Col("v", []float64{0, 0.1, 0.2, 0.30000000000000004, 0.7, 1, 1.1, -1}, []bool{true, true, true, true, true, true, true, true}))
	// numpy.histogram([...], bins=10, range=(0, 1)): 1.1 and -1 left out,
	// 1 in the last (closed) bin; 0.30000000000000004 in bin 3 because
	// edge 3 = 3*0.1 = 0.30000000000000004, and 0.7 in bin 6 because edge
	// 7 = 7*0.1 = 0.7000000000000001 > 0.7
	h := HistogramRange(f, "v", 10, 0, 1)
	if got := column(t, h, "count"); got != "1 1 1 1 0 0 1 0 0 1" {
		t.Fatal(got)
	}
	if lo, _, _ := h.Float64s("lo"); lo[3] != 0.30000000000000004 || lo[7] != 0.7000000000000001 {
		t.Fatal(lo)
	}
	e := HistogramEdges(f, "v", []float64{-1, 0, 1})
	if got := column(t, e, "count"); got != "1 6" {
		t.Fatal(got)
	}
	if err := Histogram(frame.New(frame.StringCol("s", []string{"a"}, nil)), "s", 10).Err(); err == nil || !strings.Contains(err.Error(), "is string, not float64 or int64") {
		t.Fatal(err)
	}
	if err := Histogram(f, "nope", 10).Err(); err == nil || !strings.Contains(err.Error(), "Histogram: the frame lacks column(s) nope") {
		t.Fatal(err)
	}
	if h := Histogram(f.Head(0), "v", 10); h.Err() != nil || h.NumRows() != 0 {
		t.Fatal("an empty population gives an empty histogram", h.Err())
	}
}

// A weighted histogram counts each value weight times: by hand on the
// numpy edge cases above, and against HistogramRange of the values
// repeated, on the distinct values of a real log's memory column.
func TestWeightedHistogramRange(t *testing.T) {
	nan := math.NaN()
	f := frame.New(
		frame.Float64Col("v", []float64{0, 0.30000000000000004, 0.7, 1, 1.1, 0.5, nan, 0.2}, []bool{true, true, true, true, true, false, true, true}),
		frame.Int64Col("n", []int64{3, 2, 5, 1, 7, 4, 6, 9}, []bool{true, true, true, true, true, true, true, false}),
	)
	// bins as in TestHistogramNumpyEdges; 1.1 is out of range, the null
	// value, the NaN and the null weight are left out
	h := WeightedHistogramRange(f, "v", "n", 10, 0, 1)
	if got := column(t, h, "count"); got != "3 0 0 2 0 0 5 0 0 1" {
		t.Fatal(got)
	}

	tasks := frameOf(t, load(t, bundled("workqueue/realrun_wq_7.17.1_transactions.log")), "tasks").Where("mem_mb", "not-null", nil)
	counts := tasks.GroupBy("mem_mb").Agg(frame.Count().As("n"))
	if counts.NumRows() >= tasks.NumRows() {
		t.Fatalf("%d distinct values of %d rows: no repeats to weigh", counts.NumRows(), tasks.NumRows())
	}
	lo, hi := 100.0, 1200.0
	want := column(t, HistogramRange(tasks, "mem_mb", 7, lo, hi), "count")
	if want == "0 0 0 0 0 0 0" {
		t.Fatal("no value in range")
	}
	if got := column(t, WeightedHistogramRange(counts, "mem_mb", "n", 7, lo, hi), "count"); got != want {
		t.Errorf("weighted by counts %s, the rows %s", got, want)
	}

	for _, c := range []struct {
		f      *frame.Frame
		weight string
		want   string
	}{
		{f, "v", "WeightedHistogramRange: weight"},
		{f, "w", "lacks column(s) w"},
	} {
		if err := WeightedHistogramRange(c.f, "v", c.weight, 10, 0, 1).Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("weight %q: %v, want %q", c.weight, err, c.want)
		}
	}
	if err := WeightedHistogramRange(f, "v", "n", 10, 1, 0).Err(); err == nil {
		t.Error("an empty range was accepted")
	}
}
