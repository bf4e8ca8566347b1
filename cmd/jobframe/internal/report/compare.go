package report

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

// Run is one of the runs Compare sets side by side.
type Run struct {
	// Name labels the run in tables, facts and legends.
	Name string
	Data *loaders.Dataset
	// Window, when set, cuts this run (it overrides Options.Window:
	// runs compared on a window relative to each one's start need their
	// own).
	Window ops.Window
}

// metric is one figure of a run in a comparison.
type metric struct {
	name, unit string
	value      float64 // NaN: the run lacks the data
}

// Compare builds a report that sets runs side by side, the first as the
// baseline: per run the makespan, attempts, failure rate, throughput,
// utilization and core-hours with each later run's change against the
// first in per cent, the median run time per category, and charts with
// one series per run on an elapsed axis (each run from its own start).
// o.Window, when set, cuts every run without a Window of its own.
func Compare(runs []Run, o Options) *Document {
	doc, _ := CompareLoaded(len(runs), func(i int) (Run, error) { return runs[i], nil }, o)
	return doc
}

// CompareLoaded is Compare of n runs that load gives one at a time: of
// each, what the comparison reads (its figures, its medians per category,
// the series it draws) is taken before the next is loaded, so memory
// holds one run's data at a time. It stops at the first error of load.
func CompareLoaded(n int, load func(i int) (Run, error), o Options) (*Document, error) {
	if o.MaxTableRows <= 0 {
		o.MaxTableRows = 20
	}
	if n == 0 {
		return nil, errors.New("compare: no runs")
	}
	runs := make([]runFigures, n)
	names := make([]string, n)
	var files []string
	for i := range n {
		r, err := load(i)
		if err != nil {
			return nil, err
		}
		names[i], files = r.Name, append(files, r.Data.Files...)
		ro := o
		if !r.Window.IsZero() {
			ro.Window = r.Window
		}
		runs[i] = figuresOf(newBuilder(r.Data, ro))
	}
	if o.Title == "" {
		o.Title = "jobframe comparison: " + strings.Join(names, " vs ")
	}
	doc := &Document{Schema: SchemaVersion, Title: o.Title, Source: "comparison", Files: files}
	parts := []func() Section{
		func() Section { return compareFigures(runs, names) },
		func() Section { return compareCategories(runs, names, o.MaxTableRows) },
		func() Section { return compareCharts(runs, names) },
	}
	doc.Sections = buildAll(parts)
	for i := range doc.Sections {
		s := &doc.Sections[i]
		for k := range s.Charts {
			s.Charts[k].ID = fmt.Sprintf("%s-%d", s.ID, k+1)
		}
	}
	return doc, nil
}

// runFigures is what a comparison reads of one run: its headline
// figures, the median run time per category (nil when it has no
// categories), and the series it draws on the run's elapsed time (nil
// when it has none).
type runFigures struct {
	metrics   []metric
	medians   map[string]float64
	use, done *frame.Frame
	// panics holds what each part panicked with (a bug in an op), for
	// its section to panic with again: buildAll makes that the section's
	// reason, as when the section computed the part itself
	panics [3]any
}

// The parts of runFigures, each read by one section.
const (
	partMetrics = iota
	partMedians
	partSeries
)

// figuresOf takes what a comparison reads of b's run, the three parts
// on every core.
func figuresOf(b *builder) runFigures {
	var f runFigures
	var wg sync.WaitGroup
	for k, part := range [...]func(){
		partMetrics: func() { f.metrics = b.metrics() },
		partMedians: func() { f.medians = b.categoryMedians() },
		partSeries:  func() { f.use, f.done = b.elapsedSeries() },
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { f.panics[k] = recover() }()
			part()
		}()
	}
	wg.Wait()
	return f
}

// repanic panics with what a run's part panicked with, if one did.
func repanic(runs []runFigures, part int) {
	for _, r := range runs {
		if r.panics[part] != nil {
			panic(r.panics[part])
		}
	}
}

// metrics returns the run's headline figures, NaN where it lacks them.
func (b *builder) metrics() []metric {
	nan := math.NaN()
	span := nan
	if b.d.HasLogSpan && b.o.Window.IsZero() {
		span = float64(b.d.LogEnd-b.d.LogStart) / 1e6
	} else if b.hasData {
		span = float64(b.hi-b.lo) / 1e6
	}
	out := []metric{{"makespan", "s", span}}
	attempts, successes, rate, failRate := nan, nan, nan, nan
	if tasks, ok := b.frameOf(schema.Tasks); ok {
		attempts = float64(tasks.NumRows())
		if hasAll(tasks, "state", "end") {
			ended := b.endedIn(tasks.Select("end", "state")) // all that is read
			ok := ended.Where("state", "==", "success").NumRows()
			successes = float64(ok)
			if ended.NumRows() > 0 {
				failRate = percentOf(float64(ended.NumRows()-ok), float64(ended.NumRows()))
			}
			if span > 0 {
				rate = successes / (span / 60)
			}
		}
	}
	out = append(out, metric{"attempts", "", attempts}, metric{"successful attempts", "", successes},
		metric{"failure rate", "%", failRate}, metric{"throughput", "successful attempts/min", rate})
	allocated, share := nan, nan
	p, hasP := b.frameOf(schema.Placements)
	w, hasW := b.frameOf(schema.Workers)
	if hasP && hasW && p.Has("cpus") && w.Has("cpus") {
		ib, err1 := ops.Integral(b.series(ops.Busy(p, "cpus")), "time", "value")
		ic, err2 := ops.Integral(b.series(ops.Capacity(w, "cpus")), "time", "value")
		if err1 == nil && err2 == nil {
			allocated, share = ib/3600, percentOf(ib, ic)
		}
	}
	out = append(out, metric{"CPU-hours allocated", "CPU-h", allocated}, metric{"share of offered CPU-hours allocated", "%", share})
	medRun, medWait := nan, nan
	if d := b.durations; d != nil {
		if run, valid, err := d.Float64s("run_s"); err == nil {
			medRun = ops.Quantile(validValues(run, valid), 0.5)
		}
		if wait, valid, err := d.Float64s("wait_s"); err == nil {
			medWait = ops.Quantile(validValues(wait, valid), 0.5)
		}
	}
	return append(out, metric{"median run time", "s", medRun}, metric{"median wait", "s", medWait})
}

// validValues returns the values whose valid flag is set, in a new
// slice.
func validValues(v []float64, valid []bool) []float64 {
	out := make([]float64, 0, len(v))
	for i, x := range v {
		if valid[i] {
			out = append(out, x)
		}
	}
	return out
}

// change is the change from base to v in per cent, NaN when unknown or
// base is 0.
func change(base, v float64) float64 {
	if math.IsNaN(base) || math.IsNaN(v) || base == 0 {
		return math.NaN()
	}
	return 100 * (v - base) / base
}

// compareFigures sets the runs' headline figures side by side.
func compareFigures(runs []runFigures, names []string) Section {
	repanic(runs, partMetrics)
	s := Section{ID: "compare-figures", Title: "Figures by run",
		Intro: fmt.Sprintf("Each run's headline figures; changes are against the first run, %s, in per cent.", names[0])}
	per := make([][]metric, len(runs))
	for i, r := range runs {
		per[i] = r.metrics
	}
	t := Table{Caption: "figures by run (change: against " + names[0] + ")", Head: append([]string{"figure", "unit"}, names...)}
	for _, n := range names[1:] {
		t.Head = append(t.Head, "change "+n)
	}
	for k, m := range per[0] {
		row := []string{m.name, m.unit}
		for i := range runs {
			v := per[i][k].value
			row = append(row, cell(v))
			if !math.IsNaN(v) {
				f := quantity(m.name+" ("+names[i]+")", v, m.unit, "")
				f.InTable = true
				s.Facts = append(s.Facts, f)
			}
		}
		for i := 1; i < len(runs); i++ {
			c := change(m.value, per[i][k].value)
			row = append(row, signed(c))
			if !math.IsNaN(c) {
				f := quantity(m.name+" change ("+names[i]+" vs "+names[0]+")", c, "%", "")
				f.InTable = true
				s.Facts = append(s.Facts, f)
			}
		}
		t.Rows = append(t.Rows, row)
	}
	s.Tables = append(s.Tables, t)
	return s
}

// cell formats a figure for a table, a dash when unknown.
func cell(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return formatNumber(v)
}

// signed formats a change in per cent with its sign, a dash when
// unknown.
func signed(c float64) string {
	if math.IsNaN(c) {
		return "–"
	}
	if c > 0 {
		return "+" + formatNumber(c) + " %"
	}
	return formatNumber(c) + " %"
}

// categoryMedians is the median run time of the run's attempts per
// category, nil when they have no category or run time.
func (b *builder) categoryMedians() map[string]float64 {
	d := b.durations
	if d == nil || category(d) == "" {
		return nil
	}
	keys, err1 := d.Texts(category(d))
	run, valid, err2 := d.Float64s("run_s")
	if err1 != nil || err2 != nil {
		return nil
	}
	vals := map[string][]float64{}
	for k, c := range keys {
		if valid[k] {
			vals[c] = append(vals[c], run[k])
		}
	}
	out := make(map[string]float64, len(vals))
	for c, v := range vals {
		out[c] = ops.Quantile(v, 0.5)
	}
	return out
}

// compareCategories sets the median run time per category side by side,
// up to maxRows categories.
func compareCategories(runs []runFigures, names []string, maxRows int) Section {
	repanic(runs, partMedians)
	s := Section{ID: "compare-categories", Title: "Run time per category, by run"}
	seen := map[string]bool{}
	var cats []string
	for _, r := range runs {
		for c := range r.medians {
			if !seen[c] {
				seen[c] = true
				cats = append(cats, c)
			}
		}
	}
	if len(cats) == 0 {
		s.Reason = "no run has attempts with a category and a run time"
		return s
	}
	sort.Strings(cats)
	s.Intro = "The median run time (start to end) of each category's attempts in each run, and its change against " + names[0] + "."
	t := Table{Caption: "median run time (s) by category", Head: append([]string{"category"}, names...)}
	for _, n := range names[1:] {
		t.Head = append(t.Head, "change "+n)
	}
	for _, c := range cats {
		row := []string{c}
		for _, r := range runs {
			row = append(row, cell(valueOr(r.medians, c)))
		}
		for i := 1; i < len(runs); i++ {
			row = append(row, signed(change(valueOr(runs[0].medians, c), valueOr(runs[i].medians, c))))
		}
		t.Rows = append(t.Rows, row)
	}
	if len(t.Rows) > maxRows {
		t.More, t.Rows = len(t.Rows)-maxRows, t.Rows[:maxRows]
	}
	s.Tables = append(s.Tables, t)
	return s
}

func valueOr(m map[string]float64, k string) float64 {
	if v, ok := m[k]; ok {
		return v
	}
	return math.NaN()
}

// elapsedSeries returns the run's series a comparison draws, on its
// elapsed time: what its attempts held (or how many ran), and its
// successful attempts so far; nil where it has none.
func (b *builder) elapsedSeries() (use, done *frame.Frame) {
	if series, ok := b.inUse(); ok {
		use = shift(series, b.origin)
	}
	if tasks, ok := b.frameOf(schema.Tasks); ok && hasAll(tasks, "state", "end") {
		ok := b.endedIn(tasks.Select("end", "state")).Where("state", "==", "success") // its ends are all that is read
		if ok.Err() == nil && ok.NumRows() > 0 {
			done = shift(b.series(ops.Throughput(ok, "end")), b.origin)
		}
	}
	return use, done
}

// compareCharts draws one series per run on an elapsed axis: what the
// attempts held (or how many ran) and the successful attempts so far.
func compareCharts(runs []runFigures, names []string) Section {
	repanic(runs, partSeries)
	s := Section{ID: "compare-charts", Title: "Runs over elapsed time",
		Intro: "One series per run, each on its own elapsed time (0 is the run's start)."}
	use := plot.New("CPUs allocated to attempts (or attempts running)", "elapsed (h:mm:ss) since each run's start", "CPUs or attempts").Origin(time.Unix(0, 0))
	done := plot.New("Successful attempts, cumulative", "elapsed (h:mm:ss) since each run's start", "attempts").Origin(time.Unix(0, 0))
	nUse, nDone := 0, 0
	for i, r := range runs {
		if r.use != nil {
			use.Step(r.use, "time", "value", names[i])
			nUse++
		}
		if r.done != nil {
			done.Step(r.done, "time", "value", names[i])
			nDone++
		}
	}
	if nUse > 0 {
		chart(&s, use, 900, 360)
	}
	if nDone > 0 {
		chart(&s, done, 900, 340)
	}
	if len(s.Charts) == 0 {
		s.Reason = "no run has attempts with start and end times to draw"
	}
	return s
}

// inUse is the run's CPUs held by attempts (Busy), else its attempts
// running (Steps over start and end).
func (b *builder) inUse() (*frame.Frame, bool) {
	if p, ok := b.frameOf(schema.Placements); ok && p.Has("cpus") {
		if s := b.series(ops.Busy(p, "cpus")); s.Err() == nil && s.NumRows() > 0 {
			return s, true
		}
	}
	if t, ok := b.frameOf(schema.Tasks); ok && hasAll(t, "start", "end") {
		if s := b.series(ops.Steps(t, "start", "end", "")); s.Err() == nil && s.NumRows() > 0 {
			return s, true
		}
	}
	return nil, false
}

// shift moves a series' times by −startUS, so that its time column
// holds µs since the run's start (drawn against origin zero).
func shift(series *frame.Frame, startUS int64) *frame.Frame {
	us, valid, err := series.Micros("time")
	if err != nil {
		return frame.WithErr(err)
	}
	out := make([]int64, len(us))
	for i, t := range us {
		out[i] = t - startUS
	}
	return series.WithColumn("time", frame.MicrosCol("time", out, valid))
}
