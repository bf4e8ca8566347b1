package snapshot

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"slices"
	"unsafe"

	"github.com/zeebo/xxh3"
)

// magic opens every snapshot (its format's version).
const magic = "jfsnap2\n"

// Tags of a pointer, slice or map in a snapshot.
const (
	tagNil = iota // a nil one
	tagNew        // its first appearance: its contents follow
	tagRef        // one met before: its number follows
)

// Encode returns the state of the struct v points to: magic, the hash
// of its type, its fields, and the hash of all that. It fails on a
// pointer into a slice it also writes.
func (c *Codec) Encode(v any) ([]byte, error) {
	rv, err := c.value(v)
	if err != nil {
		return nil, err
	}
	e := &encoder{ids: map[identity]uint64{}, codec: c}
	e.buf = append(e.buf, magic...)
	e.buf = binary.LittleEndian.AppendUint64(e.buf, c.sig)
	e.value(rv)
	if err := e.shared(); err != nil {
		return nil, err
	}
	return binary.LittleEndian.AppendUint64(e.buf, xxh3.Hash(e.buf)), nil
}

// identity is a pointer, slice or map met by the encoder: its address,
// length (slices) and type.
type identity struct {
	addr uintptr
	n    int
	t    reflect.Type
}

// span is the memory of a value the snapshot holds: a pointer's target
// or a slice's elements.
type span struct{ lo, hi uintptr }

type encoder struct {
	buf   []byte
	ids   map[identity]uint64 // numbered in order of first appearance
	spans []span
	codec *Codec
}

// ref writes the tag of a pointer, slice or map and reports whether its
// contents are to follow (its first appearance).
func (e *encoder) ref(id identity, size uintptr) bool {
	if k, ok := e.ids[id]; ok {
		e.buf = binary.AppendUvarint(append(e.buf, tagRef), k)
		return false
	}
	e.ids[id] = uint64(len(e.ids))
	if size > 0 {
		e.spans = append(e.spans, span{id.addr, id.addr + size})
	}
	e.buf = append(e.buf, tagNew)
	return true
}

// value writes v (a kind signature accepted).
func (e *encoder) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		b := byte(0)
		if v.Bool() {
			b = 1
		}
		e.buf = append(e.buf, b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.buf = binary.AppendVarint(e.buf, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.buf = binary.AppendUvarint(e.buf, v.Uint())
	case reflect.Float32:
		e.buf = binary.LittleEndian.AppendUint32(e.buf, math.Float32bits(float32(v.Float())))
	case reflect.Float64:
		e.buf = binary.LittleEndian.AppendUint64(e.buf, math.Float64bits(v.Float()))
	case reflect.String:
		e.buf = binary.AppendUvarint(e.buf, uint64(v.Len()))
		e.buf = append(e.buf, v.String()...)
	case reflect.Array:
		for i := range v.Len() {
			e.value(v.Index(i))
		}
	case reflect.Slice:
		e.slice(v)
	case reflect.Map:
		if v.IsNil() {
			e.buf = append(e.buf, tagNil)
			return
		}
		if !e.ref(identity{addr: v.Pointer(), t: v.Type()}, 0) {
			return
		}
		e.buf = binary.AppendUvarint(e.buf, uint64(v.Len()))
		for it := v.MapRange(); it.Next(); {
			e.value(it.Key())
			e.value(it.Value())
		}
	case reflect.Pointer:
		if v.IsNil() {
			e.buf = append(e.buf, tagNil)
			return
		}
		if e.ref(identity{addr: v.Pointer(), t: v.Type()}, v.Type().Elem().Size()) {
			e.value(v.Elem())
		}
	case reflect.Struct:
		for _, i := range e.codec.written(v.Type()) {
			e.value(v.Field(i))
		}
	}
}

// slice writes a slice: nil, a reference to one of the same backing
// array and length met before, or its length and elements.
func (e *encoder) slice(v reflect.Value) {
	if v.IsNil() {
		e.buf = append(e.buf, tagNil)
		return
	}
	n := v.Len()
	if n == 0 { // not worth sharing, and its address may be any empty slice's
		e.buf = append(e.buf, tagNew, 0)
		return
	}
	if !e.ref(identity{addr: v.Pointer(), n: n, t: v.Type()}, uintptr(n)*v.Type().Elem().Size()) {
		return
	}
	e.buf = binary.AppendUvarint(e.buf, uint64(n))
	elem := v.Type().Elem()
	switch {
	case e.codec.flat.of(elem).ok:
		e.flatElems(unsafe.Slice((*byte)(v.UnsafePointer()), uintptr(n)*elem.Size()), int(elem.Size()))
	case elem.Kind() == reflect.Pointer:
		// runs of nil as their length: an index by id keeps many
		ptrs := unsafe.Slice((*unsafe.Pointer)(v.UnsafePointer()), n)
		for i := 0; i < n; {
			k := i
			for k < n && ptrs[k] == nil {
				k++
			}
			e.buf = binary.AppendUvarint(e.buf, uint64(k-i))
			if k < n {
				e.value(v.Index(k))
			}
			i = k + 1
		}
	default:
		for i := range n {
			e.value(v.Index(i))
		}
	}
}

// flatElems writes the memory of a slice of flat elements of size bytes
// each (flat.go) as runs: the number of elements all zero, the number
// not, and the latter's bytes, until the slice's end. A slab's free
// slots and the ids not yet seen of an id table are zero.
func (e *encoder) flatElems(mem []byte, size int) {
	if size == 0 {
		return // nothing to write: the length said it all
	}
	n := len(mem) / size
	zeros := make([]byte, min(len(mem), zeroChunk*size))
	zero := func(a, b int) bool { return bytes.Equal(mem[a*size:b*size], zeros[:(b-a)*size]) }
	for i := 0; i < n; {
		k := i
		for k < n {
			if c := min(n, k+zeroChunk); zero(k, c) {
				k = c
			} else if zero(k, k+1) {
				k++
			} else {
				break
			}
		}
		j := k
		for j < n && !zero(j, j+1) {
			j++
		}
		e.buf = binary.AppendUvarint(e.buf, uint64(k-i))
		e.buf = binary.AppendUvarint(e.buf, uint64(j-k))
		e.buf = append(e.buf, mem[k*size:j*size]...)
		i = j
	}
}

// zeroChunk is the elements flatElems tests at once in a run of zeros.
const zeroChunk = 256

// shared fails when two values the snapshot holds overlap in memory (a
// pointer into a slice's elements, a slice of part of another, a pointer
// to a field of a struct also pointed to): decoded, they would be
// copies apart.
func (e *encoder) shared() error {
	slices.SortFunc(e.spans, func(a, b span) int {
		switch {
		case a.lo < b.lo:
			return -1
		case a.lo > b.lo:
			return 1
		}
		return 0
	})
	var hi uintptr
	for i, s := range e.spans {
		if i > 0 && s.lo < hi {
			return fmt.Errorf("snapshot: two values of the state share memory at %#x; decoded they would not", s.lo)
		}
		hi = max(hi, s.hi)
	}
	return nil
}

// skipped reports whether a field is tagged `snap:"-"`.
func skipped(f reflect.StructField) bool { return f.Tag.Get("snap") == "-" }
