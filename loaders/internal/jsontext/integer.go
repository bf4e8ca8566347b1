package jsontext

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// NotIntegerError says that a JSON number where an integer is expected
// has a fraction, or lies outside int64's range. It matches ErrNotInteger
// under errors.Is.
type NotIntegerError struct{ Text string }

func (e *NotIntegerError) Error() string { return fmt.Sprintf("%s is not an integer", e.Text) }

// Is reports whether target is ErrNotInteger.
func (e *NotIntegerError) Is(target error) bool { return target == ErrNotInteger }

// Integral returns the value of the JSON number b when it is an integer,
// however it is written: JSON has one number type, so 123, 123.0 and
// 1.23e2 are the same integer (HyperQueue writes some byte counts as
// floats). A fraction, or a value outside int64, is a *NotIntegerError;
// text that is no number is ErrNotNumber.
func Integral(b []byte) (int64, error) {
	if v, ok := bytesconv.Atoi(bytesconv.String(b)); ok {
		return v, nil
	}
	if len(b) == 0 || b[0] != '-' && (b[0] < '0' || b[0] > '9') || bytes.ContainsAny(b, "xXpP_") {
		return 0, ErrNotNumber
	}
	r, ok := new(big.Rat).SetString(string(b)) // exact, unlike a float64
	if !ok {
		return 0, ErrNotNumber
	}
	if !r.IsInt() || !r.Num().IsInt64() {
		return 0, &NotIntegerError{Text: string(b)}
	}
	return r.Num().Int64(), nil
}

// Int64 is an int64 decoded from any JSON number whose value is an
// integer (see Integral); null leaves it unchanged, as encoding/json
// does for an int64.
type Int64 int64

// UnmarshalJSON decodes b into i.
func (i *Int64) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	v, err := Integral(b)
	if errors.Is(err, ErrNotNumber) {
		return &NotNumberError{Text: string(b)} // which value, so that the field can be named
	}
	if err != nil {
		return err
	}
	*i = Int64(v)
	return nil
}

// NotNumberError is a value that is no JSON number where an Int64 is
// decoded (a string "1", an object); it is ErrNotNumber.
type NotNumberError struct{ Text string }

func (e *NotNumberError) Error() string { return fmt.Sprintf("%s is not a number", e.Text) }

// Is reports whether target is ErrNotNumber.
func (e *NotNumberError) Is(target error) bool { return target == ErrNotNumber }

// KeyOf returns the key of the first member of the JSON text line whose
// value is the number text (the field at fault when a decoder rejects
// that number), or "" when there is none.
func KeyOf(line []byte, text string) string {
	for from := 0; ; {
		i := bytes.Index(line[from:], []byte(text))
		if i < 0 {
			return ""
		}
		i += from
		from = i + 1
		end := i + len(text)
		if end < len(line) && (line[end] >= '0' && line[end] <= '9' || line[end] == '.' || line[end] == 'e' || line[end] == 'E') {
			continue // a longer number
		}
		j := i - 1
		for j >= 0 && (line[j] == ' ' || line[j] == '\t') {
			j--
		}
		if j < 1 || line[j] != ':' {
			continue
		}
		j--
		for j >= 0 && (line[j] == ' ' || line[j] == '\t') {
			j--
		}
		if j < 1 || line[j] != '"' {
			continue
		}
		k := bytes.LastIndexByte(line[:j], '"')
		if k < 0 {
			return ""
		}
		return string(line[k+1 : j])
	}
}

// Int64s is a []int64 decoded from a JSON array of numbers whose values
// are integers (see Integral); null is an empty slice.
type Int64s []int64

// UnmarshalJSON decodes b into s.
func (s *Int64s) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*s = nil
		return nil
	}
	if len(b) == 0 || b[0] != '[' {
		return fmt.Errorf("%.40s is not an array of integers", b)
	}
	out := (*s)[:0]
	err := EachElement(b, func(elem []byte) error {
		v, err := Integral(elem)
		if err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	*s = out
	return err
}
