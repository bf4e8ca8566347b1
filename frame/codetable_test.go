package frame

import (
	"math"
	"math/rand/v2"
	"testing"
)

// codeTable numbers keys exactly as a map numbering them by first
// appearance does, for keys that collide in few bits as well as random
// ones, across many growths.
func TestCodeTable(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for name, gen := range map[string]func(i int) uint64{
		"random":      func(int) uint64 { return r.Uint64() % 50_000 },
		"sequential":  func(i int) uint64 { return uint64(i / 3) },
		"high bits":   func(i int) uint64 { return uint64(i%4096) << 52 },
		"float steps": func(i int) uint64 { return math.Float64bits(float64(i%70_000) / 8) },
		"negative":    func(i int) uint64 { v := -int64(i % 1000); return uint64(v) },
	} {
		var tab codeTable
		want := map[uint64]int32{}
		for i := range 200_000 {
			k := gen(i)
			c, ok := want[k]
			if !ok {
				c = int32(len(want))
				want[k] = c
			}
			if got := tab.code(k); got != c {
				t.Fatalf("%s: key %#x (row %d) got code %d, want %d", name, k, i, got, c)
			}
		}
		if len(tab.keys) != len(want) || 2*len(tab.keys) > len(tab.slots) {
			t.Errorf("%s: %d keys in %d slots, want %d keys at most half full", name, len(tab.keys), len(tab.slots), len(want))
		}
		for k, c := range want {
			if tab.keys[c] != k {
				t.Errorf("%s: code %d holds %#x, want %#x", name, c, tab.keys[c], k)
			}
		}
	}
}
