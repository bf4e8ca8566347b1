package check

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"reflect"
	"regexp"
	"strings"

	"github.com/traefik/yaegi/stdlib/generic"
)

// universe builds go/types packages from the interpreter's symbol maps
// (yaegi's Exports: "path/name" → member → reflect.Value), so that the
// type checker sees exactly the compiled packages the interpreter has.
// Types are converted from reflect once each and shared, so that a type
// reached through two packages is one types.Type.
type universe struct {
	exports map[string]map[string]reflect.Value // by import path
	names   map[string]string                   // import path → package name
	pkgs    map[string]*types.Package           // made so far, by path
	filled  map[string]bool                     // packages whose members are in their scope
	named   map[reflect.Type]*types.Named
	generic map[string]string // import path → Go source of the generic packages yaegi compiles (slices, maps, cmp)
}

func newUniverse(exports ...map[string]map[string]reflect.Value) *universe {
	u := &universe{
		exports: map[string]map[string]reflect.Value{},
		names:   map[string]string{},
		pkgs:    map[string]*types.Package{},
		filled:  map[string]bool{},
		named:   map[reflect.Type]*types.Named{},
		generic: map[string]string{},
	}
	for _, src := range generic.Sources {
		if f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly); err == nil {
			u.generic[f.Name.Name] = src // cmp, maps, slices: the path is the name
			u.names[f.Name.Name] = f.Name.Name
		}
	}
	for _, ex := range exports {
		for key, members := range ex {
			p, name := path.Dir(key), path.Base(key)
			if p == "." || strings.HasPrefix(key, "github.com/traefik/yaegi") {
				continue
			}
			if u.exports[p] == nil {
				u.exports[p] = map[string]reflect.Value{}
			}
			for n, v := range members {
				u.exports[p][n] = v
			}
			u.names[p] = name
		}
	}
	return u
}

// Import returns the package of path with every member the interpreter
// has, as a types.Importer does.
func (u *universe) Import(p string) (*types.Package, error) {
	if src, ok := u.generic[p]; ok {
		return u.fromSource(p, src)
	}
	if _, ok := u.exports[p]; !ok {
		return nil, &importError{p}
	}
	pkg := u.pkg(p)
	if !u.filled[p] {
		u.filled[p] = true
		for name, v := range u.exports[p] {
			u.declare(pkg, name, v)
		}
		pkg.MarkComplete()
	}
	return pkg, nil
}

// fromSource type-checks the source of a generic package (yaegi has no
// compiled form of generic functions; it interprets their source).
func (u *universe) fromSource(p, src string) (*types.Package, error) {
	if pkg, ok := u.pkgs[p]; ok {
		return pkg, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, p+".go", src, 0)
	if err != nil {
		return nil, err
	}
	conf := types.Config{Importer: u, Error: func(error) {}}
	pkg, _ := conf.Check(p, fset, []*ast.File{f}, nil)
	u.pkgs[p] = pkg
	return pkg, nil
}

// importError says that the interpreter has no package of that path.
type importError struct{ path string }

func (e *importError) Error() string {
	return "could not import " + e.path + " (not in the interpreter)"
}

// pkg returns the package object of path, made empty the first time.
func (u *universe) pkg(p string) *types.Package {
	if pkg, ok := u.pkgs[p]; ok {
		return pkg
	}
	name, ok := u.names[p]
	if !ok {
		name = guessName(p)
	}
	pkg := types.NewPackage(p, name)
	u.pkgs[p] = pkg
	return pkg
}

// majorVersion matches a module path's version element ("v17").
var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

// guessName returns the usual name of the package at path p: its last
// element, or the one before a major version.
func guessName(p string) string {
	elems := strings.Split(p, "/")
	name := elems[len(elems)-1]
	if majorVersion.MatchString(name) && len(elems) > 1 {
		name = elems[len(elems)-2]
	}
	return strings.ReplaceAll(name, "-", "_")
}

// declare adds member name with value v (yaegi's encoding: a nil
// pointer to T for a type, constant.Value for an untyped constant, an
// addressable value for a variable, else a function or typed constant)
// to pkg's scope.
func (u *universe) declare(pkg *types.Package, name string, v reflect.Value) {
	if strings.HasPrefix(name, "_") || !v.IsValid() {
		return // yaegi's interface wrappers
	}
	var obj types.Object
	switch {
	case v.Kind() == reflect.Pointer && v.IsNil():
		t := u.typ(v.Type().Elem())
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() == pkg && n.Obj().Name() == name {
			obj = n.Obj()
		} else {
			obj = types.NewTypeName(token.NoPos, pkg, name, t) // an alias
		}
	case v.Type().Implements(constantValue):
		c := v.Interface().(constant.Value)
		obj = types.NewConst(token.NoPos, pkg, name, types.Typ[untypedKind(c)], c)
	case v.CanAddr():
		obj = types.NewVar(token.NoPos, pkg, name, u.typ(v.Type()))
	case v.Kind() == reflect.Func:
		obj = types.NewFunc(token.NoPos, pkg, name, u.typ(v.Type()).(*types.Signature))
	default:
		if c, ok := constantOf(v); ok {
			obj = types.NewConst(token.NoPos, pkg, name, u.typ(v.Type()), c)
		} else {
			obj = types.NewVar(token.NoPos, pkg, name, u.typ(v.Type()))
		}
	}
	pkg.Scope().Insert(obj)
}

var constantValue = reflect.TypeOf((*constant.Value)(nil)).Elem()

// untypedKind is the untyped basic kind of constant c.
func untypedKind(c constant.Value) types.BasicKind {
	switch c.Kind() {
	case constant.Bool:
		return types.UntypedBool
	case constant.String:
		return types.UntypedString
	case constant.Float:
		return types.UntypedFloat
	case constant.Complex:
		return types.UntypedComplex
	}
	return types.UntypedInt
}

// constantOf returns v as a constant when its kind can be one.
func constantOf(v reflect.Value) (constant.Value, bool) {
	switch v.Kind() {
	case reflect.Bool:
		return constant.MakeBool(v.Bool()), true
	case reflect.String:
		return constant.MakeString(v.String()), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return constant.MakeInt64(v.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return constant.MakeUint64(v.Uint()), true
	case reflect.Float32, reflect.Float64:
		return constant.MakeFloat64(v.Float()), true
	}
	return nil, false
}
