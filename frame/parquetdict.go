package frame

import (
	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
)

// usedDict returns the dictionary column a with a dictionary of only the
// values its rows use, in the order of their codes, or a itself
// (retained) when its rows use every value. A slice or a gather of a
// dictionary column shares the whole dictionary, and pqarrow writes a
// row group's dictionary whole and scans it for the statistics: a
// day's part of a large frame would carry, and pay for, all of it.
func usedDict(a arrow.Array) arrow.Array {
	codes, dict := dictParts(a)
	remap := make([]int32, dict.Len()) // new code + 1; 0 for unused
	used := int32(0)
	for i, c := range codes {
		if a.IsValid(i) && remap[c] == 0 {
			used++
			remap[c] = -1
		}
	}
	if int(used) == dict.Len() {
		a.Retain()
		return a
	}
	offsets := make([]int32, 1, used+1)
	var data []byte
	for c, r := range remap {
		if r != 0 {
			data = append(data, dict.Value(c)...)
			offsets = append(offsets, int32(len(data)))
			remap[c] = int32(len(offsets)) - 1
		}
	}
	out := make([]int32, len(codes))
	for i, c := range codes {
		if a.IsValid(i) {
			out[i] = remap[c] - 1
		}
	}
	var vb *memory.Buffer
	if a.NullN() > 0 {
		vb = memory.NewBufferBytes(validityBytes(a))
	}
	idx := newFixedWidthBuf(arrow.PrimitiveTypes.Int32, arrow.Int32Traits.CastToBytes(out), len(out), vb, a.NullN())
	defer idx.Release()
	values := newStringParts(offsets, data, nil, 0)
	defer values.Release()
	return array.NewDictionaryArray(dictStringType, idx, values)
}

// validityBytes returns a's validity as a bitmap starting at its first
// row (a slice's bitmap starts at its parent's).
func validityBytes(a arrow.Array) []byte {
	bits := make([]byte, (a.Len()+7)/8)
	for i := range a.Len() {
		if a.IsValid(i) {
			bits[i/8] |= 1 << (i % 8)
		}
	}
	return bits
}

// usedDicts returns f with every dictionary column reduced to the
// values its rows use (usedDict).
func (f *Frame) usedDicts() *Frame {
	cols := make([]arrow.Array, len(f.cols))
	for i, a := range f.cols {
		if a.DataType().ID() == arrow.DICTIONARY {
			cols[i] = usedDict(a)
		} else {
			a.Retain()
			cols[i] = a
		}
	}
	return withCols(append([]string(nil), f.names...), cols, f.nrows)
}
