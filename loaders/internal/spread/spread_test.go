package spread

import (
	"runtime"
	"sync"
	"testing"
)

// TestRanges: every item is in exactly one range, the ranges are
// consecutive, and small inputs are one range.
func TestRanges(t *testing.T) {
	for _, c := range []struct{ n, per, want int }{{0, 10, 1}, {9, 10, 1}, {10_000, 10, runtime.GOMAXPROCS(0)}, {25, 10, min(2, runtime.GOMAXPROCS(0))}} {
		seen := make([]int, c.n)
		var mu sync.Mutex
		bounds := map[int][2]int{}
		got := Ranges(c.n, c.per, func(k, lo, hi int) {
			mu.Lock()
			defer mu.Unlock()
			bounds[k] = [2]int{lo, hi}
			for i := lo; i < hi; i++ {
				seen[i]++
			}
		})
		if got != c.want || got != Count(c.n, c.per) {
			t.Errorf("n=%d per=%d: %d ranges, want %d", c.n, c.per, got, c.want)
		}
		for i, s := range seen {
			if s != 1 {
				t.Errorf("n=%d: item %d in %d ranges", c.n, i, s)
			}
		}
		for k := 1; k < got; k++ {
			if bounds[k][0] != bounds[k-1][1] {
				t.Errorf("n=%d: range %d starts at %d, the one before ends at %d", c.n, k, bounds[k][0], bounds[k-1][1])
			}
		}
	}
}
