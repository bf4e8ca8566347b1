package check

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// Denoted is what an expression of the session denotes, as the type
// checker sees it.
type Denoted struct {
	// Type is the expression's type (for a type expression, the type
	// itself; nil for a package name).
	Type types.Type
	// Obj is the object an identifier or selector names: a function,
	// method, variable, constant, type or package (nil for other
	// expressions, such as calls).
	Obj types.Object
	// IsType reports whether the expression is a type.
	IsType bool
}

// Denote type-checks expr in the session (without running or recording
// anything) and returns what it denotes; ok is false when expr does not
// parse or has no type the checker can tell.
func (s *Session) Denote(expr string) (d Denoted, ok bool) {
	e, info, ok := s.exprInfo(expr)
	if !ok {
		return d, false
	}
	switch e := e.(type) {
	case *ast.Ident:
		d.Obj = info.Uses[e]
	case *ast.SelectorExpr:
		if sel, found := info.Selections[e]; found {
			d.Obj = sel.Obj()
		} else {
			d.Obj = info.Uses[e.Sel]
		}
	}
	if tv, found := info.Types[e]; found && tv.Type != nil && tv.Type != types.Typ[types.Invalid] {
		d.Type, d.IsType = tv.Type, tv.IsType()
	}
	if _, isPkg := d.Obj.(*types.PkgName); isPkg {
		return d, true
	}
	return d, d.Type != nil
}

// exprInput wraps expr as the right side of an assignment in a function,
// and returns the input and the expression's node.
func (s *Session) exprInput(expr string) (*input, ast.Expr, bool) {
	if strings.TrimSpace(expr) == "" {
		return nil, nil, false
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", "package main; func _() {"+lineOne+"_ = "+expr+"\n}", 0)
	if err != nil {
		return nil, nil, false
	}
	body := f.Decls[0].(*ast.FuncDecl)
	if len(body.Body.List) != 1 {
		return nil, nil, false
	}
	as, ok := body.Body.List[0].(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil, nil, false
	}
	return &input{fset: fset, file: f, body: body}, ast.Unparen(as.Rhs[0]), true
}

// exprInfo type-checks expr in the session and returns its node and
// what the checker recorded of it (types, uses, selections).
func (s *Session) exprInfo(expr string) (ast.Expr, *types.Info, bool) {
	in, e, ok := s.exprInput(expr)
	if !ok {
		return nil, nil, false
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Defs:       map[*ast.Ident]types.Object{},
		Scopes:     map[ast.Node]*types.Scope{},
	}
	return e, info, s.checkInfo(in, info)
}

// checkInfo type-checks in with the session's declarations, filling
// info; errors are ignored (the expression may be valid where its use
// is not, as a type on the right of "_ =").
func (s *Session) checkInfo(in *input, info *types.Info) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	pkg := types.NewPackage("main", "main")
	for _, obj := range s.decls {
		pkg.Scope().Insert(obj)
	}
	s.addImports(in, pkg)
	conf := types.Config{Importer: s.u, Error: func(error) {}}
	types.NewChecker(&conf, in.fset, pkg, info).Files([]*ast.File{in.file})
	return true
}

// Members returns the names that may follow "expr.": a package's
// exported members, or the fields and methods of expr's type (those of
// a pointer to it too, as Go allows on variables), sorted.
func (s *Session) Members(expr string) []string {
	d, ok := s.Denote(expr)
	if !ok {
		return nil
	}
	if pn, isPkg := d.Obj.(*types.PkgName); isPkg {
		var names []string
		for _, n := range pn.Imported().Scope().Names() {
			if token.IsExported(n) {
				names = append(names, n)
			}
		}
		return names
	}
	if d.IsType {
		return methodNames(d.Type, false) // method expressions: T.Method
	}
	names := methodNames(d.Type, true)
	names = append(names, fieldNames(d.Type, 0)...)
	slices.Sort(names)
	return slices.Compact(names)
}

// methodNames lists the methods of t (and of *t when addressable is
// set and t is not a pointer or an interface), exported ones only for
// types of other packages.
func methodNames(t types.Type, addressable bool) []string {
	mset := types.NewMethodSet(t)
	if _, isPtr := t.(*types.Pointer); addressable && !isPtr && !types.IsInterface(t) {
		mset = types.NewMethodSet(types.NewPointer(t))
	}
	var names []string
	for i := 0; i < mset.Len(); i++ {
		if obj := mset.At(i).Obj(); visible(obj) {
			names = append(names, obj.Name())
		}
	}
	return names
}

// fieldNames lists the fields of the struct under t (through one
// pointer), promoted fields of embedded structs included.
func fieldNames(t types.Type, depth int) []string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || depth > 4 {
		return nil
	}
	var names []string
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if visible(f) {
			names = append(names, f.Name())
		}
		if f.Embedded() {
			names = append(names, fieldNames(f.Type(), depth+1)...)
		}
	}
	return names
}

// visible reports whether code typed into the session can name obj: it
// is exported, or belongs to the session's own package.
func visible(obj types.Object) bool {
	return obj.Exported() || obj.Pkg() == nil || obj.Pkg().Path() == "main"
}

// Fields returns the fields a composite literal of type expression
// typeExpr can set (for loaders.Options{...}), sorted.
func (s *Session) Fields(typeExpr string) []string {
	d, ok := s.Denote(typeExpr)
	if !ok || !d.IsType {
		return nil
	}
	st, ok := d.Type.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var names []string
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); visible(f) {
			names = append(names, f.Name())
		}
	}
	slices.Sort(names)
	return names
}

// Names returns the session's declared names and the packages usable
// without an import, sorted.
func (s *Session) Names() []string {
	var names []string
	for n := range s.decls {
		names = append(names, n)
	}
	for n := range s.implicit {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
