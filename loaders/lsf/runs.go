package lsf

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// tasks is one row per run (a JOB_FINISH record of a job that started):
// its job's name as category, numProcessors as req_cpus, the slots it
// held (execHosts; numProcessors when it names none) as cpus, its
// first host as worker, its usage.
func (b *builder) tasks() *frame.Frame {
	s := b.sets.Of(schema.Tasks)
	rows, attempts := b.runRows()
	t := &b.t
	g := gather{s, rows}
	s.Const("source", Source)
	g.str("job", &t.key)
	task, attempt, worker := s.DenseInt("task"), s.DenseInt("attempt"), s.Str("worker")
	g.str("category", &t.name)
	g.time("submit", &t.submit)
	g.time("start", &t.start)
	g.time("end", &t.end)
	g.str("state", &t.status)
	g.str("raw_state", &t.rawExit)
	g.int("exit_code", &t.exit)
	g.int("signal", &t.signal)
	g.float("req_cpus", &t.reqCPUs)
	g.float("cpus", &t.cpus)
	g.float("req_nodes", &t.nodes)
	g.float("req_time_s", &t.runLimit)
	g.float("cpu_time_s", &t.cpuTime)
	g.float("wall_time_s", &t.wallTime)
	g.float("mem_mb", &t.mem)
	g.float("vmem_mb", &t.vmem)
	g.float("ru_maxrss_mb", &t.maxRSS)
	g.str("user", &t.user)
	g.str("queue", &t.queue)
	g.str("account", &t.project)
	g.str("exec_host", &t.execHost)
	g.int("array_job", &t.jobID)
	g.int("array_task", &t.idx)
	g.str("term_reason", &t.reason)
	g.int("line", &t.line)
	s.Reserve(len(rows))
	for i, r := range rows {
		task.Add(0)
		attempt.Add(attempts[i])
		if h := b.hosts[r]; len(h) > 0 {
			worker.Add(h[0].host)
		} else {
			worker.Null()
		}
	}
	return s.Frame(len(rows))
}

// placements is one row per run and execution host: the slots it held
// there as cpus.
func (b *builder) placements() *frame.Frame {
	s := b.sets.Of(schema.Placements)
	runs, attempts := b.runRows()
	t := &b.t
	job, task, attempt, worker, root := s.Str("job"), s.DenseInt("task"), s.DenseInt("attempt"), s.Str("worker"), s.Bool("root")
	start, end, state, cpus := s.Time("start"), s.Time("end"), s.Str("state"), s.Float("cpus")
	s.Reserve(b.places)
	n := 0
	for i, r := range runs {
		for k, h := range b.hosts[r] {
			n++
			job.Add(t.key.Value(int(r)))
			task.Add(0)
			attempt.Add(attempts[i])
			worker.Add(h.host)
			root.Add(k == 0)
			start.Add(t.start.V[r])
			end.Add(t.end.V[r])
			state.Add(t.status.Value(int(r)))
			cpus.Add(h.slots)
		}
	}
	return s.Frame(n)
}

// eventsFrame is one row per record: its event time, line and type,
// the job it is about (JOB_FINISH and JOB_RESIZE), a JOB_FINISH's
// jStatus in bacct's words (state) and in the vocabulary (status), and the file when the load read several.
func (b *builder) eventsFrame(files []string) *frame.Frame {
	s := b.sets.Of(schema.Events)
	tm, line, typ, job := s.Time("time"), s.DenseInt("line"), s.Str("type"), s.Str("job")
	state, status := s.Str("state"), s.Str("status")
	var file *columns.Str
	if len(files) > 1 {
		file = s.Str("file")
	}
	s.Reserve(len(b.events))
	for _, e := range b.events {
		tm.Add(e.time)
		line.Add(int64(e.line))
		typ.Add(e.typ)
		job.Opt(e.job, e.job != "")
		if r := int(e.finishRow); r >= 0 {
			state.Add(b.t.rawState.Value(r))
			status.Add(b.t.status.Value(r))
		} else {
			state.Null()
			status.Null()
		}
		if file != nil {
			file.Add(files[e.file])
		}
	}
	return s.Frame(len(b.events))
}
