package hyperqueue

// The flat decoder of the task events that make most of a journal
// (task-started, -finished, -failed, -canceled), without reflection.

import (
	"unicode/utf8"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/internal/records"
)

// flatEvent is a flat journal line: a task started, finished, failed or
// canceled event, an object of integers and at most an error and a reason
// text.
type flatEvent struct {
	typ    uint8 // index into flatTypes
	t      int64 // the line's time, µs since the epoch
	ints   [flInts]int64
	has    uint16         // bit i: ints[i] is present (not absent or null)
	err    bytesconv.Span // the "error" value's JSON text in the line (to == 0: absent)
	reason bytesconv.Span // likewise "reason"
}

// The integer fields of a flat line, in flatEvent.ints.
const (
	flJob = iota
	flJobID
	flJobIDDash
	flTask
	flInstance
	flWorker
	flVariant
	flID
	flInts
)

// flatMembers reads the members of a flat line's event object into f
// (decodeFlat); flat turns false at a member the fast path leaves to
// the full decoder.
type flatMembers struct {
	line          []byte // the whole line, which the texts' spans index
	f             *flatEvent
	typ           []byte // the "type" value's JSON text
	hasType, flat bool
}

// member reads one member of the event object (v a slice of m.line).
func (m *flatMembers) member(key, v []byte) error {
	var i int
	switch string(key) {
	case "type":
		m.typ, m.hasType = v, true
		return nil
	case "error", "reason":
		if !utf8.Valid(v) { // the full decoder keeps invalid UTF-8 as it is, jsonText would replace it
			m.flat = false
			return records.ErrInputEnds
		}
		from := int32(cap(m.line) - cap(v)) // v's offset in line
		s := bytesconv.Span{From: from, To: from + int32(len(v))}
		if key[0] == 'e' {
			m.f.err = s
		} else {
			m.f.reason = s
		}
		if _, _, err := jsontext.Text(v); err != nil {
			m.flat = false
			return err
		}
		return nil
	case "job":
		i = flJob
	case "job_id":
		i = flJobID
	case "job-id":
		i = flJobIDDash
	case "task":
		i = flTask
	case "instance":
		i = flInstance
	case "worker":
		i = flWorker
	case "variant":
		i = flVariant
	case "id":
		i = flID
	default:
		m.flat = false
		return records.ErrInputEnds
	}
	x, ok, err := jsontext.Int(v)
	if err != nil {
		m.flat = false
		return err
	}
	m.f.ints[i] = x
	if ok {
		m.f.has |= 1 << i
	} else {
		m.f.has &^= 1 << i
	}
	return nil
}

// flatTypes are the event types a flat line may have.
var flatTypes = [...]string{"task-started", "task-finished", "task-failed", "task-canceled"}

// decodeFlat decodes the journal's bulk (task started, finished and
// failed events: flat objects of integers and a few strings) with the
// in-place scanner, without reflection or an allocation per field; it
// reports false for any other line, which goes through the full decoder
// (so both read the same fields the same way: FuzzHQFlat checks it).
func decodeFlat(line []byte, f *flatEvent) bool {
	*f = flatEvent{}
	m := flatMembers{line: line, f: f, flat: true}
	var at []byte // the "time" value's JSON text
	hasTime := false
	// The line's own object, {"event": {...}, "time": "..."}, is walked
	// here rather than by eachMember so that the event object is scanned
	// once (scanMembers calls member as it goes), not once to skip it and
	// again to read it. Outside strings a valid line is ASCII, and the
	// strings read are the keys (escaped ones are left to the full
	// decoder), the type and time (compared and parsed: any other byte
	// fails), and the texts (checked above): no utf8.Valid over the line.
	i := jsontext.SkipWS(line, 0)
	if i >= len(line) || line[i] != '{' {
		return false
	}
	i = jsontext.SkipWS(line, i+1)
	for i < len(line) && line[i] != '}' {
		if line[i] != '"' {
			return false
		}
		end, escaped, err := jsontext.ScanStringEsc(line, i)
		if err != nil || escaped {
			return false
		}
		key := line[i+1 : end-1]
		if i = jsontext.SkipWS(line, end); i >= len(line) || line[i] != ':' {
			return false
		}
		i = jsontext.SkipWS(line, i+1)
		switch string(key) {
		case "event":
			if i >= len(line) || line[i] != '{' {
				return false
			}
			if i, err = jsontext.ScanMembers(line, i, 1, m.member); err != nil || !m.flat {
				return false
			}
		case "time":
			start := i
			if i, err = jsontext.ScanValue(line, i, 1); err != nil {
				return false
			}
			at, hasTime = line[start:i], true
		default:
			return false
		}
		if i = jsontext.SkipWS(line, i); i < len(line) && line[i] == ',' {
			if i = jsontext.SkipWS(line, i+1); i < len(line) && line[i] == '}' {
				return false // a trailing comma
			}
		} else if i >= len(line) || line[i] != '}' {
			return false
		}
	}
	if i >= len(line) || jsontext.SkipWS(line, i+1) != len(line) || !m.hasType || !hasTime {
		return false
	}
	t, ok, err := jsontext.Text(m.typ)
	tm, ok2, err2 := jsontext.Text(at)
	if err != nil || err2 != nil || !ok || !ok2 {
		return false
	}
	f.typ = 255
	for i, name := range flatTypes {
		if string(t) == name {
			f.typ = uint8(i)
		}
	}
	if f.typ == 255 {
		return false
	}
	if f.t, err = frame.ParseMicros(bytesconv.String(tm)); err != nil {
		return false // the full path reports the bad time
	}
	return true
}

// event returns the flat line's event as the full decoder fills it; line
// is the text decodeFlat read.
func (f *flatEvent) event(line []byte) journalEvent {
	e := journalEvent{Type: &flatTypes[f.typ]}
	opt := func(i int) jsontext.OptInt { return jsontext.OptInt{V: f.ints[i], OK: f.has&(1<<i) != 0} }
	e.Job, e.JobID, e.JobIDDash = opt(flJob), opt(flJobID), opt(flJobIDDash)
	e.Task, e.Instance, e.Worker = opt(flTask), opt(flInstance), opt(flWorker)
	e.Variant, e.ID = opt(flVariant), opt(flID)
	text := func(s bytesconv.Span) *string {
		if s.To == 0 {
			return nil
		}
		t, ok, _ := jsontext.Text(line[s.From:s.To])
		if !ok {
			return nil
		}
		v := string(t)
		return &v
	}
	e.Error, e.Reason = text(f.err), text(f.reason)
	return e
}
