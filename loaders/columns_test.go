package loaders

import (
	"slices"
	"strings"
	"testing"
)

// A text column past Arrow's 32-bit offset limit keeps its rows (null from
// the limit on) and says so, instead of failing to build the frame.
func TestTextColLimit(t *testing.T) {
	c := textCol{limit: 10}
	for _, s := range []string{"abcdef", "ghijk", "xy"} {
		c.add(s)
	}
	f := c.col("data")
	if f.Len() != 3 {
		t.Fatalf("rows = %d, want 3", f.Len())
	}
	if c.cut != 2 || c.firstCut != 1 {
		t.Fatalf("cut = %d from row %d, want 2 from row 1", c.cut, c.firstCut)
	}
	if want := []bool{true, false, false}; !slices.Equal(c.ok, want) {
		t.Fatalf("valid = %v, want %v", c.ok, want)
	}
	p := problems{file: "x.log"}
	p.textCut(Events, "data", &c, 42)
	if len(p.warnings) != 1 || p.warnings[0].Line != 42 || !strings.Contains(p.warnings[0].String(), "2 rows from here on have a null data") {
		t.Fatalf("warnings = %v", p.warnings)
	}
}
