package frame

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The text form of expressions: Go's own expression syntax, parsed with
// go/parser, so that "end - start > 60*time.Second && state == \"failed\""
// reads as it would in Go. An identifier (or a dotted name such as
// tag.op) is a column, col("any name") too; true, false and nil are
// constants; time.Hour, time.Minute, time.Second, time.Millisecond and
// time.Microsecond are durations and time("2026-08-04T09:00:00Z") a
// time. The operators are Go's (+ - * / % == != < <= > >= && || ! and
// unary -), with % the modulo of Mod; the functions are the methods'
// names in snake case, their receiver first:
//
//	seconds(d) abs(x) round(x, digits) floor(x) ceil(x) clip(x, lo, hi)
//	pow(x, y) floor_div(x, y) is_null(x) is_not_null(x) fill_null(x, v)
//	coalesce(x, y, ...) when(cond, then, else) cast(x, "float64")
//	year(t) month(t) day(t) hour(t) minute(t) weekday(t) date(t)
//	truncate(t, time.Hour) contains(s, "x") has_prefix(s, "x")
//	has_suffix(s, "x") lower(s) upper(s) len(s) match(s, "re")
//	extract(s, "re", k) split_part(s, "sep", k) is_in(x, a, b, ...)
//	between(x, lo, hi)
//
// A syntax error, an unknown function or a wrong argument is an error
// naming the offset in text (from 0).

// ParseExpr reads an expression in Go's syntax (see above). The columns
// it names are looked up when it is evaluated.
func ParseExpr(text string) (Expr, error) {
	x, err := parser.ParseExpr(text)
	if err != nil {
		return Expr{}, fmt.Errorf("expression %q: %w", text, err)
	}
	e, err := fromAST(x)
	if err != nil {
		return Expr{}, fmt.Errorf("expression %q: %w", text, err)
	}
	return e, nil
}

// Query returns the rows of f where the expression text (ParseExpr) is
// true: f.Keep of it, with an unknown column named at its offset.
func (f *Frame) Query(text string) *Frame {
	if f.err != nil {
		return f
	}
	e, err := f.parseFor(text)
	if err != nil {
		return WithErr(fmt.Errorf("Query: %w", err))
	}
	return f.Keep(e)
}

// WithText returns f with the column of an assignment "name = expr"
// (ParseExpr), as With does.
func (f *Frame) WithText(assignment string) *Frame {
	if f.err != nil {
		return f
	}
	name, text, ok := strings.Cut(assignment, "=")
	if !ok || strings.TrimSpace(name) == "" || strings.HasPrefix(text, "=") || strings.ContainsAny(name, "<>!") {
		return Errorf("WithText %q: want NAME = EXPRESSION", assignment)
	}
	// spaces for "NAME =": the offsets of errors are the assignment's
	e, err := f.parseFor(strings.Repeat(" ", len(name)+1) + text)
	name = strings.TrimSpace(name)
	if err != nil {
		return WithErr(fmt.Errorf("WithText %s: %w", name, err))
	}
	return f.With(e.As(name))
}

// parseFor parses text and checks that the columns it names are f's.
func (f *Frame) parseFor(text string) (Expr, error) {
	e, err := ParseExpr(text)
	if err != nil {
		return Expr{}, err
	}
	var bad error
	walkCols(e.n, func(c colNode, pos int) {
		if _, ok := f.index[c.name]; !ok && bad == nil {
			bad = fmt.Errorf("expression %q: offset %d: unknown column %q (the frame has %s)", text, pos, c.name, strings.Join(f.names, ", "))
		}
	})
	return e, bad
}

// posNode is a node of a parsed expression with its offset in the text.
type posNode struct {
	exprNode
	pos int
}

// posError is an evaluation error at an offset of the text.
type posError struct {
	pos int
	err error
}

func (p *posError) Error() string { return fmt.Sprintf("offset %d: %v", p.pos, p.err) }
func (p *posError) Unwrap() error { return p.err }

func (p posNode) eval(f *Frame) (vec, error) {
	v, err := p.exprNode.eval(f)
	var pe *posError
	if err != nil && !errors.As(err, &pe) {
		err = &posError{pos: p.pos, err: err}
	}
	return v, err
}

// walkCols calls fn on every column node of a parsed tree.
func walkCols(n exprNode, fn func(c colNode, pos int)) {
	switch x := n.(type) {
	case colNode:
		fn(x, -1)
	case secondsOfDiff:
		walkCols(x.d, fn)
	case posNode:
		if c, ok := x.exprNode.(colNode); ok {
			fn(c, x.pos)
			return
		}
		walkCols(x.exprNode, fn)
	case binNode:
		walkCols(x.a, fn)
		walkCols(x.b, fn)
	case unaryNode:
		walkCols(x.a, fn)
	case renamed:
		walkCols(x.exprNode, fn)
	case aggNode:
		walkCols(x.a, fn)
	case windowNode:
		walkCols(x.a, fn)
	case overNode:
		walkCols(x.inner, fn)
		for _, k := range x.keys {
			fn(colNode{k}, -1)
		}
	case chooseNode:
		for _, c := range x.conds {
			walkCols(c, fn)
		}
		for _, v := range x.values {
			walkCols(v, fn)
		}
	}
}

// at wraps e's node with the offset of x.
func at(e Expr, x ast.Node) Expr {
	if e.n != nil {
		e.n = posNode{e.n, int(x.Pos()) - 1}
	}
	return e
}

// fromAST builds the Expr of a parsed Go expression.
func fromAST(x ast.Expr) (Expr, error) {
	switch v := x.(type) {
	case *ast.ParenExpr:
		return fromAST(v.X)
	case *ast.Ident:
		switch v.Name {
		case "true", "false":
			return Lit(v.Name == "true"), nil
		case "nil":
			return Lit(nil), nil
		}
		return at(Col(v.Name), v), nil
	case *ast.BasicLit:
		return literal(v)
	case *ast.SelectorExpr:
		if name, ok := dotted(v); ok {
			if d, ok := durations[name]; ok {
				return Lit(d), nil
			}
			return at(Col(name), v), nil
		}
	case *ast.UnaryExpr:
		e, err := fromAST(v.X)
		if err != nil {
			return e, err
		}
		switch v.Op {
		case token.SUB:
			return at(e.Neg(), v), nil
		case token.NOT:
			return at(e.Not(), v), nil
		case token.ADD:
			return e, nil
		}
	case *ast.BinaryExpr:
		return binaryAST(v)
	case *ast.CallExpr:
		return callAST(v)
	}
	return Expr{}, fmt.Errorf("offset %d: %T is not part of the expression language", x.Pos()-1, x)
}

// durations are the time package's duration constants the text may name.
var durations = map[string]time.Duration{
	"time.Hour": time.Hour, "time.Minute": time.Minute, "time.Second": time.Second,
	"time.Millisecond": time.Millisecond, "time.Microsecond": time.Microsecond,
}

// dotted is a selector chain of identifiers as one name ("tag.op").
func dotted(x ast.Expr) (string, bool) {
	switch v := x.(type) {
	case *ast.Ident:
		return v.Name, true
	case *ast.SelectorExpr:
		left, ok := dotted(v.X)
		return left + "." + v.Sel.Name, ok
	}
	return "", false
}

// literal is the constant of a basic literal.
func literal(v *ast.BasicLit) (Expr, error) {
	switch v.Kind {
	case token.INT:
		n, err := strconv.ParseInt(v.Value, 0, 64)
		if err != nil {
			return Expr{}, fmt.Errorf("offset %d: %w", v.Pos()-1, err)
		}
		return Lit(n), nil
	case token.FLOAT:
		x, err := strconv.ParseFloat(v.Value, 64)
		if err != nil {
			return Expr{}, fmt.Errorf("offset %d: %w", v.Pos()-1, err)
		}
		return Lit(x), nil
	case token.STRING:
		s, err := strconv.Unquote(v.Value)
		if err != nil {
			return Expr{}, fmt.Errorf("offset %d: %w", v.Pos()-1, err)
		}
		return Lit(s), nil
	}
	return Expr{}, fmt.Errorf("offset %d: a %s literal", v.Pos()-1, v.Kind)
}

// binaryOps are the Go operators of the language, by method.
var binaryOps = map[token.Token]func(e Expr, x any) Expr{
	token.ADD: Expr.Add, token.SUB: Expr.Sub, token.MUL: Expr.Mul, token.QUO: Expr.Div, token.REM: Expr.Mod,
	token.EQL: Expr.Eq, token.NEQ: Expr.Ne, token.LSS: Expr.Lt, token.LEQ: Expr.Le, token.GTR: Expr.Gt, token.GEQ: Expr.Ge,
	token.LAND: Expr.And, token.LOR: Expr.Or,
}

func binaryAST(v *ast.BinaryExpr) (Expr, error) {
	op, ok := binaryOps[v.Op]
	if !ok {
		return Expr{}, fmt.Errorf("offset %d: the operator %s is not part of the expression language", v.OpPos-1, v.Op)
	}
	a, err := fromAST(v.X)
	if err != nil {
		return a, err
	}
	b, err := fromAST(v.Y)
	if err != nil {
		return b, err
	}
	e := op(a, b)
	if e.err != nil {
		return e, e.err
	}
	e.n = posNode{e.n, int(v.OpPos) - 1}
	return e, nil
}

// Columns are the names of the columns e reads, each once, in the order
// they appear.
func (e Expr) Columns() []string {
	var out []string
	if e.n != nil {
		walkCols(e.n, func(c colNode, _ int) {
			if !slices.Contains(out, c.name) {
				out = append(out, c.name)
			}
		})
	}
	return out
}
