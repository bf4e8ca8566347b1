package ops

import (
	"fmt"
	"math"
	"slices"

	"github.com/jobframe/jobframe/frame"
)

// DistinctCounts takes the values of one numeric column over a stream of
// frames (the batches of Options.Batch, say) and keeps them as their
// distinct values and counts, sorted by value: its memory follows the
// distinct values, not the rows, and a histogram over the range of all
// the values, known only once the stream ends, is exactly the one over
// every row at once. Null and NaN values are left out, as Histogram
// leaves them out. The zero value is not ready: use NewDistinctCounts.
//
// Values come in as they are added and are merged into the sorted
// distinct values once they are half as many (and at least 65,536): a
// merge sorts the new values, then walks both runs once, with no hash
// table. It holds the values pending (8 bytes each) and the distinct
// values and counts before and after (16 bytes a value each): at most
// about 44 bytes per distinct value, and between merges 16 bytes and
// the values pending.
type DistinctCounts struct {
	col    string
	vals   []float64 // distinct, ascending
	counts []int64   // of vals[i]
	pend   []float64 // values added since the last merge
	rows   int64
}

// NewDistinctCounts returns an empty DistinctCounts of column col.
func NewDistinctCounts(col string) *DistinctCounts { return &DistinctCounts{col: col} }

// distinctMergeMin is the fewest pending values a merge waits for.
const distinctMergeMin = 1 << 16

// Add takes the non-null, non-NaN values of f's column (int64 or
// float64). A frame without the column is an error, as are the frame's
// own errors.
func (d *DistinctCounts) Add(f *frame.Frame) error {
	vals, err := histValues("DistinctCounts.Add", f, d.col)
	if err != nil {
		return err
	}
	d.pend = append(d.pend, vals...)
	d.rows += int64(len(vals))
	if len(d.pend) >= max(len(d.vals)/2, distinctMergeMin) {
		d.merge()
	}
	return nil
}

// merge sorts the pending values and merges their runs of equal values
// into vals and counts.
func (d *DistinctCounts) merge() {
	if len(d.pend) == 0 {
		return
	}
	p := d.pend
	slices.Sort(p)
	vals := make([]float64, 0, len(d.vals)+len(p))
	counts := make([]int64, 0, len(d.vals)+len(p))
	i, j := 0, 0
	for i < len(d.vals) || j < len(p) {
		if j == len(p) || i < len(d.vals) && d.vals[i] < p[j] {
			vals, counts = append(vals, d.vals[i]), append(counts, d.counts[i])
			i++
			continue
		}
		// the run of p[j]
		k := j + 1
		for k < len(p) && p[k] == p[j] {
			k++
		}
		n := int64(k - j)
		if i < len(d.vals) && d.vals[i] == p[j] {
			n += d.counts[i]
			i++
		}
		vals, counts = append(vals, p[j]), append(counts, n)
		j = k
	}
	d.vals, d.counts = slices.Clip(vals), slices.Clip(counts)
	d.pend = d.pend[:0]
}

// Rows returns the number of values taken: the sum of the counts.
func (d *DistinctCounts) Rows() int64 { return d.rows }

// Range returns the smallest and the largest value taken; ok is false
// when none was.
func (d *DistinctCounts) Range() (lo, hi float64, ok bool) {
	d.merge()
	if len(d.vals) == 0 {
		return 0, 0, false
	}
	return d.vals[0], d.vals[len(d.vals)-1], true
}

// Frame returns the distinct values taken, ascending, in column value
// (float64), and how many times each was taken, in column count.
func (d *DistinctCounts) Frame() *frame.Frame {
	d.merge()
	return frame.New(frame.Float64Col("value", d.vals, nil), frame.Int64Col("count", d.counts, nil))
}

// Histogram counts the values taken in bins equal-width bins over
// [lo, hi] with numpy's rule (HistogramRange: columns lo, hi and count):
// numpy.histogram(values, bins, range=(lo, hi)) over every value added.
func (d *DistinctCounts) Histogram(bins int, lo, hi float64) *frame.Frame {
	h := WeightedHistogramRange(d.Frame(), "value", "count", bins, lo, hi)
	if err := h.Err(); err != nil {
		return frame.WithErr(fmt.Errorf("DistinctCounts.Histogram of %s: %w", d.col, err))
	}
	return h
}

// FullHistogram is Histogram over the range of the values taken, numpy's
// default range: numpy.histogram(values, bins). With no value taken it
// is an empty frame.
func (d *DistinctCounts) FullHistogram(bins int) *frame.Frame {
	lo, hi, ok := d.Range()
	if !ok {
		if bins < 1 {
			return frame.Errorf("DistinctCounts.FullHistogram of %s: %d bins; want 1 or more", d.col, bins)
		}
		return emptyHistogram()
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return frame.Errorf("DistinctCounts.FullHistogram of %s: range [%v, %v] is not finite", d.col, lo, hi)
	}
	return d.Histogram(bins, lo, hi)
}
