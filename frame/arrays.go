package frame

import (
	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/bitutil"
	"github.com/apache/arrow/go/v17/arrow/memory"
)

// This file builds canonical Arrow arrays from Go slices without copying
// the values, and reads them back. Every function that takes a slice takes
// ownership of it: the caller must not modify it afterwards.

// validityBuffer packs valid into an Arrow validity bitmap; it returns nil
// and 0 nulls when valid is nil or all true.
func validityBuffer(valid []bool) (*memory.Buffer, int) {
	if valid == nil {
		return nil, 0
	}
	nulls := 0
	for _, v := range valid {
		if !v {
			nulls++
		}
	}
	if nulls == 0 {
		return nil, 0
	}
	bits := make([]byte, bitutil.BytesForBits(int64(len(valid))))
	for i, v := range valid {
		if v {
			bitutil.SetBit(bits, i)
		}
	}
	return memory.NewBufferBytes(bits), nulls
}

func newFixedWidth(dt arrow.DataType, values []byte, n int, valid []bool) arrow.Array {
	vb, nulls := validityBuffer(valid)
	return newFixedWidthBuf(dt, values, n, vb, nulls)
}

// newFixedWidthBuf is newFixedWidth with the validity bitmap given (nil:
// all valid) and its count of nulls.
func newFixedWidthBuf(dt arrow.DataType, values []byte, n int, vb *memory.Buffer, nulls int) arrow.Array {
	data := array.NewData(dt, n, []*memory.Buffer{vb, memory.NewBufferBytes(values)}, nil, nulls, 0)
	defer data.Release()
	return array.MakeFromData(data)
}

// newInt64 returns an int64 array over vals (zero copy).
func newInt64(vals []int64, valid []bool) arrow.Array {
	return newFixedWidth(arrow.PrimitiveTypes.Int64, arrow.Int64Traits.CastToBytes(vals), len(vals), valid)
}

// newFloat64 returns a float64 array over vals (zero copy).
func newFloat64(vals []float64, valid []bool) arrow.Array {
	return newFixedWidth(arrow.PrimitiveTypes.Float64, arrow.Float64Traits.CastToBytes(vals), len(vals), valid)
}

// newTimestamp returns a timestamp[us, UTC] array over µs since the epoch.
func newTimestamp(us []int64, valid []bool) arrow.Array {
	return newFixedWidth(timestampType, arrow.Int64Traits.CastToBytes(us), len(us), valid)
}

// newBool returns a boolean array with the given values.
func newBool(vals []bool, valid []bool) arrow.Array {
	bits := make([]byte, bitutil.BytesForBits(int64(len(vals))))
	for i, v := range vals {
		if v {
			bitutil.SetBit(bits, i)
		}
	}
	return newFixedWidth(arrow.FixedWidthTypes.Boolean, bits, len(vals), valid)
}

// newPlainString returns a utf8 array with the given values.
func newPlainString(vals []string, valid []bool) arrow.Array {
	total := 0
	for _, s := range vals {
		total += len(s)
	}
	offsets := make([]int32, len(vals)+1)
	data := make([]byte, 0, total)
	for i, s := range vals {
		if valid == nil || valid[i] {
			data = append(data, s...)
		}
		offsets[i+1] = int32(len(data))
	}
	vb, nulls := validityBuffer(valid)
	return newStringParts(offsets, data, vb, nulls)
}

// newStringParts returns a utf8 array over its parts (no copy): row i is
// data[offsets[i]:offsets[i+1]]; vb is the validity bitmap (nil: all
// valid) holding nulls nulls.
func newStringParts(offsets []int32, data []byte, vb *memory.Buffer, nulls int) arrow.Array {
	ad := array.NewData(arrow.BinaryTypes.String, len(offsets)-1,
		[]*memory.Buffer{vb, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(offsets)), memory.NewBufferBytes(data)}, nil, nulls, 0)
	defer ad.Release()
	return array.NewStringData(ad)
}

// newDictString returns a dictionary<int32, utf8> array from indices into dict.
func newDictString(indices []int32, valid []bool, dict []string) arrow.Array {
	idx := newFixedWidth(arrow.PrimitiveTypes.Int32, arrow.Int32Traits.CastToBytes(indices), len(indices), valid)
	defer idx.Release()
	d := newPlainString(dict, nil)
	defer d.Release()
	return array.NewDictionaryArray(dictStringType, idx, d)
}

// lowCardinality reports whether a string column with distinct values over
// n rows should be dictionary-encoded.
func lowCardinality(distinct, n int) bool {
	return n > 0 && distinct*2 <= n
}

// newString returns a string array, dictionary-encoded when the values
// have low cardinality.
func newString(vals []string, valid []bool) arrow.Array {
	codes := make(map[string]int32)
	var dict []string
	indices := make([]int32, len(vals))
	for i, s := range vals {
		if valid != nil && !valid[i] {
			continue
		}
		c, ok := codes[s]
		if !ok {
			if !lowCardinality(len(dict)+1, len(vals)) {
				return newPlainString(vals, valid)
			}
			c = int32(len(dict))
			codes[s] = c
			dict = append(dict, s)
		}
		indices[i] = c
	}
	return newDictString(indices, valid, dict)
}

// int64Values returns the values of an int64 or timestamp array as a slice
// sharing the array's memory.
func int64Values(a arrow.Array) []int64 {
	d := a.Data()
	b := d.Buffers()[1]
	if b == nil {
		return nil
	}
	return arrow.Int64Traits.CastFromBytes(b.Bytes())[d.Offset() : d.Offset()+d.Len()]
}

// float64Values returns the values of a float64 array sharing its memory.
func float64Values(a arrow.Array) []float64 {
	return a.(*array.Float64).Float64Values()
}

// strAt returns the string at row i of a utf8 or dictionary array.
func strAt(a arrow.Array, i int) string {
	switch c := a.(type) {
	case *array.String:
		return c.Value(i)
	case *array.Dictionary:
		return c.Dictionary().(*array.String).Value(c.GetValueIndex(i))
	}
	panic("frame: strAt on " + a.DataType().String())
}

// dictParts returns the per-row codes and dictionary values of a
// dictionary-encoded string array.
func dictParts(a arrow.Array) ([]int32, *array.String) {
	d := a.(*array.Dictionary)
	idx := d.Indices().(*array.Int32)
	return idx.Int32Values(), d.Dictionary().(*array.String)
}
