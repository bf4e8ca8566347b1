package source

import (
	"errors"
	"fmt"
	"strings"
)

// Warning is one problem noticed while loading.
type Warning struct {
	File  string
	Line  int // 1-based; 0 when not tied to a line
	Field string
	Text  string // the offending text, truncated
	Msg   string
}

// String renders the warning as "file:line: field F: message (got \"text\")".
func (w Warning) String() string {
	var b strings.Builder
	b.WriteString(w.File)
	if w.Line > 0 {
		fmt.Fprintf(&b, ":%d", w.Line)
	}
	b.WriteString(": ")
	if w.Field != "" {
		fmt.Fprintf(&b, "field %s: ", w.Field)
	}
	b.WriteString(w.Msg)
	if w.Text != "" {
		fmt.Fprintf(&b, " (got %q)", w.Text)
	}
	return b.String()
}

// ParseError is a bad record in strict mode.
type ParseError struct {
	File  string
	Line  int
	Field string // the field at fault, "" for the whole line
	Text  string // the offending text, truncated to 80 bytes
	Want  string // what was expected
	Err   error  // the underlying error, if any
}

// Error renders the error as "file:line: field F: got \"text\", want ...".
func (e *ParseError) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "%s:%d: ", e.File, e.Line)
	} else {
		fmt.Fprintf(&b, "%s: ", e.File) // a binary file, or the file as a whole
	}
	if e.Field != "" {
		fmt.Fprintf(&b, "field %s: ", e.Field)
	}
	fmt.Fprintf(&b, "got %q, want %s", e.Text, e.Want)
	if e.Err != nil {
		fmt.Fprintf(&b, " (%v)", e.Err)
	}
	return b.String()
}

// Unwrap returns the underlying error, if any.
func (e *ParseError) Unwrap() error { return e.Err }

// ErrBadHeader marks a ParseError about a file's header: without a good
// header no record can be read, so even lenient mode stops there.
var ErrBadHeader = errors.New("bad header")

// HeaderError marks err as a fault of what every record depends on (a
// document that does not decode, data that cannot be found in a page):
// like a bad header, no record can be read past it, so it matches both
// err and ErrBadHeader and even lenient mode stops there.
func HeaderError(err error) error { return headerError{err} }

type headerError struct{ err error }

func (e headerError) Error() string   { return e.err.Error() }
func (e headerError) Unwrap() []error { return []error{e.err, ErrBadHeader} }

// Clip truncates s to n bytes for messages, marking the cut.
func Clip(s string, n int) string {
	if len(s) <= n {
		return strings.Clone(s) // s may be a view of a reused line buffer
	}
	return s[:n] + "..."
}

// Problems collects bad records: in strict mode the first one is the
// error; in lenient mode each becomes a warning.
type Problems struct {
	File     string    // the input, as errors and warnings name it
	Lenient  bool      // skip bad records instead of failing
	Warnings []Warning // what was reported, in order
	Skipped  int       // bad records skipped (lenient mode)
	// MaxLine bounds a line or record (bytes; 0: DefaultMaxLineBytes).
	MaxLine int
	badUTF8 int // records read with bytes that are not UTF-8 (lenient mode)
}

// LineLimit returns p.MaxLine, or its default.
func (p *Problems) LineLimit() int {
	if p.MaxLine > 0 {
		return p.MaxLine
	}
	return DefaultMaxLineBytes
}

// BadUTF8 reports the record at line whose text holds a byte that is not
// UTF-8 at offset at, in field (a JSON decoder reads it as U+FFFD). In
// strict mode it returns the error; in lenient mode the record is kept
// as read: the first such record is a warning, the rest are counted in
// Finish's total.
func (p *Problems) BadUTF8(line int, field string, text []byte, at int) error {
	shown := Clip(strings.ToValidUTF8(string(text[max(0, at-30):min(len(text), at+30)]), "\ufffd"), 80)
	if !p.Lenient {
		return &ParseError{File: p.File, Line: line, Field: field, Text: shown,
			Want: fmt.Sprintf("UTF-8 text (byte 0x%02x is not)", text[at])}
	}
	if p.badUTF8++; p.badUTF8 == 1 {
		p.Warnings = append(p.Warnings, Warning{File: p.File, Line: line, Field: field, Text: shown,
			Msg: fmt.Sprintf("byte 0x%02x is not UTF-8: read as U+FFFD", text[at])})
	}
	return nil
}

// Bad reports a bad record; it returns a non-nil error in strict mode.
func (p *Problems) Bad(line int, field, text, want string, err error) error {
	if !p.Lenient {
		return &ParseError{File: p.File, Line: line, Field: field, Text: Clip(text, 80), Want: want, Err: err}
	}
	msg := "skipped: want " + want
	if err != nil {
		msg += " (" + err.Error() + ")"
	}
	p.Warnings = append(p.Warnings, Warning{File: p.File, Line: line, Field: field, Text: Clip(text, 80), Msg: msg})
	p.Skipped++
	return nil
}

// Note records a warning in both modes.
func (p *Problems) Note(line int, field, text, msg string) {
	p.Warnings = append(p.Warnings, Warning{File: p.File, Line: line, Field: field, Text: Clip(text, 80), Msg: msg})
}

// Mark returns the current count of warnings and skips, for rollback.
func (p *Problems) Mark() [2]int { return [2]int{len(p.Warnings), p.Skipped} }

// Rollback forgets what was reported since m; it reports whether
// anything was.
func (p *Problems) Rollback(m [2]int) bool {
	changed := len(p.Warnings) != m[0]
	p.Warnings, p.Skipped = p.Warnings[:m[0]], m[1]
	return changed
}

// Truncated reports a bad last line that lacks its newline: a log still
// being written. It is a warning in both modes.
func (p *Problems) Truncated(line int, text string) {
	p.Note(line, "", text, "truncated last line (is the log still being written?); ignored")
}

// Finish appends the totals of records read with bytes that are not
// UTF-8 (when more than one) and of skipped records, if any.
func (p *Problems) Finish() []Warning {
	if p.badUTF8 > 1 {
		p.Warnings = append(p.Warnings, Warning{File: p.File, Msg: fmt.Sprintf("%d records held bytes that are not UTF-8, read as U+FFFD (lenient mode)", p.badUTF8)})
	}
	if p.Skipped > 0 {
		p.Warnings = append(p.Warnings, Warning{File: p.File, Msg: fmt.Sprintf("%d bad records skipped in total (lenient mode)", p.Skipped)})
	}
	return p.Warnings
}
