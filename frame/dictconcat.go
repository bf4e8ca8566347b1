package frame

import (
	"fmt"
	"slices"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// concatDicts joins dictionary-encoded string chunks, whatever their
// index widths and dictionaries, into one column of int32 codes whose
// dictionary holds each value once, in order of first use by the
// chunks' dictionaries. A row is null when its index is null or points
// at a null dictionary value.
//
// It replaces array.Concatenate for dictionaries: in Arrow Go v17, when
// the chunks' dictionaries differ, Concatenate zeroes the bytes of null
// index runs at an element offset read as a byte offset, corrupting the
// valid indices beside them (apache/arrow-go#871, fixed after v17). A
// Parquet file whose row groups carry different dictionaries (as
// WriteParquet writes them) read back with wrong values.
func concatDicts(chunks []arrow.Array) (arrow.Array, error) {
	n := 0
	for _, c := range chunks {
		n += c.Len()
	}
	idx := make([]int32, 0, n)
	valid := make([]bool, 0, n)
	var dict interner
	var remap []int32
	for k, c := range chunks {
		d, ok := c.(*array.Dictionary)
		if !ok {
			return nil, fmt.Errorf("chunk %d is %s, not a dictionary", k, c.DataType())
		}
		vals, ok := d.Dictionary().(interface{ Value(int) string })
		if !ok {
			return nil, fmt.Errorf("dictionary of %s is not supported (only strings)", d.Dictionary().DataType())
		}
		remap = remap[:0]
		for i := 0; i < d.Dictionary().Len(); i++ {
			if d.Dictionary().IsNull(i) {
				remap = append(remap, -1)
				continue
			}
			remap = append(remap, dict.code(vals.Value(i)))
		}
		var err error
		if idx, valid, err = appendRemapped(idx, valid, d, remap); err != nil {
			return nil, fmt.Errorf("chunk %d, %w", k, err)
		}
	}
	return newDictString(idx, valid, dict.vals), nil
}

// appendRemapped appends the rows of dictionary chunk d to idx and
// valid, each code through remap (-1: a null value). Int32 indices (a
// frame's own, and most files') are read as a slice, the others one by
// one.
func appendRemapped(idx []int32, valid []bool, d *array.Dictionary, remap []int32) ([]int32, []bool, error) {
	outside := func(i, v int) error {
		return fmt.Errorf("row %d: dictionary index %d outside its %d values", i, v, len(remap))
	}
	codes, ok := d.Indices().(*array.Int32)
	if !ok {
		for i := 0; i < d.Len(); i++ {
			code := int32(-1)
			if d.IsValid(i) {
				v := d.GetValueIndex(i)
				if v < 0 || v >= len(remap) {
					return nil, nil, outside(i, v)
				}
				code = remap[v]
			}
			idx = append(idx, max(code, 0))
			valid = append(valid, code >= 0)
		}
		return idx, valid, nil
	}
	start := len(idx)
	idx, valid = slices.Grow(idx, d.Len())[:start+d.Len()], slices.Grow(valid, d.Len())[:start+d.Len()]
	out, outValid := idx[start:], valid[start:]
	nulls := d.NullN() > 0
	for i, v := range codes.Int32Values() {
		code := int32(-1)
		if !nulls || d.IsValid(i) {
			if uint32(v) >= uint32(len(remap)) {
				return nil, nil, outside(i, int(v))
			}
			code = remap[v]
		}
		out[i] = max(code, 0)
		outValid[i] = code >= 0
	}
	return idx, valid, nil
}
