package ops

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortStableByKey: the radix sort orders exactly as
// slices.SortStableFunc does (equal keys keep their order), for keys
// spread over every byte, negative, few distinct, already sorted, and
// floats of both signs.
func TestSortStableByKey(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type rec struct {
		k   int64
		f   float64
		pos int
	}
	gens := map[string]func(i int) rec{
		"wide":     func(i int) rec { return rec{k: int64(r.Uint64())} },
		"negative": func(i int) rec { return rec{k: r.Int64N(1000) - 500} },
		"few":      func(i int) rec { return rec{k: r.Int64N(3)} },
		"sorted":   func(i int) rec { return rec{k: int64(i / 7)} },
		"lines":    func(i int) rec { return rec{k: r.Int64N(5_000_000)} },
		"extremes": func(i int) rec { return rec{k: []int64{math.MinInt64, math.MaxInt64, 0, -1}[r.IntN(4)]} },
		"floats": func(i int) rec {
			return rec{f: []float64{-2.5, math.Copysign(0, -1), 0, 1e300, -1e-300, math.Inf(-1), 3}[r.IntN(7)]}
		},
	}
	for name, gen := range gens {
		for _, n := range []int{0, 1, 5, 63, 64, 255, 256, 3000, 70000} {
			in := make([]rec, n)
			for i := range in {
				in[i] = gen(i)
				in[i].pos = i
			}
			want := slices.Clone(in)
			got := slices.Clone(in)
			if name != "floats" { // elements of 16 bytes take radixSortSmall
				type small struct {
					k   int64
					pos int32
				}
				sm := make([]small, n)
				for i, x := range in {
					sm[i] = small{x.k, int32(x.pos)}
				}
				sortStableByKey(sm, func(x *small) uint64 { return int64Key(x.k) })
				slices.SortStableFunc(want, func(a, b rec) int { return cmp.Compare(a.k, b.k) })
				for i := range want {
					if sm[i] != (small{want[i].k, int32(want[i].pos)}) {
						t.Fatalf("%s n=%d, 16 bytes: row %d = %+v, want %+v", name, n, i, sm[i], want[i])
					}
				}
				want = slices.Clone(in)
			}
			if name == "floats" {
				slices.SortStableFunc(want, func(a, b rec) int { return cmp.Compare(a.f, b.f) })
				sortStableByKey(got, func(x *rec) uint64 { return float64Key(x.f) })
			} else {
				slices.SortStableFunc(want, func(a, b rec) int { return cmp.Compare(a.k, b.k) })
				sortStableByKey(got, func(x *rec) uint64 { return int64Key(x.k) })
			}
			for i := range want {
				// -0 and +0 compare equal to cmp but not to float64Key, so
				// floats are checked by value and order of equal values.
				if name == "floats" && want[i].f == 0 {
					if got[i].f != 0 {
						t.Fatalf("%s n=%d: row %d = %+v, want a zero", name, n, i, got[i])
					}
					continue
				}
				if got[i] != want[i] {
					t.Fatalf("%s n=%d: row %d = %+v, want %+v", name, n, i, got[i], want[i])
				}
			}
		}
	}
}

// TestSortStableByKeys: one sort by two keys orders as a stable sort by
// the second followed by a stable sort by the first, for runs of equal
// first keys short (insertion sort) and long (a radix sort of the run),
// with ties in both keys keeping their order.
func TestSortStableByKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	type rec struct{ k, v, pos int64 }
	for _, c := range []struct{ keys, vals int64 }{{1, 3}, {5, 4}, {1000, 3}, {40000, 1 << 40}, {3, 1 << 62}} {
		for _, n := range []int{0, 1, 2, 63, 64, 65, 500, 70000} {
			in := make([]rec, n)
			for i := range in {
				in[i] = rec{k: r.Int64N(c.keys), v: r.Int64N(c.vals) - c.vals/2, pos: int64(i)}
			}
			want := slices.Clone(in)
			slices.SortStableFunc(want, func(a, b rec) int { return cmp.Compare(a.v, b.v) })
			slices.SortStableFunc(want, func(a, b rec) int { return cmp.Compare(a.k, b.k) })
			got := slices.Clone(in)
			sortStableByKeys(got, func(x *rec) uint64 { return int64Key(x.k) }, func(x *rec) uint64 { return int64Key(x.v) })
			if !slices.Equal(got, want) {
				t.Fatalf("keys %d values %d n=%d: order differs", c.keys, c.vals, n)
			}
		}
	}
}

// TestSortInt64s: sortInt64s orders as slices.Sort, for values spread
// over every byte, negative, few distinct, extremes and already sorted.
func TestSortInt64s(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	gens := map[string]func(i int) int64{
		"wide":     func(int) int64 { return int64(r.Uint64()) },
		"negative": func(int) int64 { return r.Int64N(1000) - 500 },
		"few":      func(int) int64 { return r.Int64N(3) },
		"times":    func(int) int64 { return 1_700_000_000_000_000 + r.Int64N(86_400_000_000) },
		"extremes": func(int) int64 { return []int64{math.MinInt64, math.MaxInt64, 0, -1}[r.IntN(4)] },
		"sorted":   func(i int) int64 { return int64(i / 3) },
	}
	for name, gen := range gens {
		for _, n := range []int{0, 1, 2, 100, 5000} {
			got := make([]int64, n)
			for i := range got {
				got[i] = gen(i)
			}
			want := slices.Clone(got)
			slices.Sort(want)
			if sortInt64s(got); !slices.Equal(got, want) {
				t.Errorf("%s n=%d: not in order", name, n)
			}
		}
	}
}
