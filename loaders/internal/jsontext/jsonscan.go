package jsontext

// A small validating JSON scanner for flat records (RFC 8259). Loaders
// that read millions of small objects of a known shape (Balsam events and
// jobs) walk each object's members in place with eachMember and convert
// the few values they keep, instead of building maps or reflecting into
// structs: no allocation per record unless a string holds escapes. Every
// value is checked, nested ones too, so malformed input is still an
// error naming the byte.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// MaxDepth bounds the nesting of values (as encoding/json does), so
// hostile input cannot exhaust the stack.
const MaxDepth = 10000

// SyntaxError is malformed JSON at byte Off (0-based) of a record.
type SyntaxError struct {
	Off  int
	Want string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("malformed JSON at byte %d: want %s", e.Off+1, e.Want)
}

func jsonErr(off int, want string) error { return &SyntaxError{Off: off, Want: want} }

// SkipWS returns the offset of the first byte of b at or after i that is
// not JSON white space.
func SkipWS(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// TrimWS returns b without the JSON white space (space, tab, newline,
// carriage return) at either end: bytes.TrimSpace trims more (a form
// feed, Unicode spaces), which a JSON document may not hold there.
func TrimWS(b []byte) []byte {
	b = b[SkipWS(b, 0):]
	for len(b) > 0 {
		switch b[len(b)-1] {
		case ' ', '\t', '\n', '\r':
			b = b[:len(b)-1]
		default:
			return b
		}
	}
	return b
}

// ScanValue checks the JSON value starting at b[i] and returns the offset
// just past it.
func ScanValue(b []byte, i, depth int) (int, error) {
	if i >= len(b) {
		return i, jsonErr(i, "a value")
	}
	switch c := b[i]; {
	case c == '"':
		return scanString(b, i)
	case c == '{' || c == '[':
		if depth >= MaxDepth {
			return i, jsonErr(i, "less nesting")
		}
		if c == '{' {
			return ScanMembers(b, i, depth, nil)
		}
		i = SkipWS(b, i+1)
		if i < len(b) && b[i] == ']' {
			return i + 1, nil
		}
		for {
			var err error
			if i, err = ScanValue(b, i, depth+1); err != nil {
				return i, err
			}
			i = SkipWS(b, i)
			if i < len(b) && b[i] == ',' {
				i = SkipWS(b, i+1)
				continue
			}
			if i < len(b) && b[i] == ']' {
				return i + 1, nil
			}
			return i, jsonErr(i, "',' or ']'")
		}
	case c == '-' || c >= '0' && c <= '9':
		return scanNumber(b, i)
	case c == 't':
		return scanLiteral(b, i, "true")
	case c == 'f':
		return scanLiteral(b, i, "false")
	case c == 'n':
		return scanLiteral(b, i, "null")
	}
	return i, jsonErr(i, "a value")
}

// ScanMembers checks the object starting at b[i] ('{'), calling fn (if
// not nil) with each member's raw name (between the quotes, escapes
// undone) and raw value; it returns the offset just past the object.
func ScanMembers(b []byte, i, depth int, fn func(key, val []byte) error) (int, error) {
	return ScanMembersWith(b, i, depth, func(key []byte, i int) (int, error) {
		end, err := ScanValue(b, i, depth+1)
		if err == nil && fn != nil {
			err = fn(key, b[i:end])
		}
		return end, err
	})
}

// ScanMembersWith checks the object starting at b[i] ('{') as
// ScanMembers does, but hands each member's value to value, with its
// name (escapes undone) and its offset in b: value checks the value
// (ScanValue at depth+1, or a scan of its own such as
// Array.SplitDecode) and returns the offset just past it. A value is
// thus read once, however it is read.
func ScanMembersWith(b []byte, i, depth int, value func(key []byte, i int) (int, error)) (int, error) {
	i = SkipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, jsonErr(i, "a member name")
		}
		end, escaped, err := ScanStringEsc(b, i)
		if err != nil {
			return end, err
		}
		key := b[i+1 : end-1]
		if escaped {
			key = appendUnescaped(nil, key)
		}
		i = SkipWS(b, end)
		if i >= len(b) || b[i] != ':' {
			return i, jsonErr(i, "':'")
		}
		if i, err = value(key, SkipWS(b, i+1)); err != nil {
			return i, err
		}
		i = SkipWS(b, i)
		if i < len(b) && b[i] == ',' {
			i = SkipWS(b, i+1)
			continue
		}
		if i < len(b) && b[i] == '}' {
			return i + 1, nil
		}
		return i, jsonErr(i, "',' or '}'")
	}
}

// EachMember checks that rec is one JSON object (with optional white space
// around it) and calls fn with each member's name and raw value, in
// order; an error from fn ends the walk and is returned.
func EachMember(rec []byte, fn func(key, val []byte) error) error {
	return WholeObject(rec, func(i int) (int, error) { return ScanMembers(rec, i, 0, fn) })
}

// WholeObject checks that rec is one JSON object with optional white
// space around it: at walks the object that starts at rec[i] ('{') and
// returns the offset just past it, or its syntax error.
func WholeObject(rec []byte, at func(i int) (int, error)) error {
	i := SkipWS(rec, 0)
	if i >= len(rec) || rec[i] != '{' {
		return jsonErr(i, "an object")
	}
	end, err := at(i)
	if err != nil {
		return err
	}
	if end = SkipWS(rec, end); end != len(rec) {
		return jsonErr(end, "the end of the record")
	}
	return nil
}

// scanString checks the string starting at b[i] ('"') and returns the
// offset just past its closing quote.
func scanString(b []byte, i int) (int, error) {
	end, _, err := ScanStringEsc(b, i)
	return end, err
}

// plainByte[c] is set for the bytes a JSON string holds as they are: not
// the quote, the backslash or a control character.
var plainByte = func() (t [256]bool) {
	for c := range t {
		t[c] = c >= 0x20 && c != '"' && c != '\\'
	}
	return t
}()

// specialBytes returns, for the eight bytes of x (little-endian), a mask
// whose lowest set bit is the high bit of the first byte that is a quote,
// a backslash or, with controls, a control character (0 if none is): the
// zero-byte test (v−0x01…)&^v&0x80… on x^'"', x^'\\' and, for bytes below
// 0x20, x itself. Bits above the lowest may be false positives (a
// borrow); only the lowest is used.
func specialBytes(x uint64, controls bool) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := x ^ (ones * '"')
	s := x ^ (ones * '\\')
	m := (q-ones)&^q | (s-ones)&^s
	if controls {
		m |= (x - ones*0x20) &^ x
	}
	return m & highs
}

// SkipPlain returns the offset of the first byte from b[i] on that
// specialBytes marks, eight bytes at a time; with fewer than eight bytes
// left it stops there, for the caller's byte loop to finish. The scanner
// (controls: invalid in a string) and the record cutter (what ends or
// escapes a string, and control bytes when it watches for a record cut
// short) share it.
func SkipPlain(b []byte, i int, controls bool) int {
	for i+8 <= len(b) {
		if m := specialBytes(binary.LittleEndian.Uint64(b[i:]), controls); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		i += 8
	}
	return i
}

// ScanStringEsc is scanString that also reports whether the string has
// an escape.
func ScanStringEsc(b []byte, i int) (end int, escaped bool, err error) {
	for i++; i < len(b); i++ {
		i = SkipPlain(b, i, true)
		for i < len(b) && plainByte[b[i]] {
			i++
		}
		if i >= len(b) {
			break
		}
		switch b[i] {
		case '"':
			return i + 1, escaped, nil
		case '\\':
			escaped = true
			i++
			if i >= len(b) {
				return i, escaped, jsonErr(i, "an escape")
			}
			switch b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(b) {
					return i, escaped, jsonErr(i, "four hex digits")
				}
				for _, h := range b[i+1 : i+5] {
					if !isHex(h) {
						return i, escaped, jsonErr(i, "four hex digits")
					}
				}
				i += 4
			default:
				return i, escaped, jsonErr(i, "an escape")
			}
		default: // a control character
			return i, escaped, jsonErr(i, "no control character in a string")
		}
	}
	return i, escaped, jsonErr(i, "the end of the string")
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func scanNumber(b []byte, i int) (int, error) {
	start := i
	if b[i] == '-' {
		i++
	}
	digits := func() bool {
		s := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i > s
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case !digits():
		return i, jsonErr(start, "a number")
	}
	if i < len(b) && b[i] == '.' {
		i++
		if !digits() {
			return i, jsonErr(i, "a digit after '.'")
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			return i, jsonErr(i, "an exponent")
		}
	}
	return i, nil
}

func scanLiteral(b []byte, i int, lit string) (int, error) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return i, jsonErr(i, lit)
	}
	return i + len(lit), nil
}

// appendUnescaped appends the text of the JSON string body s (between
// the quotes, already checked by scanString) to dst, with its escapes
// undone; lone surrogates become U+FFFD, as in encoding/json.
func appendUnescaped(dst, s []byte) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			dst = append(dst, c)
			continue
		}
		i++
		switch s[i] {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := rune(hex4(s[i+1:]))
			i += 4
			if utf16.IsSurrogate(r) {
				r2 := utf8.RuneError
				if i+6 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' {
					r2 = utf16.DecodeRune(r, rune(hex4(s[i+3:])))
				}
				if r2 != utf8.RuneError {
					i += 6
					r = r2
				} else {
					r = utf8.RuneError
				}
			}
			dst = utf8.AppendRune(dst, r)
		default: // " \ /
			dst = append(dst, s[i])
		}
	}
	return dst
}

func hex4(s []byte) int {
	v := 0
	for _, c := range s[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		v = v<<4 | int(c)
	}
	return v
}

// ErrNotString and its kin say what a value was expected to be.
var (
	ErrNotString  = fmt.Errorf("not a JSON string")
	ErrNotInteger = fmt.Errorf("not an integer")
	ErrNotNumber  = fmt.Errorf("not a number")
	ErrNotBool    = fmt.Errorf("not true, false or null")
)

// IsTypeError reports whether err says a value is of another type than
// the one read (ErrNotString and its kin, ErrNotList), not that the
// text is not JSON: what a hand decoder leaves to encoding/json, which
// names the field.
func IsTypeError(err error) bool {
	for _, not := range []error{ErrNotString, ErrNotInteger, ErrNotNumber, ErrNotBool, ErrNotList} {
		if errors.Is(err, not) {
			return true
		}
	}
	return false
}

// Text returns the text of the string value val (nil, false for
// null). Without escapes it is a slice of val; with them, a new slice.
// Invalid UTF-8 becomes U+FFFD, as in encoding/json.
func Text(val []byte) (text []byte, ok bool, err error) {
	if len(val) == 4 && val[0] == 'n' {
		return nil, false, nil
	}
	if len(val) < 2 || val[0] != '"' {
		return nil, false, ErrNotString
	}
	body := val[1 : len(val)-1]
	if plainASCII(body) { // nearly every string of a log: its text is itself
		return body, true, nil
	}
	return textOf(body, bytes.IndexByte(body, '\\') >= 0), true, nil
}

// plainASCII reports whether b holds neither a backslash nor a byte of
// 0x80 or more, eight bytes at a time: one pass where finding escapes
// and checking UTF-8 took two (utf8.Valid and bytes.IndexByte were 6% of
// a Balsam load, whose strings are short times, states and ids).
func plainASCII(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		s := x ^ (ones * '\\') // a zero byte where x has a backslash
		// x's high bits, or a zero byte of s: exact when x is ASCII (no
		// borrow crosses a byte), and x's high bits say when it is not
		if (x|(s-ones)&^s)&highs != 0 {
			return false
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= 0x80 || b[i] == '\\' {
			return false
		}
	}
	return true
}

// textOf is the text of a checked string body: escapes undone (a new
// slice) and invalid UTF-8 made U+FFFD, as in encoding/json.
func textOf(body []byte, escaped bool) []byte {
	if escaped {
		body = appendUnescaped(make([]byte, 0, len(body)), body)
	}
	if !utf8.Valid(body) { // each invalid byte becomes U+FFFD, as in encoding/json
		valid := make([]byte, 0, len(body)+8)
		for len(body) > 0 {
			r, n := utf8.DecodeRune(body)
			valid = utf8.AppendRune(valid, r)
			body = body[n:]
		}
		body = valid
	}
	return body
}

// Int returns the integer value val (0, false for null): any JSON number
// whose value is an integer (Integral), a fraction being a
// *NotIntegerError and any other text ErrNotInteger.
func Int(val []byte) (int64, bool, error) {
	if len(val) == 4 && val[0] == 'n' {
		return 0, false, nil
	}
	if v, ok := bytesconv.Atoi(bytesconv.String(val)); ok {
		return v, true, nil
	}
	v, err := Integral(val)
	if err == ErrNotNumber {
		return 0, false, ErrNotInteger
	}
	if err != nil {
		return 0, false, err
	}
	return v, true, nil
}

// Float returns the number value val (0, false for null).
func Float(val []byte) (float64, bool, error) {
	if len(val) == 4 && val[0] == 'n' {
		return 0, false, nil
	}
	if len(val) == 0 || val[0] != '-' && (val[0] < '0' || val[0] > '9') {
		return 0, false, ErrNotNumber
	}
	v, err := strconv.ParseFloat(bytesconv.String(val), 64)
	if err != nil {
		return 0, false, ErrNotNumber
	}
	return v, true, nil
}

// Compact returns the checked value val without white space outside
// its strings (val itself when it has none).
func Compact(val []byte) []byte {
	if !bytes.ContainsAny(val, " \t\r\n") {
		return val
	}
	out := make([]byte, 0, len(val))
	inString := false
	for i := 0; i < len(val); i++ {
		c := val[i]
		switch {
		case inString:
			out = append(out, c)
			if c == '\\' {
				i++
				out = append(out, val[i])
			} else if c == '"' {
				inString = false
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		default:
			out = append(out, c)
			inString = c == '"'
		}
	}
	return out
}

// EachElement calls fn with each element of the checked array val.
func EachElement(val []byte, fn func(elem []byte) error) error {
	i := SkipWS(val, 1)
	for i < len(val) && val[i] != ']' {
		end, err := ScanValue(val, i, 1)
		if err != nil {
			return err
		}
		if err := fn(val[i:end]); err != nil {
			return err
		}
		i = SkipWS(val, end)
		if i < len(val) && val[i] == ',' {
			i = SkipWS(val, i+1)
		}
	}
	return nil
}
