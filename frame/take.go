package frame

import (
	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/bitutil"
)

// take gathers rows idx of a into a new array; an index of -1 yields null.
// Dictionary columns keep their dictionary.
func take(a arrow.Array, idx []int) arrow.Array {
	n := len(idx)
	hasNeg := false
	for _, i := range idx {
		if i < 0 {
			hasNeg = true
			break
		}
	}
	var valid []bool
	if a.NullN() > 0 || hasNeg {
		valid = make([]bool, n)
		for k, i := range idx {
			valid[k] = i >= 0 && a.IsValid(i)
		}
	}
	switch a.DataType().ID() {
	case arrow.INT64, arrow.TIMESTAMP:
		src := int64Values(a)
		out := make([]int64, n)
		for k, i := range idx {
			if i >= 0 {
				out[k] = src[i]
			}
		}
		if a.DataType().ID() == arrow.TIMESTAMP {
			return newTimestamp(out, valid)
		}
		return newInt64(out, valid)
	case arrow.FLOAT64:
		src := float64Values(a)
		out := make([]float64, n)
		for k, i := range idx {
			if i >= 0 {
				out[k] = src[i]
			}
		}
		return newFloat64(out, valid)
	case arrow.BOOL:
		b := a.(*array.Boolean)
		bits := make([]byte, bitutil.BytesForBits(int64(n)))
		for k, i := range idx {
			if i >= 0 && b.Value(i) {
				bitutil.SetBit(bits, k)
			}
		}
		return newFixedWidth(arrow.FixedWidthTypes.Boolean, bits, n, valid)
	case arrow.STRING:
		s := a.(*array.String)
		out := make([]string, n)
		for k, i := range idx {
			if i >= 0 && s.IsValid(i) {
				out[k] = s.Value(i)
			}
		}
		return newPlainString(out, valid)
	case arrow.DICTIONARY:
		codes, dict := dictParts(a)
		out := make([]int32, n)
		for k, i := range idx {
			if i >= 0 {
				out[k] = codes[i]
			}
		}
		ia := newFixedWidth(arrow.PrimitiveTypes.Int32, arrow.Int32Traits.CastToBytes(out), n, valid)
		defer ia.Release()
		return array.NewDictionaryArray(dictStringType, ia, dict)
	}
	panic("frame: take on " + a.DataType().String())
}

// Take returns the rows at the given positions, in that order (positions
// may repeat). A position out of range is an error.
func (f *Frame) Take(rows []int) *Frame {
	if f.err != nil {
		return f
	}
	for _, r := range rows {
		if r < 0 || r >= f.nrows {
			return Errorf("Take: row %d out of range [0, %d)", r, f.nrows)
		}
	}
	return f.take(rows)
}

func (f *Frame) take(rows []int) *Frame {
	cols := make([]arrow.Array, len(f.cols))
	for i, a := range f.cols {
		cols[i] = take(a, rows)
	}
	return withCols(append([]string(nil), f.names...), cols, len(rows))
}

// Slice returns rows [i, j) sharing memory with f. Bounds are clamped to
// the frame, as Python slicing does for non-negative bounds.
func (f *Frame) Slice(i, j int) *Frame {
	if f.err != nil {
		return f
	}
	i = max(0, min(i, f.nrows))
	j = max(i, min(j, f.nrows))
	cols := make([]arrow.Array, len(f.cols))
	for k, a := range f.cols {
		cols[k] = array.NewSlice(a, int64(i), int64(j))
	}
	return withCols(append([]string(nil), f.names...), cols, j-i)
}

// Head returns the first n rows (all rows if n exceeds them).
func (f *Frame) Head(n int) *Frame { return f.Slice(0, n) }

// Tail returns the last n rows.
func (f *Frame) Tail(n int) *Frame { return f.Slice(f.nrows-n, f.nrows) }
