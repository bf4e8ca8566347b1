package ops

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// DistinctCounts over a stream of batches gives what one pass over all
// the rows gives: the counts of each value (counted here with a map),
// the range, and numpy's histogram (HistogramRange over the rows at
// once). 300,000 values in batches of 1 to 20,000 rows force several
// merges; they hold nulls, NaNs, -0 beside 0, duplicates across merges
// and, in the int64 case, integers.
func TestDistinctCountsSameAsAllRows(t *testing.T) {
	for _, ints := range []bool{false, true} {
		r := rand.New(rand.NewPCG(3, 4))
		d := NewDistinctCounts("x")
		var allF []float64
		var allOK []bool
		want := map[float64]int64{}
		for len(allF) < 300_000 {
			n := 1 + r.IntN(20_000)
			fv, iv, ok := make([]float64, n), make([]int64, n), make([]bool, n)
			for i := range n {
				iv[i] = int64(r.IntN(90_000)) - 1000
				fv[i] = float64(iv[i]) / 7
				ok[i] = r.IntN(50) != 0
				switch {
				case ints:
				case r.IntN(100) == 0:
					fv[i] = math.NaN()
				case r.IntN(100) == 0:
					fv[i] = math.Copysign(0, -1)
				}
				if ints {
					fv[i] = float64(iv[i])
				}
				if ok[i] && !math.IsNaN(fv[i]) {
					want[fv[i]]++
				}
			}
			col := frame.Float64Col("x", fv, ok)
			if ints {
				col = frame.Int64Col("x", iv, ok)
			}
			if err := d.Add(frame.New(col)); err != nil {
				t.Fatal(err)
			}
			allF, allOK = append(allF, fv...), append(allOK, ok...)
		}
		var rows int64
		lo, hi := math.Inf(1), math.Inf(-1)
		for v, n := range want {
			rows += n
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		if d.Rows() != rows {
			t.Errorf("ints %v: %d rows, want %d", ints, d.Rows(), rows)
		}
		if glo, ghi, ok := d.Range(); !ok || glo != lo || ghi != hi {
			t.Errorf("ints %v: range %v..%v, want %v..%v", ints, glo, ghi, lo, hi)
		}
		f := d.Frame()
		vals, _, _ := f.Float64s("value")
		counts, _, _ := f.Int64s("count")
		if len(vals) != len(want) {
			t.Errorf("ints %v: %d distinct values, want %d", ints, len(vals), len(want))
		}
		for i, v := range vals {
			if i > 0 && !(vals[i-1] < v) {
				t.Fatalf("ints %v: values not ascending at %d: %v then %v", ints, i, vals[i-1], v)
			}
			if counts[i] != want[v] {
				t.Errorf("ints %v: value %v counted %d times, want %d", ints, v, counts[i], want[v])
			}
		}
		whole := frame.New(frame.Float64Col("x", allF, allOK))
		for _, bins := range []int{1, 10, 37} {
			got, exp := d.FullHistogram(bins), HistogramRange(whole, "x", bins, lo, hi)
			if got.String() != exp.String() {
				t.Errorf("ints %v, %d bins:\n%v\nwant\n%v", ints, bins, got, exp)
			}
		}
	}
}

func TestDistinctCountsErrors(t *testing.T) {
	d := NewDistinctCounts("mem_mb")
	err := d.Add(frame.New(frame.Int64Col("cores", []int64{1}, nil)))
	if err == nil || !strings.Contains(err.Error(), "mem_mb") {
		t.Errorf("a frame without the column: %v", err)
	}
	if h := d.FullHistogram(10); h.Err() != nil || h.NumRows() != 0 {
		t.Errorf("no value: %v rows, %v", h.NumRows(), h.Err())
	}
	if h := d.FullHistogram(0); h.Err() == nil {
		t.Error("0 bins: no error")
	}
	d.Add(frame.New(frame.Float64Col("mem_mb", []float64{1, math.Inf(1)}, nil)))
	if h := d.FullHistogram(10); h.Err() == nil {
		t.Error("an infinite value: no error")
	}
}
