// Package report writes the one-file HTML report of a loaded source:
// a summary, then a section per question (utilization against capacity,
// throughput, concurrency by state, tasks per worker, a Gantt timeline
// per worker, duration and wait distributions, measured resources,
// failures, outliers, the critical path of task graphs, and for EPMT
// the costs per operation and the process tree). Build computes the
// report as a Document (facts with values and units, charts as
// plot.Spec data, tables); Render draws it as a page whose charts the
// embedded Apache ECharts draws from that data (interactive, and the file
// opens offline and loads nothing), Encode writes it as JSON. A section
// whose data the source lacks says why instead of drawing an empty
// chart.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

// chartPoints is the number of points above which a step series is
// thinned in the page: enough for detail when zoomed in on a laptop
// screen, few enough that a million-attempt log's report stays small.
const chartPoints = 8000

// Options tune a report.
type Options struct {
	// Title heads the page; empty means "jobframe report: SOURCE".
	Title string
	// MaxTableRows bounds each table (default 20); the rest are counted.
	MaxTableRows int
	// Window, when set, limits the report to what was active in it
	// (ops.Window): rows of the dataset's frames outside it are left
	// out, time series and timelines are cut to it, and counts of ends
	// count those inside it.
	Window ops.Window
	// Rows, when set, says to which rows the dataset's frames were cut
	// before the report (the CLI's --where), for the summary.
	Rows string
	// CarbonIntensity is the grid's carbon intensity for the energy
	// section's carbon footprint, gCO2e/kWh; 0 means
	// DefaultCarbonIntensity.
	CarbonIntensity float64
}

// builder holds what the sections share while a report is built.
type builder struct {
	d       *loaders.Dataset
	o       Options
	origin  int64 // µs: the start of the log, or of the data
	hasSpan bool
	// lo and hi are the earliest and latest times of the data (µs),
	// when hasData: Dataset.Span, which scans every time column, once.
	lo, hi  int64
	hasData bool
	// durations is the tasks frame with run_s and wait_s (Durations),
	// computed once; nil when there are no attempts with start and end.
	durations *frame.Frame
	// libraries are the rows of TaskVine library instances, kept apart
	// from the tasks (nil when there are none).
	libraries *frame.Frame
}

// Write builds the report of d and writes it to w as one HTML page.
func Write(w io.Writer, d *loaders.Dataset, o Options) error {
	return Render(w, Build(d, o))
}

// Render writes a built report to w as one HTML page.
func Render(w io.Writer, doc *Document) error { return writeHTML(w, doc) }

// Encode writes a built report to w as one JSON document (Document;
// docs/report-json.md), indented by one space.
func Encode(w io.Writer, doc *Document) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// Build computes the report of d: its sections' figures, charts and
// tables.
func Build(d *loaders.Dataset, o Options) *Document {
	o = o.withDefaults(d.Source)
	parts := newBuilder(d, o).parts()
	builds := make([]func() Section, len(parts))
	for i, p := range parts {
		builds[i] = p.build
	}
	return document(d, o, buildAll(builds))
}

// withDefaults returns o with its defaults set for a source named src.
func (o Options) withDefaults(src string) Options {
	if o.MaxTableRows <= 0 {
		o.MaxTableRows = 20
	}
	if o.Title == "" {
		o.Title = "jobframe report: " + src
	}
	return o
}

// part is one section of the report to build; ofWorkers marks those
// that read the placements and workers and never the tasks (the first
// pass of BuildInPasses).
type part struct {
	build     func() Section
	ofWorkers bool
}

// parts are the report's sections, in order.
func (b *builder) parts() []part {
	of := func(builds ...func() Section) []part {
		out := make([]part, len(builds))
		for i, f := range builds {
			out[i] = part{build: f}
		}
		return out
	}
	parts := of(b.summary, b.warnings)
	if _, ok := b.frameOf(schema.Procs); ok { // processes (EPMT): their sections first
		parts = append(parts, of(b.opsCosts, b.processTree)...)
	}
	parts = append(parts, part{b.utilization, true}, part{build: b.throughput}, part{build: b.concurrency},
		part{b.tasksPerWorker, true}, part{b.gantt, true})
	return append(parts, of(b.distributions, b.resources, b.efficiency, b.gpus, b.energy, b.dataMovement, b.failures,
		b.outliers, b.criticalPath, b.perf)...)
}

// document is the report of d made of its sections, their charts
// numbered.
func document(d *loaders.Dataset, o Options, sections []Section) *Document {
	doc := &Document{Schema: SchemaVersion, Title: o.Title, Source: d.Source, Files: d.Files, Sections: sections}
	for i := range doc.Sections {
		s := &doc.Sections[i]
		for k := range s.Charts {
			s.Charts[k].ID = fmt.Sprintf("%s-%d", s.ID, k+1)
		}
	}
	return doc
}

// newBuilder prepares what the sections of d's report share: the frames
// cut to o.Window, the data's span and time origin, the durations.
func newBuilder(d *loaders.Dataset, o Options) *builder {
	cut := *d
	cut.Frames = runScopedWorkers(d, d.Frames)
	if !o.Window.IsZero() {
		cut.Frames = o.Window.Frames(cut.Frames)
	}
	var libraries *frame.Frame
	cut.Frames, libraries = withoutLibraries(cut.Frames)
	d = &cut
	b := &builder{d: d, o: o, libraries: libraries}
	b.lo, b.hi, b.hasData = d.Span()
	if d.HasLogSpan {
		b.origin, b.hasSpan = d.LogStart, true
	} else if b.hasData {
		b.origin, b.hasSpan = b.lo, true
	}
	if w := o.Window; !w.IsZero() && b.hasData {
		// the data's span inside the window; the time axis starts at it
		if !w.From.IsZero() {
			b.lo = max(b.lo, w.From.UnixMicro())
			b.origin = max(b.origin, b.lo)
		}
		if !w.To.IsZero() {
			b.hi = min(b.hi, w.To.UnixMicro())
		}
	}
	if tasks, ok := b.frameOf(schema.Tasks); ok && hasAll(tasks, "start", "end") {
		b.durations = ops.Durations(tasks)
	}
	return b
}

// buildAll builds the sections on every core: they only read the
// dataset's frames, which are immutable.
func buildAll(parts []func() Section) []Section {
	sections := make([]Section, len(parts))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(parts)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				sections[i] = safely(parts[i], i)
			}
		}()
	}
	for i := range parts {
		next <- i
	}
	close(next)
	wg.Wait()
	return sections
}

// safely builds one section; a panic (a bug in an op) becomes the
// section's reason instead of ending the whole report.
func safely(part func() Section, i int) (s Section) {
	defer func() {
		if r := recover(); r != nil {
			s = Section{ID: fmt.Sprintf("section-%d", i), Title: "(a section that failed)", Reason: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	return part()
}

// chart adds a figure to s, drawn in the page at widthPx × heightPx CSS
// pixels, or a note on s if it has nothing to draw.
func chart(s *Section, f *plot.Figure, widthPx, heightPx int) {
	spec, err := f.MaxPoints(chartPoints).Spec()
	if err != nil {
		s.Notes = append(s.Notes, "could not draw: "+err.Error())
		return
	}
	s.Charts = append(s.Charts, Chart{Width: widthPx, Height: heightPx, Spec: spec})
}

// series cuts a step series (column time) to the report's window.
func (b *builder) series(f *frame.Frame) *frame.Frame { return b.o.Window.Series(f, "time") }

// figure starts a figure on the report's time origin.
func (b *builder) figure(title, xLabel, yLabel string) *plot.Figure {
	f := plot.New(title, xLabel, yLabel)
	if b.hasSpan {
		f.OriginMicros(b.origin)
	}
	return f
}

// table renders up to MaxTableRows rows of f (all columns, or those
// named): floating-point numbers with three significant digits
// (formatNumber), nulls as a dash, other values as the frame prints
// them.
func (b *builder) table(caption string, f *frame.Frame, cols ...string) Table {
	if len(cols) > 0 {
		f = f.Select(cols...)
	}
	t := Table{Caption: caption, Head: f.Names()}
	n := min(f.NumRows(), b.o.MaxTableRows)
	floats := make([][]float64, f.NumCols())
	valid := make([][]bool, f.NumCols())
	for c, typ := range f.Types() {
		if typ == frame.Float64 {
			floats[c], valid[c], _ = f.Float64s(f.Names()[c])
		}
	}
	for i := range n {
		row := make([]string, f.NumCols())
		for c := range row {
			switch {
			case floats[c] != nil && valid[c][i]:
				row[c] = formatNumber(floats[c][i])
			case f.IsNull(c, i):
				row[c] = "–"
			default:
				row[c] = f.FormatValue(c, i)
			}
		}
		t.Rows = append(t.Rows, row)
	}
	t.More = f.NumRows() - n
	return t
}

// frameOf returns the named frame when the dataset has it with rows.
func (b *builder) frameOf(name string) (*frame.Frame, bool) {
	f, ok := b.d.Frames[name]
	return f, ok && f.NumRows() > 0
}

// failed returns the reason of a section whose computation failed.
func failed(what string, err error) string {
	return fmt.Sprintf("could not compute %s: %v", what, err)
}

// narrow returns the columns of f among cols (in f's order), for a
// section that filters or sorts a frame and reads few of its columns:
// the rows it keeps are then gathered of those columns alone.
func narrow(f *frame.Frame, cols ...string) *frame.Frame {
	var keep []string
	for _, c := range f.Names() {
		if slices.Contains(cols, c) {
			keep = append(keep, c)
		}
	}
	return f.Select(keep...)
}

// hasAll reports whether f has every named column.
func hasAll(f *frame.Frame, cols ...string) bool {
	for _, c := range cols {
		if !f.Has(c) {
			return false
		}
	}
	return true
}

// plural returns "1 thing" or "n things".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	if strings.HasSuffix(thing, "s") {
		return fmt.Sprintf("%d %ses", n, thing)
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
