package nextflow

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/jobframe/jobframe/loaders/internal/arena"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// entryDecoder reads timeline entries straight from their text, as
// encoding/json would decode them into timelineEntry, without
// reflection: labels are views of the text, and the numbers of a page's
// segments are allocated a block at a time. An entry it cannot read (a type
// error, or syntax it does not take) is an error, and the page is then
// decoded by encoding/json; FuzzEntryDecoder holds the two to the same
// result.
type entryDecoder struct {
	ints  arena.Arena[int64] // the segments' times
	bools arena.Arena[bool]  // the entries' cached flags
	segs  []timelineSegment  // zero segments, handed out three at a time
}

// errEntryType is a member whose value is not of the field's type.
var errEntryType = errors.New("a timeline member of another type")

// decode reads the entry object b into e (a zero entry).
func (d *entryDecoder) decode(b []byte, e *timelineEntry) error {
	if string(b) == "null" {
		return nil
	}
	return jsontext.EachMember(b, func(key, val []byte) error {
		switch {
		case bytes.EqualFold(key, []byte("label")):
			return jsontext.StringInto(val, &e.Label)
		case bytes.EqualFold(key, []byte("cached")):
			return d.boolean(val, &e.Cached)
		case bytes.EqualFold(key, []byte("index")):
			return d.integer(val, &e.Index)
		case bytes.EqualFold(key, []byte("times")):
			return d.times(val, e)
		}
		return nil
	})
}

// times reads the segments, as encoding/json does (ObjectsInto). A first
// list starts in three zero segments of a block (Nextflow writes at most
// three), as empty as the nil list encoding/json starts from.
func (d *entryDecoder) times(val []byte, e *timelineEntry) error {
	if e.Times == nil {
		if len(d.segs) < 3 {
			d.segs = make([]timelineSegment, 3*arena.Block)
		}
		e.Times, d.segs = d.segs[:0:3], d.segs[3:]
	}
	return jsontext.ObjectsInto(val, &e.Times, func(s *timelineSegment, key, val []byte) error {
		switch {
		case bytes.EqualFold(key, []byte("starting_time")):
			return d.integer(val, &s.Start)
		case bytes.EqualFold(key, []byte("ending_time")):
			return d.integer(val, &s.End)
		case bytes.EqualFold(key, []byte("label")):
			return jsontext.StringInto(val, &s.Label)
		}
		return nil
	})
}

// integer reads an integer (digits only, as encoding/json reads one into
// an int64) into *p; null makes it nil.
func (d *entryDecoder) integer(val []byte, p **int64) error {
	if string(val) == "null" {
		*p = nil
		return nil
	}
	v, err := strconv.ParseInt(bytesconv.String(val), 10, 64)
	if err != nil {
		return errEntryType
	}
	*p = d.ints.New(v)
	return nil
}

// boolean reads true or false into *p; null makes it nil.
func (d *entryDecoder) boolean(val []byte, p **bool) error {
	var v bool
	switch string(val) {
	case "null":
		*p = nil
		return nil
	case "true":
		v = true
	case "false":
	default:
		return errEntryType
	}
	*p = d.bools.New(v)
	return nil
}
