package report

import (
	"fmt"
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
		s.Reason = "no worker records in this source"
		return s
	}
	started := p.Where("start", "not-null", nil)
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
		b.chart(&s, plot.New("Attempts started per worker", "worker", "attempts").Bars(counts, "worker", "count", ""), 900, 340)
		return s
	}
	s.Intro = fmt.Sprintf("How many workers started how many attempts (%d workers: too many for a bar each).", counts.NumRows())
	b.chart(&s, plot.New("Workers by attempts started", "attempts started on a worker", "workers").
		Hist(ops.Histogram(counts, "count", 20), ""), 900, 340)
	return s
}

// gantt draws a timeline per worker.
func (b *builder) gantt() Section {
	s := Section{ID: "gantt", Title: "Timeline per worker"}
	p, ok := b.placed()
	if !ok {
		s.Reason = "no worker records in this source"
		return s
	}
	g := b.o.Window.Truncate(ops.Gantt(p), "start", "end")
	if err := g.Err(); err != nil {
		s.Reason = failed("the timeline", err)
		return s
	}
	if g.NumRows() == 0 {
		s.Reason = "no attempt started on a worker in this source"
		return s
	}
	rows := g.GroupBy("worker").Agg(frame.Count()).NumRows()
	s.Intro = fmt.Sprintf("One row per worker, one bar per attempt from start to end, colored by end state; hover a bar for the attempt, wheel or drag to zoom (every time chart follows). Above %d attempts, bars of one worker and state closer than 1/4000 of the span are merged and counted.", plot.GanttMaxBars)
	height := 600
	if rows <= 60 {
		height = 190 + 26*rows
	}
	b.chart(&s, b.figure("Attempts per worker", "", "worker").Gantt(g), 900, height)
	return s
}
