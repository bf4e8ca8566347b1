package frame

import (
	"slices"
	"testing"
)

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
	// A dictionary with a duplicate ("b" twice) and an unused value
	// ("z"): the two "b" codes are one group.
	d := New(DictStringCol("d", []int32{0, 2, 1, 0, 3}, []bool{true, true, true, true, false}, []string{"b", "a", "b", "z"}))
	g, _ = groupRows(d.cols)
	if g.ngroups != 3 || !slices.Equal(g.gid, []int32{1, 1, 0, 1, 2}) || !slices.Equal(g.firstRow, []int{2, 0, 4}) {
		t.Errorf("dictionary key: %+v, want a, b, null", g)
	}
}
