package nextflow

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Source is the Dataset.Source of Nextflow's loads (trace and timeline).
const Source = "nextflow"

// Trace is Nextflow's execution trace (trace.txt, -with-trace) with a
// header line.
func Trace() source.Format {
	return source.Format{
		Name:        "nextflow-trace",
		System:      "Nextflow",
		Description: "a Nextflow execution trace (-with-trace) with its header",
		Sources:     []string{Source},
		Frames:      []string{schema.Tasks},
		Sniff:       func(_ string, head []byte) bool { return sniff(head) },
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, LoadTrace)
		},
		Absorb: Absorb,
	}
}

// LoadTrace reads a Nextflow execution trace into the tasks frame (see
// the package documentation). Dates without a zone are read in
// o.TimeZone (an IANA name), UTC when it is empty.
func LoadTrace(r io.Reader, o source.Options) (*source.Dataset, error) {
	p := o.Problems(o.InputName())
	loc, err := o.Location()
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.ReadBytes('\n')
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", p.File, err)
	}
	lay, err := readHeader(records.TrimEOL(head), p.File)
	if err != nil {
		return nil, err
	}
	b := newTraceBuilder(lay)
	dec := decoder{lay: lay, loc: loc}
	err = records.DecodedLines(br, p, 2, records.Workers(), dec.decode, func(line []byte, n int, r *record) error {
		return b.apply(line, n, r, p)
	})
	if err != nil {
		return nil, err
	}
	d := &source.Dataset{Source: Source, Frames: map[string]*frame.Frame{}}
	if want := source.WantFrames(o); want == nil || want[schema.Tasks] {
		d.Frames[schema.Tasks] = b.frame()
	}
	d.Warnings = p.Finish()
	return o.Project(d, nil)
}

// fieldCol holds one header field's values, typed by its kind.
type fieldCol struct {
	str columns.Str
	num columns.Int
	flt columns.Float
}

// traceBuilder accumulates a trace's records row by row.
type traceBuilder struct {
	lay      *layout
	cols     []fieldCol
	state    columns.Str
	category columns.Str // from name, when there is no process field
	task     columns.DenseInt
	attempt  columns.DenseInt
	line     columns.DenseInt
	cpuTime  columns.Float
	// start and end derived from submit, duration and realtime
	// (layout.derivesTimes), and whether they were
	start, end columns.Int
	derived    columns.Bool
	rows       int
}

func newTraceBuilder(l *layout) *traceBuilder {
	return &traceBuilder{lay: l, cols: make([]fieldCol, len(l.specs))}
}

// apply takes line n and its decoded record, in order.
func (b *traceBuilder) apply(line []byte, n int, r *record, p *source.Problems) error {
	switch {
	case len(line) == 0:
		return nil
	case r.count != len(b.lay.specs):
		if string(line) == b.lay.header {
			return nil // the header again (traces concatenated)
		}
		return p.Bad(n, "", string(line), fieldCountError(len(b.lay.specs), r.count), nil)
	case r.bad >= 0:
		s := b.lay.specs[r.bad]
		return p.Bad(n, s.field, fieldText(line, b.lay.delim, r.bad), s.kind.what(), r.err)
	}
	b.rows++
	for i, s := range b.lay.specs {
		v, c := &r.vals[i], &b.cols[i]
		switch s.kind {
		case kText, kStatus:
			c.str.Opt(v.s, v.ok)
		case kInt, kExit, kDate, kBytes:
			c.num.Opt(v.i, v.ok)
		default:
			c.flt.Opt(v.f, v.ok)
		}
	}
	b.derive(r, n)
	return nil
}

// derive fills the columns computed from a row's fields: state, task
// and attempt when the trace lacks them, category from the task name,
// cpu_time_s.
func (b *traceBuilder) derive(r *record, n int) {
	l := b.lay
	if l.status >= 0 {
		st, ok := stateOf(r.vals[l.status].s)
		b.state.Opt(st, ok && r.vals[l.status].ok)
	}
	if l.taskID < 0 {
		b.task.Add(int64(b.rows)) // the record's place in the trace
	}
	if l.attempt < 0 {
		b.attempt.Add(1)
	}
	if l.process < 0 && l.name >= 0 {
		name := r.vals[l.name]
		b.category.Opt(processOf(name.s), name.ok)
	}
	if l.cpuPct >= 0 && l.realtime >= 0 {
		pct, wall := r.vals[l.cpuPct], r.vals[l.realtime]
		b.cpuTime.Opt(pct.f/100*wall.f, pct.ok && wall.ok)
	}
	if l.derivesTimes() {
		b.deriveTimes(r)
	}
	b.line.Add(int64(n))
}

// deriveTimes fills end = submit + duration and, with realtime and no
// start field, start = end − realtime, as Nextflow's own report places a
// task from the default fields: exact to the rounding of the durations
// as the trace writes them ("5m 18s": to the second).
func (b *traceBuilder) deriveTimes(r *record) {
	l := b.lay
	sub, dur := r.vals[l.submit], r.vals[l.duration]
	end, endOK := sub.i+int64(math.Round(dur.f*1e6)), sub.ok && dur.ok
	b.end.Opt(end, endOK)
	startOK := false
	if l.start < 0 && l.realtime >= 0 {
		rt := r.vals[l.realtime]
		startOK = endOK && rt.ok
		b.start.Opt(end-int64(math.Round(rt.f*1e6)), startOK)
	}
	b.derived.Add(endOK)
}

// processOf returns the process of a task name "process (tag)".
func processOf(name string) string {
	if i := strings.Index(name, " ("); i > 0 && strings.HasSuffix(name, ")") {
		return name[:i]
	}
	return name
}

// fieldText returns field i of line, for an error.
func fieldText(line []byte, delim byte, i int) string {
	parts := strings.Split(string(line), string(delim))
	if i < len(parts) {
		return parts[i]
	}
	return ""
}

// frame builds the tasks frame: the canonical columns first in the
// schema's order, then the trace's other fields in header order, then
// line.
func (b *traceBuilder) frame() *frame.Frame {
	l := b.lay
	n := b.rows
	cols := map[string]frame.Column{
		"source": columns.Repeat("source", "nextflow", n),
		"job":    frame.StringCol("job", make([]string, n), make([]bool, n)),
	}
	for i, s := range l.specs {
		c := &b.cols[i]
		switch s.kind {
		case kText:
			cols[s.column] = c.str.Col(s.column)
		case kStatus:
			cols["raw_state"] = c.str.Col("raw_state")
			cols["state"] = b.state.Col("state")
		case kInt, kExit, kBytes:
			cols[s.column] = c.num.Col(s.column)
		case kDate:
			cols[s.column] = c.num.Times(s.column)
		default:
			cols[s.column] = c.flt.Col(s.column)
		}
	}
	if l.taskID < 0 {
		cols["task"] = b.task.Col("task")
	}
	if l.attempt < 0 {
		cols["attempt"] = b.attempt.Col("attempt")
	}
	if l.process < 0 && l.name >= 0 {
		cols["category"] = b.category.Col("category")
	}
	if l.cpuPct >= 0 && l.realtime >= 0 {
		cols["cpu_time_s"] = b.cpuTime.Col("cpu_time_s")
	}
	if l.derivesTimes() {
		cols["end"] = b.end.Times("end")
		if l.start < 0 && l.realtime >= 0 {
			cols["start"] = b.start.Times("start")
		}
		cols["times_derived"] = b.derived.Col("times_derived")
	}
	cols["line"] = b.line.Col("line")
	var order []string
	tasks := schema.Frames()[0] // the tasks frame
	for _, c := range tasks.Columns {
		if _, ok := cols[c.Name]; ok {
			order = append(order, c.Name)
		}
	}
	for _, s := range l.specs {
		if _, core := tasks.Column(s.column); !core && s.kind != kStatus {
			order = append(order, s.column)
		}
	}
	if l.derivesTimes() {
		order = append(order, "times_derived")
	}
	order = append(order, "line")
	out := make([]frame.Column, len(order))
	for i, name := range order {
		out[i] = cols[name]
	}
	return frame.New(out...)
}
