package frame

import (
	"fmt"
	"math"
	"time"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// Expr is a column expression: a computation over a frame's columns,
// evaluated a whole column at a time in compiled code (never a call per
// row), with nulls propagated as Arrow's compute functions do: an
// operation on a null is null, but for And and Or (Kleene's logic:
// false && null is false) and the null functions (IsNull, FillNull,
// Coalesce, When).
//
// Col names a column and Lit a constant; methods build on them:
//
//	run := Col("end").Sub(Col("start")).Seconds().As("run_s")
//	tasks.With(run).Keep(Col("run_s").Gt(60).And(Col("state").Eq("failed")))
//
// Where a method takes a value (Add(x), Eq(x)), x is an Expr or a
// constant: an int, int64, float64, bool, string, time.Time or
// time.Duration. Values have the frame's types, and two more while an
// expression is evaluated: a duration (Time minus Time, or a
// time.Duration constant), which becomes a float64 column of seconds
// when stored, and null (a nil constant). An Expr that cannot be built
// (a constant of another type) carries its error to the frame it is
// used on.
type Expr struct {
	n     exprNode
	alias string
	err   error
	desc  bool // SortExpr in descending order (Desc)
}

// exprNode is one operation of an expression tree.
type exprNode interface {
	eval(f *Frame) (vec, error)
	String() string // the expression's text, in Go's syntax, for errors
}

// Col is the column named name.
func Col(name string) Expr { return Expr{n: colNode{name}} }

// Lit is a constant: an int, int64, float64, bool, string, time.Time,
// time.Duration, or nil (null).
func Lit(v any) Expr { return toExpr(v) }

// Desc marks e to sort in descending order (SortExpr).
func (e Expr) Desc() Expr { e.desc = true; return e }

// As names the column the expression makes (With, SelectExpr, Agg).
func (e Expr) As(name string) Expr { e.alias = name; return e }

// Name is the column name of e: its As name, else the name of a bare
// column, else "" (With asks for one).
func (e Expr) Name() string {
	if e.alias != "" {
		return e.alias
	}
	switch n := unwrapNode(e.n).(type) {
	case colNode:
		return n.name
	case aggNode:
		return n.name()
	case overNode:
		if a, ok := unwrapNode(n.inner).(aggNode); ok {
			return a.name()
		}
	}
	return "" // a window function's is given by As: it would replace its column
}

// String is the expression in Go's syntax ("end - start").
func (e Expr) String() string {
	if e.n == nil {
		return "<invalid>"
	}
	return e.n.String()
}

// Err is the error of building e, if any.
func (e Expr) Err() error { return e.err }

// toExpr makes an Expr of a method's argument.
func toExpr(v any) Expr {
	switch x := v.(type) {
	case Expr:
		return x
	case nil:
		return Expr{n: litNode{v: vec{kind: vNull, n: 1, scalar: true}, text: "nil"}}
	case int:
		return litInt(int64(x))
	case int64:
		return litInt(x)
	case int32:
		return litInt(int64(x))
	case float64:
		return Expr{n: litNode{v: vec{kind: vFloat, f: []float64{x}, n: 1, scalar: true}, text: fmt.Sprint(x)}}
	case float32:
		return toExpr(float64(x))
	case bool:
		return Expr{n: litNode{v: vec{kind: vBool, b: []bool{x}, n: 1, scalar: true}, text: fmt.Sprint(x)}}
	case string:
		return Expr{n: litNode{v: vec{kind: vString, s: []string{x}, n: 1, scalar: true}, text: fmt.Sprintf("%q", x)}}
	case time.Time:
		return Expr{n: litNode{v: vec{kind: vTime, i: []int64{x.UnixMicro()}, n: 1, scalar: true}, text: x.UTC().Format(time.RFC3339Nano)}}
	case time.Duration:
		return Expr{n: litNode{v: vec{kind: vDur, i: []int64{x.Microseconds()}, n: 1, scalar: true}, text: x.String()}}
	}
	return Expr{err: fmt.Errorf("expression: a constant of type %T (want an int, float64, bool, string, time.Time, time.Duration or an Expr)", v)}
}

func litInt(x int64) Expr {
	return Expr{n: litNode{v: vec{kind: vInt, i: []int64{x}, n: 1, scalar: true}, text: fmt.Sprint(x)}}
}

// vkind is the kind of an evaluated value.
type vkind uint8

const (
	vNull vkind = iota // every value null (a nil constant)
	vInt
	vFloat
	vBool
	vString
	vTime // µs since the epoch, UTC
	vDur  // µs
)

func (k vkind) String() string {
	return [...]string{"null", "int64", "float64", "bool", "string", "time", "duration"}[k]
}

// vec is an evaluated expression: n values of one kind, or one (scalar)
// standing for every row. valid is nil when every value is valid.
type vec struct {
	kind   vkind
	n      int
	scalar bool
	i      []int64 // vInt, vTime, vDur
	f      []float64
	b      []bool
	s      []string
	// dict and codes hold a dictionary column's strings (s nil): row r is
	// dict[codes[r]]; strs makes s of them when an operation needs it.
	dict  []string
	codes []int32
	valid []bool
}

// strs is v's strings, one per row (a dictionary column's made now).
func (v *vec) strs() []string {
	if v.s == nil && v.dict != nil {
		v.s = make([]string, len(v.codes))
		for r, c := range v.codes {
			if v.valid == nil || v.valid[r] {
				v.s[r] = v.dict[c]
			}
		}
	}
	return v.s
}

// ok reports whether row r of v is valid.
func (v *vec) ok(r int) bool {
	if v.kind == vNull {
		return false
	}
	if v.valid == nil {
		return true
	}
	if v.scalar {
		return v.valid[0]
	}
	return v.valid[r]
}

// at is the index of row r in v's slices.
func (v *vec) at(r int) int {
	if v.scalar {
		return 0
	}
	return r
}

// colNode reads a column.
type colNode struct{ name string }

func (c colNode) String() string { return c.name }

func (c colNode) eval(f *Frame) (vec, error) {
	if f.agg != nil {
		return vec{}, fmt.Errorf("column %q outside an aggregation: in Agg every column is aggregated (sum(%s), max(%s), ...)", c.name, c.name, c.name)
	}
	i, ok := f.index[c.name]
	if !ok {
		return vec{}, fmt.Errorf("unknown column %q", c.name)
	}
	a := f.cols[i]
	v := vec{n: a.Len(), valid: nullMask(a)}
	switch typeOf(a.DataType()) {
	case Int64:
		v.kind, v.i = vInt, int64Values(a)
	case Float64:
		v.kind, v.f = vFloat, float64Values(a)
	case Bool:
		v.kind, v.b = vBool, boolValues(a)
	case Time:
		v.kind, v.i = vTime, int64Values(a)
	case String:
		v.kind = vString
		if d, ok := a.(*array.Dictionary); ok {
			v.dict, v.codes = dictCodes(d)
		} else {
			v.s = stringValues(a)
		}
	default:
		return vec{}, fmt.Errorf("column %q of type %s", c.name, a.DataType())
	}
	return v, nil
}

// nullMask is a's validity, nil when it has no null.
func nullMask(a arrow.Array) []bool {
	if a.NullN() == 0 {
		return nil
	}
	return validMask(a)
}

// boolValues returns a bool array's values.
func boolValues(a arrow.Array) []bool {
	b := a.(*array.Boolean)
	out := make([]bool, b.Len())
	for i := range out {
		out[i] = b.Value(i)
	}
	return out
}

// stringValues returns a string (or dictionary) array's values, "" where
// null; a dictionary's values share its strings.
func stringValues(a arrow.Array) []string {
	out := make([]string, a.Len())
	switch c := a.(type) {
	case *array.String:
		for i := range out {
			out[i] = c.Value(i)
		}
	case *array.Dictionary:
		dict := c.Dictionary().(*array.String)
		words := make([]string, dict.Len())
		for k := range words {
			words[k] = dict.Value(k)
		}
		for i := range out {
			if c.IsValid(i) {
				out[i] = words[c.GetValueIndex(i)]
			}
		}
	}
	return out
}

// dictCodes returns a dictionary array's strings and each row's code
// (sharing the array's indices; a null row's code is any, its validity
// says it is null). A dictionary of other indices than int32 has its
// codes read one by one.
func dictCodes(d *array.Dictionary) ([]string, []int32) {
	words := d.Dictionary().(*array.String)
	dict := make([]string, words.Len())
	for k := range dict {
		dict[k] = words.Value(k)
	}
	if ix, ok := d.Indices().(*array.Int32); ok {
		codes := ix.Int32Values()
		for r, c := range codes { // a null row's index is garbage: never out of range
			if c < 0 || int(c) >= len(dict) {
				codes = append([]int32(nil), codes...)
				for k := r; k < len(codes); k++ {
					if codes[k] < 0 || int(codes[k]) >= len(dict) {
						codes[k] = 0
					}
				}
				break
			}
		}
		return dict, codes
	}
	codes := make([]int32, d.Len())
	for r := range codes {
		if d.IsValid(r) {
			codes[r] = int32(d.GetValueIndex(r))
		}
	}
	return dict, codes
}

// litNode is a constant.
type litNode struct {
	v    vec
	text string
}

func (l litNode) String() string           { return l.text }
func (l litNode) eval(*Frame) (vec, error) { return l.v, nil }

// evalRows evaluates e over f to a vector of f's rows (a constant
// broadcast), with the error naming the expression.
func (e Expr) evalRows(f *Frame, op string) (vec, error) {
	v, err := e.evalScalar(f, op)
	if err == nil && v.scalar {
		v = v.broadcast(f.nrows)
	}
	return v, err
}

// evalScalar is evalRows but for a value that is one for every row (a
// constant, an aggregation of the whole frame), which stays one.
func (e Expr) evalScalar(f *Frame, op string) (vec, error) {
	if e.err != nil {
		return vec{}, fmt.Errorf("%s: %w", op, e.err)
	}
	if e.n == nil {
		return vec{}, fmt.Errorf("%s: an empty expression", op)
	}
	v, err := e.n.eval(f)
	if err != nil {
		return vec{}, fmt.Errorf("%s %s: %w", op, e.n, err)
	}
	return v, nil
}

// broadcast repeats a scalar n times.
func (v vec) broadcast(n int) vec {
	out := vec{kind: v.kind, n: n}
	ok := v.kind != vNull && (v.valid == nil || v.valid[0])
	if !ok {
		out.valid = make([]bool, n)
	}
	switch v.kind {
	case vInt, vTime, vDur:
		out.i = repeat(v.i, n, ok)
	case vFloat:
		out.f = repeat(v.f, n, ok)
	case vBool:
		out.b = repeat(v.b, n, ok)
	case vString:
		out.s = repeat(v.strs(), n, ok) // a dictionary's (an aggregation's) too
	}
	return out
}

// repeat is n copies of one[0], or n zero values when !ok (a null).
func repeat[T any](one []T, n int, ok bool) []T {
	out := make([]T, n)
	if ok {
		for r := range out {
			out[r] = one[0]
		}
	}
	return out
}

// column makes a frame column of v named name: a duration is float64
// seconds, an all-null value a float64 column of nulls.
func (v vec) column(name string) Column {
	switch v.kind {
	case vInt:
		return Int64Col(name, v.i, v.valid)
	case vFloat:
		return Float64Col(name, v.f, v.valid)
	case vBool:
		return BoolCol(name, v.b, v.valid)
	case vString:
		return StringCol(name, v.strs(), v.valid)
	case vTime:
		return Column{name: name, arr: newTimestamp(v.i, v.valid)}
	case vDur:
		return Float64Col(name, seconds(v.i), v.valid)
	}
	return Float64Col(name, make([]float64, v.n), make([]bool, v.n))
}

// seconds converts µs to seconds (float64(Δµs)/1e6, as
// timedelta.total_seconds()).
func seconds(us []int64) []float64 {
	out := make([]float64, len(us))
	for i, x := range us {
		out[i] = float64(x) / 1e6
	}
	return out
}

// andValid is the validity of a row valid in both a and b (nil: all).
func andValid(a, b []bool, n int) []bool {
	switch { // shared, not copied: an operation never changes its inputs' validity
	case a == nil:
		return b
	case b == nil:
		return a
	}
	out := make([]bool, n)
	for i := range out {
		out[i] = a[i] && b[i]
	}
	return out
}

// isNaN reports whether x is NaN (a value, not null, as in Arrow).
func isNaN(x float64) bool { return math.IsNaN(x) }
