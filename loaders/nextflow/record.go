package nextflow

import (
	"bytes"
	"time"

	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
)

// value is one field read: i for integers, dates (µs) and byte counts,
// f for durations (s), sizes (MiB), percentages and numbers; s for text
// (a view of the line).
type value struct {
	i  int64
	f  float64
	s  string
	ok bool
}

// record is one trace line decoded on a worker goroutine.
type record struct {
	vals  []value
	count int   // fields found
	bad   int   // the first field that does not read, or -1
	err   error // why
}

// Reusable lets the line pipeline recycle decoded records.
func (r *record) Reusable() {}

// decoder reads records of one layout in one time zone.
type decoder struct {
	lay *layout
	loc *time.Location
}

// decode splits line on the delimiter and reads each field by its kind;
// it touches nothing shared, so it runs on the worker goroutines. The
// texts it keeps are views of line.
func (d decoder) decode(line []byte, r *record) {
	n := len(d.lay.specs)
	r.bad, r.err = -1, nil
	r.count = bytes.Count(line, []byte{d.lay.delim}) + 1
	if r.count != n {
		return
	}
	if cap(r.vals) < n {
		r.vals = make([]value, n)
	}
	r.vals = r.vals[:n]
	rest := line
	for i, s := range d.lay.specs {
		var field []byte
		if k := bytes.IndexByte(rest, d.lay.delim); k >= 0 {
			field, rest = rest[:k], rest[k+1:]
		} else {
			field, rest = rest, nil
		}
		if err := d.read(s.kind, bytesconv.String(field), &r.vals[i]); err != nil {
			r.bad, r.err = i, err
			return
		}
	}
}

// read reads text of kind k into v.
func (d decoder) read(k kind, text string, v *value) error {
	*v = value{}
	var err error
	switch k {
	case kText:
		v.s, v.ok = text, text != null && text != ""
	case kStatus:
		v.s, v.ok = text, text != null && text != ""
		if v.ok {
			if _, known := stateOf(text); !known {
				return errBad
			}
		}
	case kInt, kExit:
		v.i, v.ok, err = parseInt(text)
	case kFloat:
		v.f, v.ok, err = parseFloat(text)
	case kDate:
		v.i, v.ok, err = parseDate(text, d.loc)
	case kDuration:
		v.f, v.ok, err = parseDuration(text)
	case kMemory:
		v.f, v.ok, err = parseMiB(text)
	case kBytes:
		v.i, v.ok, err = parseMemory(text)
	case kPercent:
		v.f, v.ok, err = parsePercent(text)
	}
	return err
}
