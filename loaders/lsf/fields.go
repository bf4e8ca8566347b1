package lsf

import (
	"strconv"
	"strings"
)

// fields reads the blank-separated fields of one record: a string in
// double quotes (a quote inside doubled, ""), or a word without
// quotes (numbers, and the host names of hostRusage, which LSF writes
// bare). Each read names the field it reads, for the record's error.
type fields struct {
	s   string // the line
	i   int    // the next byte to read
	err *fault // the first fault, nil while the record is good
}

// fault is what is wrong with a record: the field, its text and what
// was wanted there.
type fault struct {
	field, text, want string
	whole             bool // the line as a whole is at fault
}

// done reports whether the record has no more fields (or is bad).
func (f *fields) done() bool {
	for f.i < len(f.s) && (f.s[f.i] == ' ' || f.s[f.i] == '\t') {
		f.i++
	}
	return f.err != nil || f.i >= len(f.s)
}

// fail marks the record bad at field, keeping the first fault.
func (f *fields) fail(field, text, want string) {
	if f.err == nil {
		f.err = &fault{field: field, text: text, want: want}
	}
}

// next reads the next field: its text (quotes removed, doubled quotes
// undone) and whether it was quoted.
func (f *fields) next(field string) (string, bool) {
	if f.done() {
		if f.err == nil {
			f.fail(field, "..."+f.s[max(0, len(f.s)-40):], "the field "+field+" (the record ends before it)")
		}
		return "", false
	}
	s := f.s
	if s[f.i] != '"' {
		start := f.i
		for f.i < len(s) && s[f.i] != ' ' && s[f.i] != '\t' {
			f.i++
		}
		return s[start:f.i], false
	}
	start, escaped := f.i+1, false
	for j := start; j < len(s); j++ {
		if s[j] != '"' {
			continue
		}
		if j+1 < len(s) && s[j+1] == '"' {
			escaped = true
			j++
			continue
		}
		if j+1 < len(s) && s[j+1] != ' ' && s[j+1] != '\t' {
			f.fail(field, s[f.i:min(len(s), j+2)], "a quoted string followed by a blank")
			return "", false
		}
		f.i = j + 1
		v := s[start:j]
		if escaped {
			v = strings.ReplaceAll(v, `""`, `"`)
		}
		return v, true
	}
	f.fail(field, s[f.i:], "a string closed by its quote (\"\" for a quote inside it)")
	return "", false
}

// str reads a quoted string.
func (f *fields) str(field string) string {
	v, quoted := f.next(field)
	if !quoted && f.err == nil {
		f.fail(field, v, "a string in double quotes")
	}
	return v
}

// word reads a string, quoted or not (hostRusage's host names are not).
func (f *fields) word(field string) string {
	v, _ := f.next(field)
	return v
}

// int reads a whole number, unquoted.
func (f *fields) int(field string) int64 {
	v, quoted := f.next(field)
	if f.err != nil {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || quoted {
		f.fail(field, v, "a whole number")
		return 0
	}
	return n
}

// count reads the length of a list that follows: a whole number from 0
// to the fields the record has left, so a damaged count cannot make a
// record read far past its end.
func (f *fields) count(field string) int {
	n := f.int(field)
	if f.err != nil {
		return 0
	}
	if n < 0 || n > int64(len(f.s)-f.i) {
		f.fail(field, strconv.FormatInt(n, 10), "a count from 0 to the fields the record has left")
		return 0
	}
	return int(n)
}

// float reads a number, unquoted.
func (f *fields) float(field string) float64 {
	v, quoted := f.next(field)
	if f.err != nil {
		return 0
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || quoted || x != x || x > 1e300 || x < -1e300 {
		f.fail(field, v, "a number")
		return 0
	}
	return x
}

// skip reads a field whose value no frame keeps, quoted or not.
func (f *fields) skip(field string) { f.next(field) }
