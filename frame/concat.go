package frame

import (
	"fmt"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// Concat stacks frames vertically, matching columns by name. The result
// has every column of every frame, in order of first appearance; a frame
// without a column contributes nulls there. A column must have the same
// type in every frame that has it.
func Concat(frames ...*Frame) *Frame {
	var names []string
	types := map[string]Type{}
	total := 0
	for k, f := range frames {
		if f.err != nil {
			return WithErr(fmt.Errorf("Concat: frame %d: %w", k, f.err))
		}
		total += f.nrows
		for i, n := range f.names {
			t := typeOf(f.cols[i].DataType())
			if have, ok := types[n]; ok {
				if have != t {
					return Errorf("Concat: column %q is %s in an earlier frame and %s in frame %d", n, have, t, k)
				}
				continue
			}
			types[n] = t
			names = append(names, n)
		}
	}
	cols := make([]arrow.Array, len(names))
	for c, n := range names {
		cols[c] = concatColumn(frames, n, types[n], total)
	}
	return withCols(names, cols, total)
}

func concatColumn(frames []*Frame, name string, t Type, total int) arrow.Array {
	valid := make([]bool, 0, total)
	switch t {
	case Int64, Time:
		out := make([]int64, 0, total)
		for _, f := range frames {
			if i, ok := f.index[name]; ok {
				out = append(out, int64Values(f.cols[i])...)
				valid = append(valid, validMask(f.cols[i])...)
			} else {
				out = append(out, make([]int64, f.nrows)...)
				valid = append(valid, make([]bool, f.nrows)...)
			}
		}
		if t == Time {
			return newTimestamp(out, valid)
		}
		return newInt64(out, valid)
	case Float64:
		out := make([]float64, 0, total)
		for _, f := range frames {
			if i, ok := f.index[name]; ok {
				out = append(out, float64Values(f.cols[i])...)
				valid = append(valid, validMask(f.cols[i])...)
			} else {
				out = append(out, make([]float64, f.nrows)...)
				valid = append(valid, make([]bool, f.nrows)...)
			}
		}
		return newFloat64(out, valid)
	case Bool:
		out := make([]bool, 0, total)
		for _, f := range frames {
			if i, ok := f.index[name]; ok {
				b := f.cols[i].(*array.Boolean)
				for r := 0; r < f.nrows; r++ {
					out = append(out, b.Value(r))
				}
				valid = append(valid, validMask(b)...)
			} else {
				out = append(out, make([]bool, f.nrows)...)
				valid = append(valid, make([]bool, f.nrows)...)
			}
		}
		return newBool(out, valid)
	default:
		out := make([]string, 0, total)
		for _, f := range frames {
			if i, ok := f.index[name]; ok {
				a := f.cols[i]
				for r := 0; r < f.nrows; r++ {
					if a.IsValid(r) {
						out = append(out, strAt(a, r))
					} else {
						out = append(out, "")
					}
				}
				valid = append(valid, validMask(a)...)
			} else {
				out = append(out, make([]string, f.nrows)...)
				valid = append(valid, make([]bool, f.nrows)...)
			}
		}
		return newString(out, valid)
	}
}
