package cromwell

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

func (b *builder) frames(want map[string]bool) map[string]*frame.Frame {
	return columns.BuildFrames([]columns.Build{
		{Name: schema.Jobs, Frame: b.jobsFrame}, {Name: schema.Tasks, Frame: b.tasksFrame}, {Name: schema.Events, Frame: b.eventsFrame},
	}, want)
}

func optTime(c *columns.Int, v num)   { c.Opt(v.v, v.ok) }
func optStr(c *columns.Str, s string) { c.Opt(s, s != "") }
func optBool(c *columns.Bool, v *bool) {
	if v == nil {
		c.Null()
		return
	}
	c.Add(*v)
}

// jobsFrame is one row per workflow: the root and its subworkflows
// (parent and path say where).
func (b *builder) jobsFrame() *frame.Frame {
	s := b.sets.Of(schema.Jobs)
	id, name, state, status := s.Str("job"), s.Str("name"), s.Str("state"), s.Str("status")
	submit, start, end := s.Time("submit"), s.Time("start"), s.Time("end")
	parent, path, version, language, failures := s.Str("parent"), s.Str("path"), s.Str("cromwell_version"), s.Str("language"), s.Str("failures")
	s.Reserve(len(b.workflows))
	for _, w := range b.workflows {
		id.Add(w.id)
		optStr(name, w.name)
		optStr(state, w.raw)
		optStr(status, w.status)
		optTime(submit, w.submit)
		optTime(start, w.start)
		optTime(end, w.end)
		optStr(parent, w.parent)
		optStr(path, w.path)
		optStr(version, w.version)
		optStr(language, w.language)
		optStr(failures, w.failures)
	}
	return s.Frame(len(b.workflows))
}

// tasksFrame is one row per call attempt: its call's fully qualified
// name as category, its shard, its attempt as Cromwell numbers it.
func (b *builder) tasksFrame() *frame.Frame {
	s := b.sets.Of(schema.Tasks)
	s.Const("source", Source)
	job, task, attempt, category, shard := s.Str("job"), s.DenseInt("task"), s.Int("attempt"), s.Str("category"), s.Int("shard")
	start, end, state, raw, exit := s.Time("start"), s.Time("end"), s.Str("state"), s.Str("raw_state"), s.Int("exit_code")
	cpus, mem, wall := s.Float("req_cpus"), s.Float("req_mem_mb"), s.Float("wall_time_s")
	backend, jobID, preemptible, cached := s.Str("backend"), s.Str("backend_job_id"), s.Bool("preemptible"), s.Bool("call_cached")
	failure, machine, zone, workflow, path, record := s.Str("failure"), s.Str("machine_type"), s.Str("zone"), s.Str("workflow"), s.Str("subworkflow"), s.Str("record")
	s.Reserve(len(b.calls))
	for i := range b.calls {
		c := &b.calls[i]
		job.Add(c.root)
		task.Add(c.task)
		attempt.Opt(c.attempt.v, c.attempt.ok)
		category.Add(c.name)
		shard.Opt(c.shard.v, c.shard.ok)
		optTime(start, c.start)
		optTime(end, c.end)
		state.Add(c.state)
		raw.Add(c.raw)
		exit.Opt(c.exit.v, c.exit.ok)
		cpus.Opt(c.cpus.v, c.cpus.ok)
		mem.Opt(c.memMB.v, c.memMB.ok)
		wall.Opt(float64(c.end.v-c.start.v)/1e6, c.start.ok && c.end.ok)
		optStr(backend, c.backend)
		optStr(jobID, c.jobID)
		optBool(preemptible, c.preemptible)
		optBool(cached, c.cached)
		optStr(failure, c.failure)
		optStr(machine, c.machine)
		optStr(zone, c.zone)
		workflow.Add(c.workflow)
		optStr(path, c.path)
		record.Add(c.record)
	}
	return s.Frame(len(b.calls))
}

// eventsFrame is one row per execution event of a call attempt (its
// phases: PreparingJob, RunningJob, UpdatingJobStore, ...), in time
// order within the attempt.
func (b *builder) eventsFrame() *frame.Frame {
	s := b.sets.Of(schema.Events)
	tm, end, typ := s.Time("time"), s.Time("end"), s.Str("type")
	job, task, attempt, category := s.Str("job"), s.Int("task"), s.Int("attempt"), s.Str("category")
	n := 0
	for i := range b.calls {
		c := &b.calls[i]
		for _, ph := range c.phases {
			n++
			optTime(tm, ph.start)
			optTime(end, ph.end)
			typ.Add(ph.description)
			job.Add(c.root)
			task.Add(c.task)
			attempt.Opt(c.attempt.v, c.attempt.ok)
			category.Add(c.name)
		}
	}
	return s.Frame(n)
}
