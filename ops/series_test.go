package ops

import (
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// Areas by hand: 0.25 held 3 µs, 2.5 held 7 µs, a null value holds
// nothing, the last point adds nothing.
func TestIntegral(t *testing.T) {
	s := frame.New(frame.MicrosCol("time", []int64{0, 3, 10, 12, 20}, nil),
		frame.Float64Col("value", []float64{0.25, 2.5, 9, 4, 100}, []bool{true, true, false, true, true}))
	us, err := IntegralMicros(s, "time", "value")
	if err != nil || us != 0.75+17.5+32 {
		t.Fatalf("IntegralMicros = %v, %v; want 50.25", us, err)
	}
	sec, err := Integral(s, "time", "value")
	if err != nil || sec != 50.25/1e6 {
		t.Fatalf("Integral = %v, %v; want 50.25e-6", sec, err)
	}
	mean, err := TimeWeightedMean(s, "time", "value")
	if err != nil || mean != 50.25/20 {
		t.Fatalf("TimeWeightedMean = %v, %v; want %v", mean, err, 50.25/20)
	}
	// Large whole-µs areas of quarter values stay exact: 2^50 µs at 0.25,
	// then 1 µs at 0.25, sums to 2^48 + 0.25 (a float64 holds it).
	big := frame.New(frame.MicrosCol("time", []int64{0, 1 << 50, 1<<50 + 1}, nil), frame.Float64Col("value", []float64{0.25, 0.25, 0}, nil))
	if us, _ := IntegralMicros(big, "time", "value"); us != float64(1<<48)+0.25 {
		t.Fatalf("big area %v", us)
	}
	if _, err := IntegralMicros(frame.New(frame.MicrosCol("t", nil, nil)), "t", "value"); err == nil {
		t.Fatal("a missing column must be an error")
	}
}
