package report

import (
	"math"
	"testing"
)

// The report's one number format: three significant digits, the whole
// integer part kept, integers whole, a dash for what is not a number;
// durations in the largest unit that keeps them readable.
func TestNumberFormats(t *testing.T) {
	for v, want := range map[float64]string{
		0: "0", 56: "56", 1234.6: "1235", 125.49485: "125", 30.0: "30", 2.1406766: "2.14",
		67.32: "67.3", 0.012345: "0.0123", -3.14159: "-3.14", 0.5: "0.5", 99.96: "100",
		math.NaN(): "–", math.Inf(1): "–",
	} {
		if got := formatNumber(v); got != want {
			t.Errorf("formatNumber(%v) = %q, want %q", v, got, want)
		}
	}
	for s, want := range map[float64]string{
		0: "0 s", 0.25: "250 ms", 10.413171: "10.4 s", 474.89: "7.91 min", 3072.604: "51.2 min",
		7200: "2 h", 11446.616: "3.18 h", 3 * 86400: "3 d", math.NaN(): "–",
	} {
		if got := duration(s); got != want {
			t.Errorf("duration(%v) = %q, want %q", s, got, want)
		}
	}
	if f := quantity("share", math.NaN(), "%", ""); f.Value != nil || f.Text != "–" {
		t.Errorf("a share of nothing: %+v", f)
	}
}
