package frame

import (
	"fmt"
	"time"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// Row is one row of a frame, handed to the functions given to Filter and
// WithColumnFunc. Its accessors panic with a descriptive error when the
// column does not exist or has another type; Filter and WithColumnFunc
// recover that panic and return it as the frame's error.
type Row struct {
	f *Frame
	i int
}

// rowError is the panic value of a failed Row accessor.
type rowError struct{ err error }

func (r Row) col(name string, want Type, op string) arrow.Array {
	k, ok := r.f.index[name]
	if !ok {
		//lint:ignore ST1005 the message starts with the method's name, Row.Str and the like
		panic(rowError{fmt.Errorf("Row.%s: %w", op, r.f.unknownColumn(name))})
	}
	a := r.f.cols[k]
	if want != Invalid {
		got := typeOf(a.DataType())
		if got != want && !(want == Float64 && got == Int64) {
			//lint:ignore ST1005 the message starts with the method's name, Row.Str and the like
			panic(rowError{fmt.Errorf("Row.%s: column %q is %s, not %s", op, name, got, want)})
		}
	}
	return a
}

// Index returns the row's position in its frame.
func (r Row) Index() int { return r.i }

// IsNull reports whether the named column is null in this row.
func (r Row) IsNull(name string) bool { return r.col(name, Invalid, "IsNull").IsNull(r.i) }

// Int returns the int64 value of the named column (0 when null).
func (r Row) Int(name string) int64 {
	a := r.col(name, Int64, "Int")
	return int64Values(a)[r.i]
}

// Float returns the float64 value of the named column (0 when null); an
// int64 column is converted.
func (r Row) Float(name string) float64 {
	a := r.col(name, Float64, "Float")
	if a.DataType().ID() == arrow.INT64 {
		return float64(int64Values(a)[r.i])
	}
	return float64Values(a)[r.i]
}

// Str returns the string value of the named column ("" when null).
func (r Row) Str(name string) string {
	a := r.col(name, String, "Str")
	if a.IsNull(r.i) {
		return ""
	}
	return strAt(a, r.i)
}

// Bool returns the bool value of the named column (false when null).
func (r Row) Bool(name string) bool {
	return r.col(name, Bool, "Bool").(*array.Boolean).Value(r.i)
}

// Micros returns the timestamp of the named column in µs since the epoch.
func (r Row) Micros(name string) int64 {
	return int64Values(r.col(name, Time, "Micros"))[r.i]
}

// Time returns the timestamp of the named column as a UTC time (the zero
// time when null).
func (r Row) Time(name string) time.Time {
	a := r.col(name, Time, "Time")
	if a.IsNull(r.i) {
		return time.Time{}
	}
	return time.UnixMicro(int64Values(a)[r.i]).UTC()
}

// Value returns the value of the named column as int64, float64, bool,
// string or time.Time, or nil when null.
func (r Row) Value(name string) any {
	return valueAt(r.col(name, Invalid, "Value"), r.i)
}

// valueAt returns row i of a as a Go value (nil when null).
func valueAt(a arrow.Array, i int) any {
	if a.IsNull(i) {
		return nil
	}
	switch typeOf(a.DataType()) {
	case Int64:
		return int64Values(a)[i]
	case Float64:
		return float64Values(a)[i]
	case Bool:
		return a.(*array.Boolean).Value(i)
	case String:
		return strAt(a, i)
	case Time:
		return time.UnixMicro(int64Values(a)[i]).UTC()
	}
	return nil
}

// recoverRow turns a Row accessor panic into an error stored in *err.
func recoverRow(err *error) {
	if r := recover(); r != nil {
		re, ok := r.(rowError)
		if !ok {
			panic(r)
		}
		*err = re.err
	}
}
