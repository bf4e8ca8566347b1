package main

import (
	"flag"
	"time"

	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

// windowFlags are the --from, --to and --source options of report and
// the analysis commands.
type windowFlags struct {
	from, to, sources *string
}

func addWindowFlags(fs *flag.FlagSet) windowFlags {
	return windowFlags{
		from:    fs.String("from", "", "keep what was active at or after this time: RFC 3339 (2024-05-01T10:00:00Z), +DURATION after the data's start (+10m) or -DURATION before its end"),
		to:      fs.String("to", "", "keep what was active at or before this time (the same forms as --from)"),
		sources: addSourceFlag(fs),
	}
}

// open reports whether neither --from nor --to is set: nothing is cut
// to a window.
func (wf windowFlags) open() bool { return *wf.from == "" && *wf.to == "" }

// options are the load options of the flags: --source, and the sides of
// the window that name a time pushed down to a lake's reader (a side
// relative to the data's start or end is open there: the data are not
// read yet).
func (wf windowFlags) options(lenient bool) loaders.Options {
	o := loaders.Options{Lenient: lenient, Sources: sourceList(*wf.sources)}
	if w, err := ops.ParseWindow(*wf.from, "", time.Time{}, time.Time{}); err == nil {
		o.Window.From = w.From
	}
	if w, err := ops.ParseWindow("", *wf.to, time.Time{}, time.Time{}); err == nil {
		o.Window.To = w.To
	}
	return o
}

// cut parses the window against d's time span (the log's first and last
// record, else the earliest and latest time of its frames) and cuts d's
// frames to it (ops.Window.Frame); a window with both sides open leaves
// d as it is.
func (wf windowFlags) cut(d *loaders.Dataset) (ops.Window, error) {
	w, err := wf.parse(d)
	if err == nil && !w.IsZero() {
		d.Frames = w.Frames(d.Frames)
	}
	return w, err
}

// parse parses the window against d's time span (see cut) without
// cutting d.
func (wf windowFlags) parse(d *loaders.Dataset) (ops.Window, error) {
	if wf.open() {
		return ops.Window{}, nil
	}
	start, end := dataSpan(d)
	w, err := ops.ParseWindow(*wf.from, *wf.to, start, end)
	if err != nil {
		return ops.Window{}, usagef("%v", err)
	}
	return w, nil
}

// dataSpan returns the first and last times of d: its log's when it is
// one ordered log, else those of its frames (zero when it holds none).
func dataSpan(d *loaders.Dataset) (start, end time.Time) {
	if d.HasLogSpan {
		return time.UnixMicro(d.LogStart).UTC(), time.UnixMicro(d.LogEnd).UTC()
	}
	if lo, hi, ok := d.Span(); ok {
		return time.UnixMicro(lo).UTC(), time.UnixMicro(hi).UTC()
	}
	return time.Time{}, time.Time{}
}
