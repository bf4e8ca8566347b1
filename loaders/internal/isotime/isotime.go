// Package isotime reads the date-and-time text most logs write,
// YYYY-MM-DD HH:MM:SS (or with a T) with an optional fraction of up to
// nine digits and an optional Z, without time.Parse's layout machinery:
// the form of nearly every time of a Parsl database (SQLAlchemy's
// DateTime) and of a Cromwell document (2019-08-09T20:16:41.150Z).
package isotime

import "time"

// Parse reads s as µs since the Unix epoch: in UTC when it ends in Z,
// else in loc. ok is false for any other text, and for a date or time
// out of range (31 April, 24:00), so that a caller can hand s to
// time.Parse for its own error.
func Parse(s string, loc *time.Location) (us int64, ok bool) {
	if n := len(s); n > 0 && s[n-1] == 'Z' {
		s, loc = s[:n-1], time.UTC
	}
	n := len(s)
	if n < 19 || n > 29 || s[4] != '-' || s[7] != '-' || (s[10] != ' ' && s[10] != 'T') || s[13] != ':' || s[16] != ':' {
		return 0, false
	}
	y, ok1 := digits(s, 0, 4)
	mo, ok2 := digits(s, 5, 7)
	d, ok3 := digits(s, 8, 10)
	h, ok4 := digits(s, 11, 13)
	mi, ok5 := digits(s, 14, 16)
	sec, ok6 := digits(s, 17, 19)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 59 {
		return 0, false
	}
	ns := 0
	if n > 19 {
		if s[19] != '.' || n == 20 {
			return 0, false
		}
		f, ok := digits(s, 20, n)
		if !ok {
			return 0, false
		}
		for i := n - 20; i < 9; i++ {
			f *= 10
		}
		ns = f
	}
	t := time.Date(y, time.Month(mo), d, h, mi, sec, ns, loc)
	if t.Day() != d { // 31 April and the like roll over
		return 0, false
	}
	return t.UnixMicro(), true
}

// digits reads s[a:b] as a decimal number.
func digits(s string, a, b int) (int, bool) {
	v := 0
	for i := a; i < b; i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}
