package frame

import (
	"fmt"
	"math"
)

// Arithmetic: + − × ÷, floor division, modulo, power, and the one-value
// functions. Integers stay integers under +, −, × (wrapping as Go's
// int64 does), floor division and modulo; ÷ and Pow give float64. Time
// minus Time is a duration; a Time plus or minus a duration is a Time; a
// duration times or divided by a number is a duration, and divided by a
// duration a float64. A float ÷ 0 is ±Inf or NaN, as IEEE 754 and
// Arrow's unchecked divide give; an integer floor division or modulo by
// 0 is null.

// Add is e + x.
func (e Expr) Add(x any) Expr { return binExpr("+", e, x) }

// Sub is e − x.
func (e Expr) Sub(x any) Expr { return binExpr("-", e, x) }

// Mul is e × x.
func (e Expr) Mul(x any) Expr { return binExpr("*", e, x) }

// Div is e ÷ x, a float64 (or a duration, for a duration ÷ a number).
func (e Expr) Div(x any) Expr { return binExpr("/", e, x) }

// FloorDiv is ⌊e ÷ x⌋, as Python's // (an int64 for integers).
func (e Expr) FloorDiv(x any) Expr { return binExpr("//", e, x) }

// Mod is e modulo x with the sign of x, as Python's % (Go's % takes the
// sign of e).
func (e Expr) Mod(x any) Expr { return binExpr("%", e, x) }

// Pow is e to the power x, a float64.
func (e Expr) Pow(x any) Expr { return binExpr("**", e, x) }

// binNode is a binary operation: arithmetic, comparison or logic.
type binNode struct {
	op   string
	a, b exprNode
}

func (n binNode) String() string {
	return fmt.Sprintf("(%s %s %s)", n.a, n.op, n.b)
}

// binExpr builds e op x.
func binExpr(op string, e Expr, x any) Expr {
	o := toExpr(x)
	if e.err != nil {
		return e
	}
	if o.err != nil {
		return o
	}
	return Expr{n: binNode{op: op, a: e.n, b: o.n}}
}

func (n binNode) eval(f *Frame) (vec, error) {
	a, err := n.a.eval(f)
	if err != nil {
		return vec{}, err
	}
	b, err := n.b.eval(f)
	if err != nil {
		return vec{}, err
	}
	rows := max(a.n, b.n)
	if !a.scalar {
		rows = a.n
	} else if !b.scalar {
		rows = b.n
	}
	out, err := applyBinary(n.op, a, b, rows)
	if err != nil {
		return vec{}, fmt.Errorf("%s %s %s: %w", n.a, n.op, n.b, err)
	}
	out.scalar = a.scalar && b.scalar
	return out, nil
}

// applyBinary computes a op b over rows rows (a scalar side repeats).
func applyBinary(op string, a, b vec, rows int) (vec, error) {
	switch op {
	case "&&", "||":
		return logic(op, a, b, rows)
	case "==", "!=", "<", "<=", ">", ">=":
		return compare(op, a, b, rows)
	}
	if a.kind == vNull || b.kind == vNull {
		return nullOf(arithKind(op, a.kind, b.kind), rows), nil
	}
	k := arithKind(op, a.kind, b.kind)
	if k == vNull {
		return vec{}, fmt.Errorf("%s %s %s is not defined", a.kind, op, b.kind)
	}
	n := rows
	if a.scalar && b.scalar {
		n = 1
	}
	out := vec{kind: k, n: n, valid: andValid(a.validN(n), b.validN(n), n)}
	ma, mb := a.mask(), b.mask()
	switch {
	case k == vFloat || (k == vDur && (a.kind == vFloat || b.kind == vFloat || op == "/")):
		x, y := a.floats(), b.floats()
		res := make([]float64, n)
		floatOp(op, res, x, y, ma, mb)
		if k == vDur { // a duration scaled by a float: back to µs
			out.i = make([]int64, n)
			for r, v := range res {
				out.i[r] = int64(math.Round(v))
			}
		} else {
			out.f = res
		}
	default:
		out.i = make([]int64, n)
		if zero := intOp(op, out.i, a.i, b.i, ma, mb); zero != nil {
			if out.valid == nil {
				out.valid = make([]bool, n)
				for r := range out.valid {
					out.valid[r] = true
				}
			} else {
				out.valid = append([]bool(nil), out.valid...) // it may be an input's
			}
			for _, r := range zero {
				out.valid[r] = false
			}
		}
	}
	return out, nil
}

// arithKind is the kind of a op b, vNull when undefined.
func arithKind(op string, a, b vkind) vkind {
	num := func(k vkind) bool { return k == vInt || k == vFloat || k == vNull }
	switch {
	case num(a) && num(b):
		switch {
		case op == "/" || op == "**":
			return vFloat
		case a == vFloat || b == vFloat:
			return vFloat
		}
		return vInt
	case a == vTime && b == vTime && op == "-":
		return vDur
	case a == vTime && b == vDur && (op == "+" || op == "-"), a == vDur && b == vTime && op == "+":
		return vTime
	case a == vDur && b == vDur && (op == "+" || op == "-" || op == "%"):
		return vDur
	case a == vDur && b == vDur && op == "/":
		return vFloat
	case a == vDur && num(b) && (op == "*" || op == "/"), num(a) && b == vDur && op == "*":
		return vDur
	}
	return vNull
}

// nullOf is n nulls of kind k (float64 for an undefined kind).
func nullOf(k vkind, n int) vec {
	if k == vNull {
		k = vFloat
	}
	return vec{kind: vNull, n: n, valid: make([]bool, n)}.as(k)
}

// as gives an all-null vec the slices of kind k.
func (v vec) as(k vkind) vec {
	v.kind = k
	switch k {
	case vInt, vTime, vDur:
		v.i = make([]int64, v.n)
	case vFloat:
		v.f = make([]float64, v.n)
	case vBool:
		v.b = make([]bool, v.n)
	case vString:
		v.s = make([]string, v.n)
	}
	return v
}

// mask is the index mask of v's rows: -1 for a column, 0 for a scalar
// (row r of v is at r & mask).
func (v *vec) mask() int {
	if v.scalar {
		return 0
	}
	return -1
}

// validN is v's validity over n rows (nil: all valid).
func (v *vec) validN(n int) []bool {
	if v.valid == nil {
		return nil
	}
	if !v.scalar {
		return v.valid
	}
	if v.valid[0] {
		return nil
	}
	return make([]bool, n)
}

// floats is v's values as float64 (ints and durations converted).
func (v *vec) floats() []float64 {
	if v.kind == vFloat {
		return v.f
	}
	out := make([]float64, len(v.i))
	for r, x := range v.i {
		out[r] = float64(x)
	}
	return out
}

// floatOp computes res = x op y.
func floatOp(op string, res, x, y []float64, ma, mb int) {
	if addSubMul(op, res, x, y, ma, mb) {
		return
	}
	switch op {
	case "/":
		for r := range res {
			res[r] = x[r&ma] / y[r&mb]
		}
	case "//":
		for r := range res {
			res[r] = math.Floor(x[r&ma] / y[r&mb])
		}
	case "%":
		for r := range res {
			res[r] = pyMod(x[r&ma], y[r&mb])
		}
	case "**":
		for r := range res {
			res[r] = math.Pow(x[r&ma], y[r&mb])
		}
	}
}

// addSubMul computes res = x op y for + − ×, the operations integers and
// floats share; it reports whether op was one of them.
func addSubMul[T int64 | float64](op string, res, x, y []T, ma, mb int) bool {
	switch op {
	case "+":
		for r := range res {
			res[r] = x[r&ma] + y[r&mb]
		}
	case "-":
		for r := range res {
			res[r] = x[r&ma] - y[r&mb]
		}
	case "*":
		for r := range res {
			res[r] = x[r&ma] * y[r&mb]
		}
	default:
		return false
	}
	return true
}

// pyMod is Python's float modulo: the result has the divisor's sign.
func pyMod(x, y float64) float64 {
	m := math.Mod(x, y)
	if m != 0 && (m < 0) != (y < 0) {
		m += y
	}
	return m
}

// intOp computes res = x op y on int64s (wrapping); it returns the rows
// of a floor division or modulo by zero, to be null.
func intOp(op string, res, x, y []int64, ma, mb int) (zero []int) {
	if addSubMul(op, res, x, y, ma, mb) {
		return nil
	}
	switch op {
	case "//", "%":
		for r := range res {
			a, b := x[r&ma], y[r&mb]
			if b == 0 {
				zero = append(zero, r)
				continue
			}
			q, m := a/b, a%b
			if m != 0 && (m < 0) != (b < 0) { // floor, as Python
				q--
				m += b
			}
			if op == "//" {
				res[r] = q
			} else {
				res[r] = m
			}
		}
	}
	return zero
}

// unaryNode applies a one-value function.
type unaryNode struct {
	name string
	a    exprNode
	fn   func(v vec) (vec, error)
}

func (n unaryNode) String() string { return fmt.Sprintf("%s(%s)", n.name, n.a) }

func (n unaryNode) eval(f *Frame) (vec, error) {
	v, err := n.a.eval(f)
	if err != nil {
		return vec{}, err
	}
	out, err := n.fn(v)
	if err != nil {
		return vec{}, fmt.Errorf("%s: %w", n, err)
	}
	out.scalar = v.scalar
	return out, nil
}

// unary builds fn applied to e.
func unary(name string, e Expr, fn func(v vec) (vec, error)) Expr {
	if e.err != nil {
		return e
	}
	return Expr{n: unaryNode{name: name, a: e.n, fn: fn}, alias: e.alias}
}

// mapNumber applies fi to ints (nil: convert to float) and ff to floats.
func mapNumber(v vec, what string, fi func(int64) int64, ff func(float64) float64) (vec, error) {
	switch v.kind {
	case vNull:
		return v, nil
	case vInt, vDur:
		if fi == nil {
			out := vec{kind: vFloat, n: v.n, valid: v.valid, f: make([]float64, len(v.i))}
			for r, x := range v.i {
				out.f[r] = ff(float64(x))
			}
			return out, nil
		}
		out := vec{kind: v.kind, n: v.n, valid: v.valid, i: make([]int64, len(v.i))}
		for r, x := range v.i {
			out.i[r] = fi(x)
		}
		return out, nil
	case vFloat:
		out := vec{kind: vFloat, n: v.n, valid: v.valid, f: make([]float64, len(v.f))}
		for r, x := range v.f {
			out.f[r] = ff(x)
		}
		return out, nil
	}
	return vec{}, fmt.Errorf("%s of %s values", what, v.kind)
}

// Neg is −e.
func (e Expr) Neg() Expr {
	return unary("-", e, func(v vec) (vec, error) {
		return mapNumber(v, "Neg", func(x int64) int64 { return -x }, func(x float64) float64 { return -x })
	})
}

// Abs is |e|.
func (e Expr) Abs() Expr {
	return unary("abs", e, func(v vec) (vec, error) {
		return mapNumber(v, "Abs", func(x int64) int64 {
			if x < 0 {
				return -x
			}
			return x
		}, math.Abs)
	})
}

// Round is e rounded to digits decimals, halves away from zero (Go's
// math.Round; pandas rounds halves to even); integers are kept.
func (e Expr) Round(digits int) Expr {
	p := math.Pow(10, float64(digits))
	return unary("round", e, func(v vec) (vec, error) {
		if v.kind == vDur {
			return vec{}, fmt.Errorf("Round of a duration: take its Seconds first")
		}
		return mapNumber(v, "Round", func(x int64) int64 { return x }, func(x float64) float64 { return math.Round(x*p) / p })
	})
}

// Floor is ⌊e⌋ (a float64; integers are kept).
func (e Expr) Floor() Expr {
	return unary("floor", e, func(v vec) (vec, error) {
		return mapNumber(v, "Floor", func(x int64) int64 { return x }, math.Floor)
	})
}

// Ceil is ⌈e⌉ (a float64; integers are kept).
func (e Expr) Ceil() Expr {
	return unary("ceil", e, func(v vec) (vec, error) {
		return mapNumber(v, "Ceil", func(x int64) int64 { return x }, math.Ceil)
	})
}

// Clip is e bounded to [lo, hi]: lo below it, hi above (numbers).
func (e Expr) Clip(lo, hi float64) Expr {
	return unary("clip", e, func(v vec) (vec, error) {
		if v.kind == vInt {
			l, h := int64(math.Ceil(lo)), int64(math.Floor(hi))
			return mapNumber(v, "Clip", func(x int64) int64 { return min(max(x, l), h) }, nil)
		}
		return mapNumber(v, "Clip", nil, func(x float64) float64 {
			if isNaN(x) {
				return x
			}
			return min(max(x, lo), hi)
		})
	})
}
