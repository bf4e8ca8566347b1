package bytesconv

import "unsafe"

// String views b as a string without copying; the string must not outlive
// b's contents.
func String(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// Atoi parses a decimal integer of at most 18 digits with an optional
// '-' (every value fits in an int64); other text is left to strconv
// (ok false), which also gives the error.
func Atoi(s string) (int64, bool) {
	d := s
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 18 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(d); i++ {
		c := d[i] - '0'
		if c > 9 {
			return 0, false
		}
		v = v*10 + int64(c)
	}
	if len(d) < len(s) {
		v = -v
	}
	return v, true
}

// Span is s[from:to] of a text known from the context.
type Span struct{ From, To int32 }

// Of returns the span of s.
func (t Span) Of(s string) string { return s[t.From:t.To] }
