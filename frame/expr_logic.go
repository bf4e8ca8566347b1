package frame

import (
	"fmt"
	"slices"
	"strings"
)

// Comparisons and logic. Numbers compare with numbers (an int64 with a
// float64 as float64s), times with times, durations with durations,
// strings with strings (byte order) and bools with bools (== and !=
// only); a comparison with a null is null. And and Or follow Kleene's
// logic, as Arrow's and_kleene and or_kleene: false && null is false,
// true || null is true, and otherwise a null makes the result null.

// Eq is e == x.
func (e Expr) Eq(x any) Expr { return binExpr("==", e, x) }

// Ne is e != x.
func (e Expr) Ne(x any) Expr { return binExpr("!=", e, x) }

// Lt is e < x.
func (e Expr) Lt(x any) Expr { return binExpr("<", e, x) }

// Le is e <= x.
func (e Expr) Le(x any) Expr { return binExpr("<=", e, x) }

// Gt is e > x.
func (e Expr) Gt(x any) Expr { return binExpr(">", e, x) }

// Ge is e >= x.
func (e Expr) Ge(x any) Expr { return binExpr(">=", e, x) }

// And is e && x (Kleene).
func (e Expr) And(x any) Expr { return binExpr("&&", e, x) }

// Or is e || x (Kleene).
func (e Expr) Or(x any) Expr { return binExpr("||", e, x) }

// Between is lo <= e && e <= hi.
func (e Expr) Between(lo, hi any) Expr { return e.Ge(lo).And(e.Le(hi)) }

// Not is !e.
func (e Expr) Not() Expr {
	return unary("!", e, func(v vec) (vec, error) {
		if v.kind == vNull {
			return v, nil
		}
		if v.kind != vBool {
			return vec{}, fmt.Errorf("! of %s values (want bool)", v.kind)
		}
		out := vec{kind: vBool, n: v.n, valid: v.valid, b: make([]bool, len(v.b))}
		for r, x := range v.b {
			out.b[r] = !x
		}
		return out, nil
	})
}

// compare computes a op b as bools.
func compare(op string, a, b vec, rows int) (vec, error) {
	n := rows
	if a.scalar && b.scalar {
		n = 1
	}
	if a.kind == vNull || b.kind == vNull {
		return vec{kind: vBool, n: n, b: make([]bool, n), valid: make([]bool, n)}, nil
	}
	out := vec{kind: vBool, n: n, b: make([]bool, n), valid: andValid(a.validN(n), b.validN(n), n)}
	ma, mb := a.mask(), b.mask()
	num := func(k vkind) bool { return k == vInt || k == vFloat }
	switch {
	case a.kind == vInt && b.kind == vInt, a.kind == vTime && b.kind == vTime, a.kind == vDur && b.kind == vDur:
		cmpOrdered(op, out.b, a.i, b.i, ma, mb)
	case num(a.kind) && num(b.kind):
		cmpOrdered(op, out.b, a.floats(), b.floats(), ma, mb)
	case a.kind == vString && b.kind == vString && a.dict != nil && b.scalar && (op == "==" || op == "!="):
		code := int32(slices.Index(a.dict, b.s[0])) // -1: no row has it
		for r, c := range a.codes {                 // a null row's code is any: its validity makes it null
			out.b[r] = (c == code) == (op == "==")
		}
	case a.kind == vString && b.kind == vString:
		cmpOrdered(op, out.b, a.strs(), b.strs(), ma, mb)
	case a.kind == vBool && b.kind == vBool && (op == "==" || op == "!="):
		for r := range out.b {
			out.b[r] = (a.b[r&ma] == b.b[r&mb]) == (op == "==")
		}
	default:
		return vec{}, fmt.Errorf("%s %s %s: the types do not compare", a.kind, op, b.kind)
	}
	return out, nil
}

// cmpOrdered fills res with x op y.
func cmpOrdered[T int64 | float64 | string](op string, res []bool, x, y []T, ma, mb int) {
	switch op {
	case "==":
		for r := range res {
			res[r] = x[r&ma] == y[r&mb]
		}
	case "!=":
		for r := range res {
			res[r] = x[r&ma] != y[r&mb]
		}
	case "<":
		for r := range res {
			res[r] = x[r&ma] < y[r&mb]
		}
	case "<=":
		for r := range res {
			res[r] = x[r&ma] <= y[r&mb]
		}
	case ">":
		for r := range res {
			res[r] = x[r&ma] > y[r&mb]
		}
	case ">=":
		for r := range res {
			res[r] = x[r&ma] >= y[r&mb]
		}
	}
}

// logic computes a && b or a || b in Kleene's logic.
func logic(op string, a, b vec, rows int) (vec, error) {
	for _, v := range []vec{a, b} {
		if v.kind != vBool && v.kind != vNull {
			return vec{}, fmt.Errorf("%s of %s values (want bool)", op, v.kind)
		}
	}
	n := rows
	if a.scalar && b.scalar {
		n = 1
	}
	ma, mb := a.mask(), b.mask()
	out := vec{kind: vBool, n: n, b: make([]bool, n)}
	if a.kind != vNull && b.kind != vNull && a.valid == nil && b.valid == nil { // the usual case
		for r := range out.b {
			if op == "&&" {
				out.b[r] = a.b[r&ma] && b.b[r&mb]
			} else {
				out.b[r] = a.b[r&ma] || b.b[r&mb]
			}
		}
		return out, nil
	}
	out.valid = make([]bool, n)
	dominant := op == "||" // true decides an Or, false an And
	if a.kind == vNull || b.kind == vNull {
		one, m := b, mb // the side that is not all null, if any
		if b.kind == vNull {
			one, m = a, ma
		}
		if one.kind != vNull {
			for r := range out.b {
				if (one.valid == nil || one.valid[r&m]) && one.b[r&m] == dominant {
					out.b[r], out.valid[r] = dominant, true
				}
			}
		}
		return out, nil
	}
	av, bv := a.validN(n), b.validN(n)
	for r := range out.b {
		xok, yok := av == nil || av[r], bv == nil || bv[r]
		x, y := a.b[r&ma], b.b[r&mb]
		switch {
		case (xok && x == dominant) || (yok && y == dominant):
			out.b[r], out.valid[r] = dominant, true
		case xok && yok:
			out.b[r], out.valid[r] = !dominant, true
		}
	}
	return out, nil
}

// IsIn is whether e is one of values (constants of e's kind); null stays
// null.
func (e Expr) IsIn(values ...any) Expr {
	if len(values) == 0 {
		return Lit(false)
	}
	var c Expr
	for k, v := range values {
		eq := e.Eq(v)
		if k == 0 {
			c = eq
		} else {
			c = c.Or(eq)
		}
	}
	if c.err != nil {
		return c
	}
	parts := make([]string, len(values))
	for k, v := range values {
		parts[k] = toExpr(v).String()
	}
	return Expr{n: renamed{c.n, fmt.Sprintf("%s in (%s)", e.n, strings.Join(parts, ", "))}, alias: e.alias}
}

// renamed is a node shown by another text (a sugar's own name).
type renamed struct {
	exprNode
	text string
}

func (r renamed) String() string { return r.text }
