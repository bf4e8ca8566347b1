package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// The scores as EPMT computes them, an array at a time, written out
// plainly: the scorings' statistics must give the same bits.
func iqrByArrays(ys []float64) []float64 {
	out := make([]float64, len(ys))
	if len(ys) == 0 {
		return out
	}
	s := slices.Clone(ys)
	slices.Sort(s)
	q1, q3 := frame.QuantileSorted(s, 0.25), frame.QuantileSorted(s, 0.75)
	lb, ub := q1-1.5*(q3-q1), q3+1.5*(q3-q1)
	for i, y := range ys {
		if y > ub || y < lb {
			out[i] = 1
		}
	}
	return out
}

func modifiedZByArrays(ys []float64) []float64 {
	out := make([]float64, len(ys))
	if len(ys) == 0 {
		return out
	}
	med := median(ys)
	dev := make([]float64, len(ys))
	for i, y := range ys {
		dev[i] = math.Abs(y - med)
	}
	mad := median(dev)
	if mad == 0 {
		mad = pairwiseSum(dev) / float64(len(dev))
	}
	if mad > 0 {
		for i, d := range dev {
			out[i] = npround(0.6745*d/mad, 4)
		}
	}
	return out
}

func zByArrays(ys []float64) []float64 {
	out := make([]float64, len(ys))
	if len(ys) == 0 {
		return out
	}
	n := float64(len(ys))
	mu := pairwiseSum(ys) / n
	sq := make([]float64, len(ys))
	for i, y := range ys {
		sq[i] = (y - mu) * (y - mu)
	}
	std, mean := npround(math.Sqrt(pairwiseSum(sq)/n), 4), npround(mu, 4)
	for i, y := range ys {
		z := npround(math.Abs(y-mean)/std, 4)
		switch {
		case math.IsNaN(z):
			z = 0
		case math.IsInf(z, 1):
			z = math.MaxFloat64
		}
		out[i] = z
	}
	return out
}

// TestScoringsAgainstArrays: random sets of every shape (constant, a MAD
// of 0, heavy tails, sizes about numpy's 8192-value buffer) score alike,
// bit for bit, from statistics and from whole arrays; the input is left
// as it was.
func TestScoringsAgainstArrays(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 17))
	for _, n := range []int{0, 1, 4, 5, 17, 129, 1000, 8191, 8192, 8193, 20000} {
		for shape := range 4 {
			ys := make([]float64, n)
			for i := range ys {
				switch shape {
				case 0: // constant
					ys[i] = 3
				case 1: // over half equal: a MAD of 0, the mean deviation instead
					ys[i] = 5
					if r.IntN(20) < 9 {
						ys[i] = math.Exp(r.NormFloat64() * 3)
					}
				case 2:
					ys[i] = r.NormFloat64()*20 + 100
				default: // heavy tail
					ys[i] = math.Exp(r.NormFloat64() * 3)
				}
			}
			before := slices.Clone(ys)
			if n > 0 { // the MAD, or the mean deviation, as numpy sums it: in row order
				med := median(ys)
				dev := make([]float64, n)
				for i, y := range ys {
					dev[i] = math.Abs(y - med)
				}
				mad := median(dev)
				if mad == 0 {
					mad = pairwiseSum(dev) / float64(n)
				}
				if got := newScoring(methodModifiedZ, ys).b; math.Float64bits(got) != math.Float64bits(mad) {
					t.Fatalf("%d values of shape %d: MAD %v, want %v", n, shape, got, mad)
				}
			}
			for name, pair := range map[string][2]func([]float64) []float64{
				"iqr": {IQRScores, iqrByArrays}, "modified z": {ModifiedZScores, modifiedZByArrays}, "z": {ZScores, zByArrays}} {
				got, want := pair[0](ys), pair[1](ys)
				for i := range want {
					if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
						t.Fatalf("%s, %d values of shape %d: row %d scores %v, want %v", name, n, shape, i, got[i], want[i])
					}
				}
				if !slices.Equal(ys, before) {
					t.Fatalf("%s moved its input", name)
				}
			}
		}
	}
}

// TestMinMethods: the rows MinMethods keeps are those of the whole
// result with outlier_methods at least that, each column alike, over two
// features and sets of every size (one of fewer than 4 rows, untested).
func TestMinMethods(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 55))
	const n = 3000
	ids, by := make([]string, n), make([]string, n)
	a, b := make([]float64, n), make([]int64, n)
	for i := range n {
		ids[i] = fmt.Sprint("j", i)
		by[i] = []string{"x", "y", "y", "z", "z", "z"}[r.IntN(6)]
		if i == n-1 || i == n-2 {
			by[i] = "tiny" // a set of 2: null counts, never kept
		}
		a[i] = math.Exp(r.NormFloat64() * 2)
		b[i] = int64(r.IntN(50))
		if r.IntN(100) == 0 {
			b[i] = 500 + int64(r.IntN(5000))
		}
	}
	f := frame.New(frame.StringCol("job", ids, nil), frame.Float64Col("cpu_time", a, nil), frame.Int64Col("num_procs", b, nil),
		frame.StringCol("tag.exp_name", by, nil))
	for _, o := range []OutlierOptions{{}, {By: []string{"tag.exp_name"}}, {Methods: []string{"z_score", "iqr"}, By: []string{"tag.exp_name"}}} {
		full := Outliers(f, o)
		methods, valid, err := full.Int64s("outlier_methods")
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for least := 1; least <= 7; least++ {
			var rows []int
			for i, m := range methods {
				if valid[i] && m >= int64(least) {
					rows = append(rows, i)
				}
			}
			o.MinMethods = least
			got := Outliers(f, o)
			if err := got.Err(); err != nil {
				t.Fatal(err)
			}
			if want := full.Take(rows); fmt.Sprint(got.Names()) != fmt.Sprint(want.Names()) || got.NumRows() != want.NumRows() {
				t.Fatalf("%+v: columns %v, %d rows; want %v, %d", o, got.Names(), got.NumRows(), want.Names(), want.NumRows())
			}
			for _, c := range got.Names() {
				if g, w := columnValues(t, got, c), columnValues(t, full.Take(rows), c); g != w {
					t.Errorf("%+v, at least %d: column %s %s, want %s", o, least, c, g, w)
				}
			}
			seen += len(rows)
		}
		if seen == 0 {
			t.Fatalf("%+v: no row flagged at any level: the test tests nothing", o)
		}
	}
}

// columnValues prints every value of column c of f ("null" where null).
func columnValues(t *testing.T, f *frame.Frame, c string) string {
	t.Helper()
	typ, err := f.Type(c)
	if err != nil {
		t.Fatal(err)
	}
	var vals []string
	switch typ {
	case frame.String:
		v, ok, _ := f.Strings(c)
		for i := range v {
			vals = append(vals, fmt.Sprint(v[i], ok[i]))
		}
	case frame.Int64:
		v, ok, _ := f.Int64s(c)
		for i := range v {
			vals = append(vals, fmt.Sprint(v[i], ok[i]))
		}
	default:
		v, ok, _ := f.Float64s(c)
		for i := range v {
			vals = append(vals, fmt.Sprint(math.Float64bits(v[i]), ok[i]))
		}
	}
	return fmt.Sprint(vals)
}
