package snapshot

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"unsafe"

	"github.com/zeebo/xxh3"
)

// ErrLayout is a snapshot of a state of another type: of another
// loader, or of an older jobframe whose loader kept other fields.
var ErrLayout = errors.New("snapshot: of a state laid out otherwise")

// ErrDamaged is a snapshot whose bytes are not those Encode wrote.
var ErrDamaged = errors.New("snapshot: damaged")

// Decode sets the fields of the struct v points to, but those tagged
// `snap:"-"`, from snapshot b, which Encode made of a value of the same
// type. It fails with ErrLayout or ErrDamaged, leaving *v in an
// undefined state, when b is not such a snapshot.
func (c *Codec) Decode(b []byte, v any) (err error) {
	rv, err := c.value(v)
	if err != nil {
		return err
	}
	if len(b) < len(magic)+16 || string(b[:len(magic)]) != magic {
		return ErrDamaged
	}
	body, sum := b[:len(b)-8], binary.LittleEndian.Uint64(b[len(b)-8:])
	if xxh3.Hash(body) != sum {
		return ErrDamaged
	}
	if binary.LittleEndian.Uint64(body[len(magic):]) != c.sig {
		return ErrLayout
	}
	d := &decoder{buf: body[len(magic)+8:], codec: c, room: flatRoom + 64*uint64(len(body))}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(damaged); !ok {
				panic(r)
			}
			err = fmt.Errorf("%w: %s", ErrDamaged, r.(damaged))
		}
	}()
	d.value(rv)
	if len(d.buf) != 0 {
		return fmt.Errorf("%w: %d bytes after the state", ErrDamaged, len(d.buf))
	}
	return nil
}

// damaged is the decoder's panic on bytes that cannot be what Encode
// wrote; Decode turns it into ErrDamaged.
type damaged string

type decoder struct {
	buf   []byte
	seen  []reflect.Value // pointers, slices and maps, numbered as met
	depth int             // pointers being decoded, one inside the other
	codec *Codec
	room  uint64 // the bytes flat slices may still decode to (flatSlice)
}

// flatRoom, and 64 times the snapshot's size, is the memory its flat
// slices may decode to. A loader's free slab slots and unseen ids are
// runs of zeros that take a few bytes: a Work Queue log that queues
// 10,000,000 tasks before the first runs leaves 160 MB of free queued
// slots once they have all run, in a snapshot of a few kilobytes. So a
// damaged snapshot can make Decode allocate at most this much more than
// 64 times its size (the fuzz target's cases stay far below).
const flatRoom = 1 << 30

// maxDepth bounds the pointers decoded one inside the other (a chain
// of them recurses): a loader's state nests a few.
const maxDepth = 1000

func (d *decoder) fail(format string, args ...any) { panic(damaged(fmt.Sprintf(format, args...))) }

func (d *decoder) byte() byte {
	if len(d.buf) == 0 {
		d.fail("cut short")
	}
	c := d.buf[0]
	d.buf = d.buf[1:]
	return c
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.buf)
	if n <= 0 {
		d.fail("bad number")
	}
	d.buf = d.buf[n:]
	return v
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.buf)
	if n <= 0 {
		d.fail("bad number")
	}
	d.buf = d.buf[n:]
	return v
}

func (d *decoder) bytes(n uint64) []byte {
	if n > uint64(len(d.buf)) {
		d.fail("cut short")
	}
	b := d.buf[:n]
	d.buf = d.buf[n:]
	return b
}

// count reads the length of a slice or map whose elements take at
// least one byte each (so a damaged length cannot allocate more than
// the snapshot's size).
func (d *decoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.buf)) {
		d.fail("a length of %d with %d bytes left", n, len(d.buf))
	}
	return int(n)
}

// ref reads the tag of a pointer, slice or map of type t: for one met
// before it sets v to it and returns false.
func (d *decoder) ref(v reflect.Value) (isNew bool) {
	switch d.byte() {
	case tagNil:
		v.SetZero()
		return false
	case tagNew:
		return true
	case tagRef:
		k := d.uvarint()
		if k >= uint64(len(d.seen)) || d.seen[k].Type() != v.Type() {
			d.fail("a reference to value %d of %d", k, len(d.seen))
		}
		v.Set(d.seen[k])
		return false
	}
	d.fail("a bad tag")
	return false
}

// value sets v, which is settable, from the snapshot.
func (d *decoder) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		switch d.byte() {
		case 0:
			v.SetBool(false)
		case 1:
			v.SetBool(true)
		default:
			d.fail("a bad bool")
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x := d.varint()
		if v.OverflowInt(x) {
			d.fail("%d overflows %s", x, v.Type())
		}
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		x := d.uvarint()
		if v.OverflowUint(x) {
			d.fail("%d overflows %s", x, v.Type())
		}
		v.SetUint(x)
	case reflect.Float32:
		v.SetFloat(float64(math.Float32frombits(binary.LittleEndian.Uint32(d.bytes(4)))))
	case reflect.Float64:
		v.SetFloat(math.Float64frombits(binary.LittleEndian.Uint64(d.bytes(8))))
	case reflect.String:
		v.SetString(string(d.bytes(d.uvarint())))
	case reflect.Array:
		for i := range v.Len() {
			d.value(v.Index(i))
		}
	case reflect.Slice:
		d.slice(v)
	case reflect.Map:
		if !d.ref(v) {
			return
		}
		m := reflect.MakeMap(v.Type())
		d.seen = append(d.seen, m)
		t := v.Type()
		for range d.count() {
			k, e := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
			d.value(k)
			d.value(e)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Pointer:
		if !d.ref(v) {
			return
		}
		if d.depth++; d.depth > maxDepth {
			d.fail("pointers nested more than %d deep", maxDepth)
		}
		p := reflect.New(v.Type().Elem())
		d.seen = append(d.seen, p)
		d.value(p.Elem())
		v.Set(p)
		d.depth--
	case reflect.Struct:
		for _, i := range d.codec.written(v.Type()) {
			f := v.Field(i)
			if !f.CanSet() { // unexported
				f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
			}
			d.value(f)
		}
	}
}

// slice sets v, a slice, from the snapshot (encoder.slice).
func (d *decoder) slice(v reflect.Value) {
	if !d.ref(v) {
		return
	}
	var n int
	if elem := v.Type().Elem(); d.codec.flat.of(elem).ok {
		d.flatSlice(v, elem)
		return
	}
	ptrs := v.Type().Elem().Kind() == reflect.Pointer
	if ptrs {
		if n = int(min(d.uvarint(), maxPointers+1)); n > maxPointers {
			d.fail("a slice of more than %d pointers", maxPointers)
		}
	} else {
		n = d.count()
	}
	s := reflect.MakeSlice(v.Type(), n, n)
	if n > 0 { // the encoder numbers only those with elements
		d.seen = append(d.seen, s)
	}
	for i := 0; i < n; i++ {
		if ptrs { // a run of nil, then one pointer (encoder.slice)
			if i += int(min(d.uvarint(), uint64(n-i))); i == n {
				break
			}
		}
		d.value(s.Index(i))
	}
	v.Set(s)
}

// flatSlice sets v, a slice of flat elements of type elem, from the
// runs encoder.flatElems wrote, checking that every boolean is 0 or 1.
// Runs of zeros take a few bytes, so the memory a snapshot's flat
// slices decode to is bounded by d.room instead of by its size.
func (d *decoder) flatSlice(v reflect.Value, elem reflect.Type) {
	n64 := d.uvarint()
	size := uint64(elem.Size())
	if n64 > uint64(math.MaxInt32) || n64*size > d.room {
		d.fail("%d elements of %d bytes, more than a snapshot of this size holds", n64, size)
	}
	d.room -= n64 * size
	n := int(n64)
	s := reflect.MakeSlice(v.Type(), n, n)
	mem := unsafe.Slice((*byte)(s.UnsafePointer()), n*int(size))
	bools := d.codec.flat.of(elem).bools
	for i := 0; i < n && size > 0; {
		zeros := d.uvarint()
		if zeros > uint64(n-i) {
			d.fail("a run of %d zero elements with %d left", zeros, n-i)
		}
		i += int(zeros)
		k := d.uvarint()
		if k > uint64(n-i) {
			d.fail("a run of %d elements with %d left", k, n-i)
		}
		run := d.bytes(k * size)
		for j := range int(k) {
			for _, o := range bools {
				if run[uintptr(j)*uintptr(size)+o] > 1 {
					d.fail("a bad bool")
				}
			}
		}
		copy(mem[i*int(size):], run)
		i += int(k)
	}
	if n > 0 { // the encoder numbers only those with elements
		d.seen = append(d.seen, s)
	}
	v.Set(s)
}

// maxPointers bounds a slice of pointers, whose runs of nil take a few
// bytes (a loader's index by id up to 2^24 ids).
const maxPointers = 1 << 25
