package frame

import (
	"fmt"
	"slices"
)

// Frames take expressions: With adds or replaces columns, Keep keeps
// rows, Eval computes one column. Each evaluates over the frame it is
// called on, a column at a time; an expression's error (an unknown
// column, types that do not combine) is the result's error, naming the
// expression.

// With returns f with a column for each expression, named by its Name
// (As, or a bare column's name): a new column is added at the end, one
// of an existing name replaced in place. Every expression reads f as it
// was, not the columns added beside it. A duration becomes float64
// seconds.
func (f *Frame) With(exprs ...Expr) *Frame {
	if f.err != nil {
		return f
	}
	out := f
	for _, e := range exprs {
		name := e.Name()
		if name == "" {
			return Errorf("With: %s has no name: give it one with .As(\"name\")", e)
		}
		v, err := e.evalRows(f, "With")
		if err != nil {
			return WithErr(err)
		}
		c := v.column(name)
		if c.err != nil {
			return WithErr(fmt.Errorf("With %s: %w", name, c.err))
		}
		out = out.WithColumn(name, c)
	}
	return out
}

// Keep returns the rows of f where cond is true; a null cond drops its
// row, as SQL's WHERE and polars' filter do.
func (f *Frame) Keep(cond Expr) *Frame {
	if f.err != nil {
		return f
	}
	if cond.err != nil {
		return WithErr(fmt.Errorf("Keep: %w", cond.err))
	}
	if cond.n == nil {
		return Errorf("Keep: an empty expression")
	}
	mask, err := truth(cond.n, f)
	if err != nil {
		return WithErr(fmt.Errorf("Keep %s: %w", cond.n, err))
	}
	return f.takeMask(mask)
}

// truth is the rows of f where condition n is true (not false, not
// null). A row is kept by a && b where both are true, by a || b where
// either is: under Kleene's logic a null beside a true (&&) or a false
// (||) gives null, which drops the row as false does, so the conditions
// of And and Or are reduced to masks of true rows without the validity
// their values would need.
func truth(n exprNode, f *Frame) ([]bool, error) {
	if b, ok := unwrapNode(n).(binNode); ok && (b.op == "&&" || b.op == "||") {
		x, err := truth(b.a, f)
		if err != nil {
			return nil, err
		}
		y, err := truth(b.b, f)
		if err != nil {
			return nil, err
		}
		if b.op == "&&" {
			for r := range x {
				x[r] = x[r] && y[r]
			}
		} else {
			for r := range x {
				x[r] = x[r] || y[r]
			}
		}
		return x, nil
	}
	v, err := n.eval(f)
	if err != nil {
		return nil, err
	}
	if v.kind != vBool && v.kind != vNull {
		return nil, fmt.Errorf("a %s condition (want bool)", v.kind)
	}
	if v.scalar {
		v = v.broadcast(f.nrows)
	}
	if v.kind == vNull {
		return make([]bool, f.nrows), nil
	}
	mask := slices.Clone(v.b) // v's values may be shared (a column's)
	if v.valid != nil {
		for r, ok := range v.valid {
			mask[r] = mask[r] && ok
		}
	}
	return mask, nil
}

// Eval evaluates e over f into a column named by its Name ("value" when
// it has none).
func (f *Frame) Eval(e Expr) (Column, error) {
	if f.err != nil {
		return Column{}, f.err
	}
	v, err := e.evalRows(f, "Eval")
	if err != nil {
		return Column{}, err
	}
	name := e.Name()
	if name == "" {
		name = "value"
	}
	c := v.column(name)
	return c, c.err
}

// SelectExpr returns a frame of one column per expression, named by its
// Name, in order. Aggregations of the whole frame alone give one row;
// beside columns of every row, they repeat on each.
func (f *Frame) SelectExpr(exprs ...Expr) *Frame {
	if f.err != nil {
		return f
	}
	vs := make([]vec, len(exprs))
	scalar := true
	for k, e := range exprs {
		if e.Name() == "" {
			return Errorf("SelectExpr: %s has no name: give it one with .As(\"name\")", e)
		}
		v, err := e.evalScalar(f, "SelectExpr")
		if err != nil {
			return WithErr(err)
		}
		vs[k], scalar = v, scalar && v.scalar
	}
	n := f.nrows
	if scalar && len(exprs) > 0 {
		n = 1
	}
	cols := make([]Column, len(exprs))
	for k, v := range vs {
		if v.scalar {
			v = v.broadcast(n)
		}
		if cols[k] = v.column(exprs[k].Name()); cols[k].err != nil {
			return WithErr(fmt.Errorf("SelectExpr %s: %w", exprs[k].Name(), cols[k].err))
		}
	}
	return New(cols...)
}

// SortExpr returns the rows ordered by the values of the expressions,
// the first most significant, ascending unless marked Desc; stable, with
// nulls last, as Sort.
func (f *Frame) SortExpr(keys ...Expr) *Frame {
	if f.err != nil {
		return f
	}
	if len(keys) == 0 {
		return Errorf("SortExpr: no expression given")
	}
	cols := make([]Column, len(keys))
	names := make([]string, len(keys))
	for k, e := range keys {
		v, err := e.evalRows(f, "SortExpr")
		if err != nil {
			return WithErr(err)
		}
		name := fmt.Sprintf("key%d", k)
		if cols[k] = v.column(name); cols[k].err != nil {
			return WithErr(fmt.Errorf("SortExpr %s: %w", e, cols[k].err))
		}
		names[k] = name
		if e.desc {
			names[k] = "-" + name
		}
	}
	kf := New(cols...)
	if kf.err != nil {
		return WithErr(fmt.Errorf("SortExpr: %w", kf.err))
	}
	idx, err := kf.sortIndex(names)
	if err != nil {
		return WithErr(fmt.Errorf("SortExpr: %w", err))
	}
	return f.take(idx)
}
