package frame

import (
	"fmt"
	"slices"
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
