package frame

import (
	"context"
	"fmt"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/metadata"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

// RowGroup is what a Parquet file's footer says of one row group,
// offered to ReadOptions.KeepRowGroup before the group is read.
type RowGroup struct {
	meta   *metadata.RowGroupMetaData
	schema *arrow.Schema
	fields *pqarrow.SchemaManifest
}

// NumRows returns the rows of the row group.
func (g RowGroup) NumRows() int64 { return g.meta.NumRows() }

// Has reports whether the file has a column named col.
func (g RowGroup) Has(col string) bool { return len(g.schema.FieldIndices(col)) == 1 }

// IsTime reports whether the file has a column named col that reads as
// a Time column.
func (g RowGroup) IsTime(col string) bool {
	idx := g.schema.FieldIndices(col)
	if len(idx) != 1 {
		return false
	}
	_, ok := g.schema.Field(idx[0]).Type.(*arrow.TimestampType)
	return ok
}

// TimeRange returns the least and greatest value of the Time column col
// in the row group, in µs since the Unix epoch, and how many of its
// values are null, as the footer's statistics give them. ok is false
// when the file has no such Time column or no statistics for it: then
// nothing is known of its values.
func (g RowGroup) TimeRange(col string) (lo, hi, nulls int64, ok bool) {
	lo, hi, nulls, unit, ok := g.timeStats(col)
	if !ok {
		return 0, 0, 0, false
	}
	lo, hi = toMicros(lo, hi, unit)
	return lo, hi, nulls, true
}

// TimeSpan returns the least and greatest value of the Time column col
// in the row group as the column reads them (µs since the Unix epoch),
// from the footer's statistics. ok is false when the statistics do not
// give them exactly: the file has no such Time column or no statistics
// for it, every value is null, the unit is finer than µs (a value with
// sub-µs digits does not read), or the least is above the greatest (a
// damaged footer).
func (g RowGroup) TimeSpan(col string) (lo, hi int64, ok bool) {
	lo, hi, nulls, unit, ok := g.timeStats(col)
	if !ok || unit == arrow.Nanosecond || nulls == g.NumRows() {
		return 0, 0, false
	}
	if lo, hi = toMicros(lo, hi, unit); lo > hi {
		return 0, 0, false
	}
	return lo, hi, true
}

// Names returns the names of the file's columns, in order.
func (g RowGroup) Names() []string {
	names := make([]string, g.schema.NumFields())
	for i, f := range g.schema.Fields() {
		names[i] = f.Name
	}
	return names
}

// timeStats returns the footer's statistics of the Time column col in
// the row group, in the column's unit: its least and greatest values,
// its null count and the unit.
func (g RowGroup) timeStats(col string) (lo, hi, nulls int64, unit arrow.TimeUnit, ok bool) {
	idx := g.schema.FieldIndices(col)
	if len(idx) != 1 {
		return 0, 0, 0, 0, false
	}
	ts, isTime := g.schema.Field(idx[0]).Type.(*arrow.TimestampType)
	sf := g.fields.Fields[idx[0]]
	if !isTime || !sf.IsLeaf() {
		return 0, 0, 0, 0, false
	}
	cc, err := g.meta.ColumnChunk(sf.ColIndex)
	if err != nil {
		return 0, 0, 0, 0, false
	}
	st, err := cc.Statistics()
	s, isInt := st.(*metadata.Int64Statistics)
	if err != nil || !isInt || !s.HasMinMax() || !s.HasNullCount() {
		return 0, 0, 0, 0, false
	}
	return s.Min(), s.Max(), s.NullCount(), ts.Unit, true
}

// toMicros converts the range lo..hi of a column in unit to µs,
// outward: a range in ns holds every value it held (in s, ms and µs it
// is exact).
func toMicros(lo, hi int64, unit arrow.TimeUnit) (int64, int64) {
	switch unit {
	case arrow.Second:
		return lo * 1_000_000, hi * 1_000_000
	case arrow.Millisecond:
		return lo * 1_000, hi * 1_000
	case arrow.Nanosecond:
		return floorDiv(lo, 1_000), -floorDiv(-hi, 1_000)
	}
	return lo, hi
}

// floorDiv is a / b rounded toward negative infinity (b > 0).
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// rowGroupsToRead returns the row groups of pf that o.KeepRowGroup keeps
// (nil, every row group, when it is not set) and the rows they hold.
func rowGroupsToRead(pf *file.Reader, fr *pqarrow.FileReader, schema *arrow.Schema, o ReadOptions) ([]int, int64) {
	if o.KeepRowGroup == nil {
		return nil, pf.NumRows()
	}
	keep := []int{}
	var rows int64
	md := pf.MetaData()
	for i := range pf.NumRowGroups() {
		g := RowGroup{meta: md.RowGroup(i), schema: schema, fields: fr.Manifest}
		if o.KeepRowGroup(g) {
			keep = append(keep, i)
			rows += g.NumRows()
		}
	}
	return keep, rows
}

// columnReader reads column i of fr, from the row groups listed (all
// when nil).
func columnReader(ctx context.Context, fr *pqarrow.FileReader, i int, rowGroups []int) (*pqarrow.ColumnReader, error) {
	if rowGroups == nil {
		return fr.GetColumn(ctx, i)
	}
	if i < 0 || i >= len(fr.Manifest.Fields) {
		return nil, fmt.Errorf("no column %d", i)
	}
	leaves := map[int]bool{}
	addLeaves(&fr.Manifest.Fields[i], leaves)
	return fr.GetFieldReader(ctx, i, leaves, rowGroups)
}

// addLeaves adds the Parquet leaf columns of an Arrow field to leaves.
func addLeaves(sf *pqarrow.SchemaField, leaves map[int]bool) {
	if sf.IsLeaf() {
		leaves[sf.ColIndex] = true
	}
	for k := range sf.Children {
		addLeaves(&sf.Children[k], leaves)
	}
}
