package pickle

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jobframe/jobframe/loaders/source"
)

// proto runs PROTO: protocols 0 to 5 are read.
func (d *decoder) proto() error {
	p, err := d.readN(1)
	if err != nil {
		return err
	}
	if p[0] > 5 {
		return d.fail("pickle protocol %d is not supported (0 to 5)", p[0])
	}
	return nil
}

// dict runs DICT: a dict of the items above the MARK.
func (d *decoder) dict() error {
	items, err := d.popMark()
	if err != nil {
		return err
	}
	m := map[string]any{}
	if err := d.setDictItems(m, items); err != nil {
		return err
	}
	return d.push(m)
}

// setItems runs SETITEM (one pair from the stack) or SETITEMS (the pairs
// above the MARK) on the dict below them.
func (d *decoder) setItems(one bool) error {
	var kv []any
	if one {
		k, v, err := d.pop2()
		if err != nil {
			return err
		}
		kv = []any{k, v}
	} else {
		var err error
		if kv, err = d.popMark(); err != nil {
			return err
		}
	}
	t, err := d.top()
	if err != nil {
		return err
	}
	m, ok := t.(map[string]any)
	if !ok {
		return d.fail("SETITEM on a %T", t)
	}
	return d.setDictItems(m, kv)
}

// list runs LIST: a list of the items above the MARK.
func (d *decoder) list() error {
	items, err := d.popMark()
	if err != nil {
		return err
	}
	return d.push(items)
}

// appends runs APPEND (one value) or APPENDS (the values above the MARK)
// on the list below them.
func (d *decoder) appends(one bool) error {
	var items []any
	if one {
		v, err := d.pop()
		if err != nil {
			return err
		}
		items = []any{v}
	} else {
		var err error
		if items, err = d.popMark(); err != nil {
			return err
		}
	}
	if len(d.stack) == 0 {
		return d.fail("stack underflow")
	}
	l, ok := d.stack[len(d.stack)-1].([]any)
	if !ok {
		return d.fail("APPEND to a %T", d.stack[len(d.stack)-1])
	}
	d.stack[len(d.stack)-1] = append(l, items...)
	return nil
}

// tuple runs TUPLE: a tuple of the items above the MARK.
func (d *decoder) tuple() error {
	items, err := d.popMark()
	if err != nil {
		return err
	}
	return d.push(Tuple(items))
}

// tupleN runs TUPLE1, TUPLE2 and TUPLE3: a tuple of the n top values.
func (d *decoder) tupleN(n int) error {
	if len(d.stack) < n {
		return d.fail("stack underflow")
	}
	items := append(Tuple(nil), d.stack[len(d.stack)-n:]...)
	d.stack = append(d.stack[:len(d.stack)-n], items)
	return nil
}

// put runs PUT: memo[index on the line] = top.
func (d *decoder) put() error {
	line, err := d.readLine()
	if err != nil {
		return err
	}
	i, err := strconv.ParseInt(line, 10, 64)
	if err != nil {
		return d.fail("PUT index %q", line)
	}
	return d.memoTop(i)
}

// binPut runs BINPUT (a 1-byte index) and LONG_BINPUT (4 bytes).
func (d *decoder) binPut(op byte) error {
	n := int64(1)
	if op == 'r' {
		n = 4
	}
	b, err := d.readN(n)
	if err != nil {
		return err
	}
	return d.memoTop(leUint(b))
}

// memoize runs MEMOIZE: the top is stored at the next memo index.
func (d *decoder) memoize() error { return d.memoTop(int64(len(d.memo))) }

// memoTop stores the top of the stack at memo index i.
func (d *decoder) memoTop(i int64) error {
	t, err := d.top()
	if err != nil {
		return err
	}
	d.memo[i] = t
	return nil
}

// get runs GET (an index on the line), BINGET (1 byte) and LONG_BINGET
// (4 bytes): push a memo value.
func (d *decoder) get(op byte) error {
	var i int64
	switch op {
	case 'g':
		line, err := d.readLine()
		if err != nil {
			return err
		}
		if i, err = strconv.ParseInt(line, 10, 64); err != nil {
			return d.fail("GET index %q", line)
		}
	default:
		n := int64(1)
		if op == 'j' {
			n = 4
		}
		b, err := d.readN(n)
		if err != nil {
			return err
		}
		i = leUint(b)
	}
	v, ok := d.memo[i]
	if !ok {
		return d.fail("memo %d was never stored", i)
	}
	return d.push(v)
}

// pyString runs STRING: a Python 2 str repr on the line.
func (d *decoder) pyString() error {
	line, err := d.readLine()
	if err != nil {
		return err
	}
	b, err := unquotePyString(line)
	if err != nil {
		return d.fail("STRING %s: %v", source.Clip(line, 40), err)
	}
	return d.push(pyBytesOrString(b))
}

// unicode runs UNICODE: raw-unicode-escape text on the line.
func (d *decoder) unicode() error {
	line, err := d.readLine()
	if err != nil {
		return err
	}
	s, err := rawUnicodeEscape(line)
	if err != nil {
		return d.fail("UNICODE: %v", err)
	}
	return d.push(s)
}

// binUnicode runs BINUNICODE, SHORT_BINUNICODE and BINUNICODE8: UTF-8
// text after its length.
func (d *decoder) binUnicode(op byte) error {
	b, err := readSized(op, d.readN, map[byte]int{'X': 4, 0x8c: 1, 0x8d: 8})
	if err != nil {
		return err
	}
	if !utf8.Valid(b) {
		return d.fail("BINUNICODE is not UTF-8")
	}
	return d.push(string(b))
}

// binBytes runs BINSTRING and SHORT_BINSTRING (Python 2 str) and
// BINBYTES, SHORT_BINBYTES and BINBYTES8 (bytes).
func (d *decoder) binBytes(op byte) error {
	b, err := readSized(op, d.readN, map[byte]int{'T': 4, 'U': 1, 'B': 4, 'C': 1, 0x8e: 8})
	if err != nil {
		return err
	}
	if op == 'T' || op == 'U' {
		return d.push(pyBytesOrString(b))
	}
	return d.push(b)
}

// int runs INT: a decimal on the line, "00" and "01" being False and
// True.
func (d *decoder) int() error {
	line, err := d.readLine()
	if err != nil {
		return err
	}
	switch line {
	case "00":
		return d.push(false)
	case "01":
		return d.push(true)
	}
	v, err := strconv.ParseInt(line, 10, 64)
	if err != nil {
		return d.fail("INT %q", line)
	}
	return d.push(v)
}

// long runs LONG: a decimal on the line, with an optional L.
func (d *decoder) long() error {
	line, err := d.readLine()
	if err != nil {
		return err
	}
	v, err := strconv.ParseInt(strings.TrimSuffix(line, "L"), 10, 64)
	if err != nil {
		return d.fail("LONG %q does not fit int64", line)
	}
	return d.push(v)
}

// float runs FLOAT: a decimal float on the line.
func (d *decoder) float() error {
	line, err := d.readLine()
	if err != nil {
		return err
	}
	v, err := strconv.ParseFloat(line, 64)
	if err != nil {
		return d.fail("FLOAT %q", line)
	}
	return d.push(v)
}

// binInt runs BININT1 and BININT2 (unsigned) and BININT (signed, 4
// bytes), little-endian.
func (d *decoder) binInt(op byte) error {
	n := map[byte]int64{'K': 1, 'M': 2, 'J': 4}[op]
	b, err := d.readN(n)
	if err != nil {
		return err
	}
	if op == 'J' {
		return d.push(int64(int32(binary.LittleEndian.Uint32(b))))
	}
	return d.push(leUint(b))
}

// longN runs LONG1 and LONG4: a little-endian two's complement integer
// after its 1- or 4-byte length.
func (d *decoder) longN(op byte) error {
	nb := int64(1)
	if op == 0x8b {
		nb = 4
	}
	b, err := d.readN(nb)
	if err != nil {
		return err
	}
	data, err := d.readN(leUint(b))
	if err != nil {
		return err
	}
	v, ok := leSigned(data)
	if !ok {
		return d.fail("LONG of %d bytes does not fit int64", len(data))
	}
	return d.push(v)
}

// binFloat runs BINFLOAT: a big-endian float64.
func (d *decoder) binFloat() error {
	b, err := d.readN(8)
	if err != nil {
		return err
	}
	return d.push(math.Float64frombits(binary.BigEndian.Uint64(b)))
}

// global runs GLOBAL: module and name on two lines, allowed only for the
// datetime classes.
func (d *decoder) global() error {
	mod, err := d.readLine()
	if err != nil {
		return err
	}
	name, err := d.readLine()
	if err != nil {
		return err
	}
	g, err := allowGlobal(mod, name)
	if err != nil {
		return &Error{d.at, err.Error()}
	}
	return d.push(g)
}

// stackGlobal runs STACK_GLOBAL: module and name from the stack.
func (d *decoder) stackGlobal() error {
	m, n, err := d.pop2()
	if err != nil {
		return err
	}
	ms, ok1 := m.(string)
	ns, ok2 := n.(string)
	if !ok1 || !ok2 {
		return d.fail("STACK_GLOBAL of %T and %T", m, n)
	}
	g, err := allowGlobal(ms, ns)
	if err != nil {
		return &Error{d.at, err.Error()}
	}
	return d.push(g)
}

// reduce runs REDUCE and NEWOBJ: only the datetime constructors may be
// called, on a tuple of arguments.
func (d *decoder) reduce() error {
	fn, args, err := d.pop2()
	if err != nil {
		return err
	}
	g, ok := fn.(Global)
	tup, ok2 := args.(Tuple)
	if !ok || !ok2 {
		return d.fail("call of a %T with %T: only datetime constructors may be called", fn, args)
	}
	v, err := construct(g, tup)
	if err != nil {
		return d.fail("%s.%s%v: %v", g.module, g.name, []any(tup), err)
	}
	return d.push(v)
}

// dup runs DUP: push the top again.
func (d *decoder) dup() error {
	t, err := d.top()
	if err != nil {
		return err
	}
	return d.push(t)
}
