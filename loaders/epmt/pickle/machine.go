package pickle

import (
	"fmt"
	"io"
	"strings"
)

// fail returns an *Error at the current offset.
func (d *decoder) fail(format string, args ...any) error {
	return &Error{Offset: d.off, Msg: fmt.Sprintf(format, args...)}
}

// readN reads the next n bytes.
func (d *decoder) readN(n int64) ([]byte, error) {
	if n < 0 || n > maxPickle {
		return nil, d.fail("length %d out of range", n)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(d.br, b); err != nil {
		return nil, d.fail("truncated: %v", err)
	}
	d.off += n
	return b, nil
}

// readLine reads the rest of the line, without its line end.
func (d *decoder) readLine() (string, error) {
	s, err := d.br.ReadString('\n')
	d.off += int64(len(s))
	if err != nil {
		return "", d.fail("truncated line: %v", err)
	}
	return strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r"), nil
}

// push pushes v; it never fails (its error result lets step return it).
func (d *decoder) push(v any) error {
	d.stack = append(d.stack, v)
	return nil
}

// pop pops the top of the stack.
func (d *decoder) pop() (any, error) {
	if len(d.stack) == 0 {
		return nil, d.fail("stack underflow")
	}
	v := d.stack[len(d.stack)-1]
	d.stack = d.stack[:len(d.stack)-1]
	return v, nil
}

// pop2 pops the two top values: below, then top.
func (d *decoder) pop2() (below, top any, err error) {
	top, err1 := d.pop()
	below, err2 := d.pop()
	if err1 != nil || err2 != nil {
		return nil, nil, d.fail("stack underflow")
	}
	return below, top, nil
}

// popMark pops the values above the topmost MARK, and the MARK.
func (d *decoder) popMark() ([]any, error) {
	for i := len(d.stack) - 1; i >= 0; i-- {
		if _, ok := d.stack[i].(Mark); ok {
			items := append([]any(nil), d.stack[i+1:]...)
			d.stack = d.stack[:i]
			return items, nil
		}
	}
	return nil, d.fail("no MARK on the stack")
}

// top returns the top of the stack.
func (d *decoder) top() (any, error) {
	if len(d.stack) == 0 {
		return nil, d.fail("stack underflow")
	}
	return d.stack[len(d.stack)-1], nil
}

// setDictItems sets the key, value pairs of kv in m.
func (d *decoder) setDictItems(m map[string]any, kv []any) error {
	if len(kv)%2 != 0 {
		return d.fail("odd number of dict items")
	}
	for i := 0; i < len(kv); i += 2 {
		k, ok := dictKey(kv[i])
		if !ok {
			return d.fail("dict key of type %T", kv[i])
		}
		m[k] = kv[i+1]
	}
	return nil
}
