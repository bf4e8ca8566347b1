package report

import (
	"math"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
)

const hour = int64(3_600_000_000) // µs

// factValue returns the value of section s's fact name.
func factValue(t *testing.T, s Section, name string) float64 {
	t.Helper()
	for _, f := range s.Facts {
		if f.Name == name && f.Value != nil {
			return *f.Value
		}
	}
	t.Fatalf("%s: no fact %q in %+v", s.ID, name, s.Facts)
	return 0
}

func nearly(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// TestGPUSection: by hand, three attempts: 2 GPUs for 1 h at 50 %
// (held 2, used 1); 1 GPU for 2 h, unmeasured (held 2); 4 GPUs
// requested, none said held, for 30 min at 25 % (held 2, used 0.5). Held
// 6 GPU-h; of the 4 measured, 1.5 used: 37.5 %, 2.5 idle. And a
// worker sampled at 0, 1 h and 2 h with 2 GPUs at 0, 50 and 100 %: 4
// GPU-h sampled, 1 + 2 busy: 75 %.
func TestGPUSection(t *testing.T) {
	nan := []bool{true, true, false}
	tasks := frame.New(
		frame.StringCol("category", []string{"train", "train", "infer"}, nil),
		frame.MicrosCol("start", []int64{0, 0, 0}, nil),
		frame.MicrosCol("end", []int64{hour, 2 * hour, hour / 2}, nil),
		frame.Float64Col("gpus", []float64{2, 1, 0}, nan),
		frame.Float64Col("req_gpus", []float64{2, 1, 4}, nil),
		frame.Float64Col("gpu_util_pct", []float64{50, 0, 25}, []bool{true, false, true}),
	)
	perf := frame.New(
		frame.MicrosCol("time", []int64{0, hour, 2 * hour}, nil),
		frame.StringCol("worker", []string{"g1", "g1", "g1"}, nil),
		frame.Float64Col("gpus", []float64{2, 2, 2}, nil),
		frame.Float64Col("gpu_percent", []float64{0, 50, 100}, nil),
		frame.Float64Col("gpu_mem_percent", []float64{10, 20, 30}, nil),
	)
	d := &loaders.Dataset{Source: "test", Frames: map[string]*frame.Frame{"tasks": tasks, "perf": perf}}
	s := newBuilder(d, Options{MaxTableRows: 20}).gpus()
	for name, want := range map[string]float64{
		"attempts holding GPUs": 3, "GPU-hours held": 6, "GPU-hours used": 1.5, "GPU efficiency": 37.5, "idle GPU-hours": 2.5,
		"worker GPU samples": 3, "GPU-hours sampled": 4, "GPU utilization (samples)": 75, "mean GPU memory used (samples)": 20,
	} {
		nearly(t, name, factValue(t, s, name), want)
	}
	if got := s.Tables[0].Rows; len(got) != 2 || got[0][0] != "infer" || got[0][4] != "1.5" || got[1][0] != "train" || got[1][2] != "4" || got[1][4] != "1" {
		t.Errorf("per category: %v, want infer (idle 1.5) before train (held 4, idle 1)", got)
	}
}
