package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// peak returns the largest value of column col of a series.
func peak(f *frame.Frame, col string) float64 {
	v, valid, err := f.Float64s(col)
	if err != nil {
		return 0
	}
	m := 0.0
	for i, x := range v {
		if valid[i] {
			m = max(m, x)
		}
	}
	return m
}

// utilization draws what the tasks held against what was offered.
func (b *builder) utilization() Section {
	s := Section{ID: "utilization", Title: "Utilization against capacity"}
	p, hasP := b.frameOf(schema.Placements)
	w, hasW := b.frameOf(schema.Workers)
	events, hasE := b.frameOf(schema.Events)
	allocs, hasA := b.frameOf(schema.Allocations)
	switch {
	case hasP && hasW && hasAll(p, "start", "end", "cpus") && !hasAll(w, "connected", "lost", "cpus"):
		s.Reason = "the workers of this source have no connection times (a WfCommons instance lists its machines, not when they joined and left): nothing to set the use against over time"
	case hasP && hasW && hasAll(p, "start", "end", "cpus"):
		busy, capacity := b.series(ops.Busy(p, "cpus")), b.series(ops.Capacity(w, "cpus"))
		if err := firstErr(busy, capacity); err != nil {
			s.Reason = failed("busy and offered CPUs", err)
			return s
		}
		if busy.NumRows() == 0 { // the attempts with cpus have no start and end (a mixed load)
			s.Reason = b.noCPUs()
			return s
		}
		s.Intro = "CPUs allocated to running task attempts (allocated, not measured use) against the CPUs of connected workers."
		if missing := b.runsWithout(w); len(missing) == 1 {
			s.Notes = append(s.Notes, "1 run has no worker records: "+missing[0]+" is not in these figures, which are those of the other runs.")
		} else if len(missing) > 1 {
			s.Notes = append(s.Notes, fmt.Sprintf("%d runs have no worker records: %s are not in these figures, which are those of the other runs.", len(missing), strings.Join(missing, ", ")))
		}
		chart(&s, b.figure("CPUs in use against CPUs offered", "", "CPUs").
			Step(capacity, "time", "value", "offered by workers").
			Step(busy, "time", "value", "allocated to attempts"), 900, 380)
		s.Facts = append(s.Facts, quantity("peak CPUs in use", peak(busy, "value"), "CPUs", ""),
			quantity("peak CPUs offered", peak(capacity, "value"), "CPUs", ""))
		if ib, err1 := ops.Integral(busy, "time", "value"); err1 == nil {
			if ic, err2 := ops.Integral(capacity, "time", "value"); err2 == nil && ic > 0 {
				s.Facts = append(s.Facts, quantity("CPU-hours allocated", ib/3600, "CPU-h", ""),
					quantity("CPU-hours offered", ic/3600, "CPU-h", ""), quantity("share of offered CPU-hours allocated", percentOf(ib, ic), "%", ""))
			}
		}
	case hasP && hasW && !p.Has("cpus"):
		s.Reason = b.noCPUs()
	case hasE && events.Has("to_state"): // Balsam's state transitions
		running := b.series(ops.UtilizationReport(events, true))
		if err := running.Err(); err != nil {
			s.Reason = failed("the nodes in use", err)
			return s
		}
		s.Intro = "Nodes held by running jobs (Balsam's utilization_report, weighted by num_nodes) against the nodes of the batch jobs (available_nodes)."
		f := b.figure("Nodes in use against nodes allocated", "", "nodes")
		if hasA {
			nodes, skipped := ops.AvailableNodes(allocs)
			nodes = b.series(nodes)
			if nodes.Err() == nil && nodes.NumRows() > 0 {
				f.Step(nodes, "time", "value", "allocated (batch jobs)")
			}
			if skipped > 0 {
				s.Notes = append(s.Notes, fmt.Sprintf("%d batch jobs without a start or end time are left out, as Balsam does.", skipped))
			}
		} else {
			s.Notes = append(s.Notes, "no batch job records in this source: only the nodes in use are drawn")
		}
		chart(&s, f.Step(running, "time", "value", "in use by running jobs"), 900, 380)
		s.Facts = append(s.Facts, quantity("peak nodes in use", peak(running, "value"), "nodes", ""))
	default:
		perf, ok := b.managerPerf()
		if ok && hasAll(perf, "committed_cores", "total_cores") {
			s.Intro = "Cores committed to tasks against the cores of connected workers, from the manager's performance log."
			chart(&s, b.figure("Cores committed against cores connected", "", "cores").
				Step(perf, "time", "total_cores", "connected (total_cores)").
				Step(perf, "time", "committed_cores", "committed (committed_cores)"), 900, 380)
			s.Facts = append(s.Facts, quantity("peak cores committed", peak(perf, "committed_cores"), "cores", ""),
				quantity("peak cores connected", peak(perf, "total_cores"), "cores", ""))
			return s
		}
		s.Reason = b.noWorkers() + ", nor Balsam events and batch jobs, nor a performance log with cores: nothing to set the use against"
	}
	return s
}

// throughput draws the cumulative count of finished work.
func (b *builder) throughput() Section {
	s := Section{ID: "throughput", Title: "Throughput"}
	events, hasE := b.frameOf(schema.Events)
	tasks, hasT := b.frameOf(schema.Tasks)
	switch {
	case hasE && events.Has("to_state"): // Balsam's state transitions
		done := b.series(ops.ThroughputReport(events, "JOB_FINISHED"))
		if err := done.Err(); err != nil {
			s.Reason = failed("the throughput", err)
			return s
		}
		if done.NumRows() == 0 {
			s.Reason = "no job reached JOB_FINISHED in this source"
			return s
		}
		s.Intro = "Jobs entering JOB_FINISHED, cumulative (Balsam's throughput_report)."
		chart(&s, b.figure("Jobs finished", "", "jobs (cumulative)").Step(done, "time", "value", "JOB_FINISHED"), 900, 340)
		s.Facts = append(s.Facts, countFact("jobs finished", int(last(done, "value"))))
	default:
		jobs := b.jobThroughput(&s)
		if reason := b.attemptThroughput(&s, tasks, hasT); reason != "" {
			if !jobs {
				s.Reason = reason
			} else {
				s.Notes = append(s.Notes, reason)
			}
		}
		switch {
		case jobs && len(s.Charts) > 1:
			s.Intro = "The scheduler's jobs ended, cumulative (all of them and those that completed), then the attempts (the jobs' steps): all of them and the successful ones."
		case jobs:
			s.Intro = "The scheduler's jobs ended, cumulative: all of them and those that completed."
		}
	}
	return s
}

// attemptThroughput draws the attempts ended, cumulative, into s; it
// returns why it drew nothing, or "".
func (b *builder) attemptThroughput(s *Section, tasks *frame.Frame, hasT bool) string {
	if !hasT || !tasks.Has("end") {
		return "no task attempts with end times in this source"
	}
	// what is read (startedRows, the ends, the states): the attempts
	// ended and those that succeeded are frames of the ends alone, null
	// where not counted, not copies of the rows
	started := startedRows(narrow(tasks, "run", "start", "end", "state"))
	ended, succeeded, n, ok, err := b.endedAttempts(started)
	if err != nil {
		return failed("the throughput", err)
	}
	if n == 0 {
		return "no attempt ended in this source"
	}
	hasState := started.Has("state")
	if !hasState {
		s.Notes = append(s.Notes, b.noStates()+": only the ends are counted")
	}
	s.Intro = "Attempts ended, cumulative: all of them and the successful ones."
	f := b.figure("Attempts ended", "", "attempts (cumulative)").Step(b.throughputSeries(ended), "time", "value", "ended")
	if ok > 0 {
		f.Step(b.throughputSeries(succeeded), "time", "value", "succeeded")
	}
	chart(s, f, 900, 340)
	s.Facts = append(s.Facts, countFact("attempts ended", n))
	if hasState {
		s.Facts = append(s.Facts, countFact("succeeded", ok))
		// a source without times (Snakemake's benchmarks) loaded with
		// one with them: its successes are attempts the series cannot place
		if u := undatedSuccesses(started); u > 0 {
			f := countFact("successes without an end time", u)
			f.Text += " (not in the series: their source records no end)"
			s.Facts = append(s.Facts, f)
		}
	}
	if active := b.activeSeconds(); b.hasData && active > 0 && hasState {
		note := ""
		if len(b.d.Runs) > 1 && b.o.Window.IsZero() {
			note = "over the time the runs were recording"
		}
		s.Facts = append(s.Facts, quantity("mean rate", float64(ok)/(active/60), "successful attempts/min", note))
	}
	return ""
}

// endedAttempts returns the ends of the attempts of tasks that ended
// inside the report's window (as endedIn) and of those that succeeded
// (nil when tasks have no state), each a frame of column end, null
// where not counted; n and ok count them.
func (b *builder) endedAttempts(tasks *frame.Frame) (ended, succeeded *frame.Frame, n, ok int, err error) {
	end, in, err := tasks.Micros("end") // the mask is ours to cut
	if err != nil {
		return nil, nil, 0, 0, err
	}
	if w := b.o.Window; !w.To.IsZero() {
		to := w.To.UnixMicro()
		for i := range in {
			in[i] = in[i] && end[i] <= to
		}
	}
	for _, v := range in {
		if v {
			n++
		}
	}
	ended = frame.New(frame.MicrosCol("end", end, in))
	if !tasks.Has("state") {
		return ended, nil, n, 0, ended.Err()
	}
	success, err := tasks.Matches("state", func(s string) bool { return s == "success" })
	if err != nil {
		return nil, nil, 0, 0, err
	}
	for i := range success {
		success[i] = success[i] && in[i]
		if success[i] {
			ok++
		}
	}
	succeeded = frame.New(frame.MicrosCol("end", end, success))
	return ended, succeeded, n, ok, firstErr(ended, succeeded)
}

// throughputSeries returns the step series of the rows of f ended,
// cumulative (ops.Throughput of column end), with the points its chart
// draws of it: without a window only those, kept as the series streams
// (plot.StepKeeper), so that a point per attempt of a 10M-attempt log is
// never held; cut to a window, the whole series, which the chart thins.
func (b *builder) throughputSeries(f *frame.Frame) *frame.Frame {
	if !b.o.Window.IsZero() {
		return b.series(ops.Throughput(f, "end"))
	}
	var k *plot.StepKeeper
	if err := ops.ThroughputTo(f, "end", func(n int, first, last int64) ops.StepSink {
		k = b.keeper(n, first, last, 1)
		return k
	}); err != nil {
		return frame.WithErr(err)
	}
	return k.Layer(0, "value")
}

// keeper returns the plot.StepKeeper of a step series of n points from
// first to last (µs) with layers value columns, for a chart of the
// report (its origin, chartPoints).
func (b *builder) keeper(n int, first, last int64, layers int) *plot.StepKeeper {
	origin := first // a figure without an origin starts at its data
	if b.hasSpan {
		origin = b.origin
	}
	return plot.NewStepKeeper(origin, n, first, last, chartPoints, layers)
}

// concurrency draws the attempts waiting and running over time.
func (b *builder) concurrency() Section {
	s := Section{ID: "concurrency", Title: "Concurrency by state"}
	tasks, ok := b.frameOf(schema.Tasks)
	if !ok || !hasAll(tasks, "start", "end") {
		s.Reason = "no task attempts with start and end times in this source"
		return s
	}
	if !anyValue(tasks, "start") {
		s.Reason = b.noStarts(tasks)
		return s
	}
	f := b.figure("Attempts waiting and running", "", "attempts")
	if tasks.Has("submit") {
		waiting, running := b.stateSeries(tasks)
		if err := firstErr(waiting, running); err != nil {
			s.Reason = failed("the attempts by state", err)
			return s
		}
		s.Intro = "Attempts waiting (from submission, or from the end of the previous attempt, to start) and running (start to end), over time."
		f.Step(waiting, "time", "waiting", "waiting").Step(running, "time", "running", "running")
		s.Facts = append(s.Facts, quantity("peak waiting", peak(waiting, "waiting"), "attempts", ""), quantity("peak running", peak(running, "running"), "attempts", ""))
	} else {
		run := b.series(ops.Steps(tasks, "start", "end", ""))
		if err := run.Err(); err != nil {
			s.Reason = failed("the running attempts", err)
			return s
		}
		s.Intro = "Attempts running (start to end) over time; this source has no submit times, so waiting is not drawn."
		f.Step(run, "time", "value", "running")
	}
	chart(&s, f, 900, 340)
	return s
}

// stateSeries returns the step series of the attempts waiting and
// running (ops.StateCounts), each with the points its chart draws of
// it: of a run whole, only those, kept as the series streams
// (plot.StepKeeper), so that the tens of millions of points of a
// 10M-attempt log are never held; of several runs, or cut to a window,
// the whole series, which the chart thins.
func (b *builder) stateSeries(tasks *frame.Frame) (waiting, running *frame.Frame) {
	if b.o.Window.IsZero() {
		var k *plot.StepKeeper
		ok, err := ops.StateCountsTo(tasks, func(n int, first, last int64) ops.StepSink {
			k = b.keeper(n, first, last, 2)
			return k
		})
		if err != nil {
			return frame.WithErr(err), frame.WithErr(err)
		}
		if ok {
			return k.Layer(0, "waiting"), k.Layer(1, "running")
		}
	}
	sc := b.series(ops.StateCounts(tasks))
	return sc, sc
}

// anyValue reports whether column col of f holds a value that is not
// null (false when f lacks it), without gathering the rows that do: a
// filter would copy every column of a frame with a null there (tasks
// still waiting).
func anyValue(f *frame.Frame, col string) bool {
	t, err := f.Type(col)
	if err != nil {
		return false
	}
	var valid []bool
	switch t {
	case frame.Time:
		_, valid, err = f.Micros(col)
	default:
		_, valid, err = f.Float64s(col)
	}
	return err == nil && slices.Contains(valid, true)
}

// undatedSuccesses counts the successful attempts of tasks without an
// end time (0 when it cannot read them).
func undatedSuccesses(tasks *frame.Frame) int {
	ok, err1 := tasks.Matches("state", func(s string) bool { return s == "success" })
	_, ended, err2 := tasks.Micros("end")
	if err1 != nil || err2 != nil {
		return 0
	}
	n := 0
	for i := range ok {
		if ok[i] && !ended[i] {
			n++
		}
	}
	return n
}

// endedIn returns the attempts that ended inside the report's window.
func (b *builder) endedIn(tasks *frame.Frame) *frame.Frame {
	ended := tasks.Where("end", "not-null", nil)
	if w := b.o.Window; !w.To.IsZero() {
		ended = ended.Where("end", "<=", w.To)
	}
	return ended
}

// last returns the last value of column col of a series (0 when empty).
func last(f *frame.Frame, col string) float64 {
	v, valid, err := f.Float64s(col)
	if err != nil || len(v) == 0 || !valid[len(v)-1] {
		return 0
	}
	return v[len(v)-1]
}

// firstErr returns the first error the frames carry.
func firstErr(fs ...*frame.Frame) error {
	for _, f := range fs {
		if err := f.Err(); err != nil {
			return err
		}
	}
	return nil
}
