package report

import (
	"math"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestHistogramBins: whole numbers are binned on half-integer edges
// (worked by hand: 0 .. 40 in at most 20 bins is 14 bins of width 3 from
// −0.5), a constant column is one bar around its value with a note, and
// other values keep ops.Histogram's bins.
func TestHistogramBins(t *testing.T) {
	edges := func(h *frame.Frame) ([]float64, []float64, []int64) {
		lo, _, _ := h.Float64s("lo")
		hi, _, _ := h.Float64s("hi")
		c, _, _ := h.Int64s("count")
		return lo, hi, c
	}
	h, note := histogram(frame.New(frame.Int64Col("count", []int64{1, 1, 2, 3, 40}, nil)), "count", 20)
	lo, hi, c := edges(h)
	if len(lo) != 14 || lo[0] != -0.5 || hi[13] != 41.5 || note != "" {
		t.Fatalf("bins %v .. %v (%d), note %q", lo, hi, len(lo), note)
	}
	var total int64
	for i := range lo {
		if math.Abs(lo[i]-math.Trunc(lo[i])) != 0.5 || hi[i]-lo[i] != 3 {
			t.Errorf("bin %d: %v .. %v", i, lo[i], hi[i])
		}
		total += c[i]
	}
	if total != 5 || c[0] != 3 || c[1] != 1 || c[13] != 1 { // 1, 1, 2 | 3 | ... | 40
		t.Errorf("counts %v", c)
	}
	h, note = histogram(frame.New(frame.Float64Col("mbps", []float64{0, 0, 0}, nil)), "mbps", 20)
	lo, hi, c = edges(h)
	if len(lo) != 1 || lo[0] != -0.5 || hi[0] != 0.5 || c[0] != 3 || !strings.Contains(note, "every one of the 3 values is 0") {
		t.Errorf("constant: %v .. %v %v, note %q", lo, hi, c, note)
	}
	h, _ = histogram(frame.New(frame.Float64Col("s", []float64{0.5, 1.25, 2}, nil)), "s", 4)
	lo, hi, _ = edges(h)
	if len(lo) != 4 || lo[0] != 0 || hi[3] != 2 {
		t.Errorf("fractions: %v .. %v", lo, hi)
	}
}
