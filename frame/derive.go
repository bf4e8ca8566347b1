package frame

import (
	"fmt"
	"time"

	"github.com/apache/arrow/go/v17/arrow"
)

// WithColumn returns the frame with a column set from values: a []int64,
// []float64, []bool, []string or []time.Time of the frame's length (no
// nulls), or a Column. A column of that name is replaced in place;
// otherwise the column is appended.
func (f *Frame) WithColumn(name string, values any) *Frame {
	if f.err != nil {
		return f
	}
	var c Column
	switch v := values.(type) {
	case []int64:
		c = Int64Col(name, v, nil)
	case []float64:
		c = Float64Col(name, v, nil)
	case []bool:
		c = BoolCol(name, v, nil)
	case []string:
		c = StringCol(name, v, nil)
	case []time.Time:
		c = TimeCol(name, v, nil)
	case []int:
		iv := make([]int64, len(v))
		for i, x := range v {
			iv[i] = int64(x)
		}
		c = Int64Col(name, iv, nil)
	case Column:
		c = v
		c.name = name
	default:
		return Errorf("WithColumn %q: unsupported values of type %T", name, values)
	}
	if c.err != nil {
		return WithErr(fmt.Errorf("WithColumn %q: %w", name, c.err))
	}
	if c.arr.Len() != f.nrows && len(f.cols) > 0 {
		return Errorf("WithColumn %q: %d values for %d rows", name, c.arr.Len(), f.nrows)
	}
	return f.setColumn(name, c.arr)
}

// setColumn replaces or appends a column; it takes ownership of arr.
func (f *Frame) setColumn(name string, arr arrow.Array) *Frame {
	names := append([]string(nil), f.names...)
	cols := make([]arrow.Array, len(f.cols))
	for i, a := range f.cols {
		a.Retain()
		cols[i] = a
	}
	if i, ok := f.index[name]; ok {
		cols[i].Release()
		cols[i] = arr
	} else {
		names = append(names, name)
		cols = append(cols, arr)
	}
	return withCols(names, cols, arr.Len())
}

// WithColumnFunc returns the frame with a column of type t computed per
// row by fn. fn returns a value of the column's type (any Go integer for
// Int64, a float or integer for Float64, bool, string, time.Time or µs
// int64 for Time) or nil for null.
func (f *Frame) WithColumnFunc(name string, t Type, fn func(Row) any) (out *Frame) {
	if f.err != nil {
		return f
	}
	var err error
	defer func() {
		if err != nil {
			out = WithErr(fmt.Errorf("WithColumnFunc %q: %w", name, err))
		}
	}()
	defer recoverRow(&err)
	valid := make([]bool, f.nrows)
	switch t {
	case Int64, Time:
		probe := newInt64(nil, nil) // scalarFor's type check, made once
		vals := make([]int64, f.nrows)
		for i := range vals {
			v := fn(Row{f: f, i: i})
			if v == nil {
				continue
			}
			if tm, ok := v.(time.Time); ok && t == Time {
				vals[i], valid[i] = tm.UnixMicro(), true
				continue
			}
			x, e := scalarFor(probe, v)
			if e != nil {
				return WithErr(fmt.Errorf("WithColumnFunc %q: row %d: %w", name, i, e))
			}
			vals[i], valid[i] = x.(int64), true
		}
		if t == Time {
			return f.setColumn(name, newTimestamp(vals, valid))
		}
		return f.setColumn(name, newInt64(vals, valid))
	case Float64:
		probe := newFloat64(nil, nil)
		vals := make([]float64, f.nrows)
		for i := range vals {
			v := fn(Row{f: f, i: i})
			if v == nil {
				continue
			}
			x, e := scalarFor(probe, v)
			if e != nil {
				return WithErr(fmt.Errorf("WithColumnFunc %q: row %d: %w", name, i, e))
			}
			vals[i], valid[i] = x.(float64), true
		}
		return f.setColumn(name, newFloat64(vals, valid))
	case Bool:
		vals := make([]bool, f.nrows)
		for i := range vals {
			v := fn(Row{f: f, i: i})
			if v == nil {
				continue
			}
			b, ok := v.(bool)
			if !ok {
				return Errorf("WithColumnFunc %q: row %d: %v (%T) is not a bool", name, i, v, v)
			}
			vals[i], valid[i] = b, true
		}
		return f.setColumn(name, newBool(vals, valid))
	case String:
		vals := make([]string, f.nrows)
		for i := range vals {
			v := fn(Row{f: f, i: i})
			if v == nil {
				continue
			}
			s, ok := v.(string)
			if !ok {
				return Errorf("WithColumnFunc %q: row %d: %v (%T) is not a string", name, i, v, v)
			}
			vals[i], valid[i] = s, true
		}
		return f.setColumn(name, newString(vals, valid))
	}
	return Errorf("WithColumnFunc %q: invalid column type", name)
}
