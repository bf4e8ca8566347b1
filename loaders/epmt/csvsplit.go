package epmt

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// Splitting a plain papiex line (no quote, no backslash) into its fields
// and their integer values. Fields are short (5.4 bytes on average in the
// benchmark's files, most of them integers), so a field that ends within
// the eight bytes from its start is found and parsed from one 64-bit word
// (SWAR), without a branch per byte; longer fields, negative numbers and
// the line's last bytes go through splitField.

const (
	swarOnes  = 0x0101010101010101
	swarHighs = 0x8080808080808080
)

// splitPlain appends the fields of s to l: the place of each, its value
// and whether it is an integer (an optional '-' and 1 to 18 digits; 0
// otherwise).
func splitPlain(s []byte, l *csvLine) {
	k := len(l.spans)
	n := k + bytes.Count(s, []byte{','}) + 1
	l.spans, l.ints, l.isInt = slices.Grow(l.spans, n-k)[:n], slices.Grow(l.ints, n-k)[:n], slices.Grow(l.isInt, n-k)[:n]
	spans, ints, isInt := l.spans[k:n], l.ints[k:n], l.isInt[k:n]
	k = 0
	add := func(from, to int, v int64, ok bool) {
		spans[k] = bytesconv.Span{From: int32(from), To: int32(to)}
		ints[k] = v
		isInt[k] = ok
		k++
	}
	i := 0
	for {
		if i+8 <= len(s) {
			x := binary.LittleEndian.Uint64(s[i:])
			y := x ^ (swarOnes * ',')
			// the lowest set bit marks the first comma exactly (the
			// zero-byte test; a borrow only marks bytes after it)
			if m := (y - swarOnes) &^ y & swarHighs; m != 0 {
				n := bits.TrailingZeros64(m) >> 3
				v, ok := digitsSWAR(x, n)
				if !ok && n > 0 && s[i] == '-' {
					_, v, ok = splitField(s[:i+n], i)
				}
				add(i, i+n, v, ok)
				i += n + 1
				continue
			}
			// a field of eight bytes or more: its end, then its digits
			end := len(s)
			if c := bytes.IndexByte(s[i+8:], ','); c >= 0 {
				end = i + 8 + c
			}
			v, ok := longDigits(s, i, end, x)
			add(i, end, v, ok)
			if end == len(s) {
				return
			}
			i = end + 1
			continue
		}
		end, v, ok := splitField(s, i)
		add(i, end, v, ok)
		if end == len(s) {
			return
		}
		i = end + 1
	}
}

// pow10 holds the powers of ten up to 10^8.
var pow10 = [9]int64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}

// longDigits parses the field s[from:to] of eight bytes or more, whose
// first eight are x, as splitPlain does: 8 to 16 digits from two words
// (the first eight bytes, and the last eight, shifted), text that is not
// a number at once, the rest (a sign, 17 digits or more) by splitField.
func longDigits(s []byte, from, to int, x uint64) (int64, bool) {
	n := to - from
	hi, ok := digitsSWAR(x, 8)
	switch {
	case ok && n <= 16:
		lo, ok := digitsSWAR(binary.LittleEndian.Uint64(s[to-8:])>>(8*uint(16-n)), n-8)
		if ok || n == 8 {
			return hi*pow10[n-8] + lo, true
		}
		return 0, false
	case !ok && (s[from] != '-' || s[from+1]-'0' > 9):
		return 0, false // not a number, whatever follows
	}
	_, v, ok := splitField(s[:to], from)
	return v, ok
}

// digitsSWAR parses the first n (0 to 8) bytes of x (little-endian: the
// first byte lowest) as decimal digits; ok is false unless there are 1
// or more and all are digits.
func digitsSWAR(x uint64, n int) (int64, bool) {
	mask := uint64(1)<<(8*uint(n)) - 1
	// a byte from ':' to 0xb9 gets its high bit from +0x46, one below '0'
	// or from 0xb0 up from -0x30; a carry or borrow only reaches the bytes
	// after a byte that is marked itself
	if n == 0 || ((x+swarOnes*0x46)|(x-swarOnes*'0'))&swarHighs&mask != 0 {
		return 0, false
	}
	// the digits' values, moved to the top bytes: leading zeros below
	d := (x - swarOnes*'0') << (8 * uint(8-n))
	// pairs, then fours, then all eight (simdjson's parse_eight_digits)
	d = d*10 + d>>8
	d = ((d&0x000000FF000000FF)*(100+(1000000<<32)) + ((d>>16)&0x000000FF000000FF)*(1+(10000<<32))) >> 32
	return int64(d), true
}

// splitField reads the field of s that starts at from, a byte at a time:
// it returns the index of its end (a comma or len(s)), its value and
// whether it is an integer, as splitPlain.
func splitField(s []byte, from int) (end int, v int64, ok bool) {
	digits, neg, good := 0, false, true
	i := from
	for ; i < len(s) && s[i] != ','; i++ {
		switch c := s[i] - '0'; {
		case c <= 9:
			v = v*10 + int64(c)
			digits++
		case s[i] == '-' && i == from:
			neg = true
		default:
			good = false
		}
	}
	switch ok = good && digits > 0 && digits <= 18; {
	case !ok:
		v = 0
	case neg:
		v = -v
	}
	return i, v, ok
}
