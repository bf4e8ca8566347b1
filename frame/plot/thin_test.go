package plot

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame"
)

// thinByBuckets is Thin as its doc says it, written plainly: each point's
// bucket, then per bucket its first, lowest, highest and last point
// (the earliest of equal values), in index order without repeats.
func thinByBuckets(xs, values []float64, maxPoints int) []int {
	n := len(xs)
	if maxPoints <= 0 || n <= maxPoints {
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		return all
	}
	buckets := max(maxPoints/4, 1)
	width := (xs[n-1] - xs[0]) / float64(buckets)
	bucket := make([]int, n)
	for i, x := range xs {
		if width > 0 {
			bucket[i] = min(int((x-xs[0])/width), buckets-1)
		}
	}
	var keep []int
	for i := 0; i < n; {
		j := i
		for j < n && bucket[j] == bucket[i] {
			j++
		}
		lowest, highest := i, i
		for k := i; k < j; k++ {
			if values[k] < values[lowest] {
				lowest = k
			}
			if values[k] > values[highest] {
				highest = k
			}
		}
		for _, k := range []int{i, min(lowest, highest), max(lowest, highest), j - 1} {
			if len(keep) == 0 || keep[len(keep)-1] < k {
				keep = append(keep, k)
			}
		}
		i = j
	}
	return keep
}

// TestThinAgainstBuckets holds Thin to its plain statement on random
// step series: repeated times, ties of values, one bucket and many.
func TestThinAgainstBuckets(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 55))
	for c := range 200 {
		n := 1 + r.IntN(400)
		xs, vs := make([]float64, n), make([]float64, n)
		x := float64(r.IntN(100))
		for i := range xs {
			if r.IntN(4) > 0 { // a quarter of the points share the previous time
				x += float64(r.IntN(50))
			}
			xs[i], vs[i] = x, float64(r.IntN(6))
		}
		for _, maxPoints := range []int{0, 1, 4, 7, 8, 40, n} {
			if got, want := Thin(xs, vs, maxPoints), thinByBuckets(xs, vs, maxPoints); !reflect.DeepEqual(got, want) {
				t.Fatalf("case %d (%d points, max %d): Thin = %v, want %v", c, n, maxPoints, got, want)
			}
		}
	}
}

// TestStepSkipsNulls: a step layer whose every row is drawn reads the
// frame's columns as they are, and one with a null time, a null value
// and a NaN draws the others, as the same series without those rows.
func TestStepSkipsNulls(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	var ts []time.Time
	var vs []float64
	for i := range 50 {
		ts, vs = append(ts, at(i*i)), append(vs, float64(i%7))
	}
	clean := frame.New(frame.TimeCol("time", ts, nil), frame.Float64Col("value", vs, nil))
	tsValid, vsValid := make([]bool, 53), make([]bool, 53)
	holed := slices.Insert(slices.Clone(ts), 10, at(100), at(101), at(102))
	holedVs := slices.Insert(slices.Clone(vs), 10, 3, math.NaN(), 4)
	for i := range tsValid {
		tsValid[i], vsValid[i] = i != 10, i != 12
	}
	dirty := frame.New(frame.TimeCol("time", holed, tsValid), frame.Float64Col("value", holedVs, vsValid))
	for _, maxPoints := range []int{0, 12} {
		want, err := New("s", "", "").MaxPoints(maxPoints).OriginMicros(t0.UnixMicro()).Step(clean, "time", "value", "v").Spec()
		if err != nil {
			t.Fatal(err)
		}
		got, err := New("s", "", "").MaxPoints(maxPoints).OriginMicros(t0.UnixMicro()).Step(dirty, "time", "value", "v").Spec()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("max %d: with nulls and NaN %+v, want %+v", maxPoints, got.Layers, want.Layers)
		}
	}
}
