package frame

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
)

// bigDict returns n distinct texts in a scrambled order: shared prefixes
// longer than eight bytes, texts that are prefixes of others, a NUL byte.
func bigDict(n int) []string {
	g := lcg(11)
	dict := make([]string, n)
	for i := range dict {
		dict[i] = fmt.Sprintf("op:hsmput;op_instance:%d", i)
	}
	dict[1] = "op:hsmput;op_instance:\x00"
	for i := len(dict) - 1; i > 0; i-- { // shuffled
		j := int(g.next() % uint64(i+1))
		dict[i], dict[j] = dict[j], dict[i]
	}
	return dict
}

// A dictionary of sortDictMin values or more is stored in ascending
// order, every row keeping its value; a smaller one is kept as given.
func TestDictStringColSortsLarge(t *testing.T) {
	for _, n := range []int{sortDictMin - 1, sortDictMin, 3 * sortDictMin} {
		dict := bigDict(n)
		g := lcg(5)
		rows := 2 * n
		codes, valid := make([]int32, rows), make([]bool, rows)
		for i := range codes {
			codes[i] = int32(g.next() % uint64(n))
			if valid[i] = i%7 != 0; !valid[i] {
				codes[i] = int32(n + i) // a null row's code is not looked at
			}
		}
		want := make([]string, rows)
		for i, c := range codes {
			if valid[i] {
				want[i] = dict[c]
			}
		}
		given := slices.Clone(dict)
		f := New(DictStringCol("s", codes, valid, dict))
		got, ok, err := f.Strings("s")
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if ok[i] != valid[i] || got[i] != want[i] {
				t.Fatalf("%d values: row %d is %q (valid %v), want %q (valid %v)", n, i, got[i], ok[i], want[i], valid[i])
			}
		}
		_, d := dictParts(f.cols[0])
		if sorted := dictAscending(d); sorted != (n >= sortDictMin) {
			t.Errorf("%d values: dictionary ascending %v", n, sorted)
		}
		if n < sortDictMin && (d.Value(0) != given[0] || d.Value(n-1) != given[n-1]) {
			t.Errorf("%d values: a small dictionary was reordered", n)
		}
	}
}

// dictWithRepeats returns a dictionary array over vals whose dictionary
// holds each distinct value twice (as a Parquet or IPC reader may hand
// one over), nulls where !valid.
func dictWithRepeats(vals []string, valid []bool) *array.Dictionary {
	var dict []string
	first := map[string]int32{}
	codes := make([]int32, len(vals))
	for i, v := range vals {
		if !valid[i] {
			continue
		}
		c, ok := first[v]
		if !ok {
			c = int32(len(dict))
			first[v] = c
			dict = append(dict, v, v)
		}
		codes[i] = c + int32(i/3%2) // either copy
	}
	b := array.NewStringBuilder(memory.DefaultAllocator)
	b.AppendValues(dict, nil)
	d := b.NewArray()
	defer d.Release()
	idx := newFixedWidth(arrow.PrimitiveTypes.Int32, arrow.Int32Traits.CastToBytes(codes), len(codes), valid)
	defer idx.Release()
	return array.NewDictionaryArray(dictStringType, idx, d)
}

// Rows of two frames over one dictionary (taken or grouped from one
// column) join on their values as plain text keys do, for an ascending
// dictionary, one holding every value twice, and one with unused values.
func TestJoinSharedDictionary(t *testing.T) {
	const n = 3 * sortDictMin
	dict := bigDict(n)
	g := lcg(9)
	codes, valid, vals := make([]int32, n), make([]bool, n), make([]string, n)
	for i := range codes {
		codes[i] = int32(g.next() % uint64(n/2)) // half the values unused
		valid[i] = i%11 != 0
		if valid[i] {
			vals[i] = dict[codes[i]]
		}
	}
	x := make([]int64, n)
	for i := range x {
		x[i] = int64(i)
	}
	forms := map[string]Column{
		"ascending": DictStringCol("k", slices.Clone(codes), slices.Clone(valid), slices.Clone(dict)),
		"repeats":   {name: "k", arr: dictWithRepeats(vals, valid)},
	}
	for name, col := range forms {
		f := New(col, Int64Col("x", x, nil))
		// the right: a row per value (a group-by keeps the dictionary),
		// some values left out, some twice
		right := f.GroupBy("k").Agg(Count().As("n"), Min("x").As("first"))
		var some []int
		for i := range right.NumRows() {
			some = append(some, i)
			if i%3 == 0 {
				some = append(some, i)
			}
		}
		right = right.Take(some[3:])
		back := make([]int, 0, n+2)
		for i := n - 1; i >= 0; i-- { // later rows first, a row twice
			back = append(back, i)
		}
		left := f.Take(append(back, 5, 5))
		lk, rk := left.cols[0].(*array.Dictionary), right.cols[0].(*array.Dictionary)
		if !sameDictionary(lk, rk) {
			t.Fatalf("%s: the two sides do not share the dictionary", name)
		}
		plain := func(f *Frame) *Frame {
			v, ok, err := f.Strings("k")
			if err != nil {
				t.Fatal(err)
			}
			return f.WithColumn("k", StringCol("k", v, ok))
		}
		for _, how := range []string{"inner", "left", "outer"} {
			got, want := left.Join(right, how, "k"), plain(left).Join(plain(right), how, "k")
			for _, c := range want.Names() {
				if g, w := column(t, got, c), column(t, want, c); g != w {
					t.Errorf("%s, %s join: column %s is\n%s\nwant\n%s", name, how, c, g, w)
				}
			}
			if got.NumRows() == 0 || !strings.Contains(column(t, got, "n"), "null") && how != "inner" {
				t.Errorf("%s, %s join: %d rows, unmatched rows missing", name, how, got.NumRows())
			}
		}
	}
}

// TestStringsDict: a dictionary column's Strings are its rows' values
// (a value under two codes, an unused value, nulls as "" and invalid),
// also for a slice of it with fewer rows than values (read row by row).
func TestStringsDict(t *testing.T) {
	f := New(DictStringCol("d", []int32{2, 0, 1, 3, 0, 2}, []bool{true, true, false, true, true, true}, []string{"b", "a", "b", "zz"}))
	for _, c := range []struct {
		f     *Frame
		want  []string
		valid []bool
	}{
		{f, []string{"b", "b", "", "zz", "b", "b"}, []bool{true, true, false, true, true, true}},
		{f.Slice(2, 5), []string{"", "zz", "b"}, []bool{false, true, true}},
	} {
		got, valid, err := c.f.Strings("d")
		if err != nil || !slices.Equal(got, c.want) || !slices.Equal(valid, c.valid) {
			t.Errorf("Strings = %q %v (%v), want %q %v", got, valid, err, c.want, c.valid)
		}
	}
}
