package frame

import (
	"errors"
	"time"
)

// TimeLayout is the layout of every timestamp jobframe prints or writes:
// RFC 3339 in UTC with exactly six fraction digits.
const TimeLayout = "2006-01-02T15:04:05.000000Z07:00"

// FormatMicros formats µs since the Unix epoch as RFC 3339 UTC with
// microseconds, e.g. "2026-08-04T09:00:04.512000Z".
func FormatMicros(us int64) string {
	return time.UnixMicro(us).UTC().Format(TimeLayout)
}

var errTimeSyntax = errors.New("want YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)")

// ParseMicros parses an RFC 3339 timestamp into µs since the Unix epoch.
// It accepts 'T' or a space between date and time, a fraction of 0 to 9
// digits (digits beyond microseconds are truncated), and a zone of "Z",
// "+HH:MM", "-HH:MM" or "+00". A timestamp without a zone is an error
// (use ParseNaiveMicros for those).
func ParseMicros(s string) (int64, error) {
	us, rest, err := parseClock(s)
	if err != nil {
		return 0, err
	}
	off, err := parseZone(rest)
	if err != nil {
		return 0, err
	}
	return inRange(us - off)
}

// RFC 3339 years are 0000 to 9999: the instants FormatMicros can write.
const (
	minMicros = -62167219200000000 // 0000-01-01T00:00:00Z
	maxMicros = 253402300799999999 // 9999-12-31T23:59:59.999999Z
)

var errYearRange = errors.New("the instant is outside RFC 3339's years 0000-9999 in UTC")

func inRange(us int64) (int64, error) {
	if us < minMicros || us > maxMicros {
		return 0, errYearRange
	}
	return us, nil
}

// ParseNaiveMicros parses a timestamp without a zone (as Balsam and Python's
// isoformat() write them) and reads it as UTC. A zone, if present, is
// honoured.
func ParseNaiveMicros(s string) (int64, error) {
	us, rest, err := parseClock(s)
	if err != nil {
		return 0, err
	}
	if rest == "" {
		return inRange(us)
	}
	off, err := parseZone(rest)
	if err != nil {
		return 0, err
	}
	return inRange(us - off)
}

func digits(s string, n int) (int, bool) {
	if len(s) < n {
		return 0, false
	}
	v := 0
	for i := 0; i < n; i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// parseClock parses the date, time and fraction, returning µs since the
// epoch as if UTC, and the unparsed rest (the zone).
func parseClock(s string) (int64, string, error) {
	if len(s) < 19 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != ' ' && s[10] != 't') || s[13] != ':' || s[16] != ':' {
		return 0, "", errTimeSyntax
	}
	y, ok1 := digits(s, 4)
	mo, ok2 := digits(s[5:], 2)
	d, ok3 := digits(s[8:], 2)
	h, ok4 := digits(s[11:], 2)
	mi, ok5 := digits(s[14:], 2)
	se, ok6 := digits(s[17:], 2)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || mo < 1 || mo > 12 || d < 1 || d > daysIn(mo, y) || h > 23 || mi > 59 || se > 59 {
		return 0, "", errTimeSyntax
	}
	rest := s[19:]
	frac := 0
	if len(rest) > 0 && rest[0] == '.' {
		k := 1
		scale := 100000
		for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
			if k <= 6 {
				frac += int(rest[k]-'0') * scale
				scale /= 10
			}
			k++
		}
		if k == 1 || k > 10 {
			return 0, "", errTimeSyntax
		}
		rest = rest[k:]
	}
	days := daysFromCivil(y, mo, d)
	us := ((days*86400+int64(h)*3600+int64(mi)*60+int64(se))*1_000_000 + int64(frac))
	return us, rest, nil
}

func parseZone(z string) (int64, error) {
	switch {
	case z == "Z" || z == "z":
		return 0, nil
	case len(z) == 6 && (z[0] == '+' || z[0] == '-') && z[3] == ':':
		h, ok1 := digits(z[1:], 2)
		m, ok2 := digits(z[4:], 2)
		if !ok1 || !ok2 || h > 23 || m > 59 {
			return 0, errTimeSyntax
		}
		off := int64(h*3600+m*60) * 1_000_000
		if z[0] == '-' {
			off = -off
		}
		return off, nil
	case len(z) == 3 && (z[0] == '+' || z[0] == '-'):
		h, ok := digits(z[1:], 2)
		if !ok || h > 23 {
			return 0, errTimeSyntax
		}
		off := int64(h*3600) * 1_000_000
		if z[0] == '-' {
			off = -off
		}
		return off, nil
	}
	return 0, errTimeSyntax
}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func daysIn(m, y int) int {
	switch m {
	case 2:
		if isLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysFromCivil returns the days since 1970-01-01 of a proleptic Gregorian
// date (Howard Hinnant's algorithm).
func daysFromCivil(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era = (y - 399) / 400
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}
