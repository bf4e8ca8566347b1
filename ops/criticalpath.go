package ops

import (
	"errors"
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// CriticalPath finds, for each job, the chain of dependent tasks whose
// run times add up to the most: the least time the job could take with
// unlimited machines. deps is a dependencies frame (job, parent, child:
// WfCommons instances, TaskVine task graphs); tasks gives each task's
// run time in seconds, wall_time_s of its highest attempt, or that
// attempt's end - start where wall_time_s is null or absent. A task the
// graph names and tasks lacks (or whose time is null) counts 0 s.
//
// The result has one row per task of each job's path, in order: job,
// step (from 1), task, run_s (its run time) and path_s (the path's
// length up to and including it, in s), and category when tasks has it.
// A cycle in the graph is a *CycleError naming its job and a task on it.
func CriticalPath(tasks, deps *frame.Frame) *frame.Frame {
	if err := requireFrame("CriticalPath", tasks, schema.Tasks, "task"); err != nil {
		return frame.WithErr(err)
	}
	if err := requireFrame("CriticalPath", deps, schema.Dependencies, "parent", "child"); err != nil {
		return frame.WithErr(err)
	}
	w, err := taskRunTimes(tasks)
	if err != nil {
		return frame.WithErr(fmt.Errorf("CriticalPath: %w", err))
	}
	graphs, err := jobGraphs(deps)
	if err != nil {
		return frame.WithErr(fmt.Errorf("CriticalPath: %w", err))
	}
	var (
		jobs, cats    []string
		jobOK, catOK  []bool
		steps, ids    []int64
		runs, lengths []float64
	)
	for _, job := range graphs.jobs {
		path, err := graphs.byJob[job].longest(func(task int64) float64 { return w.run[taskKey{job, task}] })
		if err != nil {
			var ce *CycleError
			if errors.As(err, &ce) {
				ce.Job = job
			}
			return frame.WithErr(fmt.Errorf("CriticalPath: %w", err))
		}
		total := 0.0
		for k, task := range path {
			r := w.run[taskKey{job, task}]
			total += r
			jobs, jobOK = append(jobs, job), append(jobOK, job != "")
			steps, ids = append(steps, int64(k+1)), append(ids, task)
			runs, lengths = append(runs, r), append(lengths, total)
			c, ok := w.category[taskKey{job, task}]
			cats, catOK = append(cats, c), append(catOK, ok)
		}
	}
	cols := []frame.Column{
		frame.StringCol("job", jobs, jobOK), frame.Int64Col("step", steps, nil), frame.Int64Col("task", ids, nil),
		frame.Float64Col("run_s", runs, nil), frame.Float64Col("path_s", lengths, nil),
	}
	if tasks.Has("category") {
		cols = append(cols, frame.StringCol("category", cats, catOK))
	}
	return frame.New(cols...)
}

// taskKey names a task: its job ("" for none) and id.
type taskKey struct {
	job  string
	task int64
}

// runTimes are the tasks' run times (s) and categories, by task.
type runTimes struct {
	run      map[taskKey]float64
	category map[taskKey]string
}

// taskRunTimes reads each task's run time from its highest attempt.
func taskRunTimes(tasks *frame.Frame) (runTimes, error) {
	n := tasks.NumRows()
	absent := make([]bool, n) // the mask of a column the frame lacks
	text := func(name string) ([]string, []bool, error) {
		if !tasks.Has(name) {
			return make([]string, n), absent, nil
		}
		return tasks.Strings(name)
	}
	float := func(name string, read func(string) ([]float64, []bool, error)) ([]float64, []bool, error) {
		if !tasks.Has(name) {
			return make([]float64, n), absent, nil
		}
		return read(name)
	}
	seconds := func(name string) ([]float64, []bool, error) {
		v, ok, err := tasks.Micros(name)
		f := make([]float64, len(v))
		for i := range v {
			f[i] = float64(v[i]) / 1e6
		}
		return f, ok, err
	}
	jobs, jobOK, err1 := text("job")
	cats, catOK, err2 := text("category")
	ids, idOK, err3 := tasks.Int64s("task")
	wall, wallOK, err4 := float("wall_time_s", tasks.Float64s)
	start, startOK, err5 := float("start", seconds)
	end, endOK, err6 := float("end", seconds)
	attempt := make([]int64, n)
	var err7 error
	if tasks.Has("attempt") {
		attempt, _, err7 = tasks.Int64s("attempt")
	}
	if err := errors.Join(err1, err2, err3, err4, err5, err6, err7); err != nil {
		return runTimes{}, err
	}
	out := runTimes{run: map[taskKey]float64{}, category: map[taskKey]string{}}
	best := map[taskKey]int64{}
	for i := 0; i < n; i++ {
		if !idOK[i] {
			continue
		}
		k := taskKey{task: ids[i]}
		if jobOK[i] {
			k.job = jobs[i]
		}
		if a, seen := best[k]; seen && a > attempt[i] {
			continue
		}
		best[k] = attempt[i]
		switch {
		case wallOK[i]:
			out.run[k] = wall[i]
		case startOK[i] && endOK[i]:
			out.run[k] = end[i] - start[i]
		default:
			out.run[k] = 0
		}
		if catOK[i] {
			out.category[k] = cats[i]
		}
	}
	return out, nil
}
