package parsl

import (
	"fmt"
	"sort"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// attempt is a row of the tasks frame: one try of one task.
type attempt struct {
	k          key
	task       *task // nil: a try of a task the task table lacks
	try        try   // the try row, or what the 2019 schema gives
	hasTry     bool  // a try row (or the 2019 task row) gave try
	state, raw string
	statuses   int
	cpu, rss   flt // the peak of the samples' user+system time (s) and resident memory (bytes)
	samples    int
}

// attempts joins the tables into one row per try, in the order of run,
// task and try. A task with no try and no status (one that never ran) is
// its try 0. In the 2019 schema, which has no try table, a task is its
// one try: launched when submitted, running from its first "running"
// status, returned when the task returned.
func (m *model) attempts(p *source.Problems) []attempt {
	idx := make(map[key]int, len(m.tries)+len(m.tasks))
	out := make([]attempt, 0, len(m.tries)+len(m.tasks))
	add := func(k key) *attempt {
		if i, ok := idx[k]; ok {
			return &out[i]
		}
		idx[k] = len(out)
		out = append(out, attempt{k: k})
		return &out[len(out)-1]
	}
	for k, t := range m.tries {
		a := add(k)
		a.try, a.hasTry = *t, true
	}
	for _, s := range m.statuses {
		add(s.key)
	}
	listed := map[key]bool{} // the tasks (try 0) with some try
	for k := range idx {
		listed[key{k.run, k.task, 0}] = true
	}
	for k := range m.tasks {
		if !listed[k] {
			add(k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return less(out[i].k, out[j].k) })
	for i := range out {
		idx[out[i].k] = i
		out[i].task = m.tasks[key{out[i].k.run, out[i].k.task, 0}]
	}
	m.applyStatuses(out, idx)
	m.applySamples(out, idx)
	noState := 0
	for i := range out {
		a := &out[i]
		if a.statuses == 0 {
			a.state = stateFromTimes(a.try)
			if a.state == "" {
				noState++
			}
		}
	}
	if noState > 0 {
		p.Note(0, "status", "", fmt.Sprintf("%d tries have no status rows and a returned time: their state is null", noState))
	}
	return out
}

func less(a, b key) bool {
	if a.run != b.run {
		return a.run < b.run
	}
	if a.task != b.task {
		return a.task < b.task
	}
	return a.try < b.try
}

// applyStatuses gives each attempt its last status (by time, then table
// order) as its state, and, in the 2019 schema, its try's times.
func (m *model) applyStatuses(out []attempt, idx map[key]int) {
	last := make([]num, len(out)) // the time of each attempt's state so far
	for i := range m.statuses {
		s := &m.statuses[i]
		k := idx[s.key]
		a := &out[k]
		a.statuses++
		// later in time, or as late and later in the table; a status
		// without a time comes before those with one
		if a.statuses == 1 || (s.at.ok && (!last[k].ok || s.at.v >= last[k].v)) || (!s.at.ok && !last[k].ok) {
			a.raw, a.state, last[k] = s.name, stateOf[s.name], s.at
		}
		if !m.hasTry && s.name == "running" && s.at.ok && (!a.try.running.ok || s.at.v < a.try.running.v) {
			a.try.running = s.at
		}
	}
	if m.hasTry {
		return
	}
	for i := range out {
		a := &out[i]
		if a.task != nil {
			a.try.executor, a.try.launched, a.try.returned, a.hasTry = a.task.executor, a.task.invoked, a.task.returned, true
		}
	}
}

// applySamples gives each attempt the peak CPU time and resident memory
// of its resource samples (psutil's counters of the process that ran
// it; under a thread pool, of the whole Parsl process).
func (m *model) applySamples(out []attempt, idx map[key]int) {
	for i := range m.samples {
		s := &m.samples[i]
		j, ok := idx[s.key]
		if !ok {
			continue
		}
		a := &out[j]
		a.samples++
		if s.user.ok || s.system.ok {
			a.cpu = maxFlt(a.cpu, flt{s.user.v + s.system.v, true})
		}
		if s.rss.ok {
			a.rss = maxFlt(a.rss, s.rss)
		}
	}
}

func maxFlt(a, b flt) flt {
	if !a.ok || (b.ok && b.v > a.v) {
		return b
	}
	return a
}

// stateFromTimes is the state of a try without statuses: running once
// it runs, waiting before; none once it returned (its outcome is in no
// table).
func stateFromTimes(t try) string {
	switch {
	case t.returned.ok:
		return ""
	case t.running.ok:
		return schema.Running
	default:
		return schema.Waiting
	}
}
