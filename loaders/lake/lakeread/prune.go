package lakeread

import (
	"slices"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// Window is a time window whose cut (ops.Window.Frame) follows the
// read: row groups in which it would keep no row are not read. The rows
// of the row groups read are all returned; the caller cuts them.
type Window struct {
	// From and To are the window's sides; a zero side is open.
	From, To time.Time
	// Columns are, by frame, the columns the frames will have when they
	// are cut (the load's projection; a frame not named keeps all its
	// columns): the cut reads a row's begin among those. Omit are the
	// columns the projection leaves out besides (source.Options.Omit).
	Columns map[string][]string
	Omit    map[string][]string
}

// IsZero reports whether the window has both sides open.
func (w Window) IsZero() bool { return w.From.IsZero() && w.To.IsZero() }

// keepRowGroup returns the row-group filter of the parts of frame name
// (nil when the window prunes nothing). ops.Window keeps a row unless
// it begins after To or ends before From, where its begin is the first
// of schema.Begins that holds a time and its end the value of the first
// of schema.Ends the frame has. A row group goes unread only when its
// statistics show that of every row:
//   - To: the first begin column the part has holds no null and its
//     least value is after To (so each row's begin is that column's);
//   - From: the frame's end column holds no null and its greatest value
//     is before From. The end column is the first of schema.Ends that the
//     canonical frame has, and only when the part has it too: a frame
//     merged with another source's may gain an end column this part
//     lacks, and the cut would then read that one.
func (w Window) keepRowGroup(name string) func(frame.RowGroup) bool {
	if w.IsZero() {
		return nil
	}
	cols, projected := w.Columns[name]
	cols = source.ColumnNames(cols)
	kept := func(c string) bool {
		return (!projected || slices.Contains(cols, c)) && !slices.Contains(w.Omit[name], c)
	}
	has := func(g frame.RowGroup, c string) bool { return g.Has(c) && kept(c) }
	end := canonicalEnd(name)
	if end != "" && !kept(end) {
		end = ""
	}
	from, to := w.From.UnixMicro(), w.To.UnixMicro()
	return func(g frame.RowGroup) bool {
		if !w.To.IsZero() {
			for _, c := range schema.Begins() {
				if !has(g, c) || !g.IsTime(c) {
					continue
				}
				if lo, _, nulls, ok := g.TimeRange(c); ok && nulls == 0 && lo > to {
					return false
				}
				break
			}
		}
		if !w.From.IsZero() && end != "" && has(g, end) {
			if _, hi, nulls, ok := g.TimeRange(end); ok && nulls == 0 && hi < from {
				return false
			}
		}
		return true
	}
}

// canonicalEnd is the end column of the canonical frame name: the first
// of schema.Ends it has ("" for none, or a frame not in the schema).
func canonicalEnd(name string) string {
	f, ok := schema.Lookup(name)
	if !ok {
		return ""
	}
	for _, c := range schema.Ends() {
		if _, has := f.Column(c); has {
			return c
		}
	}
	return ""
}
