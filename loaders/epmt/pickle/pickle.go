package pickle

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Datetime is a decoded datetime.datetime (or date); Offset is the UTC
// offset in seconds when the value carried a timezone.
type Datetime struct {
	Year, Month, Day, Hour, Minute, Second, Microsecond int
	Offset                                              *int
}

// In returns the instant, reading a naive value in loc.
func (d Datetime) In(loc *time.Location) time.Time {
	if d.Offset != nil {
		loc = time.FixedZone("", *d.Offset)
	}
	return time.Date(d.Year, time.Month(d.Month), d.Day, d.Hour, d.Minute, d.Second, d.Microsecond*1000, loc)
}

// Timedelta is a decoded datetime.timedelta.
type Timedelta struct{ days, seconds, micros int64 }

// Timezone is a decoded datetime.timezone: its UTC offset in seconds.
type Timezone struct{ offset int }

// Global is a module attribute a pickle named (only the datetime
// classes are accepted).
type Global struct{ module, name string }

// Mark is the pickle machine's MARK on its stack.
type Mark struct{}

// Error reports a disallowed or malformed pickle at an offset.
type Error struct {
	Offset int64
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("pickle offset %d: %s", e.Offset, e.Msg) }

// Tuple is a decoded tuple.
type Tuple []any

func dictKey(v any) (string, bool) {
	switch k := v.(type) {
	case string:
		return k, true
	case []byte:
		return string(k), true
	}
	return "", false
}

// pyBytesOrString turns a Python 2 str (bytes) into a string when it is
// valid UTF-8, as EPMT's conv_dict_byte2str does; binary data (a
// datetime's state) stays []byte.
func pyBytesOrString(b []byte) any {
	if utf8.Valid(b) {
		return string(b)
	}
	return b
}

func readSized(op byte, readN func(int64) ([]byte, error), widths map[byte]int) ([]byte, error) {
	w := int64(widths[op])
	lb, err := readN(w)
	if err != nil {
		return nil, err
	}
	return readN(leUint(lb))
}

func leUint(b []byte) int64 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return int64(v)
}

func leSigned(b []byte) (int64, bool) {
	if len(b) == 0 {
		return 0, true
	}
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	v := new(big.Int).SetBytes(be)
	if b[len(b)-1]&0x80 != 0 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	if !v.IsInt64() {
		return 0, false
	}
	return v.Int64(), true
}

var errNotAllowed = errors.New("not allowed")

func allowGlobal(mod, name string) (Global, error) {
	if mod == "_codecs" && name == "encode" {
		// Python 3 writes bytes for protocols 0-2 as
		// _codecs.encode(text, 'latin1'): a pure conversion.
		return Global{mod, name}, nil
	}
	if mod == "datetime" {
		switch name {
		case "datetime", "date", "timedelta", "timezone":
			return Global{mod, name}, nil
		}
	}
	return Global{}, fmt.Errorf("global %s.%s is %w (only datetime types are)", mod, name, errNotAllowed)
}

// construct builds a datetime value (or latin-1 bytes) from its pickled
// arguments.
func construct(g Global, args Tuple) (any, error) {
	if g.module == "_codecs" {
		if len(args) != 2 || (args[1] != "latin1" && args[1] != "latin-1") {
			return nil, errors.New("only _codecs.encode(text, 'latin1') is accepted")
		}
		text, ok := args[0].(string)
		if !ok {
			return nil, errors.New("_codecs.encode of a non-string")
		}
		b := make([]byte, 0, len(text))
		for _, r := range text {
			if r > 0xff {
				return nil, errors.New("_codecs.encode: not latin-1")
			}
			b = append(b, byte(r))
		}
		return b, nil
	}
	switch g.name {
	case "datetime", "date":
		if len(args) >= 1 {
			if state, ok := args[0].([]byte); ok || isStringState(args[0]) {
				if !ok {
					state = []byte(args[0].(string))
				}
				return datetimeFromState(g.name, state, args[1:])
			}
		}
		ints := make([]int, 0, 7)
		for _, a := range args {
			v, ok := a.(int64)
			if !ok {
				break
			}
			ints = append(ints, int(v))
		}
		if len(ints) < 3 {
			return nil, errors.New("want a state or year, month, day")
		}
		for len(ints) < 7 {
			ints = append(ints, 0)
		}
		d := Datetime{ints[0], ints[1], ints[2], ints[3], ints[4], ints[5], ints[6], nil}
		if len(args) > len(ints) || (len(args) == 8) {
			if tz, ok := args[len(args)-1].(Timezone); ok {
				off := tz.offset
				d.Offset = &off
			}
		}
		return d, nil
	case "timedelta":
		var v [3]int64
		for i := 0; i < len(args) && i < 3; i++ {
			x, ok := args[i].(int64)
			if !ok {
				return nil, errors.New("timedelta wants integers")
			}
			v[i] = x
		}
		return Timedelta{v[0], v[1], v[2]}, nil
	case "timezone":
		if len(args) < 1 {
			return nil, errors.New("timezone wants an offset")
		}
		td, ok := args[0].(Timedelta)
		if !ok {
			return nil, errors.New("timezone wants a timedelta")
		}
		return Timezone{int(td.days*86400 + td.seconds)}, nil
	}
	return nil, errNotAllowed
}

func isStringState(v any) bool {
	s, ok := v.(string)
	return ok && (len(s) == 10 || len(s) == 4)
}

// datetimeFromState decodes datetime's pickled state: year (2 bytes,
// big-endian), month, day, hour, minute, second, microsecond (3 bytes,
// big-endian); a date has only the first four bytes.
func datetimeFromState(kind string, b []byte, rest []any) (any, error) {
	if kind == "date" {
		if len(b) != 4 {
			return nil, fmt.Errorf("date state of %d bytes", len(b))
		}
		return Datetime{Year: int(b[0])<<8 | int(b[1]), Month: int(b[2]), Day: int(b[3])}, nil
	}
	if len(b) != 10 {
		return nil, fmt.Errorf("datetime state of %d bytes", len(b))
	}
	d := Datetime{
		Year: int(b[0])<<8 | int(b[1]), Month: int(b[2] & 0x7f), Day: int(b[3]),
		Hour: int(b[4]), Minute: int(b[5]), Second: int(b[6]),
		Microsecond: int(b[7])<<16 | int(b[8])<<8 | int(b[9]),
	}
	if d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 31 || d.Hour > 23 || d.Minute > 59 || d.Second > 59 || d.Microsecond > 999999 {
		return nil, fmt.Errorf("datetime state out of range: %v", b)
	}
	if len(rest) > 0 {
		tz, ok := rest[0].(Timezone)
		if !ok {
			return nil, fmt.Errorf("tzinfo of type %T (only datetime.timezone is accepted)", rest[0])
		}
		off := tz.offset
		d.Offset = &off
	}
	return d, nil
}

// unquotePyString decodes a Python 2 str repr: 'text' or "text" with
// backslash escapes (\\ \' \" \n \r \t \xNN and octal).
func unquotePyString(s string) ([]byte, error) {
	if len(s) < 2 || (s[0] != '\'' && s[0] != '"') || s[len(s)-1] != s[0] {
		return nil, errors.New("not a quoted string")
	}
	s = s[1 : len(s)-1]
	var out bytes.Buffer
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return nil, errors.New("trailing backslash")
		}
		switch s[i] {
		case '\\', '\'', '"':
			out.WriteByte(s[i])
		case 'n':
			out.WriteByte('\n')
		case 'r':
			out.WriteByte('\r')
		case 't':
			out.WriteByte('\t')
		case 'a':
			out.WriteByte('\a')
		case 'b':
			out.WriteByte('\b')
		case 'f':
			out.WriteByte('\f')
		case 'v':
			out.WriteByte('\v')
		case 'x':
			if i+3 > len(s) {
				return nil, errors.New("short \\x escape")
			}
			v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				return nil, errors.New("bad \\x escape")
			}
			out.WriteByte(byte(v))
			i += 2
		default:
			if s[i] >= '0' && s[i] <= '7' {
				j := i
				for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
					j++
				}
				v, _ := strconv.ParseUint(s[i:j], 8, 16)
				out.WriteByte(byte(v))
				i = j - 1
			} else {
				out.WriteByte('\\')
				out.WriteByte(s[i])
			}
		}
	}
	return out.Bytes(), nil
}

// rawUnicodeEscape decodes protocol 0's UNICODE text (latin-1 with
// \uXXXX and \UXXXXXXXX escapes).
func rawUnicodeEscape(s string) (string, error) {
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == 'u' || s[i+1] == 'U') {
			n := 4
			if s[i+1] == 'U' {
				n = 8
			}
			if i+2+n > len(s) {
				return "", errors.New("short unicode escape")
			}
			v, err := strconv.ParseUint(s[i+2:i+2+n], 16, 32)
			if err != nil {
				return "", errors.New("bad unicode escape")
			}
			out.WriteRune(rune(v))
			i += 1 + n
			continue
		}
		out.WriteRune(rune(s[i])) // latin-1
	}
	return out.String(), nil
}
