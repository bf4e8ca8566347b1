package lakeread

import (
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
)

// skimming returns the row-group filter of a part of frame name whose
// rows o reads only for their times' span unless they hold one of the
// columns o.SpanOnly lists for that frame (nil when o lists none, or
// sets a Window or SourceRows, whose cuts apply to rows). A row group
// is not read when it holds none of those columns nor a run column the
// read keeps (a log of several runs spans each on its rows; without
// that column the frame's rows count in no run's span but for a log of
// one run, as the skimmed ones do) and its footer gives the exact least
// and greatest value of each time column the read keeps (cols, the
// part's projection, nil for all; keepColumn, when set): those values
// widen ext instead, and their rows count in rows.
func skimming(name string, o Options, cols []string, keepColumn func(string, frame.Type) bool, ext *source.Extent, rows *int) func(frame.RowGroup) bool {
	needed, ok := o.SpanOnly[name]
	if !ok || !o.Window.IsZero() || o.SourceRows != nil {
		return nil
	}
	kept := func(c string, t frame.Type) bool {
		return (cols == nil || slices.Contains(cols, c)) && (keepColumn == nil || keepColumn(c, t))
	}
	needed = source.ColumnNames(needed)
	if kept("run", frame.Int64) {
		needed = append(needed, "run")
	}
	return func(g frame.RowGroup) bool {
		if slices.ContainsFunc(needed, g.Has) {
			return true
		}
		var span source.Extent
		for _, c := range g.Names() {
			if !g.IsTime(c) || !kept(c, frame.Time) {
				continue
			}
			lo, hi, exact := g.TimeSpan(c)
			if !exact {
				return true
			}
			span.Add(lo, hi)
		}
		ext.Join(span)
		*rows += int(g.NumRows())
		return false
	}
}
