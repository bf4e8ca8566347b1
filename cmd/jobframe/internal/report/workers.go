package report

import (
	"errors"
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
	g := b.o.Window.Truncate(ops.Gantt(p), "start", "end")
	if err := g.Err(); err != nil {
		s.Reason = failed("the timeline", err)
		return s
	}
	if g.NumRows() == 0 {
		s.Reason = "no attempt started on a worker in this source"
		return s
	}
	if !g.Has("state") {
		g = g.WithColumn("state", frame.StringCol("state", repeatText("unrecorded", g.NumRows()), nil))
		s.Notes = append(s.Notes, "this source records no state per placement: bars are colored alike")
	}
	g, err := slotRows(g)
	if err != nil {
		s.Reason = failed("the timeline", err)
		return s
	}
	rows := g.GroupBy("worker").Agg(frame.Count()).NumRows()
	s.Intro = fmt.Sprintf("One row per slot of a worker (a worker that ran k attempts at once has k rows, \"worker ·2\" and on), one bar per attempt from start to end, colored by end state, so that no bar hides another; hover a bar for the attempt, wheel or drag to zoom (every time chart follows). Above %d attempts, bars of one row and state closer than 1/4000 of the span are merged and counted.", plot.GanttMaxBars)
	height := 600
	if rows <= 60 {
		height = 190 + 26*rows
	}
	chart(&s, b.figure("Attempts per worker", "", "worker").Gantt(g), 900, height)
	return s
}

// slotRows returns the bars of a timeline with each placed in a slot of
// its worker (ops.Lanes): the worker column becomes "WORKER ·k" for the
// k-th slot of a worker with more than one, so that bars of attempts that
// ran at once on one worker are drawn on rows of their own.
func slotRows(g *frame.Frame) (*frame.Frame, error) {
	l := ops.Lanes(g)
	if err := l.Err(); err != nil {
		return nil, err
	}
	// The workers as groups, each named once: a row holds its group's
	// number, not a string.
	byWorker := l.GroupBy("worker")
	names, named, err1 := byWorker.Agg(frame.Count()).Strings("worker")
	lane, _, err2 := l.Int64s("lane")
	lanes, _, err3 := l.Int64s("lanes")
	if err := errors.Join(err1, err2, err3); err != nil {
		return nil, err
	}
	w := byWorker.GroupIDs()
	// The labels as a dictionary: a worker's slots are few, its bars
	// many. The bars come by worker, so a worker's codes (by lane; lane
	// 0 for a worker of one slot) are looked up when the worker changes.
	slotsOf := make([][]int32, len(names))
	var labels []string
	codes := make([]int32, len(w))
	var ok []bool // nil while no worker is null
	if slices.Contains(named, false) {
		ok = make([]bool, len(w))
	}
	var slots []int32
	for i, g := range w {
		if ok != nil {
			ok[i] = named[g]
		}
		if !named[g] {
			continue
		}
		if i == 0 || g != w[i-1] {
			slots = slotsOf[g]
		}
		k := int64(0)
		if lanes[i] > 1 {
			k = lane[i]
		}
		if int64(len(slots)) <= k || slots[k] < 0 {
			for int64(len(slots)) <= k {
				slots = append(slots, -1)
			}
			slots[k] = int32(len(labels))
			if k > 0 {
				labels = append(labels, fmt.Sprintf("%s ·%d", names[g], k))
			} else {
				labels = append(labels, names[g])
			}
			slotsOf[g] = slots
		}
		codes[i] = slots[k]
	}
	out := l.WithColumn("worker", frame.DictStringCol("worker", codes, ok, labels)).Drop("lane", "lanes")
	return out, out.Err()
}

// repeatText returns n copies of s.
func repeatText(s string, n int) []string {
	v := make([]string, n)
	for i := range v {
		v[i] = s
	}
	return v
}
