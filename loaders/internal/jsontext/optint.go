package jsontext

import "errors"

// OptInt is a JSON integer that may be absent; decoding it allocates
// nothing.
type OptInt struct {
	V  int64
	OK bool
}

// UnmarshalJSON decodes a JSON integer, or null, into o: any number whose
// value is an integer (Integral).
func (o *OptInt) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*o = OptInt{}
		return nil
	}
	v, err := Integral(b) // plain integers take its Atoi fast path
	if errors.Is(err, ErrNotNumber) {
		return &NotNumberError{Text: string(b)} // which value, so that the field can be named
	}
	if err != nil {
		return err
	}
	*o = OptInt{v, true}
	return nil
}
