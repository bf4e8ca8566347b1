package ops

import (
	"fmt"
	"math"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// Concurrency returns, for each value of column by (state, category,
// worker, ...), the step series of the number of attempts running: an
// attempt counts from its start to its end (to the end of the log when
// end is null). Attempts with a null start or a null by value are left
// out. Columns: by, time and value (attempts), the groups in sorted
// order and each group's points in time order.
func Concurrency(tasks *frame.Frame, by string) *frame.Frame {
	if err := requireFrame("Concurrency", tasks, schema.Tasks, "start", "end", by); err != nil {
		return frame.WithErr(err)
	}
	return seriesPerGroup("Concurrency", tasks, by, func(f *frame.Frame) *frame.Frame { return Steps(f, "start", "end", "") })
}

// seriesPerGroup computes a step series for the rows of each non-null
// value of column by and stacks them: columns by, time, value, the
// groups in sorted order.
func seriesPerGroup(op string, f *frame.Frame, by string, series func(*frame.Frame) *frame.Frame) *frame.Frame {
	t := f.Where(by, "not-null", nil)
	g := t.GroupBy(by)
	keys := g.Agg()
	if keys.Err() != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, keys.Err()))
	}
	members := make([][]int, g.NumGroups())
	for i, k := range g.GroupIDs() {
		members[k] = append(members[k], i)
	}
	parts := make([]*frame.Frame, 0, len(members))
	for k, rows := range members {
		s := series(t.Take(rows))
		if s.Err() != nil {
			return frame.WithErr(fmt.Errorf("%s: %w", op, s.Err()))
		}
		label := keys.Take(repeatIndex(k, s.NumRows()))
		parts = append(parts, frame.New(append(label.Columns(), s.Columns()...)...))
	}
	if len(parts) == 0 {
		return frame.New(frame.StringCol(by, nil, nil), frame.MicrosCol("time", nil, nil), frame.Float64Col("value", nil, nil))
	}
	return frame.Concat(parts...)
}

func repeatIndex(k, n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = k
	}
	return r
}

// StateCounts returns the number of attempts waiting and running over
// time. An attempt runs from start to end (to the end of the log when end
// is null). It waits from the moment it became ready: its task's submit
// for the first attempt, the end of the previous attempt for a retry
// (attempts of a task, keyed by run, job and task where present, in
// attempt order), until its start, or until its end when it never started
// (canceled while waiting), or to the end of the log. Columns: time,
// waiting, running (attempts just after time), one point per distinct
// time. Several runs (a "run" column) merge as Busy's do: an attempt
// still waiting or running when its run's log ends stops counting there.
func StateCounts(tasks *frame.Frame) *frame.Frame {
	if err := requireFrame("StateCounts", tasks, schema.Tasks, "task", "attempt", "submit", "start", "end"); err != nil {
		return frame.WithErr(err)
	}
	return perRunCols("StateCounts", tasks, []string{"waiting", "running"}, stateCounts)
}

// stateCounts is StateCounts over the attempts of one run.
func stateCounts(tasks *frame.Frame) *frame.Frame {
	times, err := stateTimes(tasks)
	if err != nil {
		return frame.WithErr(fmt.Errorf("StateCounts: %w", err))
	}
	return countSteps(times)
}

// StepSink receives a step series point by point, in time order: its
// time (µs) and its values, one per column (StateCountsTo). values is
// reused from one call to the next.
type StepSink interface {
	Add(t int64, values []float64)
}

// StateCountsTo is StateCounts handed to a sink point by point instead
// of returned whole, for the attempts of one run: open receives the
// number of points and the first and last times (µs; 0 when there are
// no points) and returns the sink, which then receives every point,
// its values waiting and running. The series of a 10M-attempt log has
// tens of millions of points; a sink may keep only those a chart draws
// (plot.StepKeeper). Beyond statePartTimes changes of state, the times
// are gathered and sorted a part of their span at a time, and the
// points are not counted first: open then receives −1 points (the
// 10M-task lake's 30M changes sorted whole held 0.3 GB). ok is false,
// and open is not called, when tasks hold several runs: their series
// merge whole (StateCounts).
func StateCountsTo(tasks *frame.Frame, open func(points int, first, last int64) StepSink) (ok bool, err error) {
	if err := requireFrame("StateCounts", tasks, schema.Tasks, "task", "attempt", "submit", "start", "end"); err != nil {
		return false, err
	}
	if severalRuns(tasks) {
		return false, nil
	}
	ev, err := readStateEvents(tasks)
	if err != nil {
		return false, fmt.Errorf("StateCounts: %w", err)
	}
	ev.walkInParts(open, statePartTimes)
	return true, nil
}

// stepTimes are the times the attempts of one run change state, in
// five arrays each sorted alone (sortSteps): an attempt starts waiting
// (waitIn); starts running having waited (started: one step of each
// count); stops waiting without having started (ended while waiting,
// waitOnly); starts running without having waited (runOnly); stops
// running (runOut). An attempt's start is held once, not as the end of
// its wait and the start of its run: 8 bytes a row fewer than four
// arrays, 80 MB of a 10M-attempt log, the other two arrays holding the
// rare attempts without a start or without a ready time.
type stepTimes [5][]int64

// stateTimes returns the times the attempts of one run change state,
// each array in row order.
func stateTimes(tasks *frame.Frame) (stepTimes, error) {
	ev, err := readStateEvents(tasks)
	if err != nil {
		return stepTimes{}, err
	}
	return ev.allTimes(), nil
}

// allTimes returns every time at which the attempts change state, each
// array in row order: room is made for a time per row in the arrays
// most rows go to.
func (e stateEvents) allTimes() stepTimes {
	n := len(e.st)
	return e.times(math.MinInt64, math.MaxInt64, stepRoom{n, n, 0, 0, n}, stepTimes{})
}

// stateEvents are the columns the times attempts change state are read
// from, a row at a time: the tasks' submit, start and end times, and
// each attempt's previous one (previousAttempts; nil: no retries).
type stateEvents struct {
	sub, st, en       []int64
	subOK, stOK, enOK []bool
	prev              []int32
}

// readStateEvents reads the columns of the state changes of tasks.
func readStateEvents(tasks *frame.Frame) (stateEvents, error) {
	keys := []string{}
	for _, k := range []string{"source", "run", "job"} {
		if tasks.Has(k) {
			keys = append(keys, k)
		}
	}
	keys = append(keys, "task")
	var e stateEvents
	var err1, err2, err3, err4 error
	e.sub, e.subOK, err1 = tasks.Micros("submit")
	e.st, e.stOK, err2 = tasks.Micros("start")
	e.en, e.enOK, err3 = tasks.Micros("end")
	e.prev, err4 = previousAttempts(tasks, keys)
	return e, firstErr(err1, err2, err3, err4)
}

// times returns the times from lo to hi (both included) at which the
// attempts change state (each), each array in row order, in the arrays
// of reuse where they have the room given for its kind, else made with
// it.
func (e stateEvents) times(lo, hi int64, room stepRoom, reuse stepTimes) stepTimes {
	var out stepTimes
	for k := range out {
		if cap(reuse[k]) >= room[k] {
			out[k] = reuse[k][:0]
		} else {
			out[k] = make([]int64, 0, room[k])
		}
	}
	e.each(func(kind int, t int64) {
		if lo <= t && t <= hi {
			out[kind] = append(out[kind], t)
		}
	})
	return out
}

// previousAttempts returns, per row of tasks, the row of the attempt
// before it of the same task (keys; attempts in order of number, a null
// number last, then of row), or −1 for a task's first attempt; nil when
// no task has more than one attempt row. Only the rows of tasks with
// several are found (frame.Repeated, which groups no other row) and
// sorted: a log of 10M tasks with a few retries sorts those.
func previousAttempts(tasks *frame.Frame, keys []string) ([]int32, error) {
	if tasks.NumRows() > math.MaxInt32 {
		return nil, fmt.Errorf("%d attempts: more than a run holds (2³¹−1)", tasks.NumRows())
	}
	several, err := tasks.Repeated(keys...)
	if err != nil || len(several) == 0 {
		return nil, err
	}
	cols := append(keys[:len(keys):len(keys)], "attempt")
	sub := tasks.Select(cols...).Take(several)
	gid := sub.GroupBy(keys...).GroupIDs()
	order, err := sub.SortIndex(cols...)
	if err != nil {
		return nil, err
	}
	prev := make([]int32, tasks.NumRows())
	for i := range prev {
		prev[i] = -1
	}
	for k := 1; k < len(order); k++ { // a task's rows are together in that order
		if a, b := order[k-1], order[k]; gid[a] == gid[b] {
			prev[several[b]] = int32(several[a])
		}
	}
	return prev, nil
}

// countSteps sorts the times attempts change state, and returns the
// waiting and running counts just after each distinct time among them:
// columns time, waiting, running.
func countSteps(times stepTimes) *frame.Frame {
	sortSteps(times)
	n, _, _ := stepsSpan(times)
	at, w, r := make([]int64, 0, n), make([]float64, 0, n), make([]float64, 0, n)
	walkSteps(times, func(t int64, waiting, running int) {
		at = append(at, t)
		w = append(w, float64(waiting))
		r = append(r, float64(running))
	})
	return frame.New(frame.MicrosCol("time", at, nil), frame.Float64Col("waiting", w, nil), frame.Float64Col("running", r, nil))
}

// sortSteps sorts each array of times.
func sortSteps(times stepTimes) {
	for _, ts := range times {
		sortInt64s(ts)
	}
}

// stepsSpan returns the number of points of the sorted arrays of times
// and their first and last times (0 when there are none).
func stepsSpan(times stepTimes) (n int, first, last int64) {
	walkSteps(times, func(t int64, _, _ int) {
		if n == 0 {
			first = t
		}
		n, last = n+1, t
	})
	return n, first, last
}

// walkSteps calls emit with each distinct time of the sorted arrays of
// times, in order, and the waiting and running counts just after it.
func walkSteps(times stepTimes, emit func(t int64, waiting, running int)) {
	walkStepsFrom(times, 0, 0, emit)
}

// walkStepsFrom is walkSteps from counts cw and cr (those of the times
// before these), returning the counts after the last.
func walkStepsFrom(times stepTimes, cw, cr int, emit func(t int64, waiting, running int)) (int, int) {
	var pos [len(times)]int
	// each array's step to the counts: waitIn, started, waitOnly, runOnly, runOut
	dw, dr := [len(times)]int{1, -1, -1, 0, 0}, [len(times)]int{0, 1, 0, 1, -1}
	for {
		t, found := int64(0), false
		for k, ts := range times {
			if pos[k] < len(ts) && (!found || ts[pos[k]] < t) {
				t, found = ts[pos[k]], true
			}
		}
		if !found {
			return cw, cr
		}
		for k, ts := range times {
			for ; pos[k] < len(ts) && ts[pos[k]] == t; pos[k]++ {
				cw += dw[k]
				cr += dr[k]
			}
		}
		emit(t, cw, cr)
	}
}

// Throughput returns the cumulative count of the rows of f by the time
// in column timeCol (for example the ends of successful attempts, or the
// events into a state): one point per distinct time, with value = the
// number of rows at or before it. Rows with a null time are left out.
// Columns: time, value (count).
func Throughput(f *frame.Frame, timeCol string) *frame.Frame {
	ts, n, err := sortedTimes(f, timeCol)
	if err != nil {
		return frame.WithErr(err)
	}
	// the distinct times written over the sorted ones (the k-th distinct
	// time is at or after position k), unless they are few enough that
	// the room of all would be held for them
	times := ts[:0]
	if n < len(ts)/2 {
		times = make([]int64, 0, n)
	}
	values := make([]float64, 0, n)
	walkCounts(ts, func(t int64, count float64) {
		times = append(times, t)
		values = append(values, count)
	})
	return frame.New(frame.MicrosCol("time", times, nil), frame.Float64Col("value", values, nil))
}

// ThroughputTo is Throughput handed to a sink point by point instead of
// returned whole: open receives the number of points and the first and
// last times (µs; 0 when there are none) and returns the sink, which
// then receives every point, its one value the count. The attempts
// ended of a 10M-attempt log are ten million points; a sink may keep
// only those a chart draws (plot.StepKeeper).
func ThroughputTo(f *frame.Frame, timeCol string, open func(points int, first, last int64) StepSink) error {
	ts, n, err := sortedTimes(f, timeCol)
	if err != nil {
		return err
	}
	first, last := int64(0), int64(0)
	if n > 0 {
		first, last = ts[0], ts[len(ts)-1]
	}
	sink, values := open(n, first, last), make([]float64, 1)
	walkCounts(ts, func(t int64, count float64) {
		values[0] = count
		sink.Add(t, values)
	})
	return nil
}

// sortedTimes returns the times of column timeCol of f that are not
// null, sorted, and how many distinct ones there are (Throughput).
func sortedTimes(f *frame.Frame, timeCol string) ([]int64, int, error) {
	if err := require("Throughput", f, "any frame with a time column", timeCol); err != nil {
		return nil, 0, err
	}
	t, ok, err := f.Micros(timeCol)
	if err != nil {
		return nil, 0, fmt.Errorf("Throughput: %w", err)
	}
	// the times alone, sorted in place: a count needs no deltas
	ts := make([]int64, 0, len(t))
	for i := range t {
		if ok[i] {
			ts = append(ts, t[i])
		}
	}
	sortInt64s(ts)
	n := 0
	for i := range ts {
		if i == 0 || ts[i] != ts[i-1] {
			n++
		}
	}
	return ts, n, nil
}

// walkCounts calls emit with each distinct time of the sorted times ts,
// in order, and the number of times at or before it. emit may write
// over ts at or before the position of the time it is given (the k-th
// distinct time is at or after position k).
func walkCounts(ts []int64, emit func(t int64, count float64)) {
	for i := range ts {
		if i+1 == len(ts) || ts[i+1] != ts[i] { // the last row at this time
			emit(ts[i], float64(i+1))
		}
	}
}
