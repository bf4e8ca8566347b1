package parsl

import (
	"fmt"
	"math"
	"sort"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// attempt is a row of the tasks frame: one try of one task.
type attempt struct {
	k           key
	task        *task // nil: a try of a task the task table lacks
	try         try   // the try row, or what the 2019 schema gives
	hasTry      bool  // a try row (or the 2019 task row) gave try
	state, raw  string
	statuses    int
	processCPU  flt // the largest user+system time of its samples' process (s)
	rss         flt // the peak resident memory of its samples (bytes)
	first, last sampleCPU
	pid         num // the process of its first sample
	samples     int
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
	if n := sharedProcesses(out); n > 0 {
		p.Note(0, "resource", "", fmt.Sprintf("%d tries shared their process with tries running at the same time (a thread pool): their cpu_time_s include each other's CPU time", n))
	}
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
		if a.samples == 1 {
			a.pid = s.pid
		}
		if s.user.ok || s.system.ok {
			cpu := s.user.v + s.system.v
			a.processCPU = maxFlt(a.processCPU, flt{cpu, true})
			if s.at.ok && (!a.first.at.ok || s.at.v < a.first.at.v) {
				a.first = sampleCPU{s.at, cpu}
			}
			if s.at.ok && (!a.last.at.ok || s.at.v >= a.last.at.v) {
				a.last = sampleCPU{s.at, cpu}
			}
		}
		if s.rss.ok {
			a.rss = maxFlt(a.rss, s.rss)
		}
	}
}

// sampleCPU is the time of a sample and its process's user+system time.
type sampleCPU struct {
	at  num
	cpu float64
}

// cpuTime is the CPU time a try's process used from its first sample to
// its last, s: psutil counts a process's time since it started, and a
// worker runs try after try, so the count at the try's end is not the
// try's alone. Null with fewer than two samples.
func (a *attempt) cpuTime() (float64, bool) {
	if !a.first.at.ok || !a.last.at.ok || a.last.at.v <= a.first.at.v {
		return 0, false
	}
	return max(a.last.cpu-a.first.cpu, 0), true
}

// sharedProcesses counts the tries whose samples' process also ran
// another try at the same time (a thread pool, the 2019 schema's
// threads executor): their CPU times include each other's.
func sharedProcesses(out []attempt) int {
	type span struct {
		lo, hi int64
		i      int
	}
	byPID := map[[2]int64][]span{}
	for i := range out {
		a := &out[i]
		if a.pid.ok && a.first.at.ok && a.last.at.ok {
			k := [2]int64{int64(a.k.run), a.pid.v}
			byPID[k] = append(byPID[k], span{a.first.at.v, a.last.at.v, i})
		}
	}
	shared := map[int]bool{}
	for _, spans := range byPID {
		sort.Slice(spans, func(x, y int) bool { return spans[x].lo < spans[y].lo })
		reach, who := int64(math.MinInt64), -1
		for _, s := range spans {
			if s.lo < reach { // overlaps the one reaching furthest so far
				shared[s.i], shared[who] = true, true
			}
			if s.hi > reach {
				reach, who = s.hi, s.i
			}
		}
	}
	return len(shared)
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
