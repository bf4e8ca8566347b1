package frame

import (
	"bytes"
	"errors"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/schema"
)

// nullsParquet writes, with arrow-go's own Parquet writer, a file of one
// optional int64 column "gpus" of rows nulls in each of groups row
// groups: a run of nulls is a few bytes of definition levels whatever
// its length.
func nullsParquet(t *testing.T, rows int64, groups int) []byte {
	t.Helper()
	node := schema.NewInt64Node("gpus", parquet.Repetitions.Optional, -1)
	root, err := schema.NewGroupNode("schema", parquet.Repetitions.Required, schema.FieldList{node}, -1)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := file.NewParquetWriter(&buf, root, file.WithWriterProps(parquet.NewWriterProperties(parquet.WithDictionaryDefault(false))))
	def := make([]int16, 1<<16)
	for range groups {
		rg := w.AppendRowGroup()
		cw, err := rg.NextColumn()
		if err != nil {
			t.Fatal(err)
		}
		for done := int64(0); done < rows; {
			k := min(rows-done, int64(len(def)))
			if _, err := cw.(*file.Int64ColumnChunkWriter).WriteBatch(nil, def[:k], nil); err != nil {
				t.Fatal(err)
			}
			done += k
		}
		if err := cw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := rg.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestBudgetExact reads a file of 4M nulls (under 200 bytes, 32 MB read)
// without a bound, then under a budget of exactly what that read
// allocated, which reads, and of a byte less, which stops with a
// *BudgetError naming the file.
func TestBudgetExact(t *testing.T) {
	const rows = 4 << 20
	data := nullsParquet(t, rows, 1)
	if len(data) > 200 {
		t.Fatalf("%d bytes of Parquet for %d nulls, want a few hundred at most", len(data), rows)
	}
	free := NewBudget(0)
	f, err := ReadParquet(bytes.NewReader(data), ReadOptions{Budget: free})
	if err != nil {
		t.Fatal(err)
	}
	col, err := f.Col("gpus")
	if err != nil {
		t.Fatal(err)
	}
	if f.NumRows() != rows || col.Arrow().NullN() != rows {
		t.Fatalf("%d rows, %d null; want %d of each", f.NumRows(), col.Arrow().NullN(), rows)
	}
	need := free.Used()
	if need < rows*8 {
		t.Fatalf("the read allocated %d bytes, less than the column's %d", need, rows*8)
	}
	if _, err := ReadParquet(bytes.NewReader(data), ReadOptions{Budget: NewBudget(need)}); err != nil {
		t.Fatalf("a budget of the %d bytes the read takes: %v", need, err)
	}
	b := NewBudget(need - 1)
	_, err = ReadParquet(bytes.NewReader(data), ReadOptions{Budget: b, Name: "nulls.parquet"})
	var be *BudgetError
	if !errors.As(err, &be) || be.Max != need-1 || be.Asked <= need-1 || b.Used() != be.Asked {
		t.Fatalf("a budget of a byte less: %v (%+v, used %d), want a *BudgetError past %d", err, be, b.Used(), need-1)
	}
	if !strings.HasPrefix(err.Error(), "nulls.parquet: ") || !strings.Contains(err.Error(), "reading it would allocate more than") {
		t.Errorf("error %q does not name the file and the cause", err)
	}
}

// TestBudgetShared reads the same file twice under one budget: it holds
// the first read and not the second.
func TestBudgetShared(t *testing.T) {
	data := nullsParquet(t, 1<<20, 2)
	one := NewBudget(0)
	if _, err := ReadParquet(bytes.NewReader(data), ReadOptions{Budget: one}); err != nil {
		t.Fatal(err)
	}
	b := NewBudget(2*one.Used() - 1)
	if _, err := ReadParquet(bytes.NewReader(data), ReadOptions{Budget: b}); err != nil {
		t.Fatalf("the first read under the shared budget: %v", err)
	}
	var be *BudgetError
	if _, err := ReadParquet(bytes.NewReader(data), ReadOptions{Budget: b}); !errors.As(err, &be) {
		t.Fatalf("the second read under the shared budget: %v, want a *BudgetError", err)
	}
}

// TestBudgetDefault reads the 1,869-byte file of the hostile lake case,
// 16 row groups of a billion nulls each (DuckDB counts 16,000,000,000
// rows, none of them a value), with the default budget: the read stops
// at 1 GiB instead of asking for 128 GB.
func TestBudgetDefault(t *testing.T) {
	path := filepath.Join("..", "testdata", "hostile", "lake-null-bomb", "_data", "000001", "tasks",
		"source=hyperqueue", "day=2026-08-04", "part-68bdcedc6747cb42-000006.parquet")
	_, err := ReadParquetFile(path, ReadOptions{})
	var be *BudgetError
	if !errors.As(err, &be) || be.Max != MinBudgetBytes {
		t.Fatalf("%v, want a *BudgetError past %d bytes", err, MinBudgetBytes)
	}
	if !strings.HasPrefix(err.Error(), path+": ") {
		t.Errorf("error %q does not name the file", err)
	}
}

// TestDefaultBudgetBytes checks the default's figures by hand.
func TestDefaultBudgetBytes(t *testing.T) {
	for _, c := range []struct{ size, want int64 }{
		{0, 1 << 30},
		{1869, 1 << 30},
		{1 << 20, 1 << 30},
		{1<<20 + 1, 1<<30 + 1024},
		{2 << 20, 2 << 30},
		{1 << 40, 1 << 50},
		{math.MaxInt64, 1 << 62},
	} {
		if got := DefaultBudgetBytes(c.size); got != c.want {
			t.Errorf("DefaultBudgetBytes(%d) = %d, want %d", c.size, got, c.want)
		}
	}
}

// zerosIPC writes, zstd-compressed, a frame of cols int64 columns of
// rows zeros each (one array shared, so writing holds it once): zstd
// makes 64 MiB of zeros about 7 KB.
func zerosIPC(t *testing.T, rows, cols int) []byte {
	t.Helper()
	zeros := Int64Col("c", make([]int64, rows), nil).Arrow()
	cs := make([]Column, cols)
	for i := range cs {
		cs[i] = ArrowCol("c"+strconv.Itoa(i), zeros)
	}
	var buf bytes.Buffer
	if err := New(cs...).WriteIPC(&buf, IPCOptions{Compression: "zstd"}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestBudgetIPC reads a zstd Arrow IPC file of 4 columns of 1M zeros
// under a budget of exactly what an unbounded read allocated, which
// reads, and of a byte less, which stops with a *BudgetError.
func TestBudgetIPC(t *testing.T) {
	data := zerosIPC(t, 1<<20, 4)
	free := NewBudget(0)
	f, err := ReadIPC(bytes.NewReader(data), ReadOptions{Budget: free})
	if err != nil {
		t.Fatal(err)
	}
	if f.NumRows() != 1<<20 || f.NumCols() != 4 {
		t.Fatalf("%d rows, %d columns; want %d and 4", f.NumRows(), f.NumCols(), 1<<20)
	}
	need := free.Used()
	if need < 4*8<<20 {
		t.Fatalf("the read allocated %d bytes, less than the columns' %d", need, 4*8<<20)
	}
	if _, err := ReadIPC(bytes.NewReader(data), ReadOptions{Budget: NewBudget(need)}); err != nil {
		t.Fatalf("a budget of the %d bytes the read takes: %v", need, err)
	}
	_, err = ReadIPC(bytes.NewReader(data), ReadOptions{Budget: NewBudget(need - 1), Name: "zeros.arrow"})
	var be *BudgetError
	if !errors.As(err, &be) || be.Max != need-1 || !strings.HasPrefix(err.Error(), "zeros.arrow: ") {
		t.Fatalf("a budget of a byte less: %v, want a *BudgetError past %d naming the file", err, need-1)
	}
}

// TestBudgetIPCDefault reads a 176 KB zstd IPC file of 24 columns of 8M
// zeros, 1.5 GiB once read, with the default budget: the read stops at
// 1 GiB.
func TestBudgetIPCDefault(t *testing.T) {
	if raceEnabled {
		t.Skip("a gigabyte of zeros decoded under the race detector takes 25 s; the plain run reads it (the read runs on one goroutine)")
	}
	data := zerosIPC(t, 8<<20, 24)
	if len(data) > 256<<10 {
		t.Fatalf("%d bytes of IPC, want under 256 KiB", len(data))
	}
	_, err := ReadIPC(bytes.NewReader(data), ReadOptions{})
	var be *BudgetError
	if !errors.As(err, &be) || be.Max != MinBudgetBytes {
		t.Fatalf("%v, want a *BudgetError past %d bytes", err, MinBudgetBytes)
	}
}
