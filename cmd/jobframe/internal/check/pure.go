package check

import (
	"go/ast"
	"go/types"
	"strings"
)

// jobframePkgs are the packages whose functions and methods are pure
// computations over frames (no input, output or state), so that an
// expression made of them can be evaluated to answer a question (the
// columns a completion offers) without effects.
var jobframePkgs = []string{"github.com/jobframe/jobframe/frame", "github.com/jobframe/jobframe/ops"}

// FrameExpr reports whether expr is a frame-valued expression (type
// *frame.Frame) built only from variables, literals, field selections,
// indexing and calls of functions and methods of jobframe's frame and ops
// packages, so that evaluating it has no effect beyond its result.
func (s *Session) FrameExpr(expr string) bool {
	e, info, ok := s.exprInfo(expr)
	if !ok {
		return false
	}
	if t := info.Types[e].Type; t == nil || types.TypeString(t, nil) != "*github.com/jobframe/jobframe/frame.Frame" {
		return false
	}
	pure := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil, *ast.Ident, *ast.BasicLit, *ast.SelectorExpr, *ast.IndexExpr, *ast.ParenExpr:
		case *ast.CallExpr:
			if !jobframeFunc(info, n.Fun) {
				pure = false
			}
		default:
			pure = false
		}
		return pure
	})
	return pure
}

// jobframeFunc reports whether fun names a function or method of one of
// jobframePkgs.
func jobframeFunc(info *types.Info, fun ast.Expr) bool {
	var obj types.Object
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		obj = info.Uses[f]
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[f]; ok {
			obj = sel.Obj()
		} else {
			obj = info.Uses[f.Sel]
		}
	}
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	for _, p := range jobframePkgs {
		if fn.Pkg().Path() == p || strings.HasPrefix(fn.Pkg().Path(), p+"/") {
			return true
		}
	}
	return false
}
