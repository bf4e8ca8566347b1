package frame

import (
	"fmt"
	"math"
	"time"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// The constructors below take ownership of their slices (no copy is made):
// do not modify a slice after passing it. valid, when not nil, must have
// the same length as the values; valid[i] == false makes row i null (its
// value is then ignored).

func checkValid(n int, valid []bool) error {
	if valid != nil && len(valid) != n {
		return fmt.Errorf("%d values but %d validity flags", n, len(valid))
	}
	return nil
}

// Int64Col returns an int64 column.
func Int64Col(name string, v []int64, valid []bool) Column {
	if err := checkValid(len(v), valid); err != nil {
		return Column{name: name, err: err}
	}
	return Column{name: name, arr: newInt64(v, valid)}
}

// Float64Col returns a float64 column. NaN is a value, not null.
func Float64Col(name string, v []float64, valid []bool) Column {
	if err := checkValid(len(v), valid); err != nil {
		return Column{name: name, err: err}
	}
	return Column{name: name, arr: newFloat64(v, valid)}
}

// BoolCol returns a bool column.
func BoolCol(name string, v []bool, valid []bool) Column {
	if err := checkValid(len(v), valid); err != nil {
		return Column{name: name, err: err}
	}
	return Column{name: name, arr: newBool(v, valid)}
}

// StringCol returns a string column, dictionary-encoded when at most half
// of its values are distinct.
func StringCol(name string, v []string, valid []bool) Column {
	if err := checkValid(len(v), valid); err != nil {
		return Column{name: name, err: err}
	}
	return Column{name: name, arr: newString(v, valid)}
}

// PlainStringCol returns a string column that is not
// dictionary-encoded, whatever the number of distinct values (StringCol
// encodes low-cardinality columns): offsets and bytes, as a log's
// free-text column is read.
func PlainStringCol(name string, v []string, valid []bool) Column {
	if err := checkValid(len(v), valid); err != nil {
		return Column{name: name, err: err}
	}
	return Column{name: name, arr: newPlainString(v, valid)}
}

// TimeCol returns a timestamp column from Go times, stored as microseconds
// since the epoch in UTC; sub-microsecond digits are truncated.
func TimeCol(name string, v []time.Time, valid []bool) Column {
	if err := checkValid(len(v), valid); err != nil {
		return Column{name: name, err: err}
	}
	us := make([]int64, len(v))
	for i, t := range v {
		if valid == nil || valid[i] {
			us[i] = t.UnixMicro()
		}
	}
	return Column{name: name, arr: newTimestamp(us, valid)}
}

// MicrosCol returns a timestamp column from microseconds since the Unix
// epoch (UTC).
func MicrosCol(name string, us []int64, valid []bool) Column {
	if err := checkValid(len(us), valid); err != nil {
		return Column{name: name, err: err}
	}
	return Column{name: name, arr: newTimestamp(us, valid)}
}

// ArrowCol returns a column over an Arrow array, converted to one of the
// five column types as FromRecord does.
func ArrowCol(name string, a arrow.Array) Column {
	arr, err := canonical(a)
	if err != nil {
		return Column{name: name, err: err}
	}
	return Column{name: name, arr: arr}
}

// validMask returns the validity of every row of a (all true if no nulls).
func validMask(a arrow.Array) []bool {
	v := make([]bool, a.Len())
	if a.NullN() == 0 {
		for i := range v {
			v[i] = true
		}
		return v
	}
	for i := range v {
		v[i] = a.IsValid(i)
	}
	return v
}

// Int64s returns the values of an int64 column and its validity mask
// (valid[i] is false where row i is null; the value there is 0). The
// values share the frame's memory and must not be modified.
func (f *Frame) Int64s(name string) ([]int64, []bool, error) {
	a, err := f.typedCol("Int64s", name, Int64)
	if err != nil {
		return nil, nil, err
	}
	return int64Values(a), validMask(a), nil
}

// Float64s returns the values of a float64 column and its validity mask.
// An int64 column is converted (exactly for |v| <= 2^53, otherwise the
// call fails). The values must not be modified.
func (f *Frame) Float64s(name string) ([]float64, []bool, error) {
	i, err := f.colIndex(name)
	if err != nil {
		return nil, nil, fmt.Errorf("Float64s: %w", err)
	}
	a := f.cols[i]
	switch typeOf(a.DataType()) {
	case Float64:
		return float64Values(a), validMask(a), nil
	case Int64:
		iv := int64Values(a)
		out := make([]float64, len(iv))
		for k, v := range iv {
			if v > 1<<53 || v < -(1<<53) {
				return nil, nil, fmt.Errorf("Float64s: column %q row %d: int64 %d has no exact float64", name, k, v)
			}
			out[k] = float64(v)
		}
		return out, validMask(a), nil
	}
	return nil, nil, fmt.Errorf("Float64s: column %q is %s, not float64 or int64", name, typeOf(a.DataType()))
}

// Bools returns the values of a bool column and its validity mask.
func (f *Frame) Bools(name string) ([]bool, []bool, error) {
	a, err := f.typedCol("Bools", name, Bool)
	if err != nil {
		return nil, nil, err
	}
	b := a.(*array.Boolean)
	out := make([]bool, b.Len())
	for i := range out {
		out[i] = b.Value(i)
	}
	return out, validMask(a), nil
}

// Strings returns the values of a string column ("" where null) and its
// validity mask.
func (f *Frame) Strings(name string) ([]string, []bool, error) {
	a, err := f.typedCol("Strings", name, String)
	if err != nil {
		return nil, nil, err
	}
	out := make([]string, a.Len())
	if d, ok := a.(*array.Dictionary); ok && d.Len() >= d.Dictionary().Len() {
		// each dictionary value once, then a code per row, rather than
		// each row read through the array (unless the rows are fewer
		// than the values: a few rows of a large dictionary)
		codes, dict := dictParts(a)
		vals := make([]string, dict.Len())
		for c := range vals {
			vals[c] = dict.Value(c)
		}
		hasNull := a.NullN() > 0
		for i, c := range codes {
			if !hasNull || a.IsValid(i) {
				out[i] = vals[c]
			}
		}
		return out, validMask(a), nil
	}
	for i := range out {
		if a.IsValid(i) {
			out[i] = strAt(a, i)
		}
	}
	return out, validMask(a), nil
}

// Micros returns the values of a timestamp column as microseconds since
// the Unix epoch, and its validity mask. The values must not be modified.
func (f *Frame) Micros(name string) ([]int64, []bool, error) {
	a, err := f.typedCol("Micros", name, Time)
	if err != nil {
		return nil, nil, err
	}
	return int64Values(a), validMask(a), nil
}

// Times returns the values of a timestamp column as UTC times (the zero
// time where null) and its validity mask.
func (f *Frame) Times(name string) ([]time.Time, []bool, error) {
	us, valid, err := f.Micros(name)
	if err != nil {
		return nil, nil, err
	}
	out := make([]time.Time, len(us))
	for i, v := range us {
		if valid[i] {
			out[i] = time.UnixMicro(v).UTC()
		}
	}
	return out, valid, nil
}

// canonical converts an Arrow array to one of the canonical column arrays.
// The result holds its own reference.
func canonical(a arrow.Array) (arrow.Array, error) {
	switch a.DataType().ID() {
	case arrow.INT64, arrow.FLOAT64, arrow.BOOL, arrow.STRING:
		a.Retain()
		return a, nil
	case arrow.TIMESTAMP:
		tt := a.DataType().(*arrow.TimestampType)
		if tt.Unit == arrow.Microsecond && tt.TimeZone == "UTC" {
			a.Retain()
			return a, nil
		}
		return microsOf(a, tt.Unit)
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64:
		return widenedInts(a)
	case arrow.FLOAT32:
		c := a.(*array.Float32)
		out := make([]float64, a.Len())
		for i := range out {
			out[i] = float64(c.Value(i))
		}
		return newFloat64(out, validMask(a)), nil
	case arrow.LARGE_STRING, arrow.STRING_VIEW:
		out := make([]string, a.Len())
		for i := range out {
			if a.IsValid(i) {
				out[i] = a.ValueStr(i)
			}
		}
		return newPlainString(out, validMask(a)), nil
	case arrow.DICTIONARY:
		return dictStrings(a.(*array.Dictionary))
	case arrow.NULL:
		// An all-null column of unknown type becomes an all-null string.
		vals := make([]string, a.Len())
		return newPlainString(vals, make([]bool, a.Len())), nil
	}
	return nil, fmt.Errorf("arrow type %s is not supported (want int64, float64, bool, string or timestamp)", a.DataType())
}

// microsOf is the timestamps of a, in unit, as µs in UTC; a time in ns
// with sub-microsecond digits is an error.
func microsOf(a arrow.Array, unit arrow.TimeUnit) (arrow.Array, error) {
	raw := int64Values(a)
	us := make([]int64, len(raw))
	for i, v := range raw {
		if a.IsNull(i) {
			continue
		}
		switch unit {
		case arrow.Second:
			us[i] = v * 1e6
		case arrow.Millisecond:
			us[i] = v * 1e3
		case arrow.Microsecond:
			us[i] = v
		case arrow.Nanosecond:
			if v%1000 != 0 {
				return nil, fmt.Errorf("row %d: timestamp %dns has sub-microsecond digits", i, v)
			}
			us[i] = v / 1000
		}
	}
	return newTimestamp(us, validMask(a)), nil
}

// widenedInts is the integers of a (8 to 32 bits, or unsigned) as int64;
// a uint64 past int64's range is an error.
func widenedInts(a arrow.Array) (arrow.Array, error) {
	out := make([]int64, a.Len())
	for i := range out {
		if a.IsNull(i) {
			continue
		}
		switch c := a.(type) {
		case *array.Int8:
			out[i] = int64(c.Value(i))
		case *array.Int16:
			out[i] = int64(c.Value(i))
		case *array.Int32:
			out[i] = int64(c.Value(i))
		case *array.Uint8:
			out[i] = int64(c.Value(i))
		case *array.Uint16:
			out[i] = int64(c.Value(i))
		case *array.Uint32:
			out[i] = int64(c.Value(i))
		case *array.Uint64:
			if c.Value(i) > math.MaxInt64 {
				return nil, fmt.Errorf("row %d: uint64 %d does not fit int64", i, c.Value(i))
			}
			out[i] = int64(c.Value(i))
		}
	}
	return newInt64(out, validMask(a)), nil
}

// dictStrings is a dictionary of strings with int32 codes: d as it is,
// or its other index or string types re-coded; a dictionary of other
// values is an error.
func dictStrings(d *array.Dictionary) (arrow.Array, error) {
	vt := d.Dictionary().DataType().ID()
	if vt != arrow.STRING && vt != arrow.LARGE_STRING {
		return nil, fmt.Errorf("dictionary of %s is not supported (only strings)", d.Dictionary().DataType())
	}
	if d.Indices().DataType().ID() == arrow.INT32 && vt == arrow.STRING {
		d.Retain()
		return d, nil
	}
	dict := make([]string, d.Dictionary().Len())
	for i := range dict {
		dict[i] = d.Dictionary().ValueStr(i)
	}
	idx := make([]int32, d.Len())
	for i := range idx {
		if d.IsValid(i) {
			idx[i] = int32(d.GetValueIndex(i))
		}
	}
	return newDictString(idx, validMask(d), dict), nil
}

// ErrCol returns a column that could not be built because of err: New
// returns a frame holding the error, as for any column that fails.
func ErrCol(name string, err error) Column { return Column{name: name, err: err} }

// DictStringCol returns a dictionary-encoded string column: row i holds
// dict[codes[i]]. dict must not repeat a value. Ownership of the slices
// passes to the column (no copy), except that a dictionary of
// sortDictMin values or more is put in ascending order, with the codes
// renumbered into a new slice (ascendingDict).
func DictStringCol(name string, codes []int32, valid []bool, dict []string) Column {
	if err := checkValid(len(codes), valid); err != nil {
		return Column{name: name, err: err}
	}
	// one unsigned compare per row; only a code out of range looks at
	// whether its row is null (a null row's code is not used)
	n := uint32(min(len(dict), math.MaxInt32)) // an int32 code reaches no further
	for i, c := range codes {
		if uint32(c) >= n && (valid == nil || valid[i]) {
			return Column{name: name, err: fmt.Errorf("row %d: code %d outside a dictionary of %d", i, c, len(dict))}
		}
	}
	codes, dict = ascendingDict(codes, valid, dict)
	return Column{name: name, arr: newDictString(codes, valid, dict)}
}

// BytesStringCol returns a plain string column over concatenated UTF-8
// text: row i is data[offsets[i]:offsets[i+1]] (len(offsets) = rows+1).
// Ownership of the slices passes to the column (no copy).
func BytesStringCol(name string, data []byte, offsets []int32, valid []bool) Column {
	n := len(offsets) - 1
	if n < 0 {
		return Column{name: name, err: fmt.Errorf("no offsets")}
	}
	if err := checkValid(n, valid); err != nil {
		return Column{name: name, err: err}
	}
	if offsets[0] != 0 || int(offsets[n]) != len(data) {
		return Column{name: name, err: fmt.Errorf("offsets do not span the data")}
	}
	vb, nulls := validityBuffer(valid)
	return Column{name: name, arr: newStringParts(offsets, data, vb, nulls)}
}
