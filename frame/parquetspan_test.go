package frame

import (
	"bytes"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

// TestTimeSpan writes timestamps in each unit, a column of nulls alone
// and an int64 column in row groups of 3, and reads each group's
// TimeSpan: the least and greatest values as the columns read them (µs),
// taken here from the rows read back; nothing for a unit finer than µs
// (a value with sub-µs digits does not read), a group of nulls alone, a
// column that is not a time or that the file lacks.
func TestTimeSpan(t *testing.T) {
	units := []struct {
		name string
		unit arrow.TimeUnit
	}{{"s", arrow.Second}, {"ms", arrow.Millisecond}, {"us", arrow.Microsecond}, {"ns", arrow.Nanosecond}}
	raw := []int64{1_700_000_000, 1_700_000_300, 1_699_999_000, -5, 7, 3, 11}
	valid := []bool{true, false, true, true, true, true, false}
	var fields []arrow.Field
	var cols []arrow.Array
	for _, u := range units {
		b := array.NewTimestampBuilder(memory.DefaultAllocator, &arrow.TimestampType{Unit: u.unit, TimeZone: "UTC"})
		for i, v := range raw {
			if valid[i] {
				b.Append(arrow.Timestamp(v))
			} else {
				b.AppendNull()
			}
		}
		fields, cols = append(fields, arrow.Field{Name: u.name, Type: b.Type(), Nullable: true}), append(cols, b.NewArray())
	}
	nb := array.NewTimestampBuilder(memory.DefaultAllocator, &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"})
	ib := array.NewInt64Builder(memory.DefaultAllocator)
	for i, v := range raw {
		nb.AppendNull()
		ib.Append(v + int64(i))
	}
	fields = append(fields, arrow.Field{Name: "nulls", Type: nb.Type(), Nullable: true}, arrow.Field{Name: "n", Type: arrow.PrimitiveTypes.Int64})
	cols = append(cols, nb.NewArray(), ib.NewArray())
	rec := array.NewRecord(arrow.NewSchema(fields, nil), cols, int64(len(raw)))
	defer rec.Release()
	tbl := array.NewTableFromRecords(rec.Schema(), []arrow.Record{rec})
	defer tbl.Release()
	var buf bytes.Buffer
	props := parquet.NewWriterProperties(parquet.WithMaxRowGroupLength(3), parquet.WithStats(true))
	if err := pqarrow.WriteTable(tbl, &buf, 3, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema())); err != nil {
		t.Fatal(err)
	}
	f, err := ReadParquet(bytes.NewReader(buf.Bytes()), ReadOptions{Columns: []string{"s", "ms", "us"}})
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	_, err = ReadParquet(bytes.NewReader(buf.Bytes()), ReadOptions{Columns: []string{"n"}, KeepRowGroup: func(g RowGroup) bool {
		defer func() { k++ }()
		if got := g.Names(); len(got) != 6 || got[0] != "s" || got[5] != "n" {
			t.Errorf("row group %d: names %v", k, got)
		}
		for _, c := range []string{"s", "ms", "us"} {
			us, ok, err := f.Micros(c)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi, seen := int64(0), int64(0), false
			for i := 3 * k; i < min(3*k+3, len(us)); i++ {
				if ok[i] {
					if !seen {
						lo, hi, seen = us[i], us[i], true
					}
					lo, hi = min(lo, us[i]), max(hi, us[i])
				}
			}
			glo, ghi, gok := g.TimeSpan(c)
			if gok != seen || gok && (glo != lo || ghi != hi) {
				t.Errorf("row group %d, %s: TimeSpan %d, %d, %v; the rows read %d, %d, %v", k, c, glo, ghi, gok, lo, hi, seen)
			}
		}
		for _, c := range []string{"ns", "nulls", "n", "nope"} {
			if _, _, ok := g.TimeSpan(c); ok {
				t.Errorf("row group %d: a span for %s", k, c)
			}
		}
		return false
	}})
	if err != nil {
		t.Fatal(err)
	}
	if k != 3 {
		t.Errorf("%d row groups offered, want 3", k)
	}
}
