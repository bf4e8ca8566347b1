package report

import (
	"fmt"
	"slices"
	"sort"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// maxBarWorkers is the number of workers up to which tasks per worker
// are drawn as one bar each; more become a histogram.
const maxBarWorkers = 40

// placed returns the frame of attempts on workers: the placements, or
// the tasks when they carry a worker (Balsam's batch job is not one).
func (b *builder) placed() (*frame.Frame, bool) {
	if p, ok := b.frameOf(schema.Placements); ok && hasAll(p, "worker", "start") {
		return p, true
	}
	return nil, false
}

// tasksPerWorker draws the number of attempts started on each worker.
func (b *builder) tasksPerWorker() Section {
	s := Section{ID: "tasks-per-worker", Title: "Tasks per worker"}
	p, ok := b.placed()
	if !ok {
		s.Reason = b.noWorkers()
		return s
	}
	started := p.Select("worker", "start").Where("start", "not-null", nil) // what it copies of a null start
	counts := started.GroupBy("worker").Agg(frame.Count())
	if err := counts.Err(); err != nil {
		s.Reason = failed("the attempts per worker", err)
		return s
	}
	if counts.NumRows() == 0 {
		s.Reason = "no attempt started on a worker in this source"
		return s
	}
	n, _, _ := counts.Int64s("count")
	sorted := append([]int64(nil), n...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	median := float64(sorted[len(sorted)/2])
	if len(sorted)%2 == 0 {
		median = float64(sorted[len(sorted)/2-1]+sorted[len(sorted)/2]) / 2
	}
	s.Facts = append(s.Facts, countFact("workers with attempts", len(n)),
		countFact("fewest attempts on a worker", int(sorted[0])), quantity("median attempts per worker", median, "", ""),
		countFact("most attempts on a worker", int(sorted[len(sorted)-1])))
	if w, ok := b.frameOf(schema.Workers); ok && w.Has("worker") {
		idle := w.GroupBy("worker").Agg(frame.Count()).NumRows() - counts.NumRows()
		if idle > 0 {
			s.Facts = append(s.Facts, countFact("connected workers without attempts", idle))
		}
	}
	if counts.NumRows() <= maxBarWorkers {
		s.Intro = "Attempts started on each worker (a multi-node attempt counts on each of its workers; a restart counts again)."
		chart(&s, plot.New("Attempts started per worker", "worker", "attempts").Bars(counts, "worker", "count", ""), 900, 340)
		return s
	}
	s.Intro = fmt.Sprintf("How many workers started how many attempts (%d workers: too many for a bar each).", counts.NumRows())
	h, note := histogram(counts, "count", 20)
	if note != "" {
		s.Notes = append(s.Notes, note)
	}
	chart(&s, plot.New("Workers by attempts started", "attempts started on a worker", "workers").Hist(h, ""), 900, 340)
	return s
}

// gantt draws a timeline per worker.
func (b *builder) gantt() Section {
	s := Section{ID: "gantt", Title: "Timeline per worker"}
	p, ok := b.placed()
	if !ok {
		s.Reason = b.noWorkers()
		return s
	}
	// The bars in the placements' order, and the order of those drawn
	// (ops.Gantt's): no sorted copy of their columns.
	g, order, err := ops.GanttRows(p)
	if err == nil {
		g = b.o.Window.Truncate(g, "start", "end")
		err = g.Err()
	}
	if err != nil {
		s.Reason = failed("the timeline", err)
		return s
	}
	if len(order) == 0 {
		s.Reason = "no attempt started on a worker in this source"
		return s
	}
	if !g.Has("state") {
		g = g.WithColumn("state", frame.StringCol("state", repeatText("unrecorded", g.NumRows()), nil))
		s.Notes = append(s.Notes, "this source records no state per placement: bars are colored alike")
	}
	g, rows, err := slotRows(g, order)
	if err != nil {
		s.Reason = failed("the timeline", err)
		return s
	}
	s.Intro = fmt.Sprintf("One row per slot of a worker (a worker that ran k attempts at once has k rows, \"worker ·2\" and on), one bar per attempt from start to end, colored by end state, so that no bar hides another; hover a bar for the attempt, wheel or drag to zoom (every time chart follows). Above %d attempts, bars of one row and state closer than 1/4000 of the span are merged and counted.", plot.GanttMaxBars)
	height := 600
	if rows <= 60 {
		height = 190 + 26*rows
	}
	chart(&s, b.figure("Attempts per worker", "", "worker").GanttOf(g, order), 900, height)
	return s
}

// slotRows returns the bars of a timeline with each of those drawn
// (order) on the row of its slot (ops.Slots): the worker column becomes
// "WORKER ·k" for the k-th slot of a worker with more than one, so that
// bars of attempts that ran at once on one worker are drawn on rows of
// their own; rows is how many rows the timeline has (the slots, and one
// for the bars without a worker).
func slotRows(g *frame.Frame, order []int32) (slotted *frame.Frame, rows int, err error) {
	slot, labels, err := ops.Slots(g, order)
	if err != nil {
		return nil, 0, err
	}
	// The labels as a dictionary: a worker's slots are few, its bars many.
	codes := make([]int32, g.NumRows())
	var ok []bool // nil while every row is a drawn bar with a worker
	if len(order) < g.NumRows() || slices.Contains(slot, -1) {
		ok = make([]bool, g.NumRows())
	}
	unnamed := false
	for p, i := range order {
		if slot[p] < 0 {
			unnamed = true
			continue
		}
		codes[i] = slot[p]
		if ok != nil {
			ok[i] = true
		}
	}
	distinct := map[string]bool{}
	for _, l := range labels {
		distinct[l] = true
	}
	rows = len(distinct)
	if unnamed {
		rows++
	}
	out := g.WithColumn("worker", frame.DictStringCol("worker", codes, ok, labels))
	return out, rows, out.Err()
}

// repeatText returns n copies of s.
func repeatText(s string, n int) []string {
	v := make([]string, n)
	for i := range v {
		v[i] = s
	}
	return v
}
