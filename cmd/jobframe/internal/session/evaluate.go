package session

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"

	"github.com/traefik/yaegi/interp"

	"github.com/jobframe/jobframe/frame"
)

// outcome is what evaluating one input gave.
type outcome struct {
	needMore bool          // the input ends inside a statement: read more
	value    reflect.Value // the input's value, when it ends in an expression worth showing
	errKind  string        // "" when it ran; else "CompileError", "LoadError" (a lazy source's load), "panic", "interrupted", "exit" or "FrameError"
	errText  string        // the error as the REPL prints it
}

// evaluate runs src in the session. What the Go compiler rejects is
// reported with Go's position and wording (prefixed with name, a file's,
// when not empty) and not run. A panic in user code (or in the packages
// it calls) and an interrupt (Ctrl-C, or a kernel's interrupt) end the
// input and the session goes on, every variable as it was when the
// evaluation stopped. With more, an input that ends inside a statement
// reports needMore. The value shown is that of an input that is one
// expression, or with lastExpr that of its last statement when that is
// an expression (a notebook cell's).
func (s *Session) evaluate(name, src, lastLine string, more, lastExpr bool) (o outcome) {
	defer s.trace.take()
	defer func() {
		if r := recover(); r != nil {
			o = outcome{errKind: "panic", errText: fmt.Sprintf("panic: %v", r)}
		}
	}()
	checked := s.chk.Check(src)
	for k := range checked.Errors {
		checked.Errors[k].Msg = s.withHint(checked.Errors[k].Msg)
	}
	if len(checked.Errors) > 0 {
		var b strings.Builder
		printCheckErrors(&b, name, checked.Errors)
		return outcome{errKind: "CompileError", errText: strings.TrimRight(b.String(), "\n")}
	}
	ctx, end := s.run.start()
	if err := s.loadLazy(ctx, src); err != nil {
		end()
		if errors.Is(err, context.Canceled) {
			return outcome{errKind: "interrupted", errText: "interrupted"}
		}
		return outcome{errKind: "LoadError", errText: err.Error()}
	}
	v, err := s.in.EvalWithContext(ctx, src)
	interrupted := ctx.Err() != nil && errors.Is(err, context.Canceled)
	end()
	if _, panicked := err.(interp.Panic); err == nil || panicked || interrupted {
		s.chk.Commit(checked) // it ran, at least in part: its declarations exist
	}
	switch {
	case interrupted:
		return outcome{errKind: "interrupted", errText: "interrupted"}
	case err != nil && more && incomplete(err, lastLine):
		return outcome{needMore: true}
	case err != nil:
		if code, ok := exitStatus(err); ok {
			return outcome{errKind: "exit", errText: fmt.Sprintf("os.Exit(%d) ignored in the REPL; use :quit", code)}
		}
		kind := "CompileError"
		if _, ok := err.(interp.Panic); ok {
			kind = "panic"
		}
		// Positions inside the interpreter's wrapping of a REPL input
		// mean nothing to the person typing: drop them.
		return outcome{errKind: kind, errText: s.withHint(replPosition.ReplaceAllString(describeEvalError(err, name), ""))}
	}
	// Show the values of expressions only, as Go code reads: not of
	// declarations, assignments or loops.
	if !isValue(v) || !endsInExpr(src, lastExpr) {
		return outcome{}
	}
	if f, ok := v.Interface().(*frame.Frame); ok && f.Err() != nil {
		return outcome{errKind: "FrameError", errText: fmt.Sprintf("error: %v", f.Err())}
	}
	return outcome{value: v}
}

// endsInExpr reports whether src is one expression or, with last, a
// list of statements whose last is an expression statement.
func endsInExpr(src string, last bool) bool {
	if _, err := parser.ParseExpr(src); err == nil {
		return true
	}
	if !last {
		return false
	}
	f, err := parser.ParseFile(token.NewFileSet(), "", "package main; func _() {\n"+src+"\n}", 0)
	if err != nil {
		return false
	}
	body := f.Decls[0].(*ast.FuncDecl).Body.List
	if len(body) == 0 {
		return false
	}
	_, ok := body[len(body)-1].(*ast.ExprStmt)
	return ok
}
