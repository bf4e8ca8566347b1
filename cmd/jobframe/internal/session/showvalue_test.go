package session

import (
	"strings"
	"testing"
	"time"
)

// TestValueText: a struct shows its fields' names (%+v), a Stringer its
// own form, and a long value is cut to the screen, saying how much.
func TestValueText(t *testing.T) {
	type point struct{ X, Y int }
	for _, c := range []struct {
		v     any
		width int
		want  string
	}{
		{point{1, 2}, 0, "{X:1 Y:2}"},
		{2 * time.Second, 0, "2s"},
		{42, 0, "42"},
		{strings.Repeat("ab", 10), 8, "ababa..."},
		{strings.Repeat("x\n", 45), 0, strings.Repeat("x\n", 39) + "x\n... (6 more lines)"},
	} {
		if got := valueText(c.v, c.width); got != c.want {
			t.Errorf("valueText(%v, %d) = %q, want %q", c.v, c.width, got, c.want)
		}
	}
	if got := valueText(strings.Repeat("y", 20000), 0); len(got) > maxValueBytes+40 || !strings.HasSuffix(got, "... (11808 more bytes)") {
		t.Errorf("a 20,000-byte value: %d bytes, ending %q", len(got), got[len(got)-30:])
	}
}
