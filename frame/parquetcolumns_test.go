package frame

import (
	"bytes"
	"slices"
	"testing"
)

// TestKeepColumn: ReadOptions.KeepColumn reads the columns of the types
// it keeps, alone or within Columns' projection, with their values.
func TestKeepColumn(t *testing.T) {
	ts, valid, err := mixed(50).Micros("ts")
	if err != nil {
		t.Fatal(err)
	}
	f := mixed(50).WithColumn("end", MicrosCol("end", ts, valid))
	var buf bytes.Buffer
	if err := f.WriteParquet(&buf, ParquetOptions{RowGroupRows: 16}); err != nil {
		t.Fatal(err)
	}
	var asked []string
	times := func(name string, typ Type) bool { asked = append(asked, name); return typ == Time || name == "id" }
	cases := []struct {
		columns []string
		want    []string
	}{
		{nil, []string{"id", "ts", "end"}},
		{[]string{"end", "cat", "id"}, []string{"id", "end"}},
		{[]string{"cat"}, nil},
	}
	for _, c := range cases {
		asked = nil
		g, err := ReadParquet(bytes.NewReader(buf.Bytes()), ReadOptions{Columns: c.columns, KeepColumn: times})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(g.Names(), c.want) {
			t.Errorf("columns %v: read %v, want %v", c.columns, g.Names(), c.want)
		}
		if c.columns != nil && len(asked) != len(c.columns) {
			t.Errorf("columns %v: KeepColumn asked of %v: of the projection's columns only", c.columns, asked)
		}
		if len(c.want) > 0 && g.NumRows() != f.NumRows() {
			t.Fatalf("columns %v: %d rows, want %d", c.columns, g.NumRows(), f.NumRows())
		}
		for _, n := range c.want {
			if csvOf(t, g.Select(n)) != csvOf(t, f.Select(n)) {
				t.Errorf("columns %v: %s differs from the frame written", c.columns, n)
			}
		}
	}
}
