package frame

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortFunc sorts slices on both sides of parallelSortRows, with many
// ties, and compares them with slices.SortFunc's order.
func TestSortFunc(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, parallelSortRows - 1, parallelSortRows, 3*parallelSortRows + 5} {
		s := make([]int32, n)
		for i := range s {
			s[i] = int32(r.IntN(n/3 + 1))
		}
		want := slices.Clone(s)
		slices.Sort(want)
		sortFunc(s, func(a, b int32) int { return cmp.Compare(a, b) })
		if !slices.Equal(s, want) {
			t.Fatalf("n=%d: sortFunc's order differs from slices.Sort's", n)
		}
	}
}

// TestGroupOneKeyOrder groups by one key whose codes do not all occur
// (a bool column of true and null only) and by a string key: groups
// come in sorted key order, nulls last, each with its first row.
func TestGroupOneKeyOrder(t *testing.T) {
	f := New(BoolCol("b", []bool{true, false, true}, []bool{true, false, true}),
		StringCol("s", []string{"q", "", "a"}, []bool{true, false, true}))
	g, err := groupRows(f.cols[:1])
	if err != nil {
		t.Fatal(err)
	}
	if g.ngroups != 2 || !slices.Equal(g.gid, []int32{0, 1, 0}) || !slices.Equal(g.firstRow, []int{0, 1}) {
		t.Errorf("bool key: %+v, want groups true then null", g)
	}
	g, _ = groupRows(f.cols[1:])
	if g.ngroups != 3 || !slices.Equal(g.gid, []int32{1, 2, 0}) || !slices.Equal(g.firstRow, []int{2, 0, 1}) {
		t.Errorf("string key: %+v, want a, q, null", g)
	}
}
