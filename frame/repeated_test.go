package frame

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// repeatedByGroups is Repeated by its definition: the rows of the
// groups of the keys with more than one row.
func repeatedByGroups(t *testing.T, f *Frame, keys ...string) []int {
	t.Helper()
	g := f.GroupBy(keys...)
	if g.err != nil {
		t.Fatal(g.err)
	}
	size := make([]int, g.NumGroups())
	for _, k := range g.GroupIDs() {
		size[k]++
	}
	var out []int
	for i, k := range g.GroupIDs() {
		if size[k] > 1 {
			out = append(out, i)
		}
	}
	return out
}

// TestRepeated: the rows Repeated finds are those of the groups of more
// than one row, on random frames of every column type as keys, alone
// and together: nulls, NaNs, −0 and 0, dictionary and plain strings,
// few and many distinct values.
func TestRepeated(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for c := range 60 {
		n := 1 + rng.IntN(400)
		card := 1 + rng.IntN(2*n) // few or many distinct values
		s, i64, fl, b := make([]string, n), make([]int64, n), make([]float64, n), make([]bool, n)
		sOK, iOK, fOK := make([]bool, n), make([]bool, n), make([]bool, n)
		for r := range n {
			s[r], sOK[r] = fmt.Sprintf("v%d", rng.IntN(card)), rng.IntN(10) > 0
			i64[r], iOK[r] = int64(rng.IntN(card))-3, rng.IntN(10) > 0
			fl[r], fOK[r] = []float64{0, math.Copysign(0, -1), math.NaN(), 1.5, float64(rng.IntN(card))}[rng.IntN(5)], rng.IntN(10) > 0
			b[r] = rng.IntN(2) == 0
		}
		f := New(StringCol("s", s, sOK), newPlain("p", s, sOK), Int64Col("i", i64, iOK), MicrosCol("t", i64, iOK),
			Float64Col("x", fl, fOK), BoolCol("b", b, nil))
		for _, keys := range [][]string{{"s"}, {"p"}, {"i"}, {"t"}, {"x"}, {"b"}, {"s", "i"}, {"p", "x", "b"}, {"i", "t"}} {
			got, err := f.Repeated(keys...)
			if err != nil {
				t.Fatal(err)
			}
			want := repeatedByGroups(t, f, keys...)
			if !slices.Equal(got, want) {
				t.Fatalf("case %d, keys %v: %v, want %v", c, keys, got, want)
			}
			// every hash colliding: the grouping of the candidates alone decides
			all := make([]int, n)
			for r := range all {
				all[r] = r
			}
			if got, err := f.repeatedAmong(keys, all); err != nil || !slices.Equal(got, want) {
				t.Fatalf("case %d, keys %v, every row a candidate: %v (%v), want %v", c, keys, got, err, want)
			}
		}
	}
	if _, err := New(Int64Col("a", []int64{1}, nil)).Repeated("b"); err == nil {
		t.Error("a key the frame lacks was grouped")
	}
}

// newPlain returns a string column kept plain (not dictionary-encoded).
func newPlain(name string, v []string, valid []bool) Column {
	return Column{name: name, arr: newPlainString(v, valid)}
}

// BenchmarkRepeated: the tasks of a 1M-attempt log keyed by job and
// task, 3% of them with a second attempt, against GroupBy's grouping.
func BenchmarkRepeated(b *testing.B) {
	const n = 1_000_000
	rng := rand.New(rand.NewPCG(1, 2))
	job, task := make([]string, n), make([]int64, n)
	for i := range n {
		job[i], task[i] = fmt.Sprint(i/1000), int64(i)
		if i > 0 && rng.IntN(33) == 0 {
			job[i], task[i] = job[i-1], task[i-1]
		}
	}
	f := New(StringCol("job", job, nil), Int64Col("task", task, nil))
	b.Run("Repeated", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := f.Repeated("job", "task"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("GroupBy", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			g := f.GroupBy("job", "task")
			size := make([]int32, g.NumGroups())
			for _, k := range g.GroupIDs() {
				size[k]++
			}
		}
	})
}

// TestVaries: a column varies when GroupBy gives it more than one
// group, on random columns of every type with few values, nulls, NaNs,
// −0 and 0.
func TestVaries(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for c := range 200 {
		n := rng.IntN(6)
		s, i64, fl, b := make([]string, n), make([]int64, n), make([]float64, n), make([]bool, n)
		ok := make([]bool, n)
		for r := range n {
			s[r], i64[r], b[r] = fmt.Sprint(rng.IntN(2)), int64(rng.IntN(2)), rng.IntN(2) == 0
			fl[r] = []float64{0, math.Copysign(0, -1), math.NaN(), 1}[rng.IntN(4)]
			ok[r] = rng.IntN(6) > 0
		}
		if c%2 == 0 {
			ok = nil
		}
		f := New(StringCol("s", s, ok), newPlain("p", s, ok), Int64Col("i", i64, ok), MicrosCol("t", i64, ok),
			Float64Col("x", fl, ok), BoolCol("b", b, ok))
		for _, name := range f.Names() {
			got, err := f.Varies(name)
			if err != nil {
				t.Fatal(err)
			}
			if want := f.GroupBy(name).NumGroups() > 1; got != want {
				t.Fatalf("case %d, column %s %v: varies %v, want %v", c, name, f.Select(name), got, want)
			}
		}
	}
}
