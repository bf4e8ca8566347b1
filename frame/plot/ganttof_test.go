package plot

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// randomBars returns n bars of workers workers: null workers and
// starts, running bars (null end), ends before their starts, equal
// starts, three states, and the job, task and attempt the spec names.
func randomBars(rng *rand.Rand, n, workers int) *frame.Frame {
	worker, state := make([]string, n), make([]string, n)
	wOK, sOK, eOK := make([]bool, n), make([]bool, n), make([]bool, n)
	start, end := make([]int64, n), make([]int64, n)
	task, attempt := make([]int64, n), make([]int64, n)
	for i := range n {
		worker[i], wOK[i] = fmt.Sprintf("w%d", rng.IntN(workers)), rng.IntN(20) > 0
		start[i], sOK[i] = 1.7e15+int64(rng.IntN(5000))*1e6, rng.IntN(10) > 0
		end[i], eOK[i] = start[i]+int64(rng.IntN(30)-2)*1e6, rng.IntN(15) > 0
		task[i], attempt[i] = int64(i), int64(rng.IntN(2))
		state[i] = []string{"success", "failed", "lost"}[rng.IntN(3)]
	}
	return frame.New(frame.StringCol("worker", worker, wOK), frame.MicrosCol("start", start, sOK), frame.MicrosCol("end", end, eOK),
		frame.Int64Col("task", task, nil), frame.Int64Col("attempt", attempt, nil), frame.StringCol("state", state, nil))
}

// TestGanttOf: a Gantt of rows of a frame in an order is the Gantt of
// those rows taken in that order, spec for spec (bars, rows, counts,
// details): few bars, bars merged (more than GanttMaxBars), more
// workers than GanttMaxRows; every row (nil) and random subsets in
// random orders.
func TestGanttOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for c, size := range [][2]int{{40, 3}, {300, 12}, {GanttMaxBars + 3000, 40}, {3 * GanttMaxRows, GanttMaxRows + 300}} {
		g := randomBars(rng, size[0], size[1])
		for k := range 3 {
			var rows []int32
			idx := make([]int, 0, g.NumRows())
			if k > 0 {
				for _, i := range rng.Perm(g.NumRows()) {
					if rng.IntN(5) > 0 {
						rows, idx = append(rows, int32(i)), append(idx, i)
					}
				}
			} else {
				for i := range g.NumRows() {
					idx = append(idx, i)
				}
			}
			got, err := New("g", "", "").GanttOf(g, rows).Spec()
			if err != nil {
				t.Fatal(err)
			}
			want, err := New("g", "", "").Gantt(g.Take(idx)).Spec()
			if err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(want)
			if string(a) != string(b) {
				t.Fatalf("case %d/%d: GanttOf's spec differs from the Gantt of the rows taken", c, k)
			}
		}
	}
	if _, err := New("g", "", "").GanttOf(randomBars(rng, 5, 2), []int32{7}).Spec(); err == nil {
		t.Error("a row past the frame's end was drawn")
	}
	one := frame.New(frame.StringCol("worker", []string{"w"}, nil), frame.MicrosCol("start", []int64{0}, nil),
		frame.MicrosCol("end", []int64{1e6}, nil), frame.StringCol("state", []string{"success"}, nil))
	if _, err := New("g", "", "").GanttOf(one, []int32{0}).Spec(); err != nil {
		t.Fatal(err)
	}
	if _, err := New("g", "", "").GanttOf(one, []int32{0, 0}).Spec(); err == nil {
		t.Error("a row listed twice was drawn")
	}
}
