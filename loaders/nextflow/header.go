package nextflow

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/loaders/source"
)

// layout is what a trace's header says: the delimiter and each field's
// spec, with the positions of the fields the tasks frame derives from.
type layout struct {
	delim  byte
	specs  []spec
	header string
	// positions (-1: absent)
	taskID, process, name, status, attempt, cpuPct, realtime int
	submit, start, complete, duration                        int
}

// delimiters a trace may be written with (trace.sep): a tab by default.
var delimiters = []byte{'\t', ',', ';', '|'}

// headerFields splits a header line on the first delimiter that gives
// field names only (lower case words, as Nextflow's: task_id, %cpu), two
// or more of them Nextflow's, one of which identifies a task. A name
// Nextflow does not know (a field of a later release) may stand among
// them.
func headerFields(line []byte) (byte, []string, bool) {
	for _, d := range delimiters {
		if bytes.IndexByte(line, d) < 0 {
			continue
		}
		fields := strings.Split(string(line), string(d))
		knownCount, id := 0, false
		for _, f := range fields {
			if !fieldName(f) {
				knownCount = -1
				break
			}
			if _, ok := known[f]; ok {
				knownCount++
			}
			switch f {
			case "task_id", "hash", "name", "process", "native_id":
				id = true
			}
		}
		if knownCount >= 2 && id {
			return d, fields, true
		}
	}
	return 0, nil, false
}

// fieldName reports whether f has the shape of a trace field name.
func fieldName(f string) bool {
	if f == "" {
		return false
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		if !(c >= 'a' && c <= 'z' || c == '_' || c == '%' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// sniff reports whether head starts with a trace header.
func sniff(head []byte) bool {
	_, _, ok := headerFields(source.FirstLine(head))
	return ok
}

// readHeader reads the header line of file. A field name Nextflow does
// not know is kept as text only when the others are known (a field of a
// later Nextflow); a repeated name is an error.
func readHeader(line []byte, file string) (*layout, error) {
	d, fields, ok := headerFields(line)
	if !ok {
		bad := func(want string) error {
			return &source.ParseError{File: file, Line: 1, Text: source.Clip(string(line), 80), Want: want, Err: source.ErrBadHeader}
		}
		if len(line) == 0 {
			return nil, bad("the trace's header line (the file is empty)")
		}
		return nil, bad("a Nextflow trace header: field names such as task_id, hash, name, status, separated by tabs (trace.sep)")
	}
	l := &layout{delim: d, header: string(line), taskID: -1, process: -1, name: -1, status: -1, attempt: -1, cpuPct: -1, realtime: -1,
		submit: -1, start: -1, complete: -1, duration: -1}
	seen := map[string]bool{}
	for i, f := range fields {
		s := specOf(f)
		if seen[s.column] {
			return nil, &source.ParseError{File: file, Line: 1, Field: f, Text: source.Clip(string(line), 80), Want: "each field once", Err: source.ErrBadHeader}
		}
		seen[s.column] = true
		l.specs = append(l.specs, s)
		switch f {
		case "task_id":
			l.taskID = i
		case "process":
			l.process = i
		case "name":
			l.name = i
		case "status":
			l.status = i
		case "attempt":
			l.attempt = i
		case "%cpu":
			l.cpuPct = i
		case "realtime":
			l.realtime = i
		case "submit":
			l.submit = i
		case "start":
			l.start = i
		case "complete":
			l.complete = i
		case "duration":
			l.duration = i
		}
	}
	return l, nil
}

// derivesTimes reports whether the trace's end (and start) are derived
// from submit, duration and realtime: it has submit and duration but no
// complete, as the default trace.fields.
func (l *layout) derivesTimes() bool {
	return l.complete < 0 && l.submit >= 0 && l.duration >= 0
}

// fieldCountError says how a record's field count differs.
func fieldCountError(want, got int) string {
	return fmt.Sprintf("%d fields as the header has (this record has %d)", want, got)
}
