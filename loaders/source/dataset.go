package source

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// Dataset is what a loader returns: the canonical frames its source
// supports, by name, and the warnings of a lenient load.
type Dataset struct {
	// Source names the system whose records were read: one of the
	// Sources of the format that loaded them (each format package's
	// Source constants: "hyperqueue", "workqueue", ...), or those of a
	// load of several joined by "+" in sorted order.
	Source string
	// Files are the inputs, in the order read.
	Files []string
	// Runs are the runs of a load by loaders.Open (one per Load of a
	// format), in input order; every frame of such a load has a "run"
	// column naming the row's run. A single Load leaves Runs empty.
	Runs []Run
	// Frames holds the canonical frames by name (package schema names
	// them).
	Frames map[string]*frame.Frame
	// Warnings lists what a lenient load skipped and what any load
	// noticed (a truncated last line, unknown record kinds), in input
	// order.
	Warnings []Warning
	// LogStart and LogEnd are the times of the first and of the last
	// record of a log read in order, in µs since the Unix epoch (UTC):
	// the HyperQueue journal and the cctools transaction and performance
	// logs, whose analyses measure time from the log's first line.
	// HasLogSpan is false for sources that are not one ordered log
	// (Balsam, EPMT) and for logs without a timed record. Several logs
	// give the earliest start and the latest end.
	LogStart, LogEnd int64
	HasLogSpan       bool

	// AtEnd marks a batch (Options.Batch) handed over at the end of the
	// input, of what was still open there (tasks only queued or running):
	// a longer log may give those rows otherwise. The batches before the
	// first such one hold rows no later record changes, which lets a lake
	// keep them when the log grows.
	AtEnd bool

	// Checkpoint, on a batch before the input's end of a load asked for
	// them (Options.Checkpoints), is where a later load of the log grown
	// since can go on from, this batch handed over.
	Checkpoint *Checkpoint

	// Unbuilt names, by frame, the columns a loader did not build because
	// Options.Columns left them out: the error for a column asked for
	// that is in neither lists both. Loaders add to it with Skip.
	Unbuilt map[string][]string

	// Unread holds, of the rows a reader left out because the caller
	// cuts them afterwards (Options.SourceRows), their time columns and
	// run column: a load's runs are counted and spanned on every row
	// read or not, as they would be before the cut. loaders.Open drops it
	// once the runs are labelled.
	Unread []*frame.Frame

	// Skimmed is the span of the times of the rows a reader did not read
	// because the caller reads them only for that span
	// (Options.SpanOnly): Span counts it, and so do the runs' spans.
	Skimmed Extent
	// SkimmedRows counts, by frame, those rows (FrameRows).
	SkimmedRows map[string]int
}

// FrameRows returns the rows of frame name: those it holds and those a
// reader read only for their span (SkimmedRows); 0 when d has neither.
func (d *Dataset) FrameRows(name string) int {
	n := d.SkimmedRows[name]
	if f, ok := d.Frames[name]; ok {
		n += f.NumRows()
	}
	return n
}

// AddSkimmedRows counts n more rows of frame name read only for their
// span.
func (d *Dataset) AddSkimmedRows(name string, n int) {
	if n == 0 {
		return
	}
	if d.SkimmedRows == nil {
		d.SkimmedRows = map[string]int{}
	}
	d.SkimmedRows[name] += n
}

// Extent is a span of times, in µs since the Unix epoch (UTC); OK is
// false when it holds none.
type Extent struct {
	Start, End int64
	OK         bool
}

// Add widens e to hold lo and hi (lo <= hi).
func (e *Extent) Add(lo, hi int64) {
	if !e.OK {
		e.Start, e.End, e.OK = lo, hi, true
		return
	}
	e.Start, e.End = min(e.Start, lo), max(e.End, hi)
}

// Join widens e to hold o.
func (e *Extent) Join(o Extent) {
	if o.OK {
		e.Add(o.Start, o.End)
	}
}

// Skip records that the columns names of frame name were not built
// (Options.Columns left them out).
func (d *Dataset) Skip(name string, names ...string) {
	if len(names) == 0 {
		return
	}
	if d.Unbuilt == nil {
		d.Unbuilt = map[string][]string{}
	}
	d.Unbuilt[name] = append(d.Unbuilt[name], names...)
}

// LogSpan follows the first and last record times of an ordered log.
type LogSpan struct {
	start, end int64
	seen       bool
}

// Add takes the time t (µs) of the next record of the log.
func (s *LogSpan) Add(t int64) {
	if !s.seen {
		s.start, s.seen = t, true
	}
	s.end = t
}

// Set copies the span into d.
func (s *LogSpan) Set(d *Dataset) {
	d.LogStart, d.LogEnd, d.HasLogSpan = s.start, s.end, s.seen
}

// Frame returns the named frame, or an error listing the frames this
// dataset has.
func (d *Dataset) Frame(name string) (*frame.Frame, error) {
	if f, ok := d.Frames[name]; ok {
		return f, nil
	}
	return nil, fmt.Errorf("%s data has no %q frame; it has: %s", d.Source, name, strings.Join(d.Names(), ", "))
}

// Span returns the earliest and the latest timestamp in any of the
// dataset's frames and in the rows read only for their span (Skimmed),
// in µs since the Unix epoch (UTC); ok is false when none holds a time.
func (d *Dataset) Span() (start, end int64, ok bool) {
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	if d.Skimmed.OK {
		lo, hi = d.Skimmed.Start, d.Skimmed.End
	}
	d.EachTime(func(_ *frame.Frame, us []int64, valid []bool) {
		for k, v := range us {
			if valid[k] {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	})
	return lo, hi, lo <= hi
}

// EachTime calls fn with every time column of every frame of d: the
// frame, its values (µs since the Unix epoch, UTC) and their validity.
func (d *Dataset) EachTime(fn func(f *frame.Frame, us []int64, valid []bool)) {
	for _, f := range d.Frames {
		for i, t := range f.Types() {
			if t != frame.Time {
				continue
			}
			if us, valid, err := f.Micros(f.Names()[i]); err == nil {
				fn(f, us, valid)
			}
		}
	}
}

// Names returns the names of the dataset's frames, sorted.
func (d *Dataset) Names() []string {
	names := make([]string, 0, len(d.Frames))
	for n := range d.Frames {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// String describes the dataset as a person reads it in the REPL: its
// source and files, its runs, each frame's rows and columns, the span of
// its log and the count of its warnings (the frames themselves print as
// tables: d.Frames["tasks"]).
func (d *Dataset) String() string {
	var b strings.Builder
	files := "files"
	if len(d.Files) == 1 {
		files = "file"
	}
	fmt.Fprintf(&b, "%s dataset of %d %s", d.Source, len(d.Files), files)
	if len(d.Runs) > 1 {
		fmt.Fprintf(&b, ", %d runs", len(d.Runs))
	}
	for i, f := range d.Files {
		if i == 5 {
			fmt.Fprintf(&b, "\n  ... and %d more files", len(d.Files)-5)
			break
		}
		fmt.Fprintf(&b, "\n  file %s", f)
	}
	if d.HasLogSpan {
		fmt.Fprintf(&b, "\n  log span %s .. %s (%.3f s)", frame.FormatMicros(d.LogStart), frame.FormatMicros(d.LogEnd), float64(d.LogEnd-d.LogStart)/1e6)
	}
	for _, n := range d.Names() {
		f := d.Frames[n]
		fmt.Fprintf(&b, "\n  %-12s %8d rows x %3d columns", n, f.NumRows(), f.NumCols())
	}
	fmt.Fprintf(&b, "\n  warnings %d", len(d.Warnings))
	return b.String()
}
