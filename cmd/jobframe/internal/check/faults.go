package check

import (
	"go/ast"
	"go/token"
	"go/types"
)

// mixedCallMsg rejects valid Go that the interpreter runs wrongly
// without a word: in an assignment (=, not :=) of several values where
// some are function calls and some are not, yaegi v0.16.1 assigns the
// calls' values and loses the others. With a, b := 0.0, 0.0, then
// a, b = math.Min(a, 1), b+3 leaves b at 0, and
// s.min, s.sum = math.Min(s.min, x), s.sum+x never adds to s.sum.
// Assignments whose values are all calls, or have calls only inside
// larger expressions (-f(x), f(x)+1), run right.
const mixedCallMsg = "the interpreter (yaegi v0.16.1) loses the values that are not function calls in an assignment of several values mixing calls and other values: assign them one per line"

// interpreterFaults returns an error for each statement of in that is
// valid Go the interpreter would run wrongly (mixedCallMsg); info holds
// the types of in's expressions, to tell calls from conversions.
func interpreterFaults(in *input, info *types.Info) []types.Error {
	var errs []types.Error
	ast.Inspect(in.file, func(n ast.Node) bool {
		st, ok := n.(*ast.AssignStmt)
		if !ok || st.Tok != token.ASSIGN || len(st.Lhs) < 2 || len(st.Rhs) != len(st.Lhs) {
			return true
		}
		calls := 0
		for _, e := range st.Rhs {
			if isCall(e, info) {
				calls++
			}
		}
		if calls > 0 && calls < len(st.Rhs) {
			errs = append(errs, types.Error{Fset: in.fset, Pos: st.Pos(), Msg: mixedCallMsg})
		}
		return true
	})
	return errs
}

// isCall reports whether e is (in parentheses or not) a call of a
// function, a method or a builtin, not a conversion.
func isCall(e ast.Expr, info *types.Info) bool {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			break
		}
		e = p.X
	}
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	tv, known := info.Types[c.Fun]
	return !known || !tv.IsType()
}
