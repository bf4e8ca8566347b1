package snapshot

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"strings"

	"github.com/zeebo/xxh3"
)

// signature hashes the description of type t: every field's name and
// type down to the basic kinds, skipped fields by name, and the memory
// layout that flat slices are written in (the byte order, each type's
// size and each field's offset). A snapshot holds it, so that one of an
// older layout of the state, or of another kind of machine, is refused
// rather than misread. It fails on a kind Encode cannot write.
func signature(t reflect.Type) (uint64, error) {
	var b strings.Builder
	if binary.NativeEndian.Uint16([]byte{1, 0}) == 1 {
		b.WriteString("little-endian ")
	} else {
		b.WriteString("big-endian ")
	}
	if err := describe(&b, t, map[reflect.Type]bool{}, t.String()); err != nil {
		return 0, err
	}
	return xxh3.HashString(b.String()), nil
}

// describe writes t's description to b; open holds the named types being
// described (a type that contains itself refers to itself by name) and
// path names where t is, for the error.
func describe(b *strings.Builder, t reflect.Type, open map[reflect.Type]bool, path string) error {
	if t.Name() != "" {
		if open[t] {
			fmt.Fprintf(b, "@%s.%s", t.PkgPath(), t.Name())
			return nil
		}
		open[t] = true
		defer delete(open, t)
		fmt.Fprintf(b, "%s.%s=", t.PkgPath(), t.Name())
	}
	fmt.Fprintf(b, "(%d)", t.Size())
	switch k := t.Kind(); k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		b.WriteString(k.String())
	case reflect.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		return describe(b, t.Elem(), open, path+"[]")
	case reflect.Slice:
		b.WriteString("[]")
		return describe(b, t.Elem(), open, path+"[]")
	case reflect.Pointer:
		b.WriteString("*")
		return describe(b, t.Elem(), open, path)
	case reflect.Map:
		b.WriteString("map[")
		if err := describe(b, t.Key(), open, path+" key"); err != nil {
			return err
		}
		b.WriteString("]")
		return describe(b, t.Elem(), open, path+" value")
	case reflect.Struct:
		b.WriteString("struct{")
		for i := range t.NumField() {
			f := t.Field(i)
			fmt.Fprintf(b, "%s@%d", f.Name, f.Offset)
			if skipped(f) {
				b.WriteString(" -;")
				continue
			}
			b.WriteString(" ")
			if err := describe(b, f.Type, open, path+"."+f.Name); err != nil {
				return err
			}
			b.WriteString(";")
		}
		b.WriteString("}")
	default:
		return fmt.Errorf("snapshot: %s is a %s, which a snapshot cannot hold; tag the field `snap:\"-\"` and set it after Decode", path, k)
	}
	return nil
}
