package ops

import (
	"fmt"
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// Succeeded is the state of an attempt that did its work; every other
// ended state (failed, exhausted, lost, canceled, forsaken, ...) did not.
const Succeeded = "success"

// taskKeys are the columns of tasks that name one task, in order, among
// source, run, job and task.
func taskKeys(tasks *frame.Frame) []string {
	var keys []string
	for _, k := range []string{"source", "run", "job", "task"} {
		if tasks.Has(k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// Failures counts the attempts whose state is a failure
// (schema.Failure: ended, and neither success nor a TaskVine library
// instance's exit; an end time is not needed, so a source that records
// states without times, as a sacct dump of State and Elapsed only, has
// its failures), by state and, where the frame has them, reason and
// exit_code: columns state[, reason][, exit_code], count, and example
// (the first such attempt as "job@task#attempt", or "task#attempt").
// Rows come by descending count, then key order.
func Failures(tasks *frame.Frame) *frame.Frame {
	if err := requireFrame("Failures", tasks, schema.Tasks, "state", "task", "attempt"); err != nil {
		return frame.WithErr(err)
	}
	by := []string{"state"}
	for _, c := range []string{"reason", "exit_code"} {
		if tasks.Has(c) {
			by = append(by, c)
		}
	}
	bad := failedRows(tasks)
	if err := bad.Err(); err != nil {
		return frame.WithErr(fmt.Errorf("Failures: %w", err))
	}
	hasJob := bad.Has("job")
	bad = bad.WithColumnFunc("example", frame.String, func(r frame.Row) any {
		s := ""
		if hasJob && !r.IsNull("job") {
			s = fmt.Sprint(r.Value("job")) + "@"
		}
		return fmt.Sprintf("%s%d#%d", s, r.Int("task"), r.Int("attempt"))
	})
	out := bad.GroupBy(by...).Agg(frame.Count().As("count"), frame.First("example").As("example"))
	return wrap("Failures", out.Sort("-count"))
}

// failedRows returns the rows of tasks whose state is a failure
// (schema.Failure).
func failedRows(tasks *frame.Frame) *frame.Frame {
	failed, err := tasks.Matches("state", schema.Failure)
	if err != nil {
		return frame.WithErr(err)
	}
	var rows []int
	for i, f := range failed {
		if f {
			rows = append(rows, i)
		}
	}
	return tasks.Take(rows)
}

// Retries describes each task's attempts: columns the task keys (source,
// run, job, task, where present), attempts (the number of attempt rows),
// failed_attempts (schema.Failure) and final_state (the state of the
// attempt with the highest number). Tasks come in key order.
func Retries(tasks *frame.Frame) *frame.Frame {
	if err := requireFrame("Retries", tasks, schema.Tasks, "task", "attempt", "state"); err != nil {
		return frame.WithErr(err)
	}
	keys := taskKeys(tasks)
	isFailed, err := tasks.Matches("state", schema.Failure)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Retries: %w", err))
	}
	failed := make([]int64, len(isFailed))
	for i, f := range isFailed {
		if f {
			failed[i] = 1
		}
	}
	// Grouped as they come, not sorted: the final state is picked per
	// group (finalAttempts) as the last of the attempts sorted by number.
	t := tasks.Select(append(keys[:len(keys):len(keys)], "attempt", "state")...).WithColumn("_failed", failed)
	g := t.GroupBy(keys...)
	out := g.Agg(frame.Count().As("attempts"), frame.Sum("_failed").As("failed_attempts"))
	if err := out.Err(); err != nil {
		return frame.WithErr(fmt.Errorf("Retries: %w", err))
	}
	attempt, attemptOK, err := t.Int64s("attempt")
	if err != nil {
		return frame.WithErr(fmt.Errorf("Retries: %w", err))
	}
	stateCol := slices.Index(t.Names(), "state")
	pick := finalAttempts(g.GroupIDs(), out.NumRows(), attempt, attemptOK, func(i int) bool { return !t.IsNull(stateCol, i) })
	final, err := t.Take(pick).Col("state")
	if err != nil {
		return frame.WithErr(fmt.Errorf("Retries: %w", err))
	}
	return wrap("Retries", out.WithColumn("final_state", final))
}

// finalAttempts returns, per group (gid of each row, ngroups), the row
// whose state is a task's final one: of its rows with a state, the last
// in order of attempt number (a null number last), then of row, as a
// stable sort by number puts them; a group without a state gives any of
// its rows (a null state all the same).
func finalAttempts(gid []int32, ngroups int, attempt []int64, attemptOK []bool, hasState func(int) bool) []int {
	pick := make([]int, ngroups)
	for k := range pick {
		pick[k] = -1
	}
	stated := make([]bool, ngroups)
	later := func(i, j int) bool { // row i after row j in the stable order
		switch {
		case !attemptOK[i]:
			return true // a null number last; of two, the later row
		case !attemptOK[j]:
			return false
		}
		return attempt[i] >= attempt[j]
	}
	for i, k := range gid {
		switch {
		case hasState(i) && (!stated[k] || later(i, pick[k])):
			pick[k], stated[k] = i, true
		case !stated[k] && pick[k] < 0:
			pick[k] = i
		}
	}
	return pick
}

// Badput sums the run time of ended attempts per group of equal values of
// by (worker, category, ...; the whole frame when by is empty): columns
// by..., attempts (ended), failed (not success), goodput_s (Σ run time of
// successful attempts, s), badput_s (Σ run time of the others: work lost
// to failures, worker loss, cancels and exhausted resources, s) and
// badput_fraction = badput_s / (goodput_s + badput_s) (null when both are
// 0). With a req_cpus column it also gives badput_cpu_s, the cpu-seconds
// allocated to those attempts. Attempts that never started count 0 s.
// A TaskVine library instance's exit (state library_exit) is neither:
// its rows are left out.
func Badput(tasks *frame.Frame, by ...string) *frame.Frame {
	if err := requireFrame("Badput", tasks, schema.Tasks, append([]string{"state", "start", "end"}, by...)...); err != nil {
		return frame.WithErr(err)
	}
	ended := tasks.Where("end", "not-null", nil).Where("state", "!=", schema.LibraryExit)
	st, stOK, err1 := ended.Micros("start")
	en, _, err2 := ended.Micros("end")
	isFailed, err3 := ended.Matches("state", schema.Failure)
	if err := firstErr(err1, err2, err3); err != nil {
		return frame.WithErr(fmt.Errorf("Badput: %w", err))
	}
	var cpus []float64
	var cpusOK []bool
	if ended.Has("req_cpus") {
		var err error
		if cpus, cpusOK, err = ended.Float64s("req_cpus"); err != nil {
			return frame.WithErr(fmt.Errorf("Badput: %w", err))
		}
	}
	// the groups' keys and attempts; the sums are added up per group in
	// row order, as a GroupBy's Sum does, without a column per sum
	var gid []int32
	out := frame.New(frame.Int64Col("attempts", []int64{int64(len(st))}, nil)).Head(min(len(st), 1))
	if len(by) > 0 {
		g := ended.GroupBy(by...)
		gid, out = g.GroupIDs(), g.Agg(frame.Count().As("attempts"))
	}
	ng := out.NumRows()
	failed, good, bad, badCPU := make([]int64, ng), make([]float64, ng), make([]float64, ng), make([]float64, ng)
	for i := range st {
		k := int32(0)
		if gid != nil {
			k = gid[i]
		}
		run := 0.0
		if stOK[i] {
			run = float64(en[i]-st[i]) / 1e6
		}
		if !isFailed[i] {
			good[k] += run
			continue
		}
		bad[k], failed[k] = bad[k]+run, failed[k]+1
		if cpus != nil && cpusOK[i] {
			badCPU[k] += run * cpus[i]
		}
	}
	out = out.WithColumn("failed", failed).WithColumn("goodput_s", good).WithColumn("badput_s", bad)
	if cpus != nil {
		out = out.WithColumn("badput_cpu_s", badCPU)
	}
	frac, fracOK := make([]float64, ng), make([]bool, ng)
	for k := range ng {
		if tot := good[k] + bad[k]; tot > 0 {
			frac[k], fracOK[k] = bad[k]/tot, true
		}
	}
	return wrap("Badput", out.WithColumn("badput_fraction", frame.Float64Col("badput_fraction", frac, fracOK)))
}
