package frame

import (
	"cmp"
	"fmt"
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
