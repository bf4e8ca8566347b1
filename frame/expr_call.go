package frame

import (
	"fmt"
	"go/ast"
	"time"
)

// The functions of the text form (expr_text.go), each the method of its
// name in snake case with the receiver first.

// textFunc is one function: its arity (-1: any, at least 1) and how to
// build it from its arguments (the receiver first, expressions; the
// constant arguments are read from them with constInt, constString or
// constDuration).
type textFunc struct {
	args  int
	build func(a []Expr) (Expr, error)
}

// textFuncs are the functions of the text form by name.
var textFuncs = map[string]textFunc{
	"seconds":     {1, func(a []Expr) (Expr, error) { return a[0].Seconds(), nil }},
	"abs":         {1, func(a []Expr) (Expr, error) { return a[0].Abs(), nil }},
	"floor":       {1, func(a []Expr) (Expr, error) { return a[0].Floor(), nil }},
	"ceil":        {1, func(a []Expr) (Expr, error) { return a[0].Ceil(), nil }},
	"is_null":     {1, func(a []Expr) (Expr, error) { return a[0].IsNull(), nil }},
	"is_not_null": {1, func(a []Expr) (Expr, error) { return a[0].IsNotNull(), nil }},
	"year":        {1, func(a []Expr) (Expr, error) { return a[0].Year(), nil }},
	"month":       {1, func(a []Expr) (Expr, error) { return a[0].Month(), nil }},
	"day":         {1, func(a []Expr) (Expr, error) { return a[0].Day(), nil }},
	"hour":        {1, func(a []Expr) (Expr, error) { return a[0].Hour(), nil }},
	"minute":      {1, func(a []Expr) (Expr, error) { return a[0].Minute(), nil }},
	"weekday":     {1, func(a []Expr) (Expr, error) { return a[0].Weekday(), nil }},
	"date":        {1, func(a []Expr) (Expr, error) { return a[0].Date(), nil }},
	"lower":       {1, func(a []Expr) (Expr, error) { return a[0].Lower(), nil }},
	"upper":       {1, func(a []Expr) (Expr, error) { return a[0].Upper(), nil }},
	"len":         {1, func(a []Expr) (Expr, error) { return a[0].Len(), nil }},
	"pow":         {2, func(a []Expr) (Expr, error) { return a[0].Pow(a[1]), nil }},
	"floor_div":   {2, func(a []Expr) (Expr, error) { return a[0].FloorDiv(a[1]), nil }},
	"fill_null":   {2, func(a []Expr) (Expr, error) { return a[0].FillNull(a[1]), nil }},
	"between":     {3, func(a []Expr) (Expr, error) { return a[0].Between(a[1], a[2]), nil }},
	"when":        {3, func(a []Expr) (Expr, error) { return When(a[0]).Then(a[1]).Otherwise(a[2]), nil }},
	"coalesce": {-1, func(a []Expr) (Expr, error) {
		args := make([]any, len(a))
		for k := range a {
			args[k] = a[k]
		}
		return Coalesce(args...), nil
	}},
	"is_in": {-1, func(a []Expr) (Expr, error) {
		vals := make([]any, len(a)-1)
		for k := range vals {
			vals[k] = a[k+1]
		}
		return a[0].IsIn(vals...), nil
	}},
	"round": {2, func(a []Expr) (Expr, error) {
		d, err := constInt(a[1])
		return a[0].Round(int(d)), err
	}},
	"clip": {3, func(a []Expr) (Expr, error) {
		lo, err1 := constFloat(a[1])
		hi, err2 := constFloat(a[2])
		return a[0].Clip(lo, hi), firstError(err1, err2)
	}},
	"truncate": {2, func(a []Expr) (Expr, error) {
		d, err := constDuration(a[1])
		return a[0].Truncate(d), err
	}},
	"cast": {2, func(a []Expr) (Expr, error) {
		name, err := constString(a[1])
		if err != nil {
			return Expr{}, err
		}
		t, err := ParseType(name)
		return a[0].Cast(t), err
	}},
	"contains":   {2, stringArg(Expr.Contains)},
	"has_prefix": {2, stringArg(Expr.HasPrefix)},
	"has_suffix": {2, stringArg(Expr.HasSuffix)},
	"match":      {2, stringArg(Expr.Match)},
	"extract": {3, func(a []Expr) (Expr, error) {
		re, err1 := constString(a[1])
		k, err2 := constInt(a[2])
		return a[0].Extract(re, int(k)), firstError(err1, err2)
	}},
	"split_part": {3, func(a []Expr) (Expr, error) {
		sep, err1 := constString(a[1])
		k, err2 := constInt(a[2])
		return a[0].SplitPart(sep, int(k)), firstError(err1, err2)
	}},
	// aggregations and window functions (expr_agg.go, expr_window.go)
	"sum":      {1, func(a []Expr) (Expr, error) { return a[0].Sum(), nil }},
	"mean":     {1, func(a []Expr) (Expr, error) { return a[0].Mean(), nil }},
	"min":      {1, func(a []Expr) (Expr, error) { return a[0].Min(), nil }},
	"max":      {1, func(a []Expr) (Expr, error) { return a[0].Max(), nil }},
	"median":   {1, func(a []Expr) (Expr, error) { return a[0].Median(), nil }},
	"std":      {1, func(a []Expr) (Expr, error) { return a[0].Std(), nil }},
	"count":    {1, func(a []Expr) (Expr, error) { return a[0].Count(), nil }},
	"n_unique": {1, func(a []Expr) (Expr, error) { return a[0].NUnique(), nil }},
	"first":    {1, func(a []Expr) (Expr, error) { return a[0].First(), nil }},
	"last":     {1, func(a []Expr) (Expr, error) { return a[0].Last(), nil }},
	"cum_sum":  {1, func(a []Expr) (Expr, error) { return a[0].CumSum(), nil }},
	"rank":     {1, func(a []Expr) (Expr, error) { return a[0].Rank(), nil }},
	"quantile": {2, func(a []Expr) (Expr, error) {
		q, err := constFloat(a[1])
		return a[0].Quantile(q), err
	}},
	"shift":        {2, intArg(Expr.Shift)},
	"lag":          {2, intArg(Expr.Lag)},
	"diff":         {2, intArg(Expr.Diff)},
	"rolling_sum":  {2, intArg(func(e Expr, n int) Expr { return e.Rolling(n).Sum() })},
	"rolling_mean": {2, intArg(func(e Expr, n int) Expr { return e.Rolling(n).Mean() })},
	"over": {-1, func(a []Expr) (Expr, error) {
		keys := make([]string, len(a)-1)
		for k := range keys {
			var err error
			if keys[k], err = constString(a[k+1]); err != nil {
				return Expr{}, err
			}
		}
		return a[0].Over(keys...), nil
	}},
}

// intArg is a function of the text form whose second argument is a
// constant integer.
func intArg(m func(e Expr, k int) Expr) func(a []Expr) (Expr, error) {
	return func(a []Expr) (Expr, error) {
		k, err := constInt(a[1])
		return m(a[0], int(k)), err
	}
}

// stringArg builds a method taking one string constant.
func stringArg(m func(e Expr, s string) Expr) func(a []Expr) (Expr, error) {
	return func(a []Expr) (Expr, error) {
		s, err := constString(a[1])
		return m(a[0], s), err
	}
}

// constant returns the value of a constant expression.
func constant(e Expr) (vec, bool) {
	if l, ok := unwrapNode(e.n).(litNode); ok {
		return l.v, true
	}
	if e.err != nil || e.n == nil || len(e.Columns()) > 0 {
		return vec{}, false
	}
	// an expression of constants alone (-1, 2*60): its value
	v, err := e.n.eval(&Frame{index: map[string]int{}, nrows: 1})
	if err != nil || !v.scalar || v.valid != nil && !v.valid[0] {
		return vec{}, false
	}
	return v, true
}

func constInt(e Expr) (int64, error) {
	if v, ok := constant(e); ok && v.kind == vInt {
		return v.i[0], nil
	}
	return 0, fmt.Errorf("%s: want an integer constant", e)
}

func constFloat(e Expr) (float64, error) {
	if v, ok := constant(e); ok && (v.kind == vInt || v.kind == vFloat) {
		return v.floats()[0], nil
	}
	return 0, fmt.Errorf("%s: want a number", e)
}

func constString(e Expr) (string, error) {
	if v, ok := constant(e); ok && v.kind == vString {
		return v.s[0], nil
	}
	return "", fmt.Errorf("%s: want a string constant", e)
}

func constDuration(e Expr) (time.Duration, error) {
	if v, ok := constant(e); ok && v.kind == vDur {
		return time.Duration(v.i[0]) * time.Microsecond, nil
	}
	return 0, fmt.Errorf("%s: want a duration such as time.Hour", e)
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// callAST builds a function call of the text form; col("name") is a
// column of any name and time("RFC 3339") a time constant.
func callAST(v *ast.CallExpr) (Expr, error) {
	fn, ok := v.Fun.(*ast.Ident)
	if !ok {
		return Expr{}, fmt.Errorf("offset %d: call a function of the expression language by its name", v.Pos()-1)
	}
	args := make([]Expr, len(v.Args))
	for k, a := range v.Args {
		e, err := fromAST(a)
		if err != nil {
			return e, err
		}
		args[k] = e
	}
	switch fn.Name {
	case "col", "time":
		if len(args) != 1 {
			return Expr{}, fmt.Errorf("offset %d: %s takes one string", v.Pos()-1, fn.Name)
		}
		s, err := constString(args[0])
		if err != nil {
			return Expr{}, fmt.Errorf("offset %d: %w", v.Pos()-1, err)
		}
		if fn.Name == "col" {
			return at(Col(s), v), nil
		}
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return Expr{}, fmt.Errorf("offset %d: time(%q): want RFC 3339 (2026-08-04T09:00:00Z)", v.Pos()-1, s)
		}
		return Lit(t), nil
	}
	f, ok := textFuncs[fn.Name]
	switch {
	case !ok:
		return Expr{}, fmt.Errorf("offset %d: unknown function %s", v.Pos()-1, fn.Name)
	case f.args >= 0 && len(args) != f.args, f.args < 0 && len(args) < 1:
		return Expr{}, fmt.Errorf("offset %d: %s takes %d arguments, not %d", v.Pos()-1, fn.Name, f.args, len(args))
	}
	e, err := f.build(args)
	if err == nil {
		err = e.err
	}
	if err != nil {
		return Expr{}, fmt.Errorf("offset %d: %s: %w", v.Pos()-1, fn.Name, err)
	}
	return at(e, v), nil
}
