package parsl

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// mib is bytes per MB, as jobframe's memory columns count them.
const mib = 1 << 20

func optTime(c *columns.Int, v num)   { c.Opt(v.v, v.ok) }
func optStr(c *columns.Str, s string) { c.Opt(s, s != "") }
func optFlt(c *columns.Float, v flt)  { c.Opt(v.v, v.ok) }

// frames builds the frames of m and its tries, those of want.
func (m *model) frames(tries []attempt, want map[string]bool) map[string]*frame.Frame {
	return columns.BuildFrames([]columns.Build{
		{Name: schema.Jobs, Frame: m.jobsFrame},
		{Name: schema.Tasks, Frame: func() *frame.Frame { return m.tasksFrame(tries) }},
		{Name: schema.Placements, Frame: func() *frame.Frame { return m.placementsFrame(tries) }},
		{Name: schema.Events, Frame: m.eventsFrame},
		{Name: schema.Samples, Frame: m.samplesFrame},
		{Name: schema.Workers, Frame: m.workersFrame},
		{Name: schema.Allocations, Frame: m.allocationsFrame},
		{Name: schema.Dependencies, Frame: m.dependenciesFrame},
	}, want)
}

// jobsFrame is one row per run of the workflow table (and per run id
// that only other tables name).
func (m *model) jobsFrame() *frame.Frame {
	s := m.sets.Of(schema.Jobs)
	runCol, job, name, version, user, host, rundir := s.Int("run"), s.Str("job"), s.Str("name"), s.Str("workflow_version"), s.Str("user"), s.Str("host"), s.Str("rundir")
	start, end, failed, done := s.Time("start"), s.Time("end"), s.Int("tasks_failed"), s.Int("tasks_completed")
	for i, r := range m.runs {
		runCol.Add(int64(i))
		job.Add(r.id)
		optStr(name, r.name)
		optStr(version, r.version)
		optStr(user, r.user)
		optStr(host, r.host)
		optStr(rundir, r.rundir)
		optTime(start, r.began)
		optTime(end, r.completed)
		failed.Opt(r.failed.v, r.failed.ok)
		done.Opt(r.done.v, r.done.ok)
	}
	return s.Frame(len(m.runs))
}

// tasksFrame is one row per try: submitted when its task was invoked,
// started when it began running on a worker, ended when it returned.
func (m *model) tasksFrame(tries []attempt) *frame.Frame {
	s := m.sets.Of(schema.Tasks)
	s.Const("source", Source)
	runCol, job, taskID, att, tryID := s.Int("run"), s.Str("job"), s.Int("task"), s.Int("attempt"), s.Int("try")
	worker, category, executor, block, batch := s.Str("worker"), s.Str("category"), s.Str("executor"), s.Str("block"), s.Str("batch_job")
	submit, launched, start, end := s.Time("submit"), s.Time("launched"), s.Time("start"), s.Time("end")
	state, raw, wall, cpu, mem, samples := s.Str("state"), s.Str("raw_state"), s.Float("wall_time_s"), s.Float("cpu_time_s"), s.Float("mem_mb"), s.Int("samples")
	processCPU := s.Float("process_cpu_s")
	failCount, failCost, history, depends, memoize, hashsum := s.Int("fail_count"), s.Float("fail_cost"), s.Str("fail_history"), s.Str("depends"), s.Str("memoize"), s.Str("hashsum")
	stdout, stderr, joins := s.Str("stdout"), s.Str("stderr"), s.Str("joins")
	s.Reserve(len(tries))
	for i := range tries {
		a := &tries[i]
		t, tr := a.task, &a.try
		if t == nil {
			t = &task{}
		}
		runCol.Add(int64(a.k.run))
		job.Add(m.runs[a.k.run].id)
		taskID.Add(a.k.task)
		att.Add(a.k.try + 1)
		tryID.Add(a.k.try)
		optStr(worker, tr.host)
		optStr(category, t.fn)
		optStr(executor, tr.executor)
		optStr(block, tr.block)
		batch.Opt(m.blockKey(a.k.run, tr.executor, tr.block), tr.block != "")
		optTime(submit, t.invoked)
		optTime(launched, tr.launched)
		optTime(start, tr.running)
		optTime(end, tr.returned)
		optStr(state, a.state)
		optStr(raw, a.raw)
		wall.Opt(float64(tr.returned.v-tr.running.v)/1e6, tr.running.ok && tr.returned.ok)
		cpu.Opt(a.cpuTime())
		optFlt(processCPU, a.processCPU)
		mem.Opt(a.rss.v/mib, a.rss.ok)
		samples.Add(int64(a.samples))
		failCount.Opt(t.failCount.v, t.failCount.ok)
		optFlt(failCost, t.failCost)
		optStr(history, tr.history)
		optStr(depends, t.depends)
		optStr(memoize, t.memoize)
		optStr(hashsum, t.hashsum)
		optStr(stdout, t.stdout)
		optStr(stderr, t.stderr)
		optStr(joins, tr.joins)
	}
	return s.Frame(len(tries))
}

// blockKey names a block across the runs of a database: run id,
// executor label and block id.
func (m *model) blockKey(run int, executor, block string) string {
	return m.runs[run].id + "/" + executor + "/" + block
}

// placementsFrame is one row per try that names its host: the host it
// ran on, from its start to its end.
func (m *model) placementsFrame(tries []attempt) *frame.Frame {
	s := m.sets.Of(schema.Placements)
	runCol, job, taskID, att, worker, root := s.Int("run"), s.Str("job"), s.Int("task"), s.Int("attempt"), s.Str("worker"), s.Bool("root")
	start, end, state := s.Time("start"), s.Time("end"), s.Str("state")
	n := 0
	for i := range tries {
		a := &tries[i]
		if a.try.host == "" {
			continue
		}
		n++
		runCol.Add(int64(a.k.run))
		job.Add(m.runs[a.k.run].id)
		taskID.Add(a.k.task)
		att.Add(a.k.try + 1)
		worker.Add(a.try.host)
		root.Add(true)
		optTime(start, a.try.running)
		optTime(end, a.try.returned)
		optStr(state, a.state)
	}
	return s.Frame(n)
}

// eventsFrame is one row per row of the status table, in table order.
func (m *model) eventsFrame() *frame.Frame {
	s := m.sets.Of(schema.Events)
	tm, typ, runCol, job, taskID, att := s.Time("time"), s.Str("type"), s.Int("run"), s.Str("job"), s.Int("task"), s.Int("attempt")
	s.Reserve(len(m.statuses))
	for _, st := range m.statuses {
		optTime(tm, st.at)
		typ.Add(st.name)
		runCol.Add(int64(st.key.run))
		job.Add(m.runs[st.key.run].id)
		taskID.Add(st.key.task)
		att.Add(st.key.try + 1)
	}
	return s.Frame(len(m.statuses))
}
