package frame

import (
	"cmp"
	"math"
	"slices"
)

// Describe summarises every numeric (int64 or float64) column as pandas'
// describe() does: a "stat" column with count, mean, std (ddof=1), min,
// 25%, 50%, 75% and max, then one float64 column per numeric column.
// Nulls are skipped; a statistic with no defined value is null.
func (f *Frame) Describe() *Frame {
	if f.err != nil {
		return f
	}
	stats := []string{"count", "mean", "std", "min", "25%", "50%", "75%", "max"}
	cols := []Column{StringCol("stat", stats, nil)}
	for i, a := range f.cols {
		t := typeOf(a.DataType())
		if t != Int64 && t != Float64 {
			continue
		}
		all := asFloats(a)
		var vals []float64
		for r, v := range all {
			if a.IsValid(r) {
				vals = append(vals, v)
			}
		}
		out := make([]float64, len(stats))
		ok := make([]bool, len(stats))
		out[0], ok[0] = float64(len(vals)), true
		if n := len(vals); n > 0 {
			sum := 0.0
			for _, v := range vals {
				sum += v
			}
			mean := sum / float64(n)
			out[1], ok[1] = mean, true
			if n > 1 {
				ss := 0.0
				for _, v := range vals {
					ss += (v - mean) * (v - mean)
				}
				out[2], ok[2] = math.Sqrt(ss/float64(n-1)), true
			}
			slices.Sort(vals)
			for k, q := range []float64{0, 0.25, 0.5, 0.75, 1} {
				out[3+k], ok[3+k] = QuantileSorted(vals, q), true
			}
		}
		cols = append(cols, Float64Col(f.names[i], out, ok))
	}
	return New(cols...)
}

// ValueCounts returns the distinct non-null values of col with their
// number of rows (columns col and "count"), most frequent first; ties are
// in ascending value order. Nulls are not counted, as in pandas.
func (f *Frame) ValueCounts(col string) *Frame {
	if f.err != nil {
		return f
	}
	g := f.Where(col, "not-null", nil).GroupBy(col).Agg(Count())
	if g.err != nil {
		return g
	}
	counts := int64Values(g.cols[1])
	idx := make([]int, len(counts))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(x, y int) int { return cmp.Compare(counts[y], counts[x]) })
	return g.take(idx)
}
