package ops

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// recorded is a StepSink that keeps every point, and what open was told.
type recorded struct {
	points      int
	first, last int64
	t           []int64
	v           [][2]float64
}

func (r *recorded) Add(t int64, v []float64) {
	r.t, r.v = append(r.t, t), append(r.v, [2]float64{v[0], v[1]})
}

// TestStateCountsInParts: the waiting and running counts walked a part
// of the time span at a time are, point for point, those walked whole:
// random attempts (retried, never started, canceled while waiting,
// running at the end, many at one time), cut into parts of 1 to 50
// changes and walked whole; the whole walk announces its points and
// span, the walk in parts the span and −1.
func TestStateCountsInParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for c := range 40 {
		n := 1 + rng.IntN(300)
		task, attempt, sub, st, en := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
		subOK, stOK, enOK := make([]bool, n), make([]bool, n), make([]bool, n)
		for i := range n {
			task[i], attempt[i] = int64(rng.IntN(n)), int64(rng.IntN(3))
			sub[i], subOK[i] = int64(rng.IntN(50))*1e6, rng.IntN(10) > 0
			st[i], stOK[i] = sub[i]+int64(rng.IntN(20))*1e6, rng.IntN(5) > 0
			en[i], enOK[i] = st[i]+int64(rng.IntN(20))*1e6, rng.IntN(4) > 0
			if c%5 == 0 { // many changes at one time
				sub[i] = 0
			}
		}
		tasks := frame.New(frame.Int64Col("task", task, nil), frame.Int64Col("attempt", attempt, nil),
			frame.MicrosCol("submit", sub, subOK), frame.MicrosCol("start", st, stOK), frame.MicrosCol("end", en, enOK))
		ev, err := readStateEvents(tasks)
		if err != nil {
			t.Fatal(err)
		}
		walk := func(partTimes int) *recorded {
			r := &recorded{}
			ev.walkInParts(func(points int, first, last int64) StepSink {
				r.points, r.first, r.last = points, first, last
				return r
			}, partTimes)
			return r
		}
		whole := walk(1 << 30)
		if whole.points != len(whole.t) || len(whole.t) > 0 && (whole.first != whole.t[0] || whole.last != whole.t[len(whole.t)-1]) {
			t.Fatalf("case %d: the whole walk announced %d points from %d to %d, gave %d", c, whole.points, whole.first, whole.last, len(whole.t))
		}
		for _, partTimes := range []int{1, 2, 7, 50} {
			parts := walk(partTimes)
			if !slices.Equal(parts.t, whole.t) || !slices.Equal(parts.v, whole.v) {
				t.Fatalf("case %d, parts of %d: %v %v\nwant %v %v", c, partTimes, parts.t, parts.v, whole.t, whole.v)
			}
			if len(whole.t) > 0 && (parts.first != whole.first || parts.last != whole.last) || parts.points != -1 && parts.points != whole.points {
				t.Fatalf("case %d, parts of %d: announced %d points from %d to %d", c, partTimes, parts.points, parts.first, parts.last)
			}
		}
		if got, want := fmt.Sprint(walk(1<<30).v), fmt.Sprint(stateCountsValues(t, tasks)); got != want {
			t.Fatalf("case %d: the walk %v, want StateCounts' %v", c, got, want)
		}
	}
}

// stateCountsValues returns StateCounts' waiting and running counts.
func stateCountsValues(t *testing.T, tasks *frame.Frame) [][2]float64 {
	t.Helper()
	sc := StateCounts(tasks)
	w, _, err1 := sc.Float64s("waiting")
	r, _, err2 := sc.Float64s("running")
	if err := firstErr(err1, err2); err != nil {
		t.Fatal(err)
	}
	out := make([][2]float64, len(w))
	for i := range w {
		out[i] = [2]float64{w[i], r[i]}
	}
	return out
}
