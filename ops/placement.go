package ops

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// TasksPerWorker counts the attempts that started on each worker, from
// placements (a multi-node attempt counts on every worker it held), as the
// HyperQueue journal notebook does (docs/semantics.md#tasks-per-worker): one entry per
// start, so a task restarted after a worker loss counts again. Columns:
// worker, count, and tasks, the "job@task" entries in start order (just
// "task" when the source has no job). With a workers frame (optional, nil
// for none) workers come in order of connection, as the notebook's map
// does, those without starts with count 0, and a worker that starts tasks
// without a connect record is added at its first start (where the
// notebook raises KeyError); without one, in order of first start. With
// several runs (a "run" column) a worker is one of its run (worker 1 of
// one manager is not worker 1 of another): a leading run column, workers
// in time order of connection, then of first start.
func TasksPerWorker(placements, workers *frame.Frame) *frame.Frame {
	if err := requireFrame("TasksPerWorker", placements, schema.Placements, "worker", "task", "start"); err != nil {
		return frame.WithErr(err)
	}
	order := []string{"start"}
	if placements.Has("start_line") {
		order = []string{"start_line"}
	}
	several := severalRuns(placements)
	p := placements.Where("worker", "not-null", nil).Where("start", "not-null", nil)
	if several { // a run's lines order only its own records
		order = append([]string{"start"}, order...)
	}
	p = p.Sort(order...)
	started, err := runWorkers(p, several)
	if err != nil {
		return frame.WithErr(fmt.Errorf("TasksPerWorker: %w", err))
	}
	tasks, _, err := p.Int64s("task")
	if err != nil {
		return frame.WithErr(fmt.Errorf("TasksPerWorker: %w", err))
	}
	var jobs []string
	var jobOK []bool
	if p.Has("job") {
		if jobs, jobOK, err = p.Strings("job"); err != nil {
			return frame.WithErr(fmt.Errorf("TasksPerWorker: %w", err))
		}
	}
	index := map[string]int{}
	var names []string
	var counts []int64
	var lists []*strings.Builder
	if workers != nil {
		if err := requireFrame("TasksPerWorker", workers, schema.Workers, "worker", "connected"); err != nil {
			return frame.WithErr(err)
		}
		order := "connected"
		if workers.Has("connected_line") {
			order = "connected_line"
		}
		ws := workers
		if several {
			ws = ws.Sort("connected", order)
		} else {
			ws = ws.Sort(order)
		}
		ids, err := runWorkers(ws, several)
		if err != nil {
			return frame.WithErr(fmt.Errorf("TasksPerWorker: %w", err))
		}
		for _, w := range ids {
			if _, ok := index[w]; !ok {
				index[w] = len(names)
				names = append(names, w)
				counts = append(counts, 0)
				lists = append(lists, &strings.Builder{})
			}
		}
	}
	for i, w := range started {
		k, ok := index[w]
		if !ok {
			k = len(names)
			index[w] = k
			names = append(names, w)
			counts = append(counts, 0)
			lists = append(lists, &strings.Builder{})
		}
		counts[k]++
		b := lists[k]
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if jobs != nil && jobOK[i] {
			b.WriteString(jobs[i])
			b.WriteByte('@')
		}
		b.WriteString(strconv.FormatInt(tasks[i], 10))
	}
	text := make([]string, len(lists))
	for i, b := range lists {
		text[i] = b.String()
	}
	if several {
		runs := make([]string, len(names))
		for i, n := range names {
			runs[i], names[i], _ = strings.Cut(n, "\x00")
		}
		return frame.New(frame.StringCol("run", runs, nil), frame.StringCol("worker", names, nil), frame.Int64Col("count", counts, nil), frame.StringCol("tasks", text, nil))
	}
	return frame.New(frame.StringCol("worker", names, nil), frame.Int64Col("count", counts, nil), frame.StringCol("tasks", text, nil))
}

// severalRuns reports whether f has a "run" column holding more than one
// run (loaders.Open labels every row with its run).
func severalRuns(f *frame.Frame) bool {
	if !f.Has("run") {
		return false
	}
	several, err := f.Varies("run")
	return err == nil && several
}

// runWorkers returns the worker column of f, each value keyed by its run
// ("RUN\x00WORKER") when several: a worker id is its manager's own.
func runWorkers(f *frame.Frame, several bool) ([]string, error) {
	w, _, err := f.Strings("worker")
	if err != nil || !several {
		return w, err
	}
	run, _, err := f.Strings("run")
	if err != nil {
		return nil, err
	}
	keyed := make([]string, len(w))
	for i := range w {
		keyed[i] = run[i] + "\x00" + w[i]
	}
	return keyed, nil
}

// Gantt returns one bar per placement (an attempt's share of one worker):
// columns worker, start, end, job (where present), task, attempt and
// state (where present), sorted by worker then start. Attempts cut short by a worker loss
// end at the loss with state lost; attempts still running when the log
// ends have a null end. Placements that never started are left out.
// With several runs (a "run" column) the bars lead with it and sort by
// run, then worker and start.
func Gantt(placements *frame.Frame) *frame.Frame {
	bars, rows, err := GanttRows(placements)
	if err != nil {
		return frame.WithErr(err)
	}
	return wrap("Gantt", bars.Take(intRows(rows)))
}

// GanttRows is Gantt without its sorted copy: bars are the placements'
// columns that Gantt returns, in the placements' row order (no column
// is copied), and rows the bars that started, in the order Gantt sorts
// them (by run when several, worker, start; a tie in the placements'
// order), so that Gantt(placements) is bars.Take(rows). A timeline of
// 10M attempts sorts 40 MB of row numbers rather than 0.44 GB of
// columns.
func GanttRows(placements *frame.Frame) (bars *frame.Frame, rows []int32, err error) {
	if err := requireFrame("Gantt", placements, schema.Placements, "worker", "start", "end", "task", "attempt"); err != nil {
		return nil, nil, err
	}
	if placements.NumRows() > math.MaxInt32 {
		return nil, nil, fmt.Errorf("Gantt: %d placements, more than a timeline holds (2³¹−1)", placements.NumRows())
	}
	cols := []string{"worker", "start", "end"}
	order := []string{"worker", "start"}
	if severalRuns(placements) {
		cols = append([]string{"run"}, cols...)
		order = append([]string{"run"}, order...)
	}
	if placements.Has("job") {
		cols = append(cols, "job")
	}
	cols = append(cols, "task", "attempt")
	if placements.Has("state") {
		cols = append(cols, "state")
	}
	bars = placements.Select(cols...)
	start, err := bars.Col("start")
	if err != nil {
		return nil, nil, fmt.Errorf("Gantt: %w", err)
	}
	var keep []int // the started rows, when some did not start
	some := start.Arrow().NullN() > 0
	if some {
		keep = make([]int, 0, start.Len()-start.Arrow().NullN())
		for i := range start.Len() {
			if start.Arrow().IsValid(i) {
				keep = append(keep, i)
			}
		}
	}
	sorted := bars
	if some {
		sorted = bars.Select(order...).Take(keep)
	}
	idx, err := sorted.SortIndex(order...)
	if err != nil {
		return nil, nil, fmt.Errorf("Gantt: %w", err)
	}
	rows = make([]int32, len(idx))
	for k, i := range idx {
		if some {
			i = keep[i]
		}
		rows[k] = int32(i)
	}
	return bars, rows, nil
}
