package frame

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v17/arrow/array"
)

// Concat stacks string columns held in one form without going through Go
// strings (plain: offsets and bytes; dictionaries: merged): the values
// and nulls are those of the frames read row by row, sliced frames
// included, and a column in mixed forms or missing from a frame takes
// the row-by-row path with the same result.
func TestConcatStringForms(t *testing.T) {
	unique := func(prefix string, n int, nullAt int) *Frame {
		v, ok := make([]string, n), make([]bool, n)
		for i := range v {
			v[i], ok[i] = fmt.Sprintf("%s%d", prefix, i), i != nullAt
		}
		return New(StringCol("s", v, ok))
	}
	few := func(n int, vals ...string) *Frame {
		v, ok := make([]string, n), make([]bool, n)
		for i := range v {
			v[i], ok[i] = vals[i%len(vals)], i%5 != 3
		}
		return New(StringCol("s", v, ok))
	}
	plainA, plainB := unique("a", 7, 2), unique("bb", 5, -1).Slice(1, 4)
	dictA, dictB := few(10, "x", "y"), few(12, "y", "z", "w").Slice(2, 11)
	for _, c := range []struct {
		name   string
		frames []*Frame
		form   string // the result's: "plain", "dict" or "" (either)
	}{
		{"plain", []*Frame{plainA, plainB, unique("c", 3, 0)}, "plain"},
		{"dictionaries", []*Frame{dictA, dictB}, "dict"},
		{"mixed", []*Frame{plainA, dictB}, ""},
		{"missing", []*Frame{dictA, New(Int64Col("x", []int64{1, 2}, nil)), plainB}, ""},
	} {
		var want []string
		for _, f := range c.frames {
			if !f.Has("s") {
				for range f.NumRows() {
					want = append(want, "null")
				}
				continue
			}
			for r := range f.NumRows() {
				want = append(want, f.FormatValue(f.index["s"], r))
			}
		}
		g := Concat(c.frames...)
		if g.Err() != nil {
			t.Fatalf("%s: %v", c.name, g.Err())
		}
		var got []string
		for r := range g.NumRows() {
			got = append(got, g.FormatValue(g.index["s"], r))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", c.name, got, want)
		}
		a := g.cols[g.index["s"]]
		if _, plain := a.(*array.String); c.form == "plain" && !plain || c.form == "dict" && plain {
			t.Errorf("%s: the result is %s, want %s", c.name, a.DataType(), c.form)
		}
	}
}

// Concat builds a validity mask only when a row of the result is null: a
// null in a part, or a part with rows but without the column. Parts
// without nulls (and empty parts without the column) give a column with
// no mask, and the values of each type are those of the parts in order.
func TestConcatNulls(t *testing.T) {
	part := func(x int64, withNull bool) *Frame {
		var ok []bool
		if withNull {
			ok = []bool{true, false}
		}
		return New(Int64Col("i", []int64{x, x + 1}, ok), Float64Col("f", []float64{float64(x) / 2, 0.25}, ok),
			MicrosCol("t", []int64{x * 1000, x * 1001}, ok), BoolCol("b", []bool{x%2 == 0, true}, ok),
			StringCol("s", []string{fmt.Sprint("s", x), fmt.Sprint("u", x)}, ok))
	}
	empty := New(Int64Col("other", nil, nil))
	for _, c := range []struct {
		name   string
		frames []*Frame
		want   string // every column's rows, "|" between columns
	}{
		{"no nulls", []*Frame{part(1, false), empty, part(4, false)},
			"1 2 4 5 | 0.5 0.25 2.0 0.25 | 1970-01-01T00:00:00.001000Z 1970-01-01T00:00:00.001001Z 1970-01-01T00:00:00.004000Z 1970-01-01T00:00:00.004004Z | false true true true | s1 u1 s4 u4"},
		{"a null in a part", []*Frame{part(1, false), part(4, true)},
			"1 2 4 null | 0.5 0.25 2.0 null | 1970-01-01T00:00:00.001000Z 1970-01-01T00:00:00.001001Z 1970-01-01T00:00:00.004000Z null | false true true null | s1 u1 s4 null"},
		{"a part without the columns", []*Frame{part(1, false), New(Int64Col("other", []int64{7}, nil))},
			"1 2 null | 0.5 0.25 null | 1970-01-01T00:00:00.001000Z 1970-01-01T00:00:00.001001Z null | false true null | s1 u1 null"},
	} {
		g := Concat(c.frames...)
		if err := g.Err(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var cols []string
		masks := 0
		for _, n := range []string{"i", "f", "t", "b", "s"} {
			cols = append(cols, column(t, g, n))
			if g.cols[g.index[n]].Data().Buffers()[0] != nil {
				masks++
			}
		}
		if got := strings.Join(cols, " | "); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		if wantMasks := map[bool]int{true: 0, false: 5}[c.name == "no nulls"]; masks != wantMasks {
			t.Errorf("%s: %d columns with a validity mask, want %d", c.name, masks, wantMasks)
		}
	}
}
