package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
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
// A cycle in the graph is an error naming a task on it.
func CriticalPath(tasks, deps *frame.Frame) *frame.Frame {
	if err := require("CriticalPath", tasks, "the tasks frame of every loader has them", "task"); err != nil {
		return frame.WithErr(err)
	}
	if err := require("CriticalPath", deps, "the dependencies frame (WfCommons, TaskVine task graphs) has them", "parent", "child"); err != nil {
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
			return frame.WithErr(fmt.Errorf("CriticalPath: job %q: %w", job, err))
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
	jobs, jobOK := make([]string, n), make([]bool, n)
	if tasks.Has("job") {
		var err error
		if jobs, err = tasks.Texts("job"); err != nil {
			return runTimes{}, err
		}
		_, jobOK, _ = tasks.Strings("job")
	}
	ids, idOK, err := tasks.Int64s("task")
	if err != nil {
		return runTimes{}, err
	}
	col := func(name string, read func(string) ([]float64, []bool, error)) ([]float64, []bool) {
		if !tasks.Has(name) {
			return make([]float64, n), make([]bool, n)
		}
		v, ok, err := read(name)
		if err != nil {
			return make([]float64, n), make([]bool, n)
		}
		return v, ok
	}
	wall, wallOK := col("wall_time_s", tasks.Float64s)
	micros := func(name string) ([]float64, []bool, error) {
		v, ok, err := tasks.Micros(name)
		f := make([]float64, len(v))
		for i := range v {
			f[i] = float64(v[i]) / 1e6
		}
		return f, ok, err
	}
	start, startOK := col("start", micros)
	end, endOK := col("end", micros)
	attempt := make([]int64, n)
	if tasks.Has("attempt") {
		if attempt, _, err = tasks.Int64s("attempt"); err != nil {
			return runTimes{}, err
		}
	}
	var cats []string
	var catOK []bool
	if tasks.Has("category") {
		if cats, err = tasks.Texts("category"); err != nil {
			return runTimes{}, err
		}
		_, catOK, _ = tasks.Strings("category")
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
		if catOK != nil && catOK[i] {
			out.category[k] = cats[i]
		}
	}
	return out, nil
}
