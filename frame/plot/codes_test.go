package plot

import (
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestTextCodes: a column's codes name, through its values, the texts
// frame.Texts gives, each text one code: a dictionary that holds a value
// twice, nulls (""), plain strings and numbers.
func TestTextCodes(t *testing.T) {
	valid := []bool{true, false, true, true, true, true}
	g := frame.New(
		frame.DictStringCol("dict", []int32{0, 1, 2, 1, 0, 2}, valid, []string{"a", "b", "a"}),
		frame.StringCol("plain", []string{"x", "", "y", "y", "", "x"}, []bool{true, false, true, true, true, true}),
		frame.Int64Col("n", []int64{3, 3, 1, 2, 3, 1}, nil),
	)
	for _, name := range g.Names() {
		codes, values, err := textCodes(g, name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := g.Texts(name)
		if err != nil {
			t.Fatal(err)
		}
		got := make([]string, len(codes))
		for i, c := range codes {
			got[i] = values[c]
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
		if sorted := slices.Compact(slices.Sorted(slices.Values(values))); len(sorted) != len(values) {
			t.Errorf("%s: values %v: a text with two codes", name, values)
		}
	}
}
