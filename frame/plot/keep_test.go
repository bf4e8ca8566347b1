package plot

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestStepKeeperDrawsAsFigure: a figure of the layers a StepKeeper kept
// is, point for point, the figure of the whole series, on random step
// series of two value columns: times repeated or not, values tied,
// series shorter and longer than the figure's maximum, an origin before
// the data or at its start (a figure without one).
func TestStepKeeperDrawsAsFigure(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 14))
	thinned := 0
	for c := range 300 {
		n := 1 + r.IntN(3000)
		if c%10 == 0 {
			n = 1 + r.IntN(60000)
		}
		times, a, b := make([]int64, n), make([]float64, n), make([]float64, n)
		ts := int64(1_700_000_000_000_000 + r.IntN(1_000_000_000))
		for i := range n {
			if i > 0 && r.IntN(5) > 0 { // a fifth of the points share the previous time
				ts += int64(r.IntN(3_000_000))
			}
			times[i], a[i], b[i] = ts, float64(r.IntN(8)), float64(r.IntN(1000))
		}
		whole := frame.New(frame.MicrosCol("time", times, nil), frame.Float64Col("a", a, nil), frame.Float64Col("b", b, nil))
		maxPoints := []int{0, 4, 7, 40, 400, 8000, n}[r.IntN(7)]
		origin, hasOrigin := times[0], r.IntN(2) == 0
		if hasOrigin {
			origin -= int64(r.IntN(10_000_000_000))
		}
		k := NewStepKeeper(origin, n, times[0], times[n-1], maxPoints, 2)
		for i := range n {
			k.Add(times[i], []float64{a[i], b[i]})
		}
		la, lb := k.Layer(0, "a"), k.Layer(1, "b")
		if la.NumRows() < n && maxPoints > 0 {
			thinned++
		}
		draw := func(fa, fb *frame.Frame) string {
			f := New("t", "", "y").MaxPoints(maxPoints)
			if hasOrigin {
				f.OriginMicros(origin)
			}
			spec, err := f.Step(fa, "time", "a", "a").Step(fb, "time", "b", "b").Spec()
			if err != nil {
				t.Fatalf("case %d: %v", c, err)
			}
			j, _ := json.Marshal(spec)
			return string(j)
		}
		if got, want := draw(la, lb), draw(whole, whole); got != want {
			d := 0
			for d < len(got) && d < len(want) && got[d] == want[d] {
				d++
			}
			t.Logf("first difference at byte %d: got …%s… want …%s…", d, got[max(d-200, 0):min(d+100, len(got))], want[max(d-200, 0):min(d+100, len(want))])
			t.Fatalf("case %d (%d points, max %d, origin %v): the kept layers draw\n%.300s\nthe whole series\n%.300s", c, n, maxPoints, hasOrigin, got, want)
		}
		if maxPoints > 0 && (la.NumRows() > max(maxPoints, 4) || lb.NumRows() > max(maxPoints, 4)) {
			t.Fatalf("case %d: kept %d and %d points of %d, max %d", c, la.NumRows(), lb.NumRows(), n, maxPoints)
		}
	}
	if thinned < 100 {
		t.Fatalf("only %d of 300 series were thinned: the test does not reach the keeper's buckets", thinned)
	}
}

// TestStepKeeperRefuses: points that are not the series announced make
// an errored layer, not a wrong one.
func TestStepKeeperRefuses(t *testing.T) {
	for name, add := range map[string]func(k *StepKeeper){
		"fewer":      func(k *StepKeeper) { k.Add(1, []float64{1}) },
		"more":       func(k *StepKeeper) { k.Add(1, []float64{1}); k.Add(2, []float64{1}); k.Add(3, []float64{1}) },
		"backwards":  func(k *StepKeeper) { k.Add(2, []float64{1}); k.Add(1, []float64{1}) },
		"NaN":        func(k *StepKeeper) { k.Add(1, []float64{1}); k.Add(2, []float64{math.NaN()}) },
		"two values": func(k *StepKeeper) { k.Add(1, []float64{1, 2}); k.Add(2, []float64{1}) },
		"first":      func(k *StepKeeper) { k.Add(0, []float64{1}); k.Add(2, []float64{1}) },
		"last":       func(k *StepKeeper) { k.Add(1, []float64{1}); k.Add(3, []float64{1}) },
	} {
		for _, maxPoints := range []int{0, 1} {
			k := NewStepKeeper(0, 2, 1, 2, maxPoints, 1)
			add(k)
			if k.Layer(0, "v").Err() == nil {
				t.Errorf("%s (max points %d): no error", name, maxPoints)
			}
			if name == "fewer" || name == "more" { // a count not announced
				continue
			}
			k = NewStepKeeper(0, -1, 1, 2, maxPoints, 1)
			add(k)
			if k.Layer(0, "v").Err() == nil {
				t.Errorf("%s (max points %d, not counted): no error", name, maxPoints)
			}
		}
	}
	for name, k := range map[string]*StepKeeper{
		"no layers": NewStepKeeper(0, 1, 1, 1, 4, 0), "layers −1": NewStepKeeper(0, 1, 1, 1, 4, -1),
		"points −2": NewStepKeeper(0, -2, 1, 1, 4, 1), "max points −1": NewStepKeeper(0, 1, 1, 1, -1, 1),
		"first after last": NewStepKeeper(0, 2, 5, 1, 4, 1),
	} {
		k.Add(1, []float64{1})
		if k.Layer(0, "v").Err() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestStepKeeperNotCounted: a keeper told the points are not counted
// (−1) keeps of each layer what a keeper told their number keeps: series
// of fewer, as many and more points than maxPoints, of one and two
// layers, with repeated values and long flat stretches.
func TestStepKeeperNotCounted(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	const maxPoints = 40
	for c, n := range []int{0, 1, 39, 40, 41, 42, 100, 1000} {
		layers := 1 + c%2
		times := make([]int64, n)
		values := make([][]float64, n)
		at := int64(1e15)
		for i := range n {
			at += int64(1 + rng.IntN(5e6))
			times[i] = at
			values[i] = make([]float64, layers)
			for l := range values[i] {
				values[i][l] = float64(rng.IntN(6))
			}
		}
		first, last := int64(0), int64(0)
		if n > 0 {
			first, last = times[0], times[n-1]
		}
		counted := NewStepKeeper(first, n, first, last, maxPoints, layers)
		uncounted := NewStepKeeper(first, -1, first, last, maxPoints, layers)
		for i := range n {
			counted.Add(times[i], values[i])
			uncounted.Add(times[i], values[i])
		}
		for l := range layers {
			want, got := counted.Layer(l, "v"), uncounted.Layer(l, "v")
			if err := firstError(want, got); err != nil {
				t.Fatal(err)
			}
			if want.String() != got.String() {
				t.Fatalf("%d points, layer %d: kept\n%v\nwant\n%v", n, l, got, want)
			}
		}
	}
}

func firstError(fs ...*frame.Frame) error {
	for _, f := range fs {
		if err := f.Err(); err != nil {
			return err
		}
	}
	return nil
}
