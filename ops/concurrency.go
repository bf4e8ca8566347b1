package ops

import (
	"fmt"

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
	keys := []string{}
	for _, k := range []string{"source", "run", "job"} {
		if tasks.Has(k) {
			keys = append(keys, k)
		}
	}
	keys = append(keys, "task", "attempt")
	order, err := tasks.SortIndex(keys...)
	if err != nil {
		return frame.WithErr(fmt.Errorf("StateCounts: %w", err))
	}
	// only the keys and the times are gathered, not the task's other columns
	t := tasks.Select(append(keys[:len(keys):len(keys)], "submit", "start", "end")...).Take(order)
	sub, subOK, err1 := t.Micros("submit")
	st, stOK, err2 := t.Micros("start")
	en, enOK, err3 := t.Micros("end")
	if err := firstErr(err1, err2, err3); err != nil {
		return frame.WithErr(fmt.Errorf("StateCounts: %w", err))
	}
	// Rows of one task share a group id and sit together after the sort.
	gid := t.GroupBy(keys[:len(keys)-1]...).GroupIDs()
	type ev struct { // 16 bytes: sorted in place (radixSortSmall)
		time           int64
		waiting, runng int32
	}
	evs := make([]ev, 0, stateEvents(gid, subOK, stOK, enOK))
	for i := range st {
		ready, readyOK := sub[i], subOK[i]
		if i > 0 && gid[i-1] == gid[i] {
			ready, readyOK = en[i-1], enOK[i-1]
		}
		if readyOK {
			evs = append(evs, ev{ready, 1, 0})
			switch {
			case stOK[i]:
				evs = append(evs, ev{st[i], -1, 0})
			case enOK[i]:
				evs = append(evs, ev{en[i], -1, 0})
			}
		}
		if stOK[i] {
			evs = append(evs, ev{st[i], 0, 1})
			if enOK[i] {
				evs = append(evs, ev{en[i], 0, -1})
			}
		}
	}
	sortStableByKey(evs, func(e *ev) uint64 { return int64Key(e.time) })
	n := distinctTimes(evs, func(e *ev) int64 { return e.time })
	times, w, r := make([]int64, 0, n), make([]float64, 0, n), make([]float64, 0, n)
	cw, cr := 0, 0
	for i := 0; i < len(evs); {
		j := i
		for ; j < len(evs) && evs[j].time == evs[i].time; j++ {
			cw += int(evs[j].waiting)
			cr += int(evs[j].runng)
		}
		times = append(times, evs[i].time)
		w = append(w, float64(cw))
		r = append(r, float64(cr))
		i = j
	}
	return frame.New(frame.MicrosCol("time", times, nil), frame.Float64Col("waiting", w, nil), frame.Float64Col("running", r, nil))
}

// stateEvents counts the events stateCounts makes of the attempts: a
// ready and a leaving event for each attempt with a ready time, a start
// and an end for each that started (the ready time of an attempt is its
// submit, or the previous attempt's end when gid says the same task).
func stateEvents(gid []int32, subOK, stOK, enOK []bool) int {
	n := 0
	for i := range stOK {
		readyOK := subOK[i]
		if i > 0 && gid[i-1] == gid[i] {
			readyOK = enOK[i-1]
		}
		if readyOK {
			n++
			if stOK[i] || enOK[i] {
				n++
			}
		}
		if stOK[i] {
			n++
			if enOK[i] {
				n++
			}
		}
	}
	return n
}

// distinctTimes counts the runs of equal times in s, sorted by time.
func distinctTimes[T any](s []T, time func(*T) int64) int {
	n := 0
	for i := range s {
		if i == 0 || time(&s[i]) != time(&s[i-1]) {
			n++
		}
	}
	return n
}

// Throughput returns the cumulative count of the rows of f by the time
// in column timeCol (for example the ends of successful attempts, or the
// events into a state): one point per distinct time, with value = the
// number of rows at or before it. Rows with a null time are left out.
// Columns: time, value (count).
func Throughput(f *frame.Frame, timeCol string) *frame.Frame {
	if err := require("Throughput", f, "any frame with a time column", timeCol); err != nil {
		return frame.WithErr(err)
	}
	t, ok, err := f.Micros(timeCol)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Throughput: %w", err))
	}
	changes := make([]change, 0, len(t))
	for i := range t {
		if ok[i] {
			changes = append(changes, change{t[i], t[i], 1})
		}
	}
	return stepSeries(changes)
}
