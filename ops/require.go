package ops

import (
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// MissingColumnsError is the error of an op given a frame without the
// columns it reads.
type MissingColumnsError struct {
	// Op names the op ("Busy").
	Op string
	// Missing are the columns the frame lacks, in the op's order.
	Missing []string
	// Frame is the canonical frame whose columns the op reads
	// ("placements"), or "" for an op of other frames; a caller that
	// knows the formats can say which of them give it.
	Frame string
	// Hint says where such columns come from when Frame is "" ("Gantt
	// returns them").
	Hint string
}

// Error names the op, the missing columns and the frame (or hint) that
// has them.
func (e *MissingColumnsError) Error() string {
	from := e.Hint
	if e.Frame != "" {
		from = "the " + e.Frame + " frame has them"
	}
	return fmt.Sprintf("%s: the frame lacks column(s) %s; %s", e.Op, strings.Join(e.Missing, ", "), from)
}

// requireFrame checks that f, which an op reads as the canonical frame
// named name, has the columns cols; the error is a *MissingColumnsError
// naming the frame.
func requireFrame(op string, f *frame.Frame, name string, cols ...string) error {
	return check(op, f, &MissingColumnsError{Op: op, Frame: name}, cols)
}

// require checks that f has the columns cols, an op's frame that is no
// canonical frame (a series, a work frame); hint says where such
// columns come from.
func require(op string, f *frame.Frame, hint string, cols ...string) error {
	return check(op, f, &MissingColumnsError{Op: op, Hint: hint}, cols)
}

// check is requireFrame and require: e, with the missing columns, when
// f lacks some of cols.
func check(op string, f *frame.Frame, e *MissingColumnsError, cols []string) error {
	if f == nil {
		return fmt.Errorf("%s: no frame given", op)
	}
	if err := f.Err(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	for _, c := range cols {
		if !f.Has(c) {
			e.Missing = append(e.Missing, c)
		}
	}
	if len(e.Missing) > 0 {
		return e
	}
	return nil
}
