package report

import (
	"fmt"
	"math"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/ops"
)

// histogram bins column col of f for a chart: up to bins equal bins
// from 0 (or the smallest value, when negative) to the largest value,
// as ops.Histogram does, except that whole numbers (counts, cores,
// exit codes) get whole bins centred on them (−0.5 .. 0.5, 0.5 .. 1.5,
// or wider bins of a whole width), never 0.75 .. 1.5, and a column
// whose values are all equal is one bar at that value, with a note saying
// so (note is "" otherwise).
func histogram(f *frame.Frame, col string, bins int) (h *frame.Frame, note string) {
	v, ok, err := f.Float64s(col)
	if err != nil {
		if ints, iok, err2 := f.Int64s(col); err2 == nil {
			v, ok = make([]float64, len(ints)), iok
			for i, x := range ints {
				v[i] = float64(x)
			}
		} else {
			return frame.WithErr(err), ""
		}
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	whole := true
	n := 0
	for i, x := range v {
		if (ok != nil && !ok[i]) || math.IsNaN(x) || math.IsInf(x, 0) {
			continue
		}
		n++
		lo, hi = min(lo, x), max(hi, x)
		whole = whole && x == math.Trunc(x)
	}
	if n == 0 {
		return ops.Histogram(f, col, bins), ""
	}
	if lo == hi {
		return ops.HistogramRange(f, col, 1, lo, hi), fmt.Sprintf("every one of the %d values is %s: one bar", n, formatNumber(lo))
	}
	if !whole {
		return ops.Histogram(f, col, bins), ""
	}
	lo = min(lo, 0)
	width := math.Max(1, math.Ceil((hi-lo+1)/float64(bins)))
	k := int(math.Ceil((hi - lo + 1) / width))
	return ops.HistogramRange(f, col, k, lo-0.5, lo-0.5+float64(k)*width), ""
}
