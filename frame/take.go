package frame

import (
	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/bitutil"
	"github.com/apache/arrow/go/v17/arrow/memory"
)

// take gathers rows idx of a into a new array; an index of -1 yields null.
// Dictionary columns keep their dictionary.
func take(a arrow.Array, idx []int) arrow.Array { return takeRows(a, idx, hasNegative(idx)) }

// hasNegative reports whether idx holds a -1 (a null row).
func hasNegative(idx []int) bool {
	for _, i := range idx {
		if i < 0 {
			return true
		}
	}
	return false
}

// takeValidity returns the validity bitmap of a's rows idx and its count
// of nulls, or nil when every row is valid.
func takeValidity(a arrow.Array, idx []int, hasNeg bool) (*memory.Buffer, int) {
	if a.NullN() == 0 && !hasNeg {
		return nil, 0
	}
	bits := make([]byte, bitutil.BytesForBits(int64(len(idx))))
	nulls := 0
	if a.NullN() == 0 {
		for k, i := range idx {
			if i >= 0 {
				bitutil.SetBit(bits, k)
			} else {
				nulls++
			}
		}
	} else {
		src, off := a.NullBitmapBytes(), a.Data().Offset()
		for k, i := range idx {
			if i >= 0 && bitutil.BitIsSet(src, off+i) {
				bitutil.SetBit(bits, k)
			} else {
				nulls++
			}
		}
	}
	if nulls == 0 {
		return nil, 0
	}
	return memory.NewBufferBytes(bits), nulls
}

// gatherValues returns src[idx[k]] for each k, zero where idx[k] is -1
// (hasNeg says whether any is).
func gatherValues[T any](src []T, idx []int, hasNeg bool) []T {
	out := make([]T, len(idx))
	if hasNeg {
		for k, i := range idx {
			if i >= 0 {
				out[k] = src[i]
			}
		}
		return out
	}
	for k, i := range idx {
		out[k] = src[i]
	}
	return out
}

// takeRows is take with hasNegative(idx) known.
func takeRows(a arrow.Array, idx []int, hasNeg bool) arrow.Array {
	n := len(idx)
	vb, nulls := takeValidity(a, idx, hasNeg)
	switch a.DataType().ID() {
	case arrow.INT64, arrow.TIMESTAMP:
		out := gatherValues(int64Values(a), idx, hasNeg)
		return newFixedWidthBuf(a.DataType(), arrow.Int64Traits.CastToBytes(out), n, vb, nulls)
	case arrow.FLOAT64:
		out := gatherValues(float64Values(a), idx, hasNeg)
		return newFixedWidthBuf(a.DataType(), arrow.Float64Traits.CastToBytes(out), n, vb, nulls)
	case arrow.BOOL:
		b := a.(*array.Boolean)
		vals := make([]byte, bitutil.BytesForBits(int64(n)))
		for k, i := range idx {
			if i >= 0 && b.Value(i) {
				bitutil.SetBit(vals, k)
			}
		}
		return newFixedWidthBuf(arrow.FixedWidthTypes.Boolean, vals, n, vb, nulls)
	case arrow.STRING:
		s := a.(*array.String)
		total := 0
		for _, i := range idx {
			if i >= 0 && s.IsValid(i) {
				total += len(s.Value(i))
			}
		}
		offsets := make([]int32, n+1)
		data := make([]byte, 0, total)
		for k, i := range idx {
			if i >= 0 && s.IsValid(i) {
				data = append(data, s.Value(i)...)
			}
			offsets[k+1] = int32(len(data))
		}
		return newStringParts(offsets, data, vb, nulls)
	case arrow.DICTIONARY:
		codes, dict := dictParts(a)
		out := make([]int32, n)
		for k, i := range idx {
			if i >= 0 {
				out[k] = codes[i]
			}
		}
		ia := newFixedWidthBuf(arrow.PrimitiveTypes.Int32, arrow.Int32Traits.CastToBytes(out), n, vb, nulls)
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

// take gathers rows of every column; -1 gives a null row. The columns of
// a large frame are gathered on all cores.
func (f *Frame) take(rows []int) *Frame {
	if isIdentity(rows, f.nrows) { // every row in order (a filter that keeps all, a sort of sorted rows)
		return f.Slice(0, f.nrows)
	}
	cols := make([]arrow.Array, len(f.cols))
	hasNeg := hasNegative(rows)
	eachColumn(len(cols), len(rows), func(i int) { cols[i] = takeRows(f.cols[i], rows, hasNeg) })
	return withCols(append([]string(nil), f.names...), cols, len(rows))
}

// isIdentity reports whether rows is 0, 1, ..., n−1.
func isIdentity(rows []int, n int) bool {
	if len(rows) != n {
		return false
	}
	for i, r := range rows {
		if r != i {
			return false
		}
	}
	return true
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
