package frame

import (
	"bytes"
	"math"
	"slices"
	"testing"
)

// TestKeepRowGroup writes mixed's 100 rows in row groups of 7 and reads
// them back through KeepRowGroup: the statistics it is offered are the
// least and greatest ts and the nulls of each group, computed here from
// the rows written; the rows read are those of the groups kept, in
// order.
func TestKeepRowGroup(t *testing.T) {
	const n, size = 100, 7
	f := mixed(n)
	var buf bytes.Buffer
	if err := f.WriteParquet(&buf, ParquetOptions{RowGroupRows: size}); err != nil {
		t.Fatal(err)
	}
	ts, valid, err := f.Micros("ts")
	if err != nil {
		t.Fatal(err)
	}
	type stat struct{ lo, hi, nulls int64 }
	var want []stat
	for lo := 0; lo < n; lo += size {
		s := stat{math.MaxInt64, math.MinInt64, 0}
		for i := lo; i < min(lo+size, n); i++ {
			if !valid[i] {
				s.nulls++
				continue
			}
			s.lo, s.hi = min(s.lo, ts[i]), max(s.hi, ts[i])
		}
		want = append(want, s)
	}
	var got []stat
	k := 0
	g, err := ReadParquet(bytes.NewReader(buf.Bytes()), ReadOptions{KeepRowGroup: func(g RowGroup) bool {
		lo, hi, nulls, ok := g.TimeRange("ts")
		if !ok {
			t.Fatalf("row group %d: no statistics for ts", k)
		}
		if !g.Has("ts") || !g.IsTime("ts") || !g.Has("id") || g.IsTime("id") || g.Has("nope") || g.IsTime("nope") {
			t.Errorf("row group %d: Has/IsTime wrong for ts (time), id (int64), nope (none)", k)
		}
		if _, _, _, ok := g.TimeRange("id"); ok {
			t.Errorf("row group %d: a time range for the int64 column id", k)
		}
		if _, _, _, ok := g.TimeRange("nope"); ok {
			t.Errorf("row group %d: a time range for a column the file lacks", k)
		}
		if g.NumRows() != int64(min(size, n-k*size)) {
			t.Errorf("row group %d: %d rows", k, g.NumRows())
		}
		got = append(got, stat{lo, hi, nulls})
		k++
		return k%3 != 2 // drop groups 1, 4, 7, ...
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("statistics\n got %v\nwant %v", got, want)
	}
	var rows []int
	for i := range n {
		if (i/size)%3 != 1 {
			rows = append(rows, i)
		}
	}
	if a, b := csvOf(t, g), csvOf(t, f.Take(rows)); a != b {
		t.Fatalf("rows read:\n%s\nwant:\n%s", a, b)
	}
	none, err := ReadParquet(bytes.NewReader(buf.Bytes()), ReadOptions{KeepRowGroup: func(RowGroup) bool { return false }})
	if err != nil {
		t.Fatal(err)
	}
	if none.NumRows() != 0 || !slices.Equal(none.Names(), f.Names()) {
		t.Fatalf("no row group kept: %d rows, columns %v", none.NumRows(), none.Names())
	}
	proj, err := ReadParquet(bytes.NewReader(buf.Bytes()), ReadOptions{Columns: []string{"cat", "ts"}, KeepRowGroup: func(g RowGroup) bool {
		_, hi, _, _ := g.TimeRange("ts")
		return hi >= want[5].lo
	}})
	if err != nil {
		t.Fatal(err)
	}
	var kept []int
	for i := range n {
		if want[i/size].hi >= want[5].lo {
			kept = append(kept, i)
		}
	}
	if a, b := csvOf(t, proj), csvOf(t, f.Take(kept).Select("cat", "ts")); a != b {
		t.Fatalf("projected rows read:\n%s\nwant:\n%s", a, b)
	}
}
