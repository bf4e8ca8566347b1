package pickle

import (
	"bufio"
	"fmt"
	"io"
)

// maxPickle bounds what the decoder accepts: metadata is kilobytes.
const maxPickle = 64 << 20

// maxStack bounds the decoder's stack.
const maxStack = 1 << 20

// Decode decodes one pickle (protocols 0 to 5) into Go values: dicts as
// map[string]any, lists as []any, tuples as Tuple, integers as int64,
// floats as float64, text as string, bytes as []byte, and the datetime
// classes as Datetime, Timedelta and Timezone. It runs nothing: a global
// other than the datetime classes, or a call of anything else, is an
// *Error, as is any opcode EPMT metadata never needs.
func Decode(r io.Reader) (any, error) {
	d := &decoder{br: bufio.NewReader(io.LimitReader(r, maxPickle)), memo: map[int64]any{}}
	for {
		op, err := d.br.ReadByte()
		if err != nil {
			return nil, d.fail("truncated: no STOP opcode")
		}
		d.at = d.off
		d.off++
		if op == '.' { // STOP
			return d.pop()
		}
		if err := d.step(op); err != nil {
			return nil, err
		}
		if len(d.stack) > maxStack {
			return nil, d.fail("stack too deep")
		}
	}
}

// decoder is the pickle machine: its stack, its memo and where it is.
type decoder struct {
	br    *bufio.Reader
	off   int64 // bytes read
	at    int64 // offset of the opcode being run
	stack []any
	memo  map[int64]any
}

// step runs one opcode other than STOP.
func (d *decoder) step(op byte) error {
	switch op {
	case 0x80:
		return d.proto()
	case 0x95: // FRAME
		_, err := d.readN(8)
		return err
	case '(': // MARK
		return d.push(Mark{})
	case 'd':
		return d.dict()
	case '}': // EMPTY_DICT
		return d.push(map[string]any{})
	case 's', 'u':
		return d.setItems(op == 's')
	case 'l':
		return d.list()
	case ']': // EMPTY_LIST
		return d.push([]any{})
	case 'a', 'e':
		return d.appends(op == 'a')
	case 't':
		return d.tuple()
	case ')': // EMPTY_TUPLE
		return d.push(Tuple{})
	case 0x85, 0x86, 0x87:
		return d.tupleN(int(op - 0x84))
	case 'p':
		return d.put()
	case 'q', 'r':
		return d.binPut(op)
	case 0x94:
		return d.memoize()
	case 'g', 'h', 'j':
		return d.get(op)
	case 'S':
		return d.pyString()
	case 'V':
		return d.unicode()
	case 'X', 0x8c, 0x8d:
		return d.binUnicode(op)
	case 'T', 'U', 'B', 'C', 0x8e:
		return d.binBytes(op)
	case 'I':
		return d.int()
	case 'L':
		return d.long()
	case 'F':
		return d.float()
	case 'K', 'M', 'J':
		return d.binInt(op)
	case 0x8a, 0x8b:
		return d.longN(op)
	case 'G':
		return d.binFloat()
	case 'N': // NONE
		return d.push(nil)
	case 0x88: // NEWTRUE
		return d.push(true)
	case 0x89: // NEWFALSE
		return d.push(false)
	case 'c':
		return d.global()
	case 0x93:
		return d.stackGlobal()
	case 'R', 0x81:
		return d.reduce()
	case '0': // POP
		_, err := d.pop()
		return err
	case '1': // POP_MARK
		_, err := d.popMark()
		return err
	case '2':
		return d.dup()
	}
	return &Error{d.at, fmt.Sprintf("opcode %q (0x%02x) is not accepted: EPMT metadata never needs it", rune(op), op)}
}
