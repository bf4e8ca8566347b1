package ops

import (
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestLanes: three attempts on worker a, two of them at once and one
// starting the instant another ends, and one on b: a needs two lanes
// (worked by hand: [0,10) lane 1, [5,20) lane 2, [10,15) lane 1 again),
// b one; a bar still running holds its lane.
func TestLanes(t *testing.T) {
	us := func(s int64) int64 { return s * 1e6 }
	bars := frame.New(
		frame.StringCol("worker", []string{"a", "a", "b", "a", "b"}, nil),
		frame.MicrosCol("start", []int64{us(0), us(5), us(0), us(10), us(1)}, nil),
		frame.MicrosCol("end", []int64{us(10), us(20), us(30), us(15), 0}, []bool{true, true, true, true, false}),
	)
	out := Lanes(bars)
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	lane, _, _ := out.Int64s("lane")
	lanes, _, _ := out.Int64s("lanes")
	wantLane, wantLanes := []int64{1, 2, 1, 1, 2}, []int64{2, 2, 2, 2, 2}
	for i := range lane {
		if lane[i] != wantLane[i] || lanes[i] != wantLanes[i] {
			t.Errorf("row %d: lane %d of %d, want %d of %d", i, lane[i], lanes[i], wantLane[i], wantLanes[i])
		}
	}
}

// TestRunsWithNullRun: rows whose run is null are a run of their own in
// the per-run series, never dropped: two runs of one attempt each, 1 CPU
// from 0 to 10 s (worked by hand: the busy integral is 20 CPU·s).
func TestRunsWithNullRun(t *testing.T) {
	us := func(s int64) int64 { return s * 1e6 }
	p := frame.New(
		frame.StringCol("run", []string{"a", ""}, []bool{true, false}),
		frame.MicrosCol("start", []int64{us(0), us(0)}, nil),
		frame.MicrosCol("end", []int64{us(10), us(10)}, nil),
		frame.Float64Col("cpus", []float64{1, 1}, nil),
	)
	area, err := Integral(Busy(p, "cpus"), "time", "value")
	if err != nil || area != 20 {
		t.Fatalf("integral %v (%v), want 20", area, err)
	}
}
