package plot

import (
	"reflect"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame"
)

// TestSpecByHand: a figure as data, against values worked out by hand.
func TestSpecByHand(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

	// Steps on a time axis from an origin 10 s before the first point:
	// x in seconds since it, rounded to the millisecond.
	busy := frame.New(frame.TimeCol("time", []time.Time{at(0), at(1.5), at(62.0004)}, nil),
		frame.Float64Col("value", []float64{2, 5, 0}, nil))
	s, err := New("busy", "", "CPUs").OriginMicros(t0.Add(-10*time.Second).UnixMicro()).Step(busy, "time", "value", "in use").Spec()
	if err != nil {
		t.Fatal(err)
	}
	if s.X != "time" || s.OriginUS != t0.Add(-10*time.Second).UnixMicro() || len(s.Layers) != 1 {
		t.Fatalf("spec %+v", s)
	}
	if l := s.Layers[0]; l.Kind != "step" || l.Label != "in use" || !reflect.DeepEqual(l.X, []float64{10, 11.5, 72}) || !reflect.DeepEqual(l.Y, []float64{2, 5, 0}) {
		t.Errorf("step layer %+v, want x 10, 11.5, 72 and y 2, 5, 0", l)
	}

	// A Gantt of two workers: a's attempts 0–30 s (success) and 40 s –
	// still running (the end of the data, 70 s); b's 5–20 s (failed).
	g := frame.New(
		frame.StringCol("worker", []string{"a", "a", "b"}, nil),
		frame.TimeCol("start", []time.Time{at(0), at(40), at(5)}, nil),
		frame.TimeCol("end", []time.Time{at(30), {}, at(20)}, []bool{true, false, true}),
		frame.StringCol("job", []string{"1", "1", "2"}, nil),
		frame.Int64Col("task", []int64{7, 8, 9}, nil),
		frame.Int64Col("attempt", []int64{0, 0, 1}, nil),
		frame.StringCol("state", []string{"success", "running", "failed"}, nil),
	)
	steps := frame.New(frame.TimeCol("time", []time.Time{at(70)}, nil), frame.Float64Col("value", []float64{1}, nil))
	s, err = New("gantt", "", "worker").Gantt(g).Step(steps, "time", "value", "").Spec()
	if err != nil {
		t.Fatal(err)
	}
	want := &GanttSpec{Rows: []string{"a", "b"}, Total: 2, States: []string{"failed", "running", "success"},
		Row: []int{0, 0, 1}, Start: []float64{0, 40, 5}, End: []float64{30, 70, 20}, State: []int{2, 1, 0},
		Count: []int{1, 1, 1}, Running: []bool{false, true, false},
		Detail: []string{"job 1 task 7 attempt 0", "job 1 task 8 attempt 0", "job 2 task 9 attempt 1"}}
	if s.OriginUS != t0.UnixMicro() || !reflect.DeepEqual(s.Layers[0].Gantt, want) {
		t.Errorf("gantt spec %+v (origin %d), want %+v", s.Layers[0].Gantt, s.OriginUS, want)
	}

	// Bars and a histogram keep their categories, bins and counts.
	bars := frame.New(frame.StringCol("w", []string{"x", "y"}, nil), frame.Float64Col("n", []float64{3, 0}, []bool{true, false}))
	s, err = New("bars", "w", "n").Bars(bars, "w", "n", "").Spec()
	if err != nil || s.X != "category" || !reflect.DeepEqual(s.Categories, []string{"x", "y"}) || !reflect.DeepEqual(s.Layers[0].Y, []float64{3, 0}) {
		t.Errorf("bars spec %+v, %v", s, err)
	}
	h := frame.New(frame.Float64Col("lo", []float64{0, 1}, nil), frame.Float64Col("hi", []float64{1, 2}, nil), frame.Int64Col("count", []int64{4, 6}, nil))
	s, err = New("hist", "s", "n").Hist(h, "").Spec()
	if err != nil || s.X != "number" || !reflect.DeepEqual(s.Layers[0].Lo, []float64{0, 1}) || !reflect.DeepEqual(s.Layers[0].Y, []float64{4, 6}) {
		t.Errorf("hist spec %+v, %v", s, err)
	}
	if _, err := New("empty", "", "").Spec(); err == nil {
		t.Error("a figure without layers gave a spec")
	}
}

// TestSpecMergesLargeGantts: above GanttMaxBars attempts, back-to-back
// bars of a worker and state merge into one counted bar.
func TestSpecMergesLargeGantts(t *testing.T) {
	n := GanttMaxBars + 1
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	workers, states := make([]string, n), make([]string, n)
	starts, ends := make([]time.Time, n), make([]time.Time, n)
	for i := range n {
		workers[i], states[i] = "w", "success"
		starts[i], ends[i] = t0.Add(time.Duration(i)*time.Second), t0.Add(time.Duration(i+1)*time.Second)
	}
	g := frame.New(frame.StringCol("worker", workers, nil), frame.TimeCol("start", starts, nil), frame.TimeCol("end", ends, nil),
		frame.StringCol("state", states, nil))
	s, err := New("g", "", "").Gantt(g).Spec()
	if err != nil {
		t.Fatal(err)
	}
	gs := s.Layers[0].Gantt
	if len(gs.Row) != 1 || gs.Count[0] != n || gs.Start[0] != 0 || gs.End[0] != float64(n) || gs.Detail[0] != "" {
		t.Errorf("merged gantt %d bars, first %v×%d from %g to %g", len(gs.Row), gs.Detail[:1], gs.Count[0], gs.Start[0], gs.End[0])
	}
}
