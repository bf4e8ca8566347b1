package frame

import (
	"slices"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
)

// Stack gives what Concat gives, column for column in type and value,
// for parts of every type with columns missing from some and an empty
// part; and it lets each part's columns go (nil) once stacked.
func TestStack(t *testing.T) {
	parts := func() []*Frame {
		a := mixed(40)
		b := mixed(25).Drop("txt").Slice(5, 25)
		c := mixed(10).Select("cat", "ts").Slice(3, 3)
		return []*Frame{a, b, c, mixed(17).Select("ts", "id", "flag")}
	}
	want := Concat(parts()...)
	ps := parts()
	got := Stack(ps...)
	if want.Err() != nil || got.Err() != nil {
		t.Fatal(want.Err(), got.Err())
	}
	if !slices.Equal(got.Names(), want.Names()) || !slices.Equal(got.Types(), want.Types()) {
		t.Fatalf("columns %v %v, want %v %v", got.Names(), got.Types(), want.Names(), want.Types())
	}
	for i := range want.cols {
		if g, w := got.cols[i].DataType(), want.cols[i].DataType(); !arrow.TypeEqual(g, w) {
			t.Errorf("%s: %s, want %s", want.names[i], g, w)
		}
	}
	if g, w := csvOf(t, got), csvOf(t, want); g != w {
		t.Errorf("Stack differs from Concat:\n%s\nwant\n%s", g, w)
	}
	for k, p := range ps {
		for i, a := range p.cols {
			if a != nil {
				t.Errorf("part %d: column %s kept after the stack", k, p.names[i])
			}
		}
	}
}
