package pickle

// A safe decoder for EPMT's job_metadata pickle (formats.md §5.5).
// It is a stack machine over the pickle opcodes that EPMT's data can
// contain — protocol 0 text (Python 2: (, d, p, g, S, s, c, t, R, I, .)
// and protocols 2 to 5 binary — producing Go values: map[string]any,
// []any, string, []byte, int64, float64, bool, nil and pyDatetime. The
// only globals accepted are datetime.datetime, datetime.date,
// datetime.timedelta and datetime.timezone, and REDUCE/NEWOBJ may only
// call those: nothing is ever executed, and any other opcode or global is
// an error naming it and its offset.

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jobframe/jobframe/loaders/source"
)

// pyDatetime is a decoded datetime.datetime (or date); Offset is the UTC
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

type Timedelta struct{ days, seconds, micros int64 }

type Timezone struct{ offset int }

type Global struct{ module, name string }

type Mark struct{}

// pickleError reports a disallowed or malformed pickle at an offset.
type Error struct {
	Offset int64
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("pickle offset %d: %s", e.Offset, e.Msg) }

// maxPickle bounds what the decoder accepts: metadata is kilobytes.
const maxPickle = 64 << 20

// decodePickle decodes one pickle.
func Decode(r io.Reader) (any, error) {
	br := bufio.NewReader(io.LimitReader(r, maxPickle))
	var off int64
	var stack []any
	memo := map[int64]any{}
	fail := func(format string, args ...any) error {
		return &Error{Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	readN := func(n int64) ([]byte, error) {
		if n < 0 || n > maxPickle {
			return nil, fail("length %d out of range", n)
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(br, b); err != nil {
			return nil, fail("truncated: %v", err)
		}
		off += n
		return b, nil
	}
	readLine := func() (string, error) {
		s, err := br.ReadString('\n')
		off += int64(len(s))
		if err != nil {
			return "", fail("truncated line: %v", err)
		}
		return strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r"), nil
	}
	pop := func() (any, error) {
		if len(stack) == 0 {
			return nil, fail("stack underflow")
		}
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return v, nil
	}
	popMark := func() ([]any, error) {
		for i := len(stack) - 1; i >= 0; i-- {
			if _, ok := stack[i].(Mark); ok {
				items := append([]any(nil), stack[i+1:]...)
				stack = stack[:i]
				return items, nil
			}
		}
		return nil, fail("no MARK on the stack")
	}
	top := func() (any, error) {
		if len(stack) == 0 {
			return nil, fail("stack underflow")
		}
		return stack[len(stack)-1], nil
	}
	setItems := func(d map[string]any, kv []any) error {
		if len(kv)%2 != 0 {
			return fail("odd number of dict items")
		}
		for i := 0; i < len(kv); i += 2 {
			k, ok := dictKey(kv[i])
			if !ok {
				return fail("dict key of type %T", kv[i])
			}
			d[k] = kv[i+1]
		}
		return nil
	}
	for {
		op, err := br.ReadByte()
		if err != nil {
			return nil, fail("truncated: no STOP opcode")
		}
		at := off
		off++
		switch op {
		case '.': // STOP
			v, err := pop()
			if err != nil {
				return nil, err
			}
			return v, nil
		case 0x80: // PROTO
			p, err := readN(1)
			if err != nil {
				return nil, err
			}
			if p[0] > 5 {
				return nil, fail("pickle protocol %d is not supported (0 to 5)", p[0])
			}
		case 0x95: // FRAME
			if _, err := readN(8); err != nil {
				return nil, err
			}
		case '(':
			stack = append(stack, Mark{})
		case 'd': // DICT
			items, err := popMark()
			if err != nil {
				return nil, err
			}
			m := map[string]any{}
			if err := setItems(m, items); err != nil {
				return nil, err
			}
			stack = append(stack, m)
		case '}':
			stack = append(stack, map[string]any{})
		case 's', 'u': // SETITEM, SETITEMS
			var kv []any
			if op == 's' {
				v, err1 := pop()
				k, err2 := pop()
				if err1 != nil || err2 != nil {
					return nil, fail("stack underflow")
				}
				kv = []any{k, v}
			} else if kv, err = popMark(); err != nil {
				return nil, err
			}
			t, err := top()
			if err != nil {
				return nil, err
			}
			d, ok := t.(map[string]any)
			if !ok {
				return nil, fail("SETITEM on a %T", t)
			}
			if err := setItems(d, kv); err != nil {
				return nil, err
			}
		case 'l': // LIST
			items, err := popMark()
			if err != nil {
				return nil, err
			}
			stack = append(stack, items)
		case ']':
			stack = append(stack, []any{})
		case 'a', 'e': // APPEND, APPENDS
			var items []any
			if op == 'a' {
				v, err := pop()
				if err != nil {
					return nil, err
				}
				items = []any{v}
			} else if items, err = popMark(); err != nil {
				return nil, err
			}
			if len(stack) == 0 {
				return nil, fail("stack underflow")
			}
			l, ok := stack[len(stack)-1].([]any)
			if !ok {
				return nil, fail("APPEND to a %T", stack[len(stack)-1])
			}
			stack[len(stack)-1] = append(l, items...)
		case 't': // TUPLE (kept as a list)
			items, err := popMark()
			if err != nil {
				return nil, err
			}
			stack = append(stack, Tuple(items))
		case ')':
			stack = append(stack, Tuple{})
		case 0x85, 0x86, 0x87: // TUPLE1..3
			n := int(op - 0x84)
			if len(stack) < n {
				return nil, fail("stack underflow")
			}
			items := append(Tuple(nil), stack[len(stack)-n:]...)
			stack = append(stack[:len(stack)-n], items)
		case 'p': // PUT
			line, err := readLine()
			if err != nil {
				return nil, err
			}
			i, err := strconv.ParseInt(line, 10, 64)
			if err != nil {
				return nil, fail("PUT index %q", line)
			}
			t, err := top()
			if err != nil {
				return nil, err
			}
			memo[i] = t
		case 'q', 'r': // BINPUT, LONG_BINPUT
			n := int64(1)
			if op == 'r' {
				n = 4
			}
			b, err := readN(n)
			if err != nil {
				return nil, err
			}
			t, err := top()
			if err != nil {
				return nil, err
			}
			memo[leUint(b)] = t
		case 0x94: // MEMOIZE
			t, err := top()
			if err != nil {
				return nil, err
			}
			memo[int64(len(memo))] = t
		case 'g', 'h', 'j': // GET, BINGET, LONG_BINGET
			var i int64
			switch op {
			case 'g':
				line, err := readLine()
				if err != nil {
					return nil, err
				}
				if i, err = strconv.ParseInt(line, 10, 64); err != nil {
					return nil, fail("GET index %q", line)
				}
			case 'h':
				b, err := readN(1)
				if err != nil {
					return nil, err
				}
				i = int64(b[0])
			default:
				b, err := readN(4)
				if err != nil {
					return nil, err
				}
				i = leUint(b)
			}
			v, ok := memo[i]
			if !ok {
				return nil, fail("memo %d was never stored", i)
			}
			stack = append(stack, v)
		case 'S': // STRING: a Python 2 str repr
			line, err := readLine()
			if err != nil {
				return nil, err
			}
			b, err := unquotePyString(line)
			if err != nil {
				return nil, fail("STRING %s: %v", source.Clip(line, 40), err)
			}
			stack = append(stack, pyBytesOrString(b))
		case 'V': // UNICODE: raw-unicode-escape
			line, err := readLine()
			if err != nil {
				return nil, err
			}
			s, err := rawUnicodeEscape(line)
			if err != nil {
				return nil, fail("UNICODE: %v", err)
			}
			stack = append(stack, s)
		case 'X', 0x8c, 0x8d: // BINUNICODE, SHORT_BINUNICODE, BINUNICODE8
			b, err := readSized(op, readN, map[byte]int{'X': 4, 0x8c: 1, 0x8d: 8})
			if err != nil {
				return nil, err
			}
			if !utf8.Valid(b) {
				return nil, fail("BINUNICODE is not UTF-8")
			}
			stack = append(stack, string(b))
		case 'T', 'U', 'B', 'C', 0x8e: // BINSTRING, SHORT_BINSTRING, BINBYTES, SHORT_BINBYTES, BINBYTES8
			b, err := readSized(op, readN, map[byte]int{'T': 4, 'U': 1, 'B': 4, 'C': 1, 0x8e: 8})
			if err != nil {
				return nil, err
			}
			if op == 'T' || op == 'U' {
				stack = append(stack, pyBytesOrString(b))
			} else {
				stack = append(stack, b)
			}
		case 'I': // INT
			line, err := readLine()
			if err != nil {
				return nil, err
			}
			switch line {
			case "00":
				stack = append(stack, false)
			case "01":
				stack = append(stack, true)
			default:
				v, err := strconv.ParseInt(line, 10, 64)
				if err != nil {
					return nil, fail("INT %q", line)
				}
				stack = append(stack, v)
			}
		case 'L': // LONG
			line, err := readLine()
			if err != nil {
				return nil, err
			}
			v, err := strconv.ParseInt(strings.TrimSuffix(line, "L"), 10, 64)
			if err != nil {
				return nil, fail("LONG %q does not fit int64", line)
			}
			stack = append(stack, v)
		case 'F': // FLOAT
			line, err := readLine()
			if err != nil {
				return nil, err
			}
			v, err := strconv.ParseFloat(line, 64)
			if err != nil {
				return nil, fail("FLOAT %q", line)
			}
			stack = append(stack, v)
		case 'K', 'M', 'J': // BININT1, BININT2, BININT
			n := map[byte]int64{'K': 1, 'M': 2, 'J': 4}[op]
			b, err := readN(n)
			if err != nil {
				return nil, err
			}
			if op == 'J' {
				stack = append(stack, int64(int32(binary.LittleEndian.Uint32(b))))
			} else {
				stack = append(stack, leUint(b))
			}
		case 0x8a, 0x8b: // LONG1, LONG4: little-endian two's complement
			nb := int64(1)
			if op == 0x8b {
				nb = 4
			}
			b, err := readN(nb)
			if err != nil {
				return nil, err
			}
			data, err := readN(leUint(b))
			if err != nil {
				return nil, err
			}
			v, ok := leSigned(data)
			if !ok {
				return nil, fail("LONG of %d bytes does not fit int64", len(data))
			}
			stack = append(stack, v)
		case 'G': // BINFLOAT
			b, err := readN(8)
			if err != nil {
				return nil, err
			}
			stack = append(stack, math.Float64frombits(binary.BigEndian.Uint64(b)))
		case 'N':
			stack = append(stack, nil)
		case 0x88:
			stack = append(stack, true)
		case 0x89:
			stack = append(stack, false)
		case 'c': // GLOBAL module\nname\n
			mod, err := readLine()
			if err != nil {
				return nil, err
			}
			name, err := readLine()
			if err != nil {
				return nil, err
			}
			g, err := allowGlobal(mod, name)
			if err != nil {
				return nil, &Error{at, err.Error()}
			}
			stack = append(stack, g)
		case 0x93: // STACK_GLOBAL
			n, err1 := pop()
			m, err2 := pop()
			if err1 != nil || err2 != nil {
				return nil, fail("stack underflow")
			}
			ms, ok1 := m.(string)
			ns, ok2 := n.(string)
			if !ok1 || !ok2 {
				return nil, fail("STACK_GLOBAL of %T and %T", m, n)
			}
			g, err := allowGlobal(ms, ns)
			if err != nil {
				return nil, &Error{at, err.Error()}
			}
			stack = append(stack, g)
		case 'R', 0x81: // REDUCE, NEWOBJ
			args, err1 := pop()
			fn, err2 := pop()
			if err1 != nil || err2 != nil {
				return nil, fail("stack underflow")
			}
			g, ok := fn.(Global)
			tup, ok2 := args.(Tuple)
			if !ok || !ok2 {
				return nil, fail("call of a %T with %T: only datetime constructors may be called", fn, args)
			}
			v, err := construct(g, tup)
			if err != nil {
				return nil, fail("%s.%s%v: %v", g.module, g.name, []any(tup), err)
			}
			stack = append(stack, v)
		case '0': // POP
			if _, err := pop(); err != nil {
				return nil, err
			}
		case '1': // POP_MARK
			if _, err := popMark(); err != nil {
				return nil, err
			}
		case '2': // DUP
			t, err := top()
			if err != nil {
				return nil, err
			}
			stack = append(stack, t)
		default:
			return nil, &Error{at, fmt.Sprintf("opcode %q (0x%02x) is not accepted: EPMT metadata never needs it", rune(op), op)}
		}
		if len(stack) > 1<<20 {
			return nil, fail("stack too deep")
		}
	}
}

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
