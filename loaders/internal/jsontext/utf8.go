package jsontext

import (
	"bytes"
	"unicode/utf8"
)

// BadUTF8 finds the first byte of JSON text b that is not valid UTF-8:
// its offset (-1 when b is valid) and the key of the member it lies in,
// the nearest `"key":` before it ("" when there is none). encoding/json
// and goccy read such bytes as U+FFFD without a word; the loaders ask
// first, so that a strict load stops and a lenient one says so.
func BadUTF8(b []byte) (at int, key string) {
	if utf8.Valid(b) {
		return -1, ""
	}
	for at < len(b) {
		r, n := utf8.DecodeRune(b[at:])
		if r == utf8.RuneError && n == 1 {
			break
		}
		at += n
	}
	return at, keyBefore(b[:at])
}

// keyBefore is the key of the last `"key":` in b, or "".
func keyBefore(b []byte) string {
	for {
		i := bytes.LastIndex(b, []byte(`":`))
		if i < 0 {
			return ""
		}
		if j := bytes.LastIndexByte(b[:i], '"'); j >= 0 {
			return string(b[j+1 : i])
		}
		b = b[:i]
	}
}
