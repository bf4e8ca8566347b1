package report

import (
	"math"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestGroupNames: each row's group name is the row's value as the frame
// prints it, "–" for null, for string, integer, float and time columns.
func TestGroupNames(t *testing.T) {
	f := frame.New(
		frame.StringCol("s", []string{"a", "", "b", "a", "c"}, []bool{true, false, true, true, true}),
		frame.Int64Col("i", []int64{3, 3, 0, 7, 0}, []bool{true, true, false, true, true}),
		frame.Float64Col("x", []float64{1.5, math.NaN(), 2, 1.5, 0}, []bool{true, true, true, true, false}),
		frame.MicrosCol("t", []int64{0, 1e6, 0, 2e6, 1e6}, nil),
	)
	for c, name := range f.Names() {
		g := groupNamesOf(f, c)
		for i := range f.NumRows() {
			want := "–"
			if !f.IsNull(c, i) {
				want = f.FormatValue(c, i)
			}
			if got := g.of(i); got != want {
				t.Errorf("column %s row %d: %q, want %q", name, i, got, want)
			}
		}
	}
}

// TestRunTime: a row's run time is end − start, else its wall time,
// else none, worked by hand.
func TestRunTime(t *testing.T) {
	f := frame.New(
		frame.MicrosCol("start", []int64{0, 0, 0, 0}, []bool{true, true, false, true}),
		frame.MicrosCol("end", []int64{7.2e9, -1, 0, 0}, []bool{true, true, false, false}),
		frame.Float64Col("wall_time_s", []float64{1, 1800, 3600, -5}, nil),
	)
	r := runTimeOf(f)
	for i, want := range []struct {
		h  float64
		ok bool
	}{{2, true}, {0.5, true}, {1, true}, {0, false}} {
		if h, ok := r.hours(i); h != want.h || ok != want.ok {
			t.Errorf("row %d: %g h (%v), want %g (%v)", i, h, ok, want.h, want.ok)
		}
	}
	if _, ok := numberOf(f, "absent").at(0); ok {
		t.Error("a column the frame lacks holds a value")
	}
}
