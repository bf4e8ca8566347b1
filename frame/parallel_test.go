package frame

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestEachColumn(t *testing.T) {
	for _, rows := range []int{10, parallelRows} {
		calls := make([]int, 37)
		eachColumn(len(calls), rows, func(i int) { calls[i]++ })
		for i, c := range calls {
			if c != 1 {
				t.Fatalf("rows %d: column %d visited %d times", rows, i, c)
			}
		}
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "column 5") {
			t.Fatalf("panic not raised on the caller: %v", r)
		}
	}()
	eachColumn(8, parallelRows, func(i int) {
		if i == 5 {
			panic("column 5")
		}
	})
}

// TestTakeSlicedWithNulls gathers rows (with repeats and -1) of columns of
// every type that are slices of longer ones with nulls, on the parallel
// path, and checks each value against the source row.
func TestTakeSlicedWithNulls(t *testing.T) {
	const n = parallelRows + 500
	iv, fv := make([]int64, n), make([]float64, n)
	bv, sv, dv := make([]bool, n), make([]string, n), make([]string, n)
	valid := make([]bool, n)
	for i := range n {
		iv[i], fv[i], bv[i] = int64(i*7), float64(i)/4, i%3 == 0
		sv[i], dv[i] = fmt.Sprintf("s%d", i), fmt.Sprintf("d%d", i%5)
		valid[i] = i%7 != 0
	}
	src := New(Int64Col("i", iv, valid), Float64Col("f", fv, valid), BoolCol("b", bv, valid),
		StringCol("s", sv, valid), StringCol("d", dv, valid))
	if src.Err() != nil {
		t.Fatal(src.Err())
	}
	const off = 13
	sl := src.Slice(off, n)
	rows := make([]int, 0, n)
	for i := sl.NumRows() - 1; i >= 0; i -= 2 {
		rows = append(rows, i, i)
	}
	got := sl.take(append(rows, -1))
	if got.NumRows() != len(rows)+1 {
		t.Fatalf("%d rows, want %d", got.NumRows(), len(rows)+1)
	}
	gi, iok, _ := got.Int64s("i")
	gf, fok, _ := got.Float64s("f")
	gb, bok, _ := got.Bools("b")
	gs, sok, _ := got.Strings("s")
	gd, dok, _ := got.Strings("d")
	for _, ok := range [][]bool{iok, fok, bok, sok, dok} {
		if ok[len(rows)] {
			t.Fatal("row -1 is not null")
		}
		if slices.Equal(ok[:len(rows)], make([]bool, len(rows))) {
			t.Fatal("no valid rows")
		}
	}
	for k, r := range rows {
		s := r + off
		want := valid[s]
		if iok[k] != want || fok[k] != want || bok[k] != want || sok[k] != want || dok[k] != want {
			t.Fatalf("row %d (source %d): validity %v %v %v %v %v, want %v", k, s, iok[k], fok[k], bok[k], sok[k], dok[k], want)
		}
		if want && (gi[k] != iv[s] || gf[k] != fv[s] || gb[k] != bv[s] || gs[k] != sv[s] || gd[k] != dv[s]) {
			t.Fatalf("row %d (source %d): %d %v %v %q %q", k, s, gi[k], gf[k], gb[k], gs[k], gd[k])
		}
	}
}

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
