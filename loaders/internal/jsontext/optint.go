package jsontext

import "fmt"

// optInt is a JSON integer that may be absent; decoding it allocates
// nothing.
type OptInt struct {
	V  int64
	OK bool
}

func (o *OptInt) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*o = OptInt{}
		return nil
	}
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 18 {
		return fmt.Errorf("integer %q out of range", b)
	}
	var v int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return fmt.Errorf("not an integer: %q", b)
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	*o = OptInt{v, true}
	return nil
}
