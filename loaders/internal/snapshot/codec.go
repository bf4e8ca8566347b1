package snapshot

import (
	"fmt"
	"reflect"
)

// Codec encodes and decodes the states of one struct type, with what
// each call would otherwise work out again kept from call to call: the
// type's signature, which types are flat, which fields a struct writes.
// A loader that checkpoints at every batch keeps one. A Codec is not
// safe for concurrent use.
type Codec struct {
	t      reflect.Type // the struct
	sig    uint64
	flat   flatTypes
	fields map[reflect.Type][]int // by struct type, its fields not tagged `snap:"-"`
}

// NewCodec returns the Codec of the struct type v points to. It fails on
// a field of a kind a snapshot cannot hold (a function, channel or
// interface not tagged `snap:"-"`).
func NewCodec(v any) (*Codec, error) {
	t := reflect.TypeOf(v)
	if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("snapshot: %T is not a pointer to a struct", v)
	}
	sig, err := signature(t.Elem())
	if err != nil {
		return nil, err
	}
	return &Codec{t: t.Elem(), sig: sig, flat: flatTypes{}, fields: map[reflect.Type][]int{}}, nil
}

// value returns the struct v points to, when v is a non-nil pointer to
// the Codec's type.
func (c *Codec) value(v any) (reflect.Value, error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Type().Elem() != c.t {
		return reflect.Value{}, fmt.Errorf("snapshot: %T is not a non-nil *%s", v, c.t)
	}
	return rv.Elem(), nil
}

// written returns the indices of the fields of struct type t that a
// snapshot holds: those not tagged `snap:"-"`.
func (c *Codec) written(t reflect.Type) []int {
	if f, ok := c.fields[t]; ok {
		return f
	}
	f := []int{}
	for i := range t.NumField() {
		if !skipped(t.Field(i)) {
			f = append(f, i)
		}
	}
	c.fields[t] = f
	return f
}

// Encode is NewCodec(v) then its Encode.
func Encode(v any) ([]byte, error) {
	c, err := NewCodec(v)
	if err != nil {
		return nil, err
	}
	return c.Encode(v)
}

// Decode is NewCodec(v) then its Decode.
func Decode(b []byte, v any) error {
	c, err := NewCodec(v)
	if err != nil {
		return err
	}
	return c.Decode(b, v)
}
