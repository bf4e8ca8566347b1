package ops

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// randomPlacements returns n placements of a few workers and runs with
// the cases Gantt and Lanes order and place: null workers, starts and
// ends, equal starts (on a coarse grid), an end before its start, bars
// still running.
func randomPlacements(rng *rand.Rand, n, runs int) *frame.Frame {
	run, worker := make([]string, n), make([]string, n)
	wOK, sOK, eOK := make([]bool, n), make([]bool, n), make([]bool, n)
	start, end := make([]int64, n), make([]int64, n)
	job, task, attempt := make([]string, n), make([]int64, n), make([]int64, n)
	state := make([]string, n)
	for i := range n {
		run[i] = fmt.Sprintf("r%d", rng.IntN(runs))
		worker[i], wOK[i] = fmt.Sprintf("w%d", rng.IntN(4)), rng.IntN(12) > 0
		start[i], sOK[i] = int64(rng.IntN(20))*1e6, rng.IntN(10) > 0
		end[i], eOK[i] = start[i]+int64(rng.IntN(8)-1)*1e6, rng.IntN(8) > 0
		job[i], task[i], attempt[i] = fmt.Sprint(rng.IntN(3)), int64(i), int64(rng.IntN(2))
		state[i] = []string{"success", "failed", "lost"}[rng.IntN(3)]
	}
	return frame.New(
		frame.StringCol("run", run, nil),
		frame.StringCol("job", job, nil),
		frame.Int64Col("task", task, nil),
		frame.Int64Col("attempt", attempt, nil),
		frame.StringCol("worker", worker, wOK),
		frame.MicrosCol("start", start, sOK),
		frame.MicrosCol("end", end, eOK),
		frame.StringCol("state", state, nil),
	)
}

// TestGanttRows: GanttRows' bars taken in its order are Gantt's bars,
// on random placements of one run and of several, with and without
// rows that never started.
func TestGanttRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for c := range 40 {
		p := randomPlacements(rng, 1+rng.IntN(60), 1+c%3)
		if c%4 == 0 { // every row started
			p = p.Where("start", "not-null", nil)
		}
		bars, rows, err := GanttRows(p)
		if err != nil {
			t.Fatal(err)
		}
		idx := make([]int, len(rows))
		for k, r := range rows {
			idx[k] = int(r)
		}
		// Gantt's definition, as it sorted a copy before GanttRows
		want := p.Where("start", "not-null", nil).Select(bars.Names()...).Sort(slices.DeleteFunc([]string{"run", "worker", "start"},
			func(c string) bool { return c == "run" && !bars.Has("run") })...)
		if got, w := csvText(t, bars.Take(idx)), csvText(t, want); got != w {
			t.Fatalf("case %d: bars in GanttRows' order\n%s\nwant Gantt's\n%s", c, got, w)
		}
		if got := csvText(t, Gantt(p)); got != csvText(t, want) {
			t.Fatalf("case %d: Gantt\n%s\nwant\n%s", c, got, csvText(t, want))
		}
	}
}

// TestLanesOf: lanesOf rows of the bars is Lanes of those rows taken in
// that order, place for place: random bars (null workers, starts and
// ends, ties), random subsets of their rows in random orders, the rows
// by worker and start as GanttRows orders them, and every row (nil).
func TestLanesOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for c := range 60 {
		bars := randomPlacements(rng, 1+rng.IntN(80), 1)
		var rows []int32
		switch c % 5 {
		case 0: // nil: every row
		case 1:
			var err error
			if _, rows, err = GanttRows(bars); err != nil {
				t.Fatal(err)
			}
		default:
			for _, i := range rng.Perm(bars.NumRows()) {
				if rng.IntN(4) > 0 {
					rows = append(rows, int32(i))
				}
			}
		}
		times, err := barTimes(bars)
		if err != nil {
			t.Fatal(err)
		}
		lane, lanes, _ := lanesOf(times, rows)
		idx := make([]int, 0, len(rows))
		for _, r := range rows {
			idx = append(idx, int(r))
		}
		if rows == nil {
			for i := range bars.NumRows() {
				idx = append(idx, i)
			}
		}
		if len(lane) != len(idx) || len(lanes) != len(idx) {
			t.Fatalf("case %d: %d and %d lanes for %d rows", c, len(lane), len(lanes), len(idx))
		}
		want := Lanes(bars.Take(idx))
		wantLane, _, err1 := want.Int64s("lane")
		wantLanes, _, err2 := want.Int64s("lanes")
		if err := firstErr(err1, err2); err != nil {
			t.Fatal(err)
		}
		for k, i := range idx {
			if int64(lane[k]) != wantLane[k] || int64(lanes[k]) != wantLanes[k] {
				t.Fatalf("case %d: row %d (place %d) in lane %d of %d, want %d of %d", c, i, k, lane[k], lanes[k], wantLane[k], wantLanes[k])
			}
		}
	}
}

// TestSlots: worked by hand, bars of worker a ([0,10), [5,20), [10,15):
// two lanes), b (one at a time) and none, in GanttRows' order: a's
// lanes are its rows "a ·1" and "a ·2", b's is "b", named as first
// met; the bar without a worker has none.
func TestSlots(t *testing.T) {
	us := func(s int64) int64 { return s * 1e6 }
	bars := frame.New(
		frame.StringCol("worker", []string{"b", "a", "a", "", "a", "b"}, []bool{true, true, true, false, true, true}),
		frame.MicrosCol("start", []int64{us(0), us(5), us(0), us(3), us(10), us(30)}, nil),
		frame.MicrosCol("end", []int64{us(30), us(20), us(10), us(4), us(15), 0}, []bool{true, true, true, true, true, false}),
		frame.Int64Col("task", []int64{1, 2, 3, 4, 5, 6}, nil),
		frame.Int64Col("attempt", []int64{0, 0, 0, 0, 0, 0}, nil),
	)
	_, rows, err := GanttRows(bars)
	if err != nil {
		t.Fatal(err)
	}
	slot, names, err := Slots(bars, rows)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for p, i := range rows {
		name := "-"
		if slot[p] >= 0 {
			name = names[slot[p]]
		}
		got = append(got, fmt.Sprintf("%d:%s", i, name))
	}
	want := []string{"2:a ·1", "1:a ·2", "4:a ·1", "0:b", "5:b", "3:-"}
	if fmt.Sprint(got) != fmt.Sprint(want) || fmt.Sprint(names) != "[a ·1 a ·2 b]" {
		t.Errorf("slots %v, names %q; want %v, [a ·1 a ·2 b]", got, names, want)
	}
}
