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
	v, err := cond.evalRows(f, "Keep")
	if err != nil {
		return WithErr(err)
	}
	if v.kind != vBool && v.kind != vNull {
		return Errorf("Keep %s: a %s condition (want bool)", cond, v.kind)
	}
	if v.kind == vNull {
		return f.take(nil)
	}
	mask := v.b
	if v.valid != nil {
		mask = slices.Clone(mask)
		for r, ok := range v.valid {
			mask[r] = mask[r] && ok
		}
	}
	return f.take(maskRows(mask))
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
