package session

import (
	"fmt"
	"go/build"
	"go/types"
	"path/filepath"
	"strings"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/apidoc"
	"github.com/jobframe/jobframe/cmd/jobframe/internal/check"
	"github.com/jobframe/jobframe/cmd/jobframe/internal/symbols"
)

// docOf returns what "expr?" (or ":doc expr") prints, as IPython's
// "obj?": what expr is and its type, then the documentation of the
// function, method, type or package it names (of its type, for other
// expressions). jobframe's documentation is built into the binary; the
// standard library's is read from the Go sources when they are
// installed.
func (s *Session) docOf(expr string) string {
	expr = strings.TrimSpace(expr)
	d, ok := s.chk.Denote(expr)
	if !ok {
		return fmt.Sprintf("%s: nothing the session knows the type of (an undefined name, or not an expression)", expr)
	}
	byName := func(p *types.Package) string { return p.Name() }
	var head string
	switch obj := d.Obj.(type) {
	case *types.PkgName:
		head = fmt.Sprintf("package %s (%q)", obj.Imported().Name(), obj.Imported().Path())
	case *types.Func, *types.TypeName:
		head = types.ObjectString(obj, byName)
	default: // a variable, constant or other expression
		head = fmt.Sprintf("%s: %s", expr, types.TypeString(d.Type, byName))
	}
	doc := s.docText(docKey(d))
	switch {
	case doc == "":
		return head
	case d.Obj != nil && !namesValue(d.Obj):
		return doc // it starts with the declaration, parameter names and all
	}
	return head + "\n\n" + doc
}

// namesValue reports whether obj is a variable or constant (whose
// documentation is its type's, after its own type line).
func namesValue(obj types.Object) bool {
	switch obj.(type) {
	case *types.Var, *types.Const:
		return true
	}
	return false
}

// docKey returns the package path and the Docs key ("pkg", "pkg.Name",
// "pkg.Type.Method") of what d names, or of its type's name.
func docKey(d check.Denoted) (path, key string) {
	switch obj := d.Obj.(type) {
	case *types.PkgName:
		return obj.Imported().Path(), obj.Imported().Name()
	case *types.Func:
		sig := obj.Type().(*types.Signature)
		if sig.Recv() == nil {
			return pkgKey(obj.Pkg(), obj.Name())
		}
		if n := namedOf(sig.Recv().Type()); n != nil {
			p, k := pkgKey(n.Obj().Pkg(), n.Obj().Name())
			return p, k + "." + obj.Name()
		}
		return "", ""
	case *types.TypeName, *types.Const:
		return pkgKey(obj.Pkg(), obj.Name())
	case *types.Var:
		if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
			return pkgKey(obj.Pkg(), obj.Name())
		}
	}
	if n := namedOf(d.Type); n != nil {
		return pkgKey(n.Obj().Pkg(), n.Obj().Name())
	}
	return "", ""
}

// pkgKey returns a package member's path and key.
func pkgKey(pkg *types.Package, name string) (string, string) {
	if pkg == nil || pkg.Path() == "main" {
		return "", ""
	}
	return pkg.Path(), pkg.Name() + "." + name
}

// namedOf returns the defined type of t or of what t points to.
func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := t.(*types.Named)
	return n
}

// docText returns the documentation of key in the package at path:
// jobframe's from the binary, the standard library's from the Go
// sources under GOROOT (read once per package), else "".
func (s *Session) docText(path, key string) string {
	if key == "" {
		return ""
	}
	if strings.HasPrefix(path, "github.com/jobframe/jobframe/") {
		return symbols.Docs[key]
	}
	if strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
		return "" // another module (gota): no sources at hand
	}
	entries, ok := s.stdDocs[path]
	if !ok {
		dir := filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(path))
		name := key[:strings.IndexByte(key+".", '.')]
		entries, _ = apidoc.Entries(apidoc.Package{Name: name, Dir: dir, Path: path})
		s.stdDocs[path] = entries // nil when the sources are not installed: not looked for again
	}
	return entries[key]
}
