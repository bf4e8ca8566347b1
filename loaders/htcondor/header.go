package htcondor

import (
	"strconv"
	"strings"
	"time"
)

// header is the first line of an event: "005 (123.000.000) 2024-01-01
// 10:00:00 Job terminated." or, before HTCondor 8.9 and without
// ISO_DATE, the date as MM/DD without a year.
type header struct {
	code                   int
	cluster, proc, subproc int64
	placeholder            bool // the id is -1.-1.-1: an event of no job (HTCondor's tests write them)
	month, day             int  // the date without a year (noYear), for the year the builder gives it
	clock                  int64
	noYear                 bool
	at                     int64 // µs, when the date has its year
	text                   string
}

// parseHeader reads line as an event's first line; want says what was
// wrong when ok is false.
func parseHeader(line string, loc *time.Location) (h header, field, want string, ok bool) {
	if len(line) < 4 || line[3] != ' ' {
		return h, "", "an event's first line: a three-digit event number, (cluster.proc.subproc), date and time", false
	}
	code, err := strconv.Atoi(line[:3])
	if err != nil || code < 0 {
		return h, "event", "a three-digit event number", false
	}
	h.code = code
	rest := line[4:]
	if len(rest) == 0 || rest[0] != '(' {
		return h, "id", "the job's id in parentheses, (cluster.proc.subproc)", false
	}
	closing := strings.IndexByte(rest, ')')
	if closing < 0 {
		return h, "id", "the job's id in parentheses, (cluster.proc.subproc)", false
	}
	if h.cluster, h.proc, h.subproc, ok = parseID(rest[1:closing]); !ok {
		return h, "id", "the job's id as cluster.proc.subproc, whole numbers", false
	}
	h.placeholder = h.cluster < 0
	rest = strings.TrimPrefix(rest[closing+1:], " ")
	date, rest, _ := strings.Cut(rest, " ")
	var clock, text string
	if i := strings.IndexByte(date, 'T'); i > 0 { // 2024-01-01T10:00:00
		date, clock, text = date[:i], date[i+1:], rest
	} else {
		clock, text, _ = strings.Cut(rest, " ")
	}
	if !h.parseDate(date, clock, loc) {
		return h, "date", "the event's date and time, YYYY-MM-DD HH:MM:SS or MM/DD HH:MM:SS", false
	}
	h.text = strings.TrimSpace(text)
	return h, "", "", true
}

// parseID reads cluster.proc.subproc; HTCondor writes an event of no
// job as -01.-01.-01.
func parseID(s string) (cluster, proc, subproc int64, ok bool) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return 0, 0, 0, false
	}
	var v [3]int64
	for i, p := range parts {
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil || n < -1 {
			return 0, 0, 0, false
		}
		v[i] = n
	}
	if (v[0] < 0) != (v[1] < 0) {
		return 0, 0, 0, false
	}
	return v[0], v[1], v[2], true
}

// parseDate reads the event's date: YYYY-MM-DD (ISO_DATE, the default
// since HTCondor 8.9), optionally with fractional seconds (SUB_SECOND),
// in loc unless it ends in Z (UTC); or MM/DD, whose year the builder
// supplies.
func (h *header) parseDate(date, clock string, loc *time.Location) bool {
	utc := strings.HasSuffix(clock, "Z")
	clock = strings.TrimSuffix(clock, "Z")
	secs, frac, ok := parseClock(clock)
	if !ok {
		return false
	}
	if len(date) == 5 && date[2] == '/' {
		m, err1 := strconv.Atoi(date[:2])
		d, err2 := strconv.Atoi(date[3:])
		if err1 != nil || err2 != nil || m < 1 || m > 12 || d < 1 || d > 31 {
			return false
		}
		h.month, h.day, h.clock, h.noYear = m, d, secs*1_000_000+frac, true
		return true
	}
	t, err := time.Parse("2006-01-02", date)
	if err != nil {
		return false
	}
	if utc {
		loc = time.UTC
	}
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
	h.at = day.UnixMicro() + secs*1_000_000 + frac
	return true
}

// parseClock reads HH:MM:SS[.fff] into seconds of the day and µs.
func parseClock(s string) (secs, frac int64, ok bool) {
	whole, f, hasFrac := strings.Cut(s, ".")
	if len(whole) != 8 || whole[2] != ':' || whole[5] != ':' {
		return 0, 0, false
	}
	var v [3]int
	for i := range v {
		n, err := strconv.Atoi(whole[3*i : 3*i+2])
		if err != nil || n < 0 {
			return 0, 0, false
		}
		v[i] = n
	}
	if v[0] > 23 || v[1] > 59 || v[2] > 60 {
		return 0, 0, false
	}
	if hasFrac {
		if len(f) == 0 || len(f) > 9 {
			return 0, 0, false
		}
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil || n < 0 {
			return 0, 0, false
		}
		for range 6 - min(len(f), 6) {
			n *= 10
		}
		for range max(len(f)-6, 0) {
			n /= 10
		}
		frac = n
	}
	return int64(v[0]*3600 + v[1]*60 + v[2]), frac, true
}
