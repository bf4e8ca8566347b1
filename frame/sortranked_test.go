package frame

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestSortRanked: keys that are all int64, timestamps or dictionaries
// without nulls, the first not an int64 (sortRanked), give the order of a
// stable sort of the raw values by all the keys, written out here: a
// dictionary that repeats a value under two codes and is not in text
// order, many ties, both directions, keys of one value; sorted rows stay
// where they are.
func TestSortRanked(t *testing.T) {
	const n = 4000
	g := lcg(11)
	dict := []string{"w2", "w10", "w1", "w2", "a"} // "w2" twice
	for i := range 300 {
		dict = append(dict, fmt.Sprintf("host%03d", (i*7)%250)) // repeats too
	}
	codes, k, ts := make([]int32, n), make([]int64, n), make([]int64, n)
	for i := range n {
		codes[i] = int32(g.next() % uint64(len(dict)))
		if i%2 == 0 {
			codes[i] %= 5 // the small values, often
		}
		k[i] = int64(g.next()%7) - 3
		ts[i] = 1_700_000_000_000_000 + int64(g.next()%20)
	}
	// c and z hold one value throughout: keys that order nothing
	fr := New(DictStringCol("d", codes, nil, dict), Int64Col("k", k, nil), MicrosCol("t", ts, nil),
		DictStringCol("c", make([]int32, n), nil, []string{"run1"}), Int64Col("z", slices.Repeat([]int64{5}, n), nil))
	for _, keys := range [][]string{{"d"}, {"-d"}, {"d", "t"}, {"d", "-k", "t"}, {"-d", "k"}, {"t", "d"}, {"-t", "-d", "k"},
		{"c", "d", "t"}, {"-z", "d"}, {"c", "-z"}} {
		got, err := fr.SortIndex(keys...)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, n)
		for i := range want {
			want[i] = i
		}
		slices.SortStableFunc(want, func(a, b int) int {
			for _, key := range keys {
				c := 0
				switch strings.TrimPrefix(key, "-") {
				case "d":
					c = strings.Compare(dict[codes[a]], dict[codes[b]])
				case "k":
					c = cmp.Compare(k[a], k[b])
				case "t":
					c = cmp.Compare(ts[a], ts[b])
				} // c and z: equal
				if key[0] == '-' {
					c = -c
				}
				if c != 0 {
					return c
				}
			}
			return 0
		})
		if !slices.Equal(got, want) {
			t.Errorf("SortIndex(%v) differs from a stable sort of the values", keys)
		}
		// the keys are read, not written: an ascending key is the column itself
		if kv, _, _ := fr.Int64s("k"); !slices.Equal(kv, k) {
			t.Fatalf("SortIndex(%v) changed column k", keys)
		}
		if tv, _, _ := fr.Micros("t"); !slices.Equal(tv, ts) {
			t.Fatalf("SortIndex(%v) changed column t", keys)
		}
		again, err := fr.Take(got).SortIndex(keys...) // rows in order: one pass
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range again {
			if r != i {
				t.Fatalf("SortIndex(%v) of sorted rows moves row %d to %d", keys, r, i)
			}
		}
	}
}

// TestRadixByKey: the radix sort of a permutation of positions by int64
// keys is the stable sort of the positions by their keys, for keys of
// every width from one byte to eight (negative ones, both extremes of
// int64), keys whose middle bytes are all equal (a pass skipped between
// two taken), one value throughout, and a permutation not in position
// order (a later key's pass of a sort by several).
func TestRadixByKey(t *testing.T) {
	g := lcg(5)
	const n = 3000
	keySets := map[string]func(i int) int64{
		"one byte":      func(int) int64 { return int64(g.next() % 200) },
		"two bytes":     func(int) int64 { return int64(g.next()%60000) - 30000 },
		"five bytes":    func(int) int64 { return 1_700_000_000_000_000 + int64(g.next()%(1<<37)) },
		"eight bytes":   func(int) int64 { return int64(g.next()) },
		"extremes":      func(i int) int64 { return [...]int64{math.MinInt64, math.MaxInt64, 0, -1, 1}[g.next()%5] },
		"middle equal":  func(int) int64 { return int64(g.next()%256) | int64(g.next()%256)<<32 },
		"one value":     func(int) int64 { return 42 },
		"ties, 3 bytes": func(int) int64 { return int64(g.next()%8) << 17 },
	}
	for name, next := range keySets {
		key := make([]int64, n)
		for i := range key {
			key[i] = next(i)
		}
		for _, start := range []string{"in order", "shuffled"} {
			idx := make([]int32, n)
			for i := range idx {
				idx[i] = int32(i)
			}
			if start == "shuffled" {
				for i := n - 1; i > 0; i-- {
					j := int(g.next() % uint64(i+1))
					idx[i], idx[j] = idx[j], idx[i]
				}
			}
			want := slices.Clone(idx)
			slices.SortStableFunc(want, func(a, b int32) int { return cmp.Compare(key[a], key[b]) })
			got, _ := radixByKey(idx, make([]int32, n), key)
			if !slices.Equal(got, want) {
				t.Errorf("%s, %s: the radix sort differs from the stable sort of the keys", name, start)
			}
		}
	}
}
