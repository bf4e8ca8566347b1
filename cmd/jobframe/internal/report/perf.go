package report

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// managerPerf returns the performance log of a Work Queue or TaskVine
// manager: the perf frame when it is not per-worker samples.
func (b *builder) managerPerf() (*frame.Frame, bool) {
	p, ok := b.frameOf(schema.Perf)
	if !ok || p.Has("worker") || !p.Has("time") {
		return nil, false
	}
	return b.series(p), true
}

// perfLines are the columns of a manager's performance log drawn per
// chart, where present.
var perfLines = []struct {
	title, unit string
	cols        []string
}{
	{"Workers (performance log)", "workers", []string{"workers_connected", "workers_busy", "workers_idle"}},
	{"Tasks (performance log)", "tasks", []string{"tasks_waiting", "tasks_on_workers", "tasks_running"}},
	{"Tasks finished (performance log)", "tasks (cumulative)", []string{"tasks_done", "tasks_failed"}},
}

// perf draws the manager's performance log over time.
func (b *builder) perf() Section {
	s := Section{ID: "perf", Title: "Performance log"}
	p, ok := b.managerPerf()
	if !ok {
		s.Reason = "no manager performance log in this source (Work Queue and TaskVine write one)"
		return s
	}
	s.Intro = "The manager's own periodic counts, from its performance log."
	for _, c := range perfLines {
		f := b.figure(c.title, "", c.unit)
		n := 0
		for _, col := range c.cols {
			if p.Has(col) {
				f.Step(p, "time", col, col)
				n++
			}
		}
		if n > 0 {
			chart(&s, f, 900, 320)
		}
	}
	if len(s.Charts) == 0 {
		s.Reason = "the performance log has none of the worker and task counts drawn here"
	}
	return s
}
