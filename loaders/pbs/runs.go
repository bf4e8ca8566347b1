package pbs

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// Source is the Dataset.Source of PBS accounting logs' loads.
const Source = "pbs"

// tasks is one row per run: its job's name as category, the cores it
// held (exec_host's slots) as req_cpus, its usage from the record that
// ended it.
func (b *builder) tasks() *frame.Frame {
	s := b.sets.Of(schema.Tasks)
	s.Const("source", Source)
	t := &b.txt
	gathered(s, "job", &t.id, t.runJob)
	task, attempt, worker := s.DenseInt("task"), s.DenseInt("attempt"), s.Str("worker")
	gathered(s, "category", &t.name, t.runJob)
	submit, start, end := s.Time("submit"), s.Time("start"), s.Time("end")
	state, raw, exit, signal := s.Str("state"), s.Str("raw_state"), s.Int("exit_code"), s.Int("signal")
	reqCPUs, reqGPUs, reqMem, reqNodes, reqTime := s.Float("req_cpus"), s.Float("req_gpus"), s.Float("req_mem_mb"), s.Float("req_nodes"), s.Float("req_time_s")
	cpu, wall, mem, vmem := s.Float("cpu_time_s"), s.Float("wall_time_s"), s.Float("mem_mb"), s.Float("vmem_mb")
	gathered(s, "user", &t.user, t.runJob)
	gathered(s, "queue", &t.queue, t.runJob)
	gathered(s, "account", &t.account, t.runJob)
	execHost := plain(s.Str("exec_host"), b.sizes.execHosts)
	arrayJob, arrayTask, line := s.Str("array_job"), s.Int("array_task"), s.DenseInt("line")
	s.Reserve(len(b.runs))
	for i := range b.runs {
		o := &b.runs[i]
		j := &b.jobs[o.job]
		task.Add(0)
		attempt.Add(o.attempt)
		if len(o.hosts) > 0 {
			worker.Add(o.hosts[0].host)
		} else {
			worker.Null()
		}
		optTime(submit, submitOf(j))
		optTime(start, o.start)
		st, rawState := o.state, o.raw
		if int32(i) == j.open {
			st, rawState = schema.Running, "running"
			end.Null()
		} else {
			optTime(end, o.end)
		}
		state.Add(st)
		raw.Add(rawState)
		exit.Opt(o.exit.v, o.exit.ok)
		signal.Opt(o.exit.v-256, o.exit.ok && o.exit.v >= 256)
		cpus, nodes := j.askCPUs, j.askNodes
		if len(o.hosts) > 0 {
			cpus, nodes = flt{slots(o.hosts), true}, flt{float64(len(o.hosts)), true}
		}
		optFlt(reqCPUs, cpus)
		optFlt(reqGPUs, j.askGPUs)
		optFlt(reqMem, j.reqMem)
		optFlt(reqNodes, nodes)
		optFlt(reqTime, j.reqTime)
		optFlt(cpu, o.cpuTime)
		optFlt(wall, o.wallTime)
		optFlt(mem, o.mem)
		optFlt(vmem, o.vmem)
		execHost.Opt(o.execHost, o.execHost != "")
		arr, idx, isArray := arrayParts(j.id)
		arrayJob.Opt(arr, isArray)
		arrayTask.Opt(idx, isArray)
		line.Add(int64(o.line))
	}
	return s.Frame(len(b.runs))
}

// placements is one row per run and host: the slots it held there as
// cpus; its GPUs and memory requested, shared evenly over its hosts
// (exec_host does not say how they split).
func (b *builder) placements() *frame.Frame {
	s := b.sets.Of(schema.Placements)
	gathered(s, "job", &b.txt.id, b.txt.placementJob)
	task, attempt, worker, root := s.DenseInt("task"), s.DenseInt("attempt"), s.Str("worker"), s.Bool("root")
	start, end, state := s.Time("start"), s.Time("end"), s.Str("state")
	cpus, gpus, mem := s.Float("cpus"), s.Float("gpus"), s.Float("mem_mb")
	s.Reserve(b.hosts)
	n := 0
	for i := range b.runs {
		o := &b.runs[i]
		j := &b.jobs[o.job]
		g, m := j.askGPUs, j.reqMem
		share := float64(len(o.hosts))
		st := o.state
		open := int32(i) == j.open
		if open {
			st = schema.Running
		}
		for k, h := range o.hosts {
			n++
			task.Add(0)
			attempt.Add(o.attempt)
			worker.Add(h.host)
			root.Add(k == 0)
			optTime(start, o.start)
			if open {
				end.Null()
			} else {
				optTime(end, o.end)
			}
			state.Add(st)
			cpus.Add(h.slots)
			gpus.Opt(g.v/share, g.ok)
			mem.Opt(m.v/share, m.ok)
		}
	}
	return s.Frame(n)
}

// eventsFrame is one row per record: its date, line, type in words and
// as written, the job it is about (job), or the reservation, license or
// provisioning it is about (id), and the file when the load read
// several.
func (b *builder) eventsFrame(files []string) *frame.Frame {
	s := b.sets.Of(schema.Events)
	tm, line := s.Time("time"), s.DenseInt("line")
	// the types as codes into the words and letters of each type
	var words, letters []string
	codeOf := map[byte]int32{}
	codes := make([]int32, len(b.events))
	for i, e := range b.events {
		c, ok := codeOf[e.typ]
		if !ok {
			c = int32(len(words))
			codeOf[e.typ] = c
			words, letters = append(words, typeWords(e.typ)), append(letters, string(e.typ))
		}
		codes[i] = c
	}
	for _, x := range []struct {
		name string
		dict []string
	}{{"type", words}, {"record", letters}} {
		s.Column(x.name, func() frame.Column {
			var c columns.Str
			c.Reserve(len(codes))
			c.AddCodes(x.dict, codes, nil)
			return c.Col(x.name)
		})
	}
	id, job := s.Str("id"), plain(s.Str("job"), b.sizes.eventIDs)
	var file *columns.Str
	if len(files) > 1 {
		file = s.Str("file")
	}
	s.Reserve(len(b.events))
	for _, e := range b.events {
		tm.Add(e.time)
		line.Add(int64(e.line))
		isJob := jobRecord(e.typ)
		job.Opt(e.id, isJob)
		id.Opt(e.id, !isJob)
		if file != nil {
			file.Add(files[e.file])
		}
	}
	return s.Frame(len(b.events))
}
