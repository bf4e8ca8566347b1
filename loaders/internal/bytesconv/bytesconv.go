package bytesconv

import "unsafe"

// String views b as a string without copying; the string must not outlive
// b's contents.
func String(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// IsASCII reports whether b holds only ASCII bytes: a JSON member name
// that does, matched without case, can only fold to ASCII names (one
// that does not may: "ſ" folds to "s" for encoding/json).
func IsASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

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

// pow10 holds the powers of ten a float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
	1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// ParseDecimal parses [-]digits[.digits], the form of nearly every
// resource value, without strconv when its digits make an integer of at
// most 2^53 and it has at most 22 decimals: the integer and the power of
// ten are then exact float64s, so one division gives the correctly
// rounded value, the same as strconv.ParseFloat (Clinger's fast path;
// %.16g output such as 38.00125026702881 qualifies). Other text reports
// false.
func ParseDecimal(s string) (float64, bool) {
	i, neg := 0, len(s) > 0 && s[0] == '-'
	if neg {
		i = 1
	}
	// the digits before the point, then those after it, in one integer
	var m uint64
	start := i
	for ; i < len(s); i++ {
		d := s[i] - '0' // wraps past 9 for a byte below '0'
		if d > 9 {
			break
		}
		m = m*10 + uint64(d)
	}
	digits, frac := i-start, 0
	if i < len(s) {
		if s[i] != '.' || digits == 0 {
			return 0, false
		}
		i++
		start = i
		for ; i < len(s); i++ {
			d := s[i] - '0'
			if d > 9 {
				return 0, false
			}
			m = m*10 + uint64(d)
		}
		if frac = i - start; frac == 0 {
			return 0, false
		}
		digits += frac
	}
	if digits == 0 || digits > 19 || m > 1<<53 || frac >= len(pow10) {
		return 0, false
	}
	v := float64(m)
	if frac > 0 {
		v /= pow10[frac]
	}
	if neg {
		v = -v
	}
	return v, true
}
