package report

import (
	"errors"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// criticalPath shows, per job, the longest chain of dependent tasks
// (ops.CriticalPath) against the job's makespan, and the chain of the
// job where it is longest.
func (b *builder) criticalPath() Section {
	s := Section{ID: "critical-path", Title: "Critical path"}
	deps, ok := b.frameOf(schema.Dependencies)
	if !ok {
		s.Reason = "no dependencies between tasks in this source (WfCommons instances, TaskVine task graphs and Parsl since its 2019 schema record them)"
		return s
	}
	tasks, ok := b.frameOf(schema.Tasks)
	if !ok {
		s.Reason = "dependencies but no tasks to time them by"
		return s
	}
	cp := ops.CriticalPath(tasks, deps)
	var cycle *ops.CycleError
	if err := cp.Err(); errors.As(err, &cycle) {
		s.Reason = cycle.Error() + ": a critical path needs a graph without cycles"
		return s
	} else if err != nil {
		s.Reason = failed("the critical path", err)
		return s
	}
	if cp.NumRows() == 0 {
		s.Reason = "the dependencies name no tasks"
		return s
	}
	per := cp.GroupBy("job").Agg(frame.Count(), frame.Max("path_s"))
	per = per.Rename("count", "tasks_on_path", "path_s_max", "path_s")
	if span := b.makespans(tasks); span != nil {
		per = per.Join(span, "left", "job")
		per = per.WithColumnFunc("path_share", frame.Float64, func(r frame.Row) any {
			if r.IsNull("path_s") || r.IsNull("makespan_s") || r.Float("makespan_s") <= 0 {
				return nil
			}
			return r.Float("path_s") / r.Float("makespan_s")
		})
	}
	s.Intro = "The chain of dependent tasks whose run times add up to the most: the least time a job could take with unlimited machines. Against the makespan, it says how much of the wall time the dependencies alone explain."
	s.Tables = append(s.Tables, b.table("per job: tasks on the critical path, its length and the makespan (s)", per))
	longest := per.Sort("-path_s")
	job, _, err := longest.Strings("job")
	if err == nil && len(job) > 0 {
		path := cp.Where("job", "==", job[0])
		s.Facts = append(s.Facts, durationFact("longest path (job "+job[0]+")", lastFloat(path, "path_s"), ""),
			countFact("tasks on it", path.NumRows()))
		s.Tables = append(s.Tables, b.table("the critical path of job "+job[0], path))
	}
	return s
}

// makespans are the jobs' makespans (s): the jobs frame's makespan_s
// where it has one, else end - start of the job's tasks.
func (b *builder) makespans(tasks *frame.Frame) *frame.Frame {
	if j, ok := b.frameOf(schema.Jobs); ok && j.Has("job") && j.Has("makespan_s") {
		return j.Select("job", "makespan_s")
	}
	if !hasAll(tasks, "job", "start", "end") {
		return nil
	}
	g := tasks.GroupBy("job").Agg(frame.Min("start"), frame.Max("end"))
	return g.WithColumnFunc("makespan_s", frame.Float64, func(r frame.Row) any {
		if r.IsNull("start_min") || r.IsNull("end_max") {
			return nil
		}
		return float64(r.Micros("end_max")-r.Micros("start_min")) / 1e6
	}).Select("job", "makespan_s")
}

// lastFloat is the last value of a float column (0 when empty or null).
func lastFloat(f *frame.Frame, col string) float64 {
	v, ok, err := f.Float64s(col)
	if err != nil || len(v) == 0 || !ok[len(v)-1] {
		return 0
	}
	return v[len(v)-1]
}
