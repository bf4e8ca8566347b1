package plot_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
)

// TestBoxCategories holds Box's categories to the texts of the
// category column (frame.Texts: a null string is "", so it joins the
// empty string's box; a null integer is "null"), sorted, with the
// values of each worked out by hand: nulls and NaN left out, and a
// category left with no value not drawn.
func TestBoxCategories(t *testing.T) {
	nan := math.NaN()
	vals := frame.Float64Col("v", []float64{4, 1, 7, 2, 9, nan, 3, 5, 8, 6}, []bool{true, true, true, true, true, true, true, false, true, true})
	for _, tc := range []struct {
		name string
		cat  frame.Column
		cats []string
		ns   []int
		meds []float64
	}{
		{"dictionary", frame.DictStringCol("c", []int32{1, 0, 1, 2, 0, 3, 2, 3, 0, 1}, []bool{true, true, true, true, false, true, true, true, true, true}, []string{"", "b", "a", "z"}),
			// "": rows 1, 4 (null), 8 → 1, 9, 8; "a": rows 3, 6 → 2, 3; "b": rows 0, 2, 9 → 4, 7, 6; "z": rows 5 (NaN), 7 (null): none
			[]string{"", "a", "b"}, []int{3, 2, 3}, []float64{8, 2.5, 6}},
		{"plain strings", frame.PlainStringCol("c", []string{"b", "", "b", "a", "x", "z", "a", "z", "", "b"}, []bool{true, true, true, true, false, true, true, true, true, true}),
			[]string{"", "a", "b"}, []int{3, 2, 3}, []float64{8, 2.5, 6}},
		{"integers", frame.Int64Col("c", []int64{10, 2, 10, 2, 0, 2, 2, 2, 0, 10}, []bool{true, true, true, true, false, true, true, true, false, true}),
			// "10": 4, 7, 6; "2": rows 1, 3, 5 (NaN), 6, 7 (null) → 1, 2, 3; "null": rows 4, 8 → 9, 8
			[]string{"10", "2", "null"}, []int{3, 3, 2}, []float64{6, 2, 8.5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec, err := plot.New("box", "c", "v").Box(frame.New(tc.cat, vals), "c", "v", "").Spec()
			if err != nil {
				t.Fatal(err)
			}
			var ns []int
			var meds []float64
			for _, b := range spec.Layers[0].Boxes {
				ns, meds = append(ns, b.N), append(meds, b.Median)
			}
			if !reflect.DeepEqual(spec.Categories, tc.cats) || !reflect.DeepEqual(ns, tc.ns) || !reflect.DeepEqual(meds, tc.meds) {
				t.Fatalf("categories %q, counts %v, medians %v; want %q, %v, %v", spec.Categories, ns, meds, tc.cats, tc.ns, tc.meds)
			}
		})
	}
}
