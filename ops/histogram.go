package ops

import (
	"fmt"
	"math"
	"sort"

	"github.com/jobframe/jobframe/frame"
)

// Histogram counts the non-null, non-NaN values of column col (int64 or
// float64) in bins equal-width bins over [0, max] (docs/semantics.md#histograms: the
// default range of jobframe's resource histograms). See HistogramRange
// for the binning rule; an empty population gives an empty frame.
func Histogram(f *frame.Frame, col string, bins int) *frame.Frame {
	vals, err := histValues("Histogram", f, col)
	if err != nil {
		return frame.WithErr(err)
	}
	if len(vals) == 0 {
		return emptyHistogram()
	}
	hi := vals[0]
	for _, v := range vals {
		hi = math.Max(hi, v)
	}
	return histogram(vals, nil, bins, 0, hi)
}

// HistogramRange counts values in bins equal-width bins over [lo, hi],
// exactly as numpy.histogram(values, bins, range=(lo, hi)): the edges are
// lo + k*((hi-lo)/bins) with the last edge hi; a value goes to the last
// bin k whose edge k is <= the value, so bins are half-open and the last
// is closed; values outside [lo, hi] are left out; when lo == hi the range
// is lo-0.5 .. hi+0.5. Pass the population's min and max for numpy's own
// default range. The result has columns lo, hi (the bin's edges) and
// count.
func HistogramRange(f *frame.Frame, col string, bins int, lo, hi float64) *frame.Frame {
	vals, err := histValues("HistogramRange", f, col)
	if err != nil {
		return frame.WithErr(err)
	}
	if lo > hi || math.IsNaN(lo) || math.IsNaN(hi) {
		return frame.Errorf("HistogramRange: range [%v, %v] is empty", lo, hi)
	}
	return histogram(vals, nil, bins, lo, hi)
}

// WeightedHistogramRange is HistogramRange with each row's value counted
// weight times, weight being an int64 column of f:
// numpy.histogram(values, bins, range=(lo, hi), weights=counts). Its use
// is a population kept as its distinct values and their counts (a
// GroupBy of col with frame.Count), whose memory is the number of
// distinct values, not of rows. Rows with a null or NaN value or a null
// weight are left out; count is the sum of the weights in each bin.
func WeightedHistogramRange(f *frame.Frame, col, weight string, bins int, lo, hi float64) *frame.Frame {
	const op = "WeightedHistogramRange"
	vals, rows, err := histRows(op, f, col, true)
	if err != nil {
		return frame.WithErr(err)
	}
	if err := require(op, f, "an int64 weight column", weight); err != nil {
		return frame.WithErr(err)
	}
	w, ok, err := f.Int64s(weight)
	if err != nil {
		return frame.Errorf("%s: weight: %w", op, err)
	}
	weights := make([]int64, 0, len(rows))
	kept := vals[:0]
	for k, r := range rows {
		if ok[r] {
			kept = append(kept, vals[k])
			weights = append(weights, w[r])
		}
	}
	if lo > hi || math.IsNaN(lo) || math.IsNaN(hi) {
		return frame.Errorf("%s: range [%v, %v] is empty", op, lo, hi)
	}
	return histogram(kept, weights, bins, lo, hi)
}

// HistogramEdges counts values in the bins between consecutive edges
// (ascending), with numpy's rule: half-open bins, the last one closed.
func HistogramEdges(f *frame.Frame, col string, edges []float64) *frame.Frame {
	vals, err := histValues("HistogramEdges", f, col)
	if err != nil {
		return frame.WithErr(err)
	}
	if len(edges) < 2 || !sort.Float64sAreSorted(edges) {
		return frame.Errorf("HistogramEdges: want 2 or more ascending edges, got %v", edges)
	}
	return binCount(vals, nil, edges)
}

// histValues returns the non-null, non-NaN values of column col.
func histValues(op string, f *frame.Frame, col string) ([]float64, error) {
	vals, _, err := histRows(op, f, col, false)
	return vals, err
}

// histRows returns the non-null, non-NaN values of column col and, when
// withRows, the row of each.
func histRows(op string, f *frame.Frame, col string, withRows bool) ([]float64, []int, error) {
	if err := require(op, f, "any numeric column of any frame", col); err != nil {
		return nil, nil, err
	}
	v, ok, err := f.Float64s(col)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", op, err)
	}
	out := make([]float64, 0, len(v))
	var rows []int
	if withRows {
		rows = make([]int, 0, len(v))
	}
	for i, x := range v {
		if ok[i] && !math.IsNaN(x) {
			out = append(out, x)
			if withRows {
				rows = append(rows, i)
			}
		}
	}
	return out, rows, nil
}

// histogram counts vals (each weights[i] times, or once when weights is
// nil) in bins equal-width bins over [lo, hi] (see HistogramRange).
func histogram(vals []float64, weights []int64, bins int, lo, hi float64) *frame.Frame {
	if bins < 1 {
		return frame.Errorf("histogram: %d bins; want 1 or more", bins)
	}
	if lo == hi {
		lo, hi = lo-0.5, hi+0.5
	}
	step := (hi - lo) / float64(bins)
	edges := make([]float64, bins+1)
	for k := 0; k < bins; k++ {
		edges[k] = float64(k)*step + lo // numpy.linspace's arithmetic
	}
	edges[bins] = hi
	return binCount(vals, weights, edges)
}

// binCount counts vals (each weights[i] times, or once when weights is
// nil) in the bins between consecutive edges.
func binCount(vals []float64, weights []int64, edges []float64) *frame.Frame {
	bins := len(edges) - 1
	counts := make([]int64, bins)
	lo, hi := edges[0], edges[bins]
	for i, v := range vals {
		if v < lo || v > hi {
			continue
		}
		// the last bin k whose left edge is <= v
		k := sort.Search(bins, func(i int) bool { return edges[i] > v }) - 1
		if weights != nil {
			counts[max(k, 0)] += weights[i]
		} else {
			counts[max(k, 0)]++
		}
	}
	return frame.New(frame.Float64Col("lo", edges[:bins], nil), frame.Float64Col("hi", edges[1:], nil), frame.Int64Col("count", counts, nil))
}

func emptyHistogram() *frame.Frame {
	return frame.New(frame.Float64Col("lo", nil, nil), frame.Float64Col("hi", nil, nil), frame.Int64Col("count", nil, nil))
}
