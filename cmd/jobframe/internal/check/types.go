package check

import (
	"go/token"
	"go/types"
	"reflect"
)

// basics maps the kinds of reflect's predeclared types to go/types'.
var basics = map[reflect.Kind]types.BasicKind{
	reflect.Bool: types.Bool, reflect.Int: types.Int, reflect.Int8: types.Int8,
	reflect.Int16: types.Int16, reflect.Int32: types.Int32, reflect.Int64: types.Int64,
	reflect.Uint: types.Uint, reflect.Uint8: types.Uint8, reflect.Uint16: types.Uint16,
	reflect.Uint32: types.Uint32, reflect.Uint64: types.Uint64, reflect.Uintptr: types.Uintptr,
	reflect.Float32: types.Float32, reflect.Float64: types.Float64,
	reflect.Complex64: types.Complex64, reflect.Complex128: types.Complex128,
	reflect.String: types.String, reflect.UnsafePointer: types.UnsafePointer,
}

// typ converts a compiled type to go/types: a defined type of a package
// becomes a types.Named of that package with its methods, made once.
func (u *universe) typ(t reflect.Type) types.Type {
	if t.Name() == "" {
		return u.structure(t, nil)
	}
	if t.PkgPath() == "" { // predeclared: int, string, error, ...
		if k, ok := basics[t.Kind()]; ok && t.Name() == types.Typ[k].Name() {
			return types.Typ[k]
		}
		if t.Name() == "error" {
			return types.Universe.Lookup("error").Type()
		}
		if obj := types.Universe.Lookup(t.Name()); obj != nil {
			return obj.Type() // byte, rune, any
		}
	}
	if t.Kind() == reflect.UnsafePointer {
		return types.Typ[types.UnsafePointer]
	}
	if n, ok := u.named[t]; ok {
		return n
	}
	pkg := u.pkg(t.PkgPath())
	obj := types.NewTypeName(token.NoPos, pkg, t.Name(), nil)
	n := types.NewNamed(obj, nil, nil)
	u.named[t] = n
	n.SetUnderlying(u.structure(t, pkg))
	u.methods(n, t, pkg)
	if obj.Exported() && pkg.Scope().Lookup(obj.Name()) == nil && !u.filled[pkg.Path()] {
		pkg.Scope().Insert(obj)
	}
	return n
}

// methods adds the exported methods of t and *t to n (an interface's are
// in its underlying type).
func (u *universe) methods(n *types.Named, t reflect.Type, pkg *types.Package) {
	if t.Kind() == reflect.Interface {
		return
	}
	value := map[string]bool{}
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		value[m.Name] = true
		n.AddMethod(u.method(m, types.NewVar(token.NoPos, pkg, "", n), pkg))
	}
	pt := reflect.PointerTo(t)
	for i := 0; i < pt.NumMethod(); i++ {
		if m := pt.Method(i); !value[m.Name] {
			n.AddMethod(u.method(m, types.NewVar(token.NoPos, pkg, "", types.NewPointer(n)), pkg))
		}
	}
}

// method converts a method of a concrete type (its reflect type has the
// receiver first).
func (u *universe) method(m reflect.Method, recv *types.Var, pkg *types.Package) *types.Func {
	sig := u.signature(m.Type, 1, recv)
	return types.NewFunc(token.NoPos, pkg, m.Name, sig)
}

// signature converts function type t, skipping its first skip
// parameters (a method's receiver).
func (u *universe) signature(t reflect.Type, skip int, recv *types.Var) *types.Signature {
	var params, results []*types.Var
	for i := skip; i < t.NumIn(); i++ {
		params = append(params, types.NewParam(token.NoPos, nil, "", u.typ(t.In(i))))
	}
	for i := 0; i < t.NumOut(); i++ {
		results = append(results, types.NewParam(token.NoPos, nil, "", u.typ(t.Out(i))))
	}
	return types.NewSignatureType(recv, nil, nil, types.NewTuple(params...), types.NewTuple(results...), t.IsVariadic())
}

// structure converts the type literal under t; pkg is the package of
// the defined type t, if it is one.
func (u *universe) structure(t reflect.Type, pkg *types.Package) types.Type {
	if k, ok := basics[t.Kind()]; ok {
		return types.Typ[k]
	}
	switch t.Kind() {
	case reflect.Array:
		return types.NewArray(u.typ(t.Elem()), int64(t.Len()))
	case reflect.Slice:
		return types.NewSlice(u.typ(t.Elem()))
	case reflect.Pointer:
		return types.NewPointer(u.typ(t.Elem()))
	case reflect.Map:
		return types.NewMap(u.typ(t.Key()), u.typ(t.Elem()))
	case reflect.Chan:
		dir := types.SendRecv
		switch t.ChanDir() {
		case reflect.SendDir:
			dir = types.SendOnly
		case reflect.RecvDir:
			dir = types.RecvOnly
		}
		return types.NewChan(dir, u.typ(t.Elem()))
	case reflect.Func:
		return u.signature(t, 0, nil)
	case reflect.Struct:
		return u.structType(t, pkg)
	case reflect.Interface:
		return u.interfaceType(t)
	}
	return types.Typ[types.Invalid]
}

// structType converts a struct type, unexported fields included (they
// decide comparability and conversions).
func (u *universe) structType(t reflect.Type, pkg *types.Package) *types.Struct {
	fields := make([]*types.Var, t.NumField())
	tags := make([]string, t.NumField())
	for i := range fields {
		f := t.Field(i)
		fp := pkg
		if f.PkgPath != "" {
			fp = u.pkg(f.PkgPath)
		}
		fields[i] = types.NewField(token.NoPos, fp, f.Name, u.typ(f.Type), f.Anonymous)
		tags[i] = string(f.Tag)
	}
	return types.NewStruct(fields, tags)
}

// interfaceType converts an interface type with its whole method set
// (reflect lists embedded interfaces' methods, unexported ones too).
func (u *universe) interfaceType(t reflect.Type) *types.Interface {
	methods := make([]*types.Func, t.NumMethod())
	for i := range methods {
		m := t.Method(i)
		mp := (*types.Package)(nil)
		if m.PkgPath != "" {
			mp = u.pkg(m.PkgPath)
		}
		methods[i] = types.NewFunc(token.NoPos, mp, m.Name, u.signature(m.Type, 0, nil))
	}
	return types.NewInterfaceType(methods, nil).Complete()
}
