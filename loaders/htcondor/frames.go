package htcondor

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// Source is the Dataset.Source of job event logs' loads.
const Source = "htcondor"

// frames builds the frames want asks for (nil: all), side by side:
// they only read the builder.
func (b *builder) frames(want map[string]bool) map[string]*frame.Frame {
	b.sets = columns.NewSets(b.keeps, schema.Events, schema.Tasks, schema.Jobs, schema.Placements)
	return columns.BuildFrames([]columns.Build{
		{Name: schema.Events, Frame: b.eventsFrame}, {Name: schema.Tasks, Frame: b.tasks}, {Name: schema.Jobs, Frame: b.jobsFrame}, {Name: schema.Placements, Frame: b.placements},
	}, want)
}

func optTime(c *columns.Int, v num)  { c.Opt(v.v, v.ok) }
func optFlt(c *columns.Float, v flt) { c.Opt(v.v, v.ok) }

// resourceCols are a frame's columns of a run's resources: requested
// (the table's Request), held (Allocated, or the slot's attributes in
// the execute event) and used (Usage).
type resourceCols struct {
	reqCPUs, reqGPUs, reqMem, reqDisk, cpus, gpus, alloMem, disk *columns.Float
}

func declareResources(s *columns.Set) resourceCols {
	return resourceCols{s.Float("req_cpus"), s.Float("req_gpus"), s.Float("req_mem_mb"), s.Float("req_disk_mb"),
		s.Float("cpus"), s.Float("gpus"), s.Float("alloc_mem_mb"), s.Float("disk_mb")}
}

func (c resourceCols) add(r *resources) {
	put := func(col *columns.Float, i, which int, scale float64) {
		v, ok := r.get(i, which)
		col.Opt(v*scale, ok)
	}
	put(c.reqCPUs, 0, request, 1)
	put(c.reqGPUs, 1, request, 1)
	put(c.reqMem, 2, request, 1)
	put(c.reqDisk, 3, request, 1.0/1024)
	put(c.cpus, 0, allocated, 1)
	put(c.gpus, 1, allocated, 1)
	put(c.alloMem, 2, allocated, 1)
	put(c.disk, 3, usage, 1.0/1024)
}

// tasks is one row per run: its DAG node as category, its slot's host
// as worker.
func (b *builder) tasks() *frame.Frame {
	s := b.sets.Of(schema.Tasks)
	s.Const("source", Source)
	job, task, attempt, worker, category := s.Str("job"), s.DenseInt("task"), s.DenseInt("attempt"), s.Str("worker"), s.Str("category")
	submit, start, end := s.Time("submit"), s.Time("start"), s.Time("end")
	state, raw, exit, signal := s.Str("state"), s.Str("raw_state"), s.Int("exit_code"), s.Int("signal")
	res := declareResources(s)
	cpu, wall, mem := s.Float("cpu_time_s"), s.Float("wall_time_s"), s.Float("mem_mb")
	sent, received, slot := s.Float("bytes_sent"), s.Float("bytes_received"), s.Str("slot")
	cluster, proc, line := s.Int("cluster"), s.Int("proc"), s.DenseInt("line")
	s.Reserve(len(b.runs))
	for i := range b.runs {
		r := &b.runs[i]
		j := &b.jobs[r.job]
		job.Add(j.id)
		task.Add(0)
		attempt.Add(r.attempt)
		worker.Opt(r.host, r.host != "")
		category.Opt(j.dagNode, j.dagNode != "")
		optTime(submit, j.submit)
		optTime(start, r.start)
		st, rs := r.state, r.raw
		if int32(i) == j.open {
			st, rs = schema.Running, "running"
		}
		optTime(end, r.end)
		state.Add(st)
		raw.Add(rs)
		exit.Opt(r.exit.v, r.exit.ok)
		signal.Opt(r.signal.v, r.signal.ok)
		res.add(&r.res)
		optFlt(cpu, r.cpu)
		wall.Opt(float64(r.end.v-r.start.v)/1e6, r.start.ok && r.end.ok)
		optFlt(mem, r.memMB)
		optFlt(sent, r.sent)
		optFlt(received, r.received)
		slot.Opt(r.slot, r.slot != "")
		cluster.Add(j.cluster)
		proc.Add(j.proc)
		line.Add(int64(r.line))
	}
	return s.Frame(len(b.runs))
}

// jobsFrame is one row per cluster.proc.
func (b *builder) jobsFrame() *frame.Frame {
	s := b.sets.Of(schema.Jobs)
	id, cluster, proc, dag, host := s.Str("job"), s.Int("cluster"), s.Int("proc"), s.Str("dag_node"), s.Str("submit_host")
	submit, start, end := s.Time("submit"), s.Time("start"), s.Time("end")
	state, status, exit, signal, runs := s.Str("state"), s.Str("status"), s.Int("exit_code"), s.Int("signal"), s.Int("runs")
	res := declareResources(s)
	cpu, wall, mem := s.Float("cpu_time_s"), s.Float("wall_time_s"), s.Float("mem_mb")
	hold, abort, line := s.Str("hold_reason"), s.Str("abort_reason"), s.Int("line")
	s.Reserve(len(b.jobs))
	for k := range b.jobs {
		j := &b.jobs[k]
		id.Add(j.id)
		cluster.Add(j.cluster)
		proc.Add(j.proc)
		dag.Opt(j.dagNode, j.dagNode != "")
		host.Opt(j.submitHost, j.submitHost != "")
		optTime(submit, j.submit)
		state.Add(j.raw)
		status.Add(b.jobStatus(j))
		runs.Add(j.runs)
		var r run
		if j.last >= 0 {
			r = b.runs[j.last]
		}
		optTime(start, r.start)
		optTime(end, r.end)
		exit.Opt(r.exit.v, r.exit.ok)
		signal.Opt(r.signal.v, r.signal.ok)
		res.add(&r.res)
		optFlt(cpu, j.totalCPU)
		wall.Opt(float64(r.end.v-r.start.v)/1e6, r.start.ok && r.end.ok)
		optFlt(mem, j.memMB)
		hold.Opt(j.holdReason, j.holdReason != "")
		abort.Opt(j.abortReason, j.abortReason != "")
		line.Add(int64(j.line))
	}
	return s.Frame(len(b.jobs))
}

// jobStatus is a job's state in the vocabulary: its open run's
// (running), canceled once aborted, its last run's, else waiting
// (queued or held).
func (b *builder) jobStatus(j *job) string {
	switch {
	case j.open >= 0:
		return schema.Running
	case j.aborted:
		return schema.Canceled
	case j.last >= 0:
		return b.runs[j.last].state
	}
	return schema.Waiting
}

// placements is one row per run that names its host: what its slot
// held.
func (b *builder) placements() *frame.Frame {
	s := b.sets.Of(schema.Placements)
	job, task, attempt, worker, root := s.Str("job"), s.DenseInt("task"), s.DenseInt("attempt"), s.Str("worker"), s.Bool("root")
	start, end, state := s.Time("start"), s.Time("end"), s.Str("state")
	cpus, gpus, mem := s.Float("cpus"), s.Float("gpus"), s.Float("mem_mb")
	n := 0
	for i := range b.runs {
		r := &b.runs[i]
		if r.host == "" {
			continue
		}
		n++
		j := &b.jobs[r.job]
		job.Add(j.id)
		task.Add(0)
		attempt.Add(r.attempt)
		worker.Add(r.host)
		root.Add(true)
		optTime(start, r.start)
		optTime(end, r.end)
		st := r.state
		if int32(i) == j.open {
			st = schema.Running
		}
		state.Add(st)
		for _, x := range []struct {
			c *columns.Float
			i int
		}{{cpus, 0}, {gpus, 1}, {mem, 2}} {
			v, ok := r.res.get(x.i, allocated)
			x.c.Opt(v, ok)
		}
	}
	return s.Frame(n)
}

// eventsFrame is one row per event: its time, line, number and name,
// its job (null for an event of no job), the rest of its first line
// (text) and the first line of its body (detail).
func (b *builder) eventsFrame() *frame.Frame {
	s := b.sets.Of(schema.Events)
	tm, line, code, typ := s.Time("time"), s.DenseInt("line"), s.Int("code"), s.Str("type")
	job, text, detail := s.Str("job"), s.Str("text"), s.Str("detail")
	n := b.eventCount()
	s.Reserve(n)
	var jobBytes, textBytes, detailBytes int // the texts' room, at once
	for _, es := range b.events {
		for _, e := range es {
			if e.job >= 0 {
				jobBytes += len(b.jobs[e.job].id)
			}
			textBytes, detailBytes = textBytes+len(e.text), detailBytes+len(e.detail)
		}
	}
	for _, x := range []struct {
		c     *columns.Str
		bytes int
	}{{job, jobBytes}, {text, textBytes}, {detail, detailBytes}} {
		if x.c != nil { // nearly every event's own: a dictionary would cost a map for nothing
			x.c.Plain = &columns.Text{}
			x.c.Plain.Reserve(0, x.bytes)
		}
	}
	for _, es := range b.events {
		for _, e := range es {
			tm.Add(e.time)
			line.Add(int64(e.line))
			code.Add(int64(e.code))
			typ.Add(eventName(e.code))
			if e.job >= 0 {
				job.Add(b.jobs[e.job].id)
			} else {
				job.Null()
			}
			text.Opt(e.text, e.text != "")
			detail.Opt(e.detail, e.detail != "")
		}
	}
	return s.Frame(n)
}
