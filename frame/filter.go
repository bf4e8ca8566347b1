package frame

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"strings"
	"time"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// Filter returns the rows for which keep returns true, in order.
func (f *Frame) Filter(keep func(Row) bool) (out *Frame) {
	if f.err != nil {
		return f
	}
	var err error
	defer func() {
		if err != nil {
			out = WithErr(fmt.Errorf("Filter: %w", err))
		}
	}()
	defer recoverRow(&err)
	mask := make([]bool, f.nrows)
	for i := range mask {
		mask[i] = keep(Row{f: f, i: i})
	}
	return f.takeMask(mask)
}

// takeMask returns the rows of f whose entry of mask is true. A mask
// that keeps every row gives f's rows as they are, without a list of
// them (80 MB at 10M rows: a filter on a column without nulls, say).
func (f *Frame) takeMask(mask []bool) *Frame {
	kept := 0
	for _, m := range mask {
		if m {
			kept++
		}
	}
	if kept == len(mask) {
		return f.Slice(0, f.nrows)
	}
	return f.take(maskRows(mask, kept))
}

// maskRows returns the indexes of the n true entries of mask, in an exact
// allocation: appending a million indexes one by one would copy the
// slice many times over (an analysis filtering two million events made
// 130 MB of such garbage, and the process's peak memory with it).
func maskRows(mask []bool, n int) []int {
	rows := make([]int, n+1) // one spare: every row is written, kept or not
	k := 0
	for r, m := range mask {
		rows[k] = r
		if m {
			k++
		}
	}
	return rows[:n]
}

// Where returns the rows whose column col satisfies op against value.
//
// Operators: "==", "!=", "<", "<=", ">", ">=" compare with a scalar of the
// column's type (any Go integer or float for numeric columns, a string,
// a bool, a time.Time or an RFC 3339 string for timestamps); "in" and
// "not in" take a slice of such values; "contains" tests a substring of a
// string column; "is-null" and "not-null" take no value (pass nil).
// A null value matches only "is-null": like SQL, and unlike pandas' !=,
// comparisons with null are false.
func (f *Frame) Where(col, op string, value any) *Frame {
	if f.err != nil {
		return f
	}
	i, err := f.colIndex(col)
	if err != nil {
		return WithErr(fmt.Errorf("Where: %w", err))
	}
	mask, err := whereMask(f.cols[i], op, value)
	if err != nil {
		return WithErr(fmt.Errorf("Where %s %s: column %q: %w", col, op, col, err))
	}
	return f.takeMask(mask)
}

func whereMask(a arrow.Array, op string, value any) ([]bool, error) {
	n := a.Len()
	mask := make([]bool, n)
	switch op {
	case "is-null", "not-null":
		for i := range mask {
			mask[i] = a.IsNull(i) == (op == "is-null")
		}
		return mask, nil
	case "contains":
		s, ok := value.(string)
		if !ok || typeOf(a.DataType()) != String {
			return nil, fmt.Errorf("contains needs a string column and a string value, got %s and %T", typeOf(a.DataType()), value)
		}
		return stringMask(a, func(v string) bool { return strings.Contains(v, s) }), nil
	case "in", "not in":
		rv := reflect.ValueOf(value)
		if rv.Kind() != reflect.Slice {
			return nil, fmt.Errorf("%s needs a slice value, got %T", op, value)
		}
		set := make(map[any]bool, rv.Len())
		for k := 0; k < rv.Len(); k++ {
			v, err := scalarFor(a, rv.Index(k).Interface())
			if err != nil {
				return nil, err
			}
			set[v] = true
		}
		want := op == "in"
		return predicateMask(a, func(v any) bool { return set[v] == want })
	case "==", "!=", "<", "<=", ">", ">=":
		v, err := scalarFor(a, value)
		if err != nil {
			return nil, err
		}
		if s, ok := v.(string); ok {
			return stringMask(a, func(x string) bool { return cmpOK(op, strings.Compare(x, s)) }), nil
		}
		return predicateMask(a, func(x any) bool { return cmpOK(op, compareScalar(x, v)) })
	}
	return nil, fmt.Errorf("unknown operator %q (want ==, !=, <, <=, >, >=, in, not in, contains, is-null, not-null)", op)
}

func cmpOK(op string, c int) bool {
	switch op {
	case "==":
		return c == 0
	case "!=":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	}
	return false
}

// compareScalar compares two normalised scalars of the same type.
func compareScalar(x, y any) int {
	switch a := x.(type) {
	case int64:
		b := y.(int64)
		return cmp.Compare(a, b)
	case float64:
		b := y.(float64)
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		case a == b:
			return 0
		}
		return 2 // NaN: unordered, equal to nothing
	case bool:
		b := y.(bool)
		if a == b {
			return 0
		}
		if !a {
			return -1
		}
		return 1
	case string:
		return strings.Compare(a, y.(string))
	}
	return 2
}

// Matches reports, for each row, whether its value of the string column
// name is not null and pred holds of it. A dictionary column's distinct
// values are tested once each, and no string is made per row: a flag per
// row of a state column of 10M rows is 10 MB, where Strings holds 170.
func (f *Frame) Matches(name string, pred func(string) bool) ([]bool, error) {
	if f.err != nil {
		return nil, f.err
	}
	a, err := f.typedCol("Matches", name, String)
	if err != nil {
		return nil, err
	}
	return stringMask(a, pred), nil
}

// stringMask evaluates pred once per distinct dictionary value, or per row
// for plain strings; null rows are false.
func stringMask(a arrow.Array, pred func(string) bool) []bool {
	mask := make([]bool, a.Len())
	if d, ok := a.(*array.Dictionary); ok {
		codes, dict := dictParts(d)
		hit := make([]bool, dict.Len())
		for k := range hit {
			hit[k] = pred(dict.Value(k))
		}
		for i, c := range codes {
			mask[i] = hit[c] && a.IsValid(i)
		}
		return mask
	}
	s := a.(*array.String)
	for i := range mask {
		mask[i] = s.IsValid(i) && pred(s.Value(i))
	}
	return mask
}

// predicateMask evaluates pred on the normalised scalar of every non-null
// row (int64 for ints and timestamps, float64, bool or string).
func predicateMask(a arrow.Array, pred func(any) bool) ([]bool, error) {
	mask := make([]bool, a.Len())
	switch typeOf(a.DataType()) {
	case String:
		return stringMask(a, func(s string) bool { return pred(s) }), nil
	case Int64, Time:
		vals := int64Values(a)
		for i, v := range vals {
			mask[i] = a.IsValid(i) && pred(v)
		}
	case Float64:
		vals := float64Values(a)
		for i, v := range vals {
			mask[i] = a.IsValid(i) && pred(v)
		}
	case Bool:
		b := a.(*array.Boolean)
		for i := range mask {
			mask[i] = b.IsValid(i) && pred(b.Value(i))
		}
	}
	return mask, nil
}

// scalarFor converts a Go value to the normalised scalar type of column a,
// or explains why it does not fit.
func scalarFor(a arrow.Array, v any) (any, error) {
	t := typeOf(a.DataType())
	bad := func() (any, error) { return nil, fmt.Errorf("value %v (%T) does not fit a column of type %s", v, v, t) }
	rv := reflect.ValueOf(v)
	switch t {
	case Int64:
		switch rv.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return rv.Int(), nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if rv.Uint() > math.MaxInt64 {
				return bad()
			}
			return int64(rv.Uint()), nil
		case reflect.Float32, reflect.Float64:
			x := rv.Float()
			if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
				return bad()
			}
			return int64(x), nil
		}
	case Float64:
		switch rv.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return float64(rv.Int()), nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			return float64(rv.Uint()), nil
		case reflect.Float32, reflect.Float64:
			return rv.Float(), nil
		}
	case Bool:
		if rv.Kind() == reflect.Bool {
			return rv.Bool(), nil
		}
	case String:
		if rv.Kind() == reflect.String {
			return rv.String(), nil
		}
	case Time:
		switch x := v.(type) {
		case time.Time:
			return x.UnixMicro(), nil
		case string:
			us, err := ParseMicros(x)
			if err != nil {
				return nil, fmt.Errorf("value %q is not an RFC 3339 time: %w", x, err)
			}
			return us, nil
		}
	}
	return bad()
}
