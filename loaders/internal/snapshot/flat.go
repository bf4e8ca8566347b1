package snapshot

import (
	"reflect"
)

// A flat type holds no pointer, slice, map or string and no field
// tagged `snap:"-"`: booleans, numbers, and arrays and structs of them.
// A slice of flat elements is written as its memory, in one copy: the
// task slabs and id tables of a loader hold millions of them, and one
// reflect call per field made a checkpoint of a Work Queue log's state
// take longer than reading the log. The memory's layout is the
// machine's, which the signature holds (byte order, sizes, offsets), so
// a snapshot is read only where it can be.

// flatness says whether a type is flat and, if so, the offsets of its
// booleans: the decoder checks each is 0 or 1, as the bytes of a
// damaged snapshot may be anything.
type flatness struct {
	ok    bool
	bools []uintptr
}

// flatTypes caches flatness by type for one Encode or Decode.
type flatTypes map[reflect.Type]flatness

// of returns the flatness of t.
func (m flatTypes) of(t reflect.Type) flatness {
	if f, ok := m[t]; ok {
		return f
	}
	var f flatness
	switch t.Kind() {
	case reflect.Bool:
		f = flatness{ok: true, bools: []uintptr{0}}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		f = flatness{ok: true}
	case reflect.Array:
		e := m.of(t.Elem())
		f.ok = e.ok
		for i := 0; f.ok && i < t.Len() && len(e.bools) > 0; i++ {
			for _, o := range e.bools {
				f.bools = append(f.bools, uintptr(i)*t.Elem().Size()+o)
			}
		}
	case reflect.Struct:
		f.ok = true
		for i := 0; f.ok && i < t.NumField(); i++ {
			sf := t.Field(i)
			e := m.of(sf.Type)
			if f.ok = e.ok && !skipped(sf); f.ok {
				for _, o := range e.bools {
					f.bools = append(f.bools, sf.Offset+o)
				}
			}
		}
	}
	if !f.ok {
		f.bools = nil
	}
	m[t] = f
	return f
}
