// Package check type-checks the Go that jobframe's interpreter is given
// (REPL inputs, scripts, notebook cells) with go/types, against the
// compiled packages the interpreter has (converted from their reflect
// types) and the session's earlier declarations, so that what the Go
// compiler rejects is rejected with its position and wording before it
// runs. The interpreter (yaegi) lets some invalid Go through (an
// assignment count mismatch leaves a variable unusable, a constant
// overflow wraps); the checker is the compiler's front end, so these get
// Go's own errors. The same type information answers completion and
// documentation questions (members.go).
package check

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"reflect"
	"slices"
	"strings"
)

// Session checks a sequence of inputs as one program, each seeing what
// the earlier ones declared, as a REPL session does.
type Session struct {
	u        *universe
	implicit map[string]string // package name → path, usable without an import (the REPL's)
	decls    map[string]types.Object
}

// New returns a session over the compiled packages of exports (yaegi's
// symbol maps). With implicit, every package whose name is unambiguous
// is usable without an import, as in the REPL after yaegi's ImportUsed.
func New(implicit bool, exports ...map[string]map[string]reflect.Value) *Session {
	s := &Session{u: newUniverse(exports...), decls: map[string]types.Object{}}
	if implicit {
		s.implicit = map[string]string{}
		seen := map[string]int{}
		for p := range s.u.names {
			seen[path.Base(p)]++
		}
		for p := range s.u.names {
			if name := path.Base(p); seen[name] == 1 && token.IsIdentifier(name) {
				s.implicit[name] = p
			}
		}
	}
	return s
}

// Declare makes name a variable of the session with compiled type t (a
// value bound from Go, such as the REPL's frames).
func (s *Session) Declare(name string, t reflect.Type) {
	s.decls[name] = types.NewVar(token.NoPos, nil, name, s.u.typ(t))
}

// Error is one error of an input, at Line:Col of the input's text.
type Error struct {
	Line, Col int
	Msg       string
}

// Error returns "line:col: message"; a message that continues the one
// before it (go/types starts those with a tab) keeps its tab first, as
// the Go compiler prints it.
func (e Error) Error() string {
	if m, ok := strings.CutPrefix(e.Msg, "\t"); ok {
		return fmt.Sprintf("\t%d:%d: %s", e.Line, e.Col, m)
	}
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
}

// Result is what checking one input found.
type Result struct {
	// Errors are the errors the Go compiler would report, in order
	// (empty when the input is valid as far as the check can tell).
	Errors []Error
	// Decided is false when the check could not decide (the input does
	// not parse, or names something the session does not model, such as
	// a value the interpreter declared without the checker): the
	// interpreter's own checks then decide alone, and Errors is empty.
	Decided bool

	decls map[string]types.Object // what the input declares
}

// Check type-checks src, a REPL input (statements, or declarations) or a
// whole file (with its package clause).
func (s *Session) Check(src string) *Result {
	in, ok := parse(src)
	if !ok {
		return &Result{}
	}
	own := declaredNames(in)
	if methodsElsewhere(in, own) {
		return &Result{}
	}
	r := &Result{Decided: true}
	errs, ok := s.typeCheck(in, own, r)
	if !ok {
		return &Result{}
	}
	for _, e := range errs {
		switch verdict(e.Msg) {
		case unknown:
			return &Result{}
		case valid:
			continue
		}
		p := e.Fset.Position(e.Pos)
		r.Errors = append(r.Errors, Error{Line: p.Line, Col: p.Column, Msg: unqualified(e.Msg)})
	}
	return r
}

// Commit records what a checked input declared (after it ran), for the
// inputs after it.
func (s *Session) Commit(r *Result) {
	if !r.Decided || len(r.Errors) > 0 {
		return
	}
	for name, obj := range r.decls {
		s.decls[name] = obj
	}
}

// input is a REPL input as a file to check.
type input struct {
	fset *token.FileSet
	file *ast.File
	body *ast.FuncDecl // the function wrapping statements, if any
}

// lineOne is the line directive that numbers the line after it 1, so
// that positions (and the line numbers inside messages) count from the
// input's first line whatever the check wraps it in.
const lineOne = "\n//line input:1:1\n"

// parse reads src as a file, as declarations or as statements (wrapped
// in a function), the forms the interpreter accepts.
func parse(src string) (*input, bool) {
	fset := token.NewFileSet()
	const mode = 0 // with object resolution: Unresolved gives the implicit imports
	if strings.HasPrefix(strings.TrimSpace(stripComments(src)), "package ") {
		f, err := parser.ParseFile(fset, "", src, mode)
		return &input{fset: fset, file: f}, err == nil
	}
	if f, err := parser.ParseFile(fset, "", "package main"+lineOne+src, mode); err == nil {
		return &input{fset: fset, file: f}, true
	}
	fset = token.NewFileSet()
	f, err := parser.ParseFile(fset, "", "package main; func _() {"+lineOne+src+"\n}", mode)
	if err != nil {
		return nil, false
	}
	return &input{fset: fset, file: f, body: f.Decls[len(f.Decls)-1].(*ast.FuncDecl)}, true
}

// stripComments drops the leading comment lines of src (a script's
// "#!" line comes as one).
func stripComments(src string) string {
	for {
		t := strings.TrimSpace(src)
		switch {
		case strings.HasPrefix(t, "//"):
			i := strings.IndexByte(t, '\n')
			if i < 0 {
				return ""
			}
			src = t[i+1:]
		case strings.HasPrefix(t, "/*"):
			i := strings.Index(t, "*/")
			if i < 0 {
				return ""
			}
			src = t[i+2:]
		default:
			return t
		}
	}
}

// methodsElsewhere reports whether the input declares a method of a type
// it does not declare (own: one of an earlier input): go/types checks a
// package's methods with its types, so the check leaves it to the
// interpreter.
func methodsElsewhere(in *input, own map[string]bool) bool {
	for _, d := range in.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
			continue
		}
		t := fd.Recv.List[0].Type
		if st, ok := t.(*ast.StarExpr); ok {
			t = st.X
		}
		if id, ok := t.(*ast.Ident); !ok || !own[id.Name] {
			return true
		}
	}
	return false
}

// typeCheck checks in as package main with the session's declarations
// (those the input redeclares, own, left out) and the implicit imports it
// uses; it sets r.decls to what the input declares. ok is false when
// go/types gave up (it panics on some inputs it was not built for).
func (s *Session) typeCheck(in *input, own map[string]bool, r *Result) (errs []types.Error, ok bool) {
	defer func() {
		if recover() != nil {
			errs, ok = nil, false
		}
	}()
	pkg := types.NewPackage("main", "main")
	for name, obj := range s.decls {
		if !own[name] {
			pkg.Scope().Insert(obj)
		}
	}
	s.addImports(in, pkg)

	conf := types.Config{
		Importer: s.u,
		Error:    func(err error) { errs = append(errs, err.(types.Error)) },
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Scopes: map[ast.Node]*types.Scope{}, Types: map[ast.Expr]types.TypeAndValue{}}
	types.NewChecker(&conf, in.fset, pkg, info).Files([]*ast.File{in.file})
	errs = append(errs, interpreterFaults(in, info)...)
	r.decls = map[string]types.Object{}
	scope := pkg.Scope()
	if in.body != nil {
		scope = info.Scopes[in.body.Type]
	}
	for id, obj := range info.Defs {
		if obj != nil && obj.Parent() == scope && id.Name != "_" && !isWrapper(in, obj) {
			r.decls[id.Name] = obj
		}
	}
	return errs, true
}

// isWrapper reports whether obj is the function that wraps statements.
func isWrapper(in *input, obj types.Object) bool {
	return in.body != nil && obj.Pos() == in.body.Name.Pos()
}

// declaredNames are the names the input declares at its top level.
func declaredNames(in *input) map[string]bool {
	names := map[string]bool{}
	if in.body != nil {
		for _, st := range in.body.Body.List {
			switch st := st.(type) {
			case *ast.AssignStmt:
				if st.Tok == token.DEFINE {
					for _, l := range st.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							names[id.Name] = true
						}
					}
				}
			case *ast.DeclStmt:
				addGenDecl(names, st.Decl)
			}
		}
		return names
	}
	for _, d := range in.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			if fd.Recv == nil {
				names[fd.Name.Name] = true
			}
			continue
		}
		addGenDecl(names, d)
	}
	return names
}

// addGenDecl adds the names a var, const or type declaration declares.
func addGenDecl(names map[string]bool, d ast.Decl) {
	gd, ok := d.(*ast.GenDecl)
	if !ok {
		return
	}
	for _, sp := range gd.Specs {
		switch sp := sp.(type) {
		case *ast.ValueSpec:
			for _, id := range sp.Names {
				names[id.Name] = true
			}
		case *ast.TypeSpec:
			names[sp.Name.Name] = true
		}
	}
}

// addImports adds to the file an import of each implicit package it
// names and neither imports nor declares, as the REPL's interpreter
// resolves them.
func (s *Session) addImports(in *input, pkg *types.Package) {
	if s.implicit == nil {
		return
	}
	have := map[string]bool{}
	for _, im := range in.file.Imports {
		p := strings.Trim(im.Path.Value, `"`)
		name := path.Base(p)
		if im.Name != nil {
			name = im.Name.Name
		}
		have[name] = true
	}
	var names []string
	for _, id := range in.file.Unresolved {
		if _, ok := s.implicit[id.Name]; ok && !have[id.Name] && pkg.Scope().Lookup(id.Name) == nil {
			have[id.Name] = true
			names = append(names, id.Name)
		}
	}
	if len(names) == 0 {
		return
	}
	slices.Sort(names)
	decl := &ast.GenDecl{Tok: token.IMPORT}
	for _, n := range names {
		spec := &ast.ImportSpec{Name: ast.NewIdent(n), Path: &ast.BasicLit{Kind: token.STRING, Value: fmt.Sprintf("%q", s.implicit[n])}}
		decl.Specs = append(decl.Specs, spec)
		in.file.Imports = append(in.file.Imports, spec)
	}
	in.file.Decls = append([]ast.Decl{decl}, in.file.Decls...)
}
