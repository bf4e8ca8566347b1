package ops

import (
	"bytes"
	"encoding/json"
	"math"
	"os/exec"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestEfficiencyByHand: four attempts whose figures are worked out here.
func TestEfficiencyByHand(t *testing.T) {
	f := frame.New(
		frame.StringCol("state", []string{"success", "success", "failed", "success"}, nil),
		timeCol("start", 0, 0, 0, 100),
		timeCol("end", 100, 50, 10, 400),
		// attempt 2 has no measured wall time: end − start = 50 s
		frame.Float64Col("wall_time_s", []float64{80, 0, 10, 300}, []bool{true, false, true, true}),
		frame.Float64Col("cpu_time_s", []float64{160, 25, 0, 0}, []bool{true, true, false, true}),
		frame.Float64Col("req_cpus", []float64{4, 1, 2, 0}, nil),
		frame.Float64Col("mem_mb", []float64{512, 100, 2048, 0}, []bool{true, true, true, false}),
		frame.Float64Col("req_mem_mb", []float64{1024, 0, 1024, 1024}, []bool{true, false, true, true}),
		frame.Float64Col("req_time_s", []float64{400, 100, 0, 600}, []bool{true, true, false, true}),
	)
	e := Efficiency(f)
	for col, want := range map[string]string{
		// 80 s measured; 50 from the times; 10; 300
		"wall_s": "80.0 50.0 10.0 300.0",
		// 160 / (80 × 4) = 0.5; 25 / (50 × 1); no cpu; 0 cores held
		"cpu_eff": "0.5 0.5 null null",
		// 320 core-s held, 160 of them idle; 50 and 25; 20 held, cpu unknown; 0 held
		"core_s":        "320.0 50.0 20.0 0.0",
		"unused_core_s": "160.0 25.0 null 0.0",
		// 512 / 1024; no request; 2048 / 1024; no measurement
		"mem_eff": "0.5 null 2.0 null",
		// 80 / 400; 50 / 100; no limit; 300 / 600
		"time_eff": "0.2 0.5 null 0.5",
	} {
		if got := column(t, e, col); got != want {
			t.Errorf("%s = %s, want %s", col, got, want)
		}
	}
	if err := Efficiency(f.Select("state", "start", "end")).Err(); err == nil || !strings.Contains(err.Error(), "no measured resource with its request") {
		t.Errorf("a frame without measurements: %v", err)
	}
}

// TestQuantile: numpy.quantile's default (linear) method.
func TestQuantile(t *testing.T) {
	for _, c := range []struct {
		v    []float64
		q    float64
		want float64
	}{
		{[]float64{4, 1, 3, 2}, 0.95, 3.85}, // rank 2.85 between 3 and 4
		{[]float64{4, 1, 3, 2}, 0.5, 2.5},
		{[]float64{7}, 0.95, 7},
		{[]float64{1, 2}, 1, 2},
		{[]float64{1, 2}, 0, 1},
	} {
		if got := Quantile(c.v, c.q); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Quantile(%v, %g) = %g, want %g", c.v, c.q, got, c.want)
		}
	}
	if !math.IsNaN(Quantile(nil, 0.5)) {
		t.Error("the quantile of nothing is not NaN")
	}
}

// TestRightSizeAgainstTheLogs: per category, RightSize's figures on the
// real Work Queue and TaskVine runs equal those that
// testdata/efficiency/cctools_figures.py reads from the transaction
// logs' lines with numpy (no jobframe code).
func TestRightSizeAgainstTheLogs(t *testing.T) {
	py := "/usr/bin/python3"
	if exec.Command(py, "-c", "import numpy").Run() != nil {
		t.Skip("needs Debian's python3-numpy (python3-pandas) for /usr/bin/python3")
	}
	for _, log := range []string{"workqueue/realrun_wq_7.17.1_transactions.log", "taskvine/realrun_vine_7.17.1_transactions.log"} {
		out, err := exec.Command(py, bundled("efficiency/cctools_figures.py"), bundled(log)).Output()
		if err != nil {
			t.Fatalf("%s: %v", log, err)
		}
		want := map[string]map[string]any{}
		for _, line := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
			var row map[string]any
			if err := json.Unmarshal(line, &row); err != nil {
				t.Fatal(err)
			}
			want[row["category"].(string)] = row
		}
		rs := RightSize(frameOf(t, load(t, bundled(log)), "tasks"), RightSizeOptions{})
		if err := rs.Err(); err != nil {
			t.Fatal(err)
		}
		cats, _, _ := rs.Strings("category")
		if len(cats) != len(want) {
			t.Fatalf("%s: categories %v, the log has %d", log, cats, len(want))
		}
		for i, cat := range cats {
			// the suggestions: 20 % over the quantiles, whole cores
			for from, to := range map[string]string{"mem_mb_q": "suggest_mem_mb", "wall_s_q": "suggest_time_s"} {
				if q, ok := want[cat][from].(float64); ok {
					want[cat][to] = math.Ceil(q * 1.2)
				}
			}
			if q, ok := want[cat]["cpus_used_q"].(float64); ok {
				want[cat]["suggest_cpus"] = math.Max(1, math.Ceil(q))
			}
			for col, w := range want[cat] {
				if col == "category" {
					continue
				}
				got, valid, err := rs.Float64s(col)
				if err != nil {
					t.Fatal(err)
				}
				if w == nil {
					if valid[i] {
						t.Errorf("%s %s: %s = %g, want null", log, cat, col, got[i])
					}
					continue
				}
				if x := w.(float64); !valid[i] || math.Abs(got[i]-x) > 1e-9*math.Max(1, math.Abs(x)) {
					t.Errorf("%s %s: %s = %g (valid %v), want %g", log, cat, col, got[i], valid[i], x)
				}
			}
		}
	}
}

// TestEfficiencyLeavesItsInput: Efficiency reads the frame's own values
// of a column without nulls and one slice of NaN for the columns a frame
// lacks; neither is written to: the frame is the same after, and the
// figures of the columns it lacks are null, those of the others as when
// it has them all.
func TestEfficiencyLeavesItsInput(t *testing.T) {
	f := frame.New(
		frame.StringCol("state", []string{"success", "failed", "success"}, nil),
		timeCol("start", 0, 0, 100),
		timeCol("end", 100, 50, 400),
		frame.Float64Col("cpu_time_s", []float64{160, 25, 30}, nil),
		frame.Float64Col("req_cpus", []float64{4, 1, 2}, nil),
	)
	before := column(t, f, "cpu_time_s") + " " + column(t, f, "req_cpus")
	e := Efficiency(f)
	if after := column(t, f, "cpu_time_s") + " " + column(t, f, "req_cpus"); after != before {
		t.Errorf("the frame read changed: %s, was %s", after, before)
	}
	for col, want := range map[string]string{
		"cpu_eff":  "0.4 0.5 0.05", // 160 / (100 × 4); 25 / 50; 30 / (300 × 2)
		"mem_eff":  "null null null",
		"time_eff": "null null null",
	} {
		if got := column(t, e, col); got != want {
			t.Errorf("%s = %s, want %s", col, got, want)
		}
	}
}

// TestMayPair: mayPair, which spares Efficiency reading a frame without
// one pair of measured and requested columns, agrees with reading them
// (measures.any) on a frame of one attempt with every value given, for
// every subset of the columns measures reads.
func TestMayPair(t *testing.T) {
	cols := []frame.Column{
		frame.Float64Col("cpu_time_s", []float64{5}, nil), frame.Float64Col("req_cpus", []float64{2}, nil),
		frame.Float64Col("mem_mb", []float64{100}, nil), frame.Float64Col("req_mem_mb", []float64{400}, nil),
		frame.Float64Col("req_time_s", []float64{60}, nil), frame.Float64Col("wall_time_s", []float64{10}, nil),
		timeCol("start", 0), timeCol("end", 10),
	}
	pairs := 0
	for set := range 1 << len(cols) {
		var keep []frame.Column
		for i, c := range cols {
			if set&(1<<i) != 0 {
				keep = append(keep, c)
			}
		}
		f := frame.New(keep...)
		m, err := readMeasures(f)
		if err != nil {
			t.Fatalf("columns %v: %v", f.Names(), err)
		}
		if got, want := mayPair(f), m.any(); got != want {
			t.Errorf("columns %v: mayPair %v, the measures read %v", f.Names(), got, want)
		}
		if m.any() {
			pairs++
		}
	}
	// by hand: the three pairs use disjoint columns; a subset lacks the
	// CPUs' pair in 3 of 4 cases, the memory's in 3 of 4, and the time
	// limit's (req_time_s with wall_time_s, or start and end) in
	// 1 − ½ × (1 − ½ × ¾) = 11/16: 256 × 3/4 × 3/4 × 11/16 = 99 lack all three
	if pairs != 256-99 {
		t.Errorf("%d of 256 subsets have a pair, want 157", pairs)
	}
}
