package lake

import (
	"encoding/binary"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/zeebo/xxh3"

	"github.com/jobframe/jobframe/loaders/source"
)

// fingerprint hashes the rows of a batch: its frames by name, each
// column's name and values in row order. Values are hashed as what they
// are, not as laid out: a text column hashes alike whether a dictionary
// or plain strings hold it. Two batches with one fingerprint hold the
// same rows in the same order (up to a 128-bit hash collision); it is
// how an append checks that a grown log's first batches are those
// ingested before.
func fingerprint(b *source.Dataset) string {
	h := xxh3.New()
	var buf []byte
	flush := func() {
		h.Write(buf)
		buf = buf[:0]
	}
	for _, name := range slices.Sorted(maps.Keys(b.Frames)) {
		f := b.Frames[name]
		buf = appendText(buf, name)
		buf = binary.LittleEndian.AppendUint64(buf, uint64(f.NumRows()))
		rec := f.Record()
		for k, col := range rec.Columns() {
			buf = appendText(buf, rec.ColumnName(k))
			for i := 0; i < col.Len(); i++ {
				buf = appendValue(buf, col, i)
				if len(buf) >= 1<<16 {
					flush()
				}
			}
		}
	}
	flush()
	sum := h.Sum128()
	return fmt.Sprintf("%016x%016x", sum.Hi, sum.Lo)
}

// appendText appends s, its length first.
func appendText(buf []byte, s string) []byte {
	buf = binary.LittleEndian.AppendUint64(buf, uint64(len(s)))
	return append(buf, s...)
}

// appendValue appends row i of col, tagged by kind: null, text,
// integer (times too), float, bool, or for other types its text.
func appendValue(buf []byte, col arrow.Array, i int) []byte {
	if col.IsNull(i) {
		return append(buf, 0)
	}
	switch a := col.(type) {
	case *array.Dictionary:
		return appendValue(buf, a.Dictionary(), a.GetValueIndex(i))
	case *array.String:
		return appendText(append(buf, 1), a.Value(i))
	case *array.LargeString:
		return appendText(append(buf, 1), a.Value(i))
	case *array.Int64:
		return binary.LittleEndian.AppendUint64(append(buf, 2), uint64(a.Value(i)))
	case *array.Timestamp:
		return binary.LittleEndian.AppendUint64(append(buf, 2), uint64(a.Value(i)))
	case *array.Int32:
		return binary.LittleEndian.AppendUint64(append(buf, 2), uint64(a.Value(i)))
	case *array.Float64:
		return binary.LittleEndian.AppendUint64(append(buf, 3), math.Float64bits(a.Value(i)))
	case *array.Boolean:
		if a.Value(i) {
			return append(buf, 4, 1)
		}
		return append(buf, 4, 0)
	}
	return appendText(append(buf, 5), col.ValueStr(i))
}
