package frame

import (
	"fmt"
	"math"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// Concat stacks frames vertically, matching columns by name. The result
// has every column of every frame, in order of first appearance; a frame
// without a column contributes nulls there. A column must have the same
// type in every frame that has it.
func Concat(frames ...*Frame) *Frame { return concat(frames, false) }

// Stack is Concat of frames the caller hands over: each frame's column
// is let go as soon as it is stacked, so that stacking the many parts of
// a large frame holds little more than the result (Concat holds the
// parts and the result whole, twice the frame). The frames must not be
// used afterwards.
func Stack(frames ...*Frame) *Frame { return concat(frames, true) }

// concat is Concat; consume lets each frame's column go once stacked.
func concat(frames []*Frame, consume bool) *Frame {
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
		if consume {
			for _, f := range frames {
				if i, ok := f.index[n]; ok {
					f.cols[i] = nil
				}
			}
		}
	}
	return withCols(names, cols, total)
}

func concatColumn(frames []*Frame, name string, t Type, total int) arrow.Array {
	var valid []bool // nil while no row is null: no mask to build
	if concatHasNulls(frames, name) {
		valid = make([]bool, 0, total)
	}
	switch t {
	case Int64, Time:
		out := make([]int64, 0, total)
		for _, f := range frames {
			if i, ok := f.index[name]; ok {
				out = append(out, int64Values(f.cols[i])...)
				valid = appendValidIf(valid, f.cols[i])
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
				valid = appendValidIf(valid, f.cols[i])
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
				valid = appendValidIf(valid, b)
			} else {
				out = append(out, make([]bool, f.nrows)...)
				valid = append(valid, make([]bool, f.nrows)...)
			}
		}
		return newBool(out, valid)
	default:
		if a := concatStrings(frames, name, total, valid != nil); a != nil {
			return a
		}
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
				valid = appendValidIf(valid, a)
			} else {
				out = append(out, make([]string, f.nrows)...)
				valid = append(valid, make([]bool, f.nrows)...)
			}
		}
		return newString(out, valid)
	}
}

// concatHasNulls reports whether column name of the stacked frames has a
// null: a frame without the column, or a null in one with it.
func concatHasNulls(frames []*Frame, name string) bool {
	for _, f := range frames {
		i, ok := f.index[name]
		if !ok && f.nrows > 0 || ok && f.cols[i].NullN() > 0 {
			return true
		}
	}
	return false
}

// appendValidIf appends a's validity to valid, unless valid is nil (no
// row of the result is null).
func appendValidIf(valid []bool, a arrow.Array) []bool {
	if valid == nil {
		return nil
	}
	return appendValid(valid, a)
}

// concatStrings stacks string column name of frames without going
// through Go strings, when every frame has it in one form: plain (the
// offsets and bytes are copied, the result plain) or dictionary-encoded
// (the dictionaries are merged and the codes renumbered, the result
// dictionary-encoded). It returns nil for other cases (a frame without
// the column, mixed forms, more text than one plain column holds), which
// concatColumn handles value by value. nulls says whether a row of them
// is null (without, no validity mask is built).
func concatStrings(frames []*Frame, name string, total int, nulls bool) arrow.Array {
	var parts []arrow.Array
	plain, dict := 0, 0
	for _, f := range frames {
		i, ok := f.index[name]
		if !ok {
			return nil
		}
		switch f.cols[i].(type) {
		case *array.String:
			plain++
		case *array.Dictionary:
			dict++
		}
		parts = append(parts, f.cols[i])
	}
	switch {
	case plain == len(parts):
		var valid []bool
		if nulls {
			valid = make([]bool, 0, total)
			for _, a := range parts {
				valid = appendValid(valid, a)
			}
		}
		return concatPlain(parts, valid, total)
	case dict == len(parts):
		if a, err := concatDicts(parts); err == nil {
			return a
		}
	}
	return nil
}

// appendValid appends a's validity, row by row, to valid.
func appendValid(valid []bool, a arrow.Array) []bool {
	if a.NullN() == 0 {
		for range a.Len() {
			valid = append(valid, true)
		}
		return valid
	}
	for r := range a.Len() {
		valid = append(valid, a.IsValid(r))
	}
	return valid
}

// concatPlain stacks plain string arrays, or returns nil when their text
// passes what int32 offsets reach.
func concatPlain(parts []arrow.Array, valid []bool, total int) arrow.Array {
	size := 0
	for _, a := range parts {
		s := a.(*array.String)
		if s.Len() > 0 {
			size += s.ValueOffset(s.Len()) - s.ValueOffset(0)
		}
	}
	if size > math.MaxInt32 {
		return nil
	}
	offsets := make([]int32, 1, total+1)
	data := make([]byte, 0, size)
	for _, a := range parts {
		s := a.(*array.String)
		if s.Len() == 0 {
			continue
		}
		lo, base := s.ValueOffset(0), int32(len(data))
		for _, o := range s.ValueOffsets()[1:] {
			offsets = append(offsets, base+o-int32(lo))
		}
		data = append(data, s.ValueBytes()...)
	}
	vb, nulls := validityBuffer(valid)
	return newStringParts(offsets, data, vb, nulls)
}
