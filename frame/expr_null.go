package frame

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Nulls, conditionals and casts: IsNull and IsNotNull are never null;
// FillNull and Coalesce replace nulls; When(...).Then(...).Otherwise(...)
// chooses per row; Cast converts between the frame's types.

// IsNull is whether e is null (NaN is a value, not null).
func (e Expr) IsNull() Expr { return nullTest("is_null", e, false) }

// IsNotNull is whether e is not null.
func (e Expr) IsNotNull() Expr { return nullTest("is_not_null", e, true) }

func nullTest(name string, e Expr, want bool) Expr {
	return unary(name, e, func(v vec) (vec, error) {
		out := vec{kind: vBool, n: v.n, b: make([]bool, v.n)}
		for r := range out.b {
			out.b[r] = v.ok(r) == want
		}
		return out, nil
	})
}

// FillNull is e with its nulls replaced by x.
func (e Expr) FillNull(x any) Expr { return Coalesce(e, x) }

// Coalesce is, per row, the first of values that is not null (null when
// all are): values of one kind, numbers mixing as float64.
func Coalesce(values ...any) Expr {
	nodes := make([]exprNode, len(values))
	var texts []string
	for k, v := range values {
		x := toExpr(v)
		if x.err != nil {
			return x
		}
		nodes[k], texts = x.n, append(texts, x.n.String())
	}
	return Expr{n: chooseNode{text: "coalesce(" + strings.Join(texts, ", ") + ")", values: nodes}}
}

// When starts a conditional: When(c).Then(x).Otherwise(y) is x where c is
// true, else y (a null c chooses y, as polars does); more When clauses
// may follow Then, the first true one winning.
func When(cond any) Conditional { return Conditional{conds: []any{cond}} }

// Conditional is a When chain being built.
type Conditional struct {
	conds, thens []any
}

// Then is the value where the last When's condition holds.
func (c Conditional) Then(x any) Conditional {
	c.thens = append(append([]any(nil), c.thens...), x)
	return c
}

// When adds a further condition, tried when the ones before fail.
func (c Conditional) When(cond any) Conditional {
	c.conds = append(append([]any(nil), c.conds...), cond)
	return c
}

// Otherwise is the value where no condition holds, and ends the chain.
func (c Conditional) Otherwise(x any) Expr {
	if len(c.thens) != len(c.conds) {
		return Expr{err: fmt.Errorf("When: %d conditions, %d Then values", len(c.conds), len(c.thens))}
	}
	n := chooseNode{}
	var text strings.Builder
	for k := range c.conds {
		ce, te := toExpr(c.conds[k]), toExpr(c.thens[k])
		for _, x := range []Expr{ce, te} {
			if x.err != nil {
				return x
			}
		}
		n.conds, n.values = append(n.conds, ce.n), append(n.values, te.n)
		fmt.Fprintf(&text, "when(%s, %s) ", ce.n, te.n)
	}
	oe := toExpr(x)
	if oe.err != nil {
		return oe
	}
	n.values = append(n.values, oe.n)
	n.text = text.String() + "otherwise(" + oe.n.String() + ")"
	return Expr{n: n}
}

// chooseNode picks, per row, values[k] for the first true conds[k] (the
// last value when none holds); without conds, the first valid value
// (Coalesce).
type chooseNode struct {
	text   string
	conds  []exprNode
	values []exprNode
}

func (c chooseNode) String() string { return c.text }

func (c chooseNode) eval(f *Frame) (vec, error) {
	vals := make([]vec, len(c.values))
	kind, n, scalar := vNull, 0, true
	for k, x := range c.values {
		v, err := x.eval(f)
		if err != nil {
			return vec{}, err
		}
		vals[k] = v
		if !v.scalar {
			n, scalar = v.n, false
		}
		switch {
		case v.kind == vNull || v.kind == kind:
		case kind == vNull:
			kind = v.kind
		case (kind == vInt && v.kind == vFloat) || (kind == vFloat && v.kind == vInt):
			kind = vFloat
		default:
			return vec{}, fmt.Errorf("%s: values of %s and %s", c.text, kind, v.kind)
		}
	}
	conds := make([]vec, len(c.conds))
	for k, x := range c.conds {
		v, err := x.eval(f)
		if err != nil {
			return vec{}, err
		}
		if v.kind != vBool && v.kind != vNull {
			return vec{}, fmt.Errorf("%s: a %s condition (want bool)", c.text, v.kind)
		}
		conds[k] = v
		if !v.scalar {
			n, scalar = v.n, false
		}
	}
	if scalar {
		n = 1
	}
	out := vec{kind: vNull, n: n, valid: make([]bool, n)}.as(kind)
	out.kind, out.scalar = kind, scalar
	if kind == vNull {
		out.kind = vNull
		return out, nil
	}
	for r := 0; r < n; r++ {
		pick := -1
		if len(conds) == 0 {
			for k := range vals {
				if vals[k].ok(r) {
					pick = k
					break
				}
			}
		} else {
			pick = len(vals) - 1
			for k := range conds {
				if conds[k].ok(r) && conds[k].b[conds[k].at(r)] {
					pick = k
					break
				}
			}
		}
		if pick < 0 || !vals[pick].ok(r) {
			continue
		}
		out.valid[r] = true
		v, i := &vals[pick], vals[pick].at(r)
		switch {
		case kind == vFloat && v.kind == vInt:
			out.f[r] = float64(v.i[i])
		case kind == vFloat:
			out.f[r] = v.f[i]
		case kind == vBool:
			out.b[r] = v.b[i]
		case kind == vString:
			out.s[r] = v.strs()[i]
		default:
			out.i[r] = v.i[i]
		}
	}
	return out, nil
}

// Cast converts e to type t: numbers to numbers (a float64 to int64
// truncated toward zero, null where it does not fit or is NaN), anything
// to String (as the frame prints it), a String to a number, bool or time
// (RFC 3339) where it reads and null where it does not, a Time to Int64
// (µs since the epoch) and back, a duration to Float64 seconds or Int64
// µs.
func (e Expr) Cast(t Type) Expr {
	return unary("cast_"+t.String(), e, func(v vec) (vec, error) { return castVec(v, t) })
}

func castVec(v vec, t Type) (vec, error) {
	out := vec{n: v.n, valid: make([]bool, v.n)}
	switch t {
	case Int64:
		out.kind, out.i = vInt, make([]int64, v.n)
	case Float64:
		out.kind, out.f = vFloat, make([]float64, v.n)
	case Bool:
		out.kind, out.b = vBool, make([]bool, v.n)
	case String:
		out.kind, out.s = vString, make([]string, v.n)
	case Time:
		out.kind, out.i = vTime, make([]int64, v.n)
	default:
		return vec{}, fmt.Errorf("Cast to %s", t)
	}
	if v.kind == vNull {
		return out, nil
	}
	for r := 0; r < v.n; r++ {
		if !v.ok(r) {
			continue
		}
		ok, err := castOne(&v, r, &out, t)
		if err != nil {
			return vec{}, err
		}
		out.valid[r] = ok
	}
	return out, nil
}

// castOne converts row r of v into row r of out; ok is false where the
// value has no counterpart (a null).
func castOne(v *vec, r int, out *vec, t Type) (ok bool, err error) {
	switch v.kind {
	case vInt, vTime, vDur:
		x := v.i[r]
		switch t {
		case Int64, Time:
			out.i[r] = x
		case Float64:
			out.f[r] = float64(x)
			if v.kind == vDur {
				out.f[r] /= 1e6
			}
		case Bool:
			out.b[r] = x != 0
		case String:
			switch v.kind {
			case vTime:
				out.s[r] = FormatMicros(x)
			case vDur:
				out.s[r] = time.Duration(x * 1000).String()
			default:
				out.s[r] = strconv.FormatInt(x, 10)
			}
		}
	case vFloat:
		x := v.f[r]
		switch t {
		case Int64, Time:
			if math.IsNaN(x) || x >= math.MaxInt64 || x < math.MinInt64 {
				return false, nil
			}
			out.i[r] = int64(x)
		case Float64:
			out.f[r] = x
		case Bool:
			out.b[r] = x != 0
		case String:
			out.s[r] = strconv.FormatFloat(x, 'g', -1, 64)
		}
	case vBool:
		x := v.b[r]
		switch t {
		case Int64, Float64:
			var one int64
			if x {
				one = 1
			}
			if t == Int64 {
				out.i[r] = one
			} else {
				out.f[r] = float64(one)
			}
		case Bool:
			out.b[r] = x
		case String:
			out.s[r] = strconv.FormatBool(x)
		case Time:
			return false, fmt.Errorf("Cast of bool to time")
		}
	case vString:
		return castString(v.strs()[r], r, out, t), nil
	}
	return true, nil
}

// castString reads text as type t into row r of out.
func castString(text string, r int, out *vec, t Type) bool {
	var err error
	switch t {
	case Int64:
		out.i[r], err = strconv.ParseInt(strings.TrimSpace(text), 10, 64)
	case Float64:
		out.f[r], err = strconv.ParseFloat(strings.TrimSpace(text), 64)
	case Bool:
		out.b[r], err = strconv.ParseBool(strings.TrimSpace(text))
	case String:
		out.s[r] = text
	case Time:
		var tm time.Time
		tm, err = time.Parse(time.RFC3339Nano, strings.TrimSpace(text))
		out.i[r] = tm.UnixMicro()
	}
	return err == nil
}
