package frame

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
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

// TestGroupByRank: rows grouped by one number per row (groupByRank:
// radix sorted, or runs when already in key order) fall in the groups
// the hashing path (groupHashed) gives, numbered alike, each with its
// first row: keys of a dictionary with a duplicate value, int64s and
// text, with nulls, in a random order and in key order.
func TestGroupByRank(t *testing.T) {
	const n = 2000
	g := lcg(5)
	codes, k, s := make([]int32, n), make([]int64, n), make([]string, n)
	kv, sv := make([]bool, n), make([]bool, n)
	for i := range n {
		codes[i] = int32(g.next() % 4)
		k[i], kv[i] = int64(g.next()%9)-4, g.next()%5 != 0
		s[i], sv[i] = string(rune('a'+g.next()%3)), g.next()%7 != 0
	}
	f := New(DictStringCol("d", codes, nil, []string{"b", "a", "b", "c"}), Int64Col("k", k, kv), StringCol("s", s, sv))
	order, err := f.SortIndex("d", "k", "s")
	if err != nil {
		t.Fatal(err)
	}
	for name, fr := range map[string]*Frame{"random": f, "in key order": f.Take(order)} {
		kcs := keyCodesOf(fr)
		want, got := groupHashed(kcs, n), groupByRank(kcs, n)
		if !slices.Equal(got.gid, want.gid) || !slices.Equal(got.firstRow, want.firstRow) || got.ngroups != want.ngroups {
			t.Errorf("%s: grouped by rank %d groups, hashed %d; the groups or first rows differ", name, got.ngroups, want.ngroups)
		}
		if want.ngroups < 50 {
			t.Fatalf("%s: only %d groups", name, want.ngroups)
		}
	}
}

// keyCodesOf codes every column of f as groupRows does.
func keyCodesOf(f *Frame) []keyCodes {
	kcs := make([]keyCodes, len(f.cols))
	for i, a := range f.cols {
		kcs[i] = codesOf(a)
	}
	return kcs
}

// TestGroupConstantKeys: key columns of one dictionary value and no null
// (a run or source column) are left out of the grouping, which must
// give the groups of the other keys alone; a dictionary of one value
// with a null, or of two values, stays a key; keys that are all
// constant are one group.
func TestGroupConstantKeys(t *testing.T) {
	const n = 500
	g := lcg(11)
	k, codes, nulls := make([]int64, n), make([]int32, n), make([]bool, n)
	for i := range n {
		k[i], codes[i], nulls[i] = int64(g.next()%17), int32(g.next()%2), i != 7
	}
	f := New(DictStringCol("run", make([]int32, n), nil, []string{"r1"}),
		DictStringCol("source", make([]int32, n), nil, []string{"hyperqueue"}),
		Int64Col("k", k, nil),
		DictStringCol("nulls", make([]int32, n), nulls, []string{"x"}),
		DictStringCol("two", codes, nil, []string{"a", "b"}))
	cols := func(names ...string) []arrow.Array {
		var out []arrow.Array
		for _, c := range names {
			out = append(out, f.cols[f.index[c]])
		}
		return out
	}
	if got := len(varying(cols("run", "source", "k", "nulls", "two"))); got != 3 {
		t.Errorf("varying keys: %d, want 3 (k, nulls, two)", got)
	}
	for _, keys := range [][]string{{"k"}, {"k", "nulls"}, {"k", "two"}, {"nulls", "two"}} {
		want := groupHashed(keyCodesOf(f.Select(keys...)), n)
		got, err := groupRows(cols(append([]string{"run", "source"}, keys...)...))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.gid, want.gid) || !slices.Equal(got.firstRow, want.firstRow) || got.ngroups != want.ngroups {
			t.Errorf("run, source, %v: %d groups, want %d; the groups or first rows differ", keys, got.ngroups, want.ngroups)
		}
	}
	got, err := groupRows(cols("run", "source"))
	if err != nil || got.ngroups != 1 || got.firstRow[0] != 0 || slices.Max(got.gid) != 0 {
		t.Errorf("constant keys alone: %d groups, first rows %v, %v; want one group from row 0", got.ngroups, got.firstRow, err)
	}
}

// TestNUniqueInterleaved holds NUnique to a count of distinct (group,
// value) pairs made with a map, as it was computed before, on groups
// whose rows interleave, values shared between groups and met again in
// a group after other groups, and nulls (not counted), for strings,
// dictionary strings and integers.
func TestNUniqueInterleaved(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 5000
	g, v := make([]string, n), make([]int64, n)
	sv, valid := make([]string, n), make([]bool, n)
	for i := range n {
		g[i] = fmt.Sprint("g", rng.IntN(40))
		v[i] = int64(rng.IntN(60))
		sv[i], valid[i] = fmt.Sprint("v", v[i]), rng.IntN(9) > 0
	}
	want := map[string]int64{}
	seen := map[[2]string]bool{}
	for i := range n {
		if valid[i] && !seen[[2]string{g[i], sv[i]}] {
			seen[[2]string{g[i], sv[i]}] = true
			want[g[i]]++
		}
	}
	dict, plain := StringCol("v", sv, valid), PlainStringCol("v", sv, valid)
	if dict.Arrow().DataType().ID() != arrow.DICTIONARY || plain.Arrow().DataType().ID() != arrow.STRING {
		t.Fatalf("the string columns are %s and %s, want a dictionary and plain strings", dict.Arrow().DataType(), plain.Arrow().DataType())
	}
	for _, c := range []Column{dict, plain, Int64Col("v", v, valid)} {
		out := New(StringCol("g", g, nil), c).GroupBy("g").Agg(NUnique("v").As("n"))
		keys, _, _ := out.Strings("g")
		got, _, err := out.Int64s("n")
		if err != nil {
			t.Fatal(err)
		}
		for i, k := range keys {
			if got[i] != want[k] {
				t.Fatalf("%s: group %s has %d distinct values, want %d", c.Type(), k, got[i], want[k])
			}
		}
		if len(keys) != 40 {
			t.Fatalf("%d groups, want 40", len(keys))
		}
	}
}
