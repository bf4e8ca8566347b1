package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// summary is the report's first section: what was read and the headline
// figures.
func (b *builder) summary() Section {
	d := b.d
	s := Section{ID: "summary", Title: "Summary"}
	s.Facts = append(s.Facts, textFact("source", d.Source), textFact("files", strings.Join(d.Files, ", ")))
	if b.o.Rows != "" {
		s.Facts = append(s.Facts, textFact("rows kept", b.o.Rows))
	}
	if w := b.o.Window; !w.IsZero() {
		s.Facts = append(s.Facts, textFact("time window", w.String()+" (what was active in it: attempts, workers and allocations that overlap it, records inside it)"))
	}
	if lo, hi := b.lo, b.hi; b.hasData {
		if d.HasLogSpan && b.o.Window.IsZero() {
			lo, hi = d.LogStart, d.LogEnd
		}
		s.Facts = append(s.Facts, durationFact("span", float64(hi-lo)/1e6,
			frame.FormatMicros(lo)+" .. "+frame.FormatMicros(hi)))
	}
	if f, ok := b.makespan(); ok && !b.hasData {
		s.Facts = append(s.Facts, f)
	}
	if n := len(d.Runs); n > 1 {
		f := countFact("runs", n)
		f.Text += fmt.Sprintf(" (recording %s in all; each run's figures in the table below)", duration(b.activeSeconds()))
		s.Facts = append(s.Facts, f)
	}
	if tasks, ok := b.frameOf(schema.Tasks); ok {
		s.Facts = append(s.Facts, b.taskFacts(tasks)...)
	}
	if w, ok := b.frameOf(schema.Workers); ok {
		f := countFact("worker connections", w.NumRows())
		if w.Has("worker") {
			f = countFact("workers", w.GroupBy("worker").Agg(frame.Count()).NumRows())
			f.Text += fmt.Sprintf(" (%d connections)", w.NumRows())
		}
		s.Facts = append(s.Facts, f)
	}
	if a, ok := b.frameOf(schema.Allocations); ok {
		s.Facts = append(s.Facts, countFact("allocations", a.NumRows()))
	}
	if j, ok := b.frameOf(schema.Jobs); ok {
		s.Facts = append(s.Facts, countFact("jobs", j.NumRows()))
	}
	if p, ok := b.frameOf(schema.Procs); ok {
		s.Facts = append(s.Facts, countFact("processes", p.NumRows()))
		if p.Has("host") {
			s.Facts = append(s.Facts, countFact("hosts", p.GroupBy("host").Agg(frame.Count()).NumRows()))
		}
		if cpu, valid, err := p.Float64s("cpu_time"); err == nil {
			s.Facts = append(s.Facts, durationFact("process cpu time", sum(cpu, valid)/1e6, ""))
		}
	}
	s.Facts = append(s.Facts, countFact("warnings", len(d.Warnings)))
	if t, ok := b.runsTable(); ok {
		s.Tables = append(s.Tables, t)
	}
	return s
}

// taskFacts are the summary figures of the tasks frame: tasks,
// attempts (starts of a task: rows with a start time, every row when the
// source records none), the tasks that never started, end states,
// CPU-hours (or node-hours) of ended attempts and badput.
func (b *builder) taskFacts(tasks *frame.Frame) []Fact {
	var facts []Fact
	started, other := splitStarted(tasks)
	if keys := taskKeyCols(tasks); len(keys) > 0 {
		all := distinctKeys(tasks, keys)
		facts = append(facts, countFact("tasks", all))
		never := 0
		if started != tasks { // some rows never started: the tasks with an attempt, counted
			never = all - distinctKeys(started, keys)
		}
		if never > 0 {
			f := countFact("tasks never started", never)
			f.Text += " (" + stateText(other) + ": no attempt)"
			facts = append(facts, f)
		}
	}
	facts = append(facts, countFact("attempts", started.NumRows()))
	if started.Has("state") {
		if ok, bad, text, err := stateCounts(started); err == nil {
			failures := countFact("failures", bad)
			failures.Text += " (attempts ended in another state)"
			facts = append(facts, countFact("successes", ok), failures, textFact("attempts by state", text))
		}
	}
	if b.libraries != nil {
		f := countFact("library instances", b.libraries.NumRows())
		f.Text += " (TaskVine libraries serving function calls: not tasks, and their exits not failures)"
		facts = append(facts, f)
	}
	dur := b.durations
	if dur == nil {
		return facts
	}
	run, rv, err := dur.Float64s("run_s")
	if err != nil {
		return facts
	}
	if f, ok := b.endedHours(dur, run, rv); ok {
		facts = append(facts, f)
	}
	if bp := ops.Badput(tasks); bp.Err() == nil && bp.NumRows() == 1 {
		good, _, _ := bp.Float64s("goodput_s")
		bad, _, _ := bp.Float64s("badput_s")
		frac, fv, _ := bp.Float64s("badput_fraction")
		share := math.NaN()
		if len(fv) == 1 && fv[0] {
			share = 100 * frac[0]
		}
		if len(good) == 1 {
			facts = append(facts, durationFact("goodput", good[0], ""), durationFact("badput", bad[0], "lost to failed, lost and canceled attempts"),
				quantity("badput share of run time", share, "%", ""))
		}
	}
	return facts
}

// startedRows returns the attempts of tasks: the rows with a start time,
// except that every row of a run that records no start at all (a sacct
// dump without Start, a frame without the column) is one.
func startedRows(tasks *frame.Frame) *frame.Frame {
	started, _ := splitStarted(tasks)
	return started
}

// splitStarted returns the attempts of tasks (startedRows) and the other
// rows: those of tasks that had not started (waiting, or canceled or lost
// before they ran).
func splitStarted(tasks *frame.Frame) (started, other *frame.Frame) {
	if !tasks.Has("start") {
		return tasks, tasks.Take(nil)
	}
	_, ok, err := tasks.Micros("start")
	if err != nil {
		return frame.WithErr(err), frame.WithErr(err)
	}
	var run []int32 // by row, its run's number; nil: one run
	runs := 1
	if several, err := tasks.Varies("run"); err == nil && several {
		g := tasks.GroupBy("run")
		run, runs = g.GroupIDs(), g.NumGroups()
	}
	runOf := func(i int) int32 {
		if run == nil {
			return 0
		}
		return run[i]
	}
	records := make([]bool, runs) // by run: a start somewhere
	for i, v := range ok {
		records[runOf(i)] = records[runOf(i)] || v
	}
	n := 0
	for i, v := range ok {
		if v || !records[runOf(i)] {
			n++
		}
	}
	if n == len(ok) { // every row: the frame itself
		return tasks, tasks.Take(nil)
	}
	rows, rest := make([]int, 0, n), make([]int, 0, len(ok)-n)
	for i, v := range ok {
		if v || !records[runOf(i)] {
			rows = append(rows, i)
		} else {
			rest = append(rest, i)
		}
	}
	return tasks.Take(rows), tasks.Take(rest)
}

// taskKeyCols are the columns that name a task, among source, run, job
// and task.
func taskKeyCols(tasks *frame.Frame) []string {
	var keys []string
	for _, k := range []string{"source", "run", "job", "task"} {
		if tasks.Has(k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// stateCounts counts the rows of f by state: successes, failures
// (schema.Failure) and the "state n, ..." text of all states.
func stateCounts(f *frame.Frame) (ok, bad int, text string, err error) {
	vc := f.ValueCounts("state")
	states, valid, err1 := vc.Strings("state")
	counts, _, err2 := vc.Int64s("count")
	if err1 != nil || err2 != nil {
		return 0, 0, "", fmt.Errorf("counting states: %v %v", err1, err2)
	}
	var parts []string
	for i, st := range states {
		if !valid[i] {
			st = ""
		}
		parts = append(parts, fmt.Sprintf("%s %d", st, counts[i]))
		switch {
		case st == schema.Success:
			ok += int(counts[i])
		case schema.Failure(st):
			bad += int(counts[i])
		}
	}
	sort.Strings(parts)
	return ok, bad, strings.Join(parts, ", "), nil
}

// stateText is the "state n, ..." text of the rows of f.
func stateText(f *frame.Frame) string {
	if !f.Has("state") {
		return plural(f.NumRows(), "row")
	}
	_, _, text, err := stateCounts(f)
	if err != nil {
		return err.Error()
	}
	return text
}

// sum adds the valid values.
func sum(v []float64, valid []bool) float64 {
	var t float64
	for i, x := range v {
		if valid[i] {
			t += x
		}
	}
	return t
}

// endedHours is the summary's CPU-hours of ended attempts (or, for a
// source that allocates whole nodes, node-hours): Σ run time × req_cpus
// (req_nodes) over the attempts with both, and over the TaskVine library
// instances that ended, whose cores are the allocation of the function
// calls they serve. The utilization section's CPU-hours allocated is
// the area under the CPUs in use, where an attempt still running counts
// to its run's last record: the two agree when nothing was running at
// the end (TestHoursAgree).
func (b *builder) endedHours(dur *frame.Frame, run []float64, rv []bool) (Fact, bool) {
	for _, res := range []struct{ col, name, unit string }{{"req_cpus", "CPU-hours of ended attempts", "CPU-h"}, {"req_nodes", "node-hours of ended attempts", "node-h"}} {
		amount, av, err := dur.Float64s(res.col)
		if err != nil {
			continue
		}
		var total float64
		measured := false
		for i := range run {
			if rv[i] && av[i] {
				total += run[i] * amount[i]
				measured = true
			}
		}
		note := "Σ run time × " + res.col
		if lib := b.libraries; lib != nil && hasAll(lib, "start", "end", res.col) {
			if ld := ops.Durations(lib); ld.Err() == nil {
				lr, lv, err1 := ld.Float64s("run_s")
				la, lav, err2 := ld.Float64s(res.col)
				if err1 == nil && err2 == nil {
					for i := range lr {
						if lv[i] && lav[i] {
							total += lr[i] * la[i]
						}
					}
					note += ", library instances included"
				}
			}
		}
		if !measured {
			return Fact{}, false
		}
		return quantity(res.name, total/3600, res.unit, note), true
	}
	return Fact{}, false
}

// makespan is the summary's makespan of a source that records one but no
// dated record (a WfCommons instance whose executedAt is no ISO 8601
// time and whose tasks have run times without dates): the jobs frame's
// makespan_s, the longest when there are several jobs.
func (b *builder) makespan() (Fact, bool) {
	j, ok := b.frameOf(schema.Jobs)
	if !ok || !j.Has("makespan_s") {
		return Fact{}, false
	}
	v, valid, err := j.Float64s("makespan_s")
	if err != nil {
		return Fact{}, false
	}
	longest, any := 0.0, false
	for i, x := range v {
		if valid[i] {
			longest, any = max(longest, x), true
		}
	}
	if !any {
		return Fact{}, false
	}
	note := "as the source records it; no record is dated"
	if j.NumRows() > 1 {
		note = "the longest of the jobs', as the source records them; no record is dated"
	}
	return durationFact("makespan", longest, note), true
}

// distinctKeys counts the distinct values of the keys among the rows of
// f (GroupBy's groups): the rows whose keys no other row holds, each
// one, and the groups of the others (frame.Repeated), so that a log of
// 10M tasks groups only its retried ones.
func distinctKeys(f *frame.Frame, keys []string) int {
	rows, err := f.Repeated(keys...)
	if err != nil {
		return f.GroupBy(keys...).NumGroups() // the error, as GroupBy meets it
	}
	return f.NumRows() - len(rows) + f.Select(keys...).Take(rows).GroupBy(keys...).NumGroups()
}
