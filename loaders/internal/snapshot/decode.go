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
func Decode(b []byte, v any) (err error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("snapshot: %T is not a pointer to a struct", v)
	}
	if len(b) < len(magic)+16 || string(b[:len(magic)]) != magic {
		return ErrDamaged
	}
	body, sum := b[:len(b)-8], binary.LittleEndian.Uint64(b[len(b)-8:])
	if xxh3.Hash(body) != sum {
		return ErrDamaged
	}
	sig, err := signature(rv.Type().Elem())
	if err != nil {
		return err
	}
	if binary.LittleEndian.Uint64(body[len(magic):]) != sig {
		return ErrLayout
	}
	d := &decoder{buf: body[len(magic)+8:]}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(damaged); !ok {
				panic(r)
			}
			err = fmt.Errorf("%w: %s", ErrDamaged, r.(damaged))
		}
	}()
	d.value(rv.Elem())
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
}

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
		t := v.Type()
		for i := range t.NumField() {
			if skipped(t.Field(i)) {
				continue
			}
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
	if v.Type().Elem().Kind() == reflect.Uint8 {
		n = int(d.uvarint())
		b := d.bytes(uint64(n))
		s := reflect.MakeSlice(v.Type(), n, n)
		reflect.Copy(s, reflect.ValueOf(b))
		if n > 0 {
			d.seen = append(d.seen, s)
		}
		v.Set(s)
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

// maxPointers bounds a slice of pointers, whose runs of nil take a few
// bytes (a loader's index by id up to 2^24 ids).
const maxPointers = 1 << 25
