package frame

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestQuantileOf: selecting gives QuantileSorted's value of the sorted
// values, bit for bit, for many quantiles of inputs with ties, NaNs,
// infinities, sorted and reversed runs, and every length up to 70.
func TestQuantileOf(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	gens := map[string]func(i, n int) float64{
		"spread":   func(int, int) float64 { return r.NormFloat64() * 1e3 },
		"ties":     func(int, int) float64 { return float64(r.IntN(4)) },
		"nan":      func(int, int) float64 { return []float64{math.NaN(), 1, 2, math.Inf(1), math.Inf(-1)}[r.IntN(5)] },
		"sorted":   func(i, _ int) float64 { return float64(i) },
		"reversed": func(i, n int) float64 { return float64(n - i) },
		"organ":    func(i, n int) float64 { return float64(min(i, n-i)) },
	}
	qs := []float64{0, 0.01, 0.25, 0.5, 0.75, 0.95, 0.999, 1}
	for name, gen := range gens {
		for _, n := range append([]int{100, 1000, 20000}, seq(1, 70)...) {
			v := make([]float64, n)
			for i := range v {
				v[i] = gen(i, n)
			}
			sorted := slices.Clone(v)
			slices.Sort(sorted)
			for _, q := range qs {
				want := QuantileSorted(sorted, q)
				got := QuantileOf(slices.Clone(v), q)
				if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
					t.Fatalf("%s n=%d q=%v: %v, want %v", name, n, q, got, want)
				}
			}
		}
	}
	if !math.IsNaN(QuantileOf(nil, 0.5)) {
		t.Error("the quantile of nothing is not NaN")
	}
}

// seq returns lo, lo+1, ..., hi.
func seq(lo, hi int) []int {
	var s []int
	for i := lo; i <= hi; i++ {
		s = append(s, i)
	}
	return s
}
