package jsontext

import (
	"strconv"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// Reading a value where it starts, in one pass: a decoder that walks an
// object with ScanMembersWith reads each member's value as it checks it,
// where scanning it (ScanValue) and then reading it (Text, Float) went
// over its bytes twice.

// TextAt reads the string or null that starts at b[i] as Text reads a
// value (ok is false for null), checking it; end is the offset just past
// it. Any other value is ErrNotString, at end = i.
func TextAt(b []byte, i int) (text []byte, end int, ok bool, err error) {
	switch {
	case i < len(b) && b[i] == '"':
		end, escaped, err := ScanStringEsc(b, i)
		if err != nil {
			return nil, end, false, err
		}
		return textOf(b[i+1:end-1], escaped), end, true, nil
	case i < len(b) && b[i] == 'n':
		end, err := scanLiteral(b, i, "null")
		return nil, end, false, err
	}
	return nil, i, false, ErrNotString
}

// FloatAt reads the number or null that starts at b[i] as Float reads a
// value (ok is false for null), checking it; end is the offset just past
// it. Any other value, or a number out of float64's range, is
// ErrNotNumber.
func FloatAt(b []byte, i int) (v float64, end int, ok bool, err error) {
	switch {
	case i < len(b) && (b[i] == '-' || b[i] >= '0' && b[i] <= '9'):
		end, err := scanNumber(b, i)
		if err != nil {
			return 0, end, false, err
		}
		v, err := strconv.ParseFloat(bytesconv.String(b[i:end]), 64)
		if err != nil {
			return 0, end, false, ErrNotNumber
		}
		return v, end, true, nil
	case i < len(b) && b[i] == 'n':
		end, err := scanLiteral(b, i, "null")
		return 0, end, false, err
	}
	return 0, i, false, ErrNotNumber
}

// IntAt reads the number or null that starts at b[i] as encoding/json
// reads an int64 (ok is false for null), checking it; end is the offset
// just past it. A number with a fraction or an exponent, or outside
// int64's range, is ErrNotInteger; any other value ErrNotInteger at
// end = i.
func IntAt(b []byte, i int) (v int64, end int, ok bool, err error) {
	switch {
	case i < len(b) && (b[i] == '-' || b[i] >= '0' && b[i] <= '9'):
		end, err := scanNumber(b, i)
		if err != nil {
			return 0, end, false, err
		}
		val := bytesconv.String(b[i:end])
		if v, ok := bytesconv.Atoi(val); ok {
			return v, end, true, nil
		}
		v, err := strconv.ParseInt(val, 10, 64)
		if err != nil {
			return 0, end, false, ErrNotInteger
		}
		return v, end, true, nil
	case i < len(b) && b[i] == 'n':
		end, err := scanLiteral(b, i, "null")
		return 0, end, false, err
	}
	return 0, i, false, ErrNotInteger
}

// BoolAt reads true, false or null at b[i] (ok is false for null),
// checking it; end is the offset just past it. Any other value is
// ErrNotBool, at end = i.
func BoolAt(b []byte, i int) (v bool, end int, ok bool, err error) {
	if i < len(b) {
		switch b[i] {
		case 't':
			end, err := scanLiteral(b, i, "true")
			return err == nil, end, err == nil, err
		case 'f':
			end, err := scanLiteral(b, i, "false")
			return false, end, err == nil, err
		case 'n':
			end, err := scanLiteral(b, i, "null")
			return false, end, false, err
		}
	}
	return false, i, false, ErrNotBool
}

// NextElement moves past what follows an array's element that ends at
// b[i]: white space, then a comma (more is true, next is the next
// element's offset) or the closing bracket (next is just past it).
func NextElement(b []byte, i int) (next int, more bool, err error) {
	i = SkipWS(b, i)
	switch {
	case i < len(b) && b[i] == ',':
		return SkipWS(b, i+1), true, nil
	case i < len(b) && b[i] == ']':
		return i + 1, false, nil
	}
	return i, false, jsonErr(i, "',' or ']'")
}
