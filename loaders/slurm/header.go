package slurm

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
)

// layout is what the header line says about every record of a file.
type layout struct {
	delim    byte
	trailing bool // sacct -p: every line ends with the delimiter
	specs    []spec
	index    map[string]int // lower-case field name → position
	canJoin  bool           // a free-text field may hold a newline
	idField  int            // JobID, or JobIDRaw when the header lacks it
	loc      *time.Location
	header   string
	seed     maphash.Seed // of the JobID hashes that number attempts
	skip     []bool       // per field: read only to check it, not kept (named, keeps)
	slots    slots        // where each field's values go (slots.go)
	at       rowFields    // the fields a row's derived values are read from
}

// field returns the position of a field by its lower-case name, or -1.
func (l *layout) field(lower string) int {
	if i, ok := l.index[lower]; ok {
		return i
	}
	return -1
}

// readHeader reads sacct's header line: field names separated by one
// delimiter byte ('|' for --parsable2, any other with --delimiter).
// keep says which columns the load keeps (nil: all): a field the
// loader does not read by name (named) whose columns keep leaves out
// is only checked, not kept.
func readHeader(line []byte, file string, loc *time.Location, keep func(col string) bool) (*layout, error) {
	text := string(line)
	bad := func(want string) error {
		return &source.ParseError{File: file, Line: 1, Text: source.Clip(text, 80), Want: want, Err: source.ErrBadHeader}
	}
	delim := byte(0)
	for i := 0; i < len(text); i++ {
		if c := text[i]; !isNameByte(c) {
			delim = c
			break
		}
	}
	if delim == 0 || delim == ' ' {
		return nil, bad("sacct's header line, field names separated by | (sacct --parsable2) or by --delimiter")
	}
	if looksLikeRecord(text) {
		return nil, bad("sacct's header line first: this file starts with a record (run sacct without -n/--noheader; jobframe reads the fields by their names)")
	}
	l := &layout{delim: delim, index: map[string]int{}, loc: loc, header: text, seed: maphash.MakeSeed()}
	if text[len(text)-1] == delim { // sacct -p (--parsable)
		l.trailing, text = true, text[:len(text)-1]
	}
	for i, name := range strings.Split(text, string(delim)) {
		if name == "" || strings.IndexFunc(name, func(r rune) bool { return r > 127 || !isNameByte(byte(r)) }) >= 0 {
			return nil, bad(fmt.Sprintf("a field name at position %d (letters and digits, as sacct --format names them)", i+1))
		}
		lower := strings.ToLower(name)
		if _, dup := l.index[lower]; dup {
			return nil, bad(fmt.Sprintf("each field once (%s appears twice)", name))
		}
		l.index[lower] = i
		s := specOf(name)
		l.canJoin = l.canJoin || s.kind == kFree
		l.specs = append(l.specs, s)
		l.skip = append(l.skip, keep != nil && !named[lower] && !slices.ContainsFunc(s.columns(), keep))
	}
	if l.field("jobid") < 0 && l.field("jobidraw") < 0 {
		return nil, bad("a JobID or JobIDRaw field (sacct --format=JobID,...)")
	}
	l.idField = l.field("jobid")
	if l.idField < 0 {
		l.idField = l.field("jobidraw")
	}
	l.slots = assignSlots(l)
	l.at = findRowFields(l)
	return l, nil
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// looksLikeRecord reports whether a first line is a record rather than a
// header: it starts with a JobID.
func looksLikeRecord(line string) bool {
	first := line
	if i := strings.IndexFunc(line, func(r rune) bool { return r == '|' || r == '\t' }); i >= 0 {
		first = line[:i]
	}
	_, err := parseJobID(first)
	return err == nil
}

// sniff reports whether head starts with sacct output: a header naming
// JobID or JobIDRaw among field names, or (so that the load can say what
// is missing) a header-less record that starts with a JobID and has a
// Slurm state among its |-separated fields.
func sniff(head []byte) bool {
	line := string(head)
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimRight(line, "\r")
	for _, d := range []string{"|", "\t"} {
		fields := strings.Split(line, d)
		if len(fields) < 2 {
			continue
		}
		for _, f := range fields {
			switch strings.ToLower(f) {
			case "jobid", "jobidraw":
				return allNames(fields)
			}
		}
	}
	if !looksLikeRecord(line) {
		return false
	}
	for _, f := range strings.Split(line, "|") {
		if w, _, _ := strings.Cut(f, " "); w != "" && strings.ToUpper(w) == w {
			if _, err := parseState(f); err == nil {
				return true
			}
		}
	}
	return false
}

func allNames(fields []string) bool {
	for i, f := range fields {
		if f == "" && i == len(fields)-1 {
			continue // sacct -p's trailing delimiter
		}
		if f == "" {
			return false
		}
		for j := 0; j < len(f); j++ {
			if !isNameByte(f[j]) {
				return false
			}
		}
	}
	return true
}
