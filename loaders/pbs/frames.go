package pbs

import (
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// The frames of an accounting log: jobs and allocations one row per
// job id, tasks one per run, placements one per run and host, events
// one per record.

// frames builds the frames want asks for (nil: all), side by side:
// they only read the builder.
func (b *builder) frames(want map[string]bool, files []string) map[string]*frame.Frame {
	b.sets = columns.NewSets(b.keeps, schema.Jobs, schema.Tasks, schema.Events, schema.Placements, schema.Allocations)
	return columns.BuildFrames([]columns.Build{
		{Name: schema.Jobs, Frame: b.jobsFrame},
		{Name: schema.Tasks, Frame: b.tasks},
		{Name: schema.Events, Frame: func() *frame.Frame { return b.eventsFrame(files) }},
		{Name: schema.Placements, Frame: b.placements},
		{Name: schema.Allocations, Frame: b.allocations},
	}, want)
}

// held is what a job held: the cores, GPUs, memory and nodes of its
// last run (exec_host's slots and hosts) or, without one, of its
// request.
type held struct{ cpus, gpus, mem, nodes flt }

func (b *builder) held(j *job) held {
	h := held{cpus: j.askCPUs, gpus: j.askGPUs, mem: j.reqMem, nodes: j.askNodes}
	if j.last >= 0 {
		if o := &b.runs[j.last]; len(o.hosts) > 0 {
			h.cpus, h.nodes = flt{slots(o.hosts), true}, flt{float64(len(o.hosts)), true}
		}
	}
	return h
}

// requestedCPUs is Resource_List.ncpus, else the select's ncpus, else
// the nodes' ppn (nodes × ppn), else one per node requested.
func requestedCPUs(j *job) flt {
	switch {
	case j.reqCPUs.ok:
		return j.reqCPUs
	case j.reqSelect.ok:
		return j.reqSelect.cpus
	case j.reqNodesSpec.ok:
		if j.reqNodesSpec.cpus.ok {
			return j.reqNodesSpec.cpus
		}
		return flt{j.reqNodesSpec.chunks, true}
	}
	return flt{}
}

// requestedGPUs is Resource_List.ngpus, else the select's ngpus, else
// the nodes' gpus.
func requestedGPUs(j *job) flt {
	switch {
	case j.reqGPUs.ok:
		return j.reqGPUs
	case j.reqSelect.ok:
		return j.reqSelect.gpus
	case j.reqNodesSpec.ok:
		return j.reqNodesSpec.gpus
	}
	return flt{}
}

// requestedNodes is Resource_List.nodect, else the count of the nodes
// request.
func requestedNodes(j *job) flt {
	switch {
	case j.reqNodes.ok:
		return j.reqNodes
	case j.reqNodesSpec.ok:
		return flt{j.reqNodesSpec.chunks, true}
	}
	return flt{}
}

// slots sums the execution slots of hosts.
func slots(hosts []hostSlots) float64 {
	t := 0.0
	for _, h := range hosts {
		t += h.slots
	}
	return t
}

// arrayParts splits an array subjob's id, 123[4].server, into its
// array's id (123[].server) and index (4).
func arrayParts(id string) (array string, index int64, ok bool) {
	open := strings.IndexByte(id, '[')
	closing := strings.IndexByte(id, ']')
	if open < 0 || closing < open+2 {
		return "", 0, false
	}
	n, err := strconv.ParseInt(id[open+1:closing], 10, 64)
	if err != nil {
		return "", 0, false
	}
	return id[:open+1] + id[closing:], n, true
}

// extraName is the column name of attribute key: lower case, '.' as
// '_' (Resource_List.pmem is resource_list_pmem); names the frame's own
// columns use get a "pbs_" prefix.
func extraName(key string, taken map[string]bool) string {
	name := strings.ToLower(strings.ReplaceAll(key, ".", "_"))
	if taken[name] {
		name = "pbs_" + name
	}
	return name
}

// plain makes c a column of text stored as is, with room for size
// bytes: its values (job ids) are one per row, and interning them would
// cost a map for nothing.
func plain(c *columns.Str, size int) *columns.Str {
	if c == nil { // a column the load leaves out
		return nil
	}
	c.Plain = &columns.Text{}
	c.Plain.Reserve(0, size)
	return c
}

func optTime(c *columns.Int, v num)  { c.Opt(v.v, v.ok) }
func optFlt(c *columns.Float, v flt) { c.Opt(v.v, v.ok) }

func (b *builder) jobsFrame() *frame.Frame {
	s := b.sets.Of(schema.Jobs)
	t := &b.txt
	whole(s, "job", &t.id)
	for _, x := range []struct {
		name string
		c    *columns.Str
	}{{"name", &t.name}, {"user", &t.user}, {"group", &t.group}, {"account", &t.account}, {"project", &t.project}, {"queue", &t.queue}} {
		whole(s, x.name, x.c)
	}
	submit, eligible, start, end := s.Time("submit"), s.Time("eligible"), s.Time("start"), s.Time("end")
	state, status, exit, signal := s.Str("state"), s.Str("status"), s.Int("exit_code"), s.Int("signal")
	runs, runCount := s.Int("runs"), s.Int("run_count")
	reqCPUs, reqGPUs, reqMem, reqNodes, reqTime := s.Float("req_cpus"), s.Float("req_gpus"), s.Float("req_mem_mb"), s.Float("req_nodes"), s.Float("req_time_s")
	cpu, wall, mem, vmem := s.Float("cpu_time_s"), s.Float("wall_time_s"), s.Float("mem_mb"), s.Float("vmem_mb")
	// the attributes the columns above derive from, as PBS wrote them
	// (req_cpus and req_nodes are exec_host's where a run has one)
	qtime, usedCPUs := s.Time("qtime"), s.Float("resources_used_ncpus")
	askCPUs, askNodes, askGPUs := s.Float("resource_list_ncpus"), s.Float("resource_list_nodect"), s.Float("resource_list_ngpus")
	execHost, execVnode, nodesSpec, selectSpec := plain(s.Str("exec_host"), b.sizes.execHosts), plain(s.Str("exec_vnode"), 0), s.Str("resource_list_nodes"), s.Str("resource_list_select")
	arrayJob, arrayTask, line := s.Str("array_job"), s.Int("array_task"), s.Int("line")
	taken := map[string]bool{}
	for _, n := range []string{"job", "name", "user", "group", "account", "project", "queue", "submit", "eligible", "start", "end", "state", "status",
		"exit_code", "signal", "runs", "run_count", "req_cpus", "req_gpus", "req_mem_mb", "req_nodes", "req_time_s", "cpu_time_s", "wall_time_s",
		"mem_mb", "vmem_mb", "exec_host", "exec_vnode", "resource_list_nodes", "resource_list_select", "array_job", "array_task", "line",
		"ctime", "qtime", "etime", "resource_list_ncpus", "resource_list_mem", "resource_list_nodect", "resource_list_ngpus", "resource_list_walltime", "resources_used_ncpus"} {
		taken[n] = true
	}
	extraCol := b.extraColumns(s, taken)
	set, vals := make([]bool, len(extraCol)), make([]string, len(extraCol))
	s.Reserve(len(b.jobs))
	for k := range b.jobs {
		j := &b.jobs[k]
		optTime(submit, submitOf(j))
		optTime(eligible, j.etime)
		var o *run
		if j.last >= 0 {
			o = &b.runs[j.last]
		}
		state.Add(j.raw)
		status.Add(b.jobStatus(j))
		exit.Opt(j.exit.v, j.exit.ok)
		signal.Opt(j.exit.v-256, j.exit.ok && j.exit.v >= 256)
		runs.Add(j.runs)
		runCount.Opt(j.runCount.v, j.runCount.ok)
		h := b.held(j)
		optFlt(reqCPUs, h.cpus)
		optFlt(reqGPUs, h.gpus)
		optFlt(reqMem, h.mem)
		optFlt(reqNodes, h.nodes)
		optFlt(reqTime, j.reqTime)
		if o != nil {
			optTime(start, o.start)
			optTime(end, o.end)
			optFlt(cpu, o.cpuTime)
			optFlt(wall, o.wallTime)
			optFlt(mem, o.mem)
			optFlt(vmem, o.vmem)
			optFlt(usedCPUs, o.usedCPUs)
			execHost.Opt(o.execHost, o.execHost != "")
		} else {
			start.Null()
			optTime(end, j.ended)
			for _, c := range []*columns.Float{cpu, wall, mem, vmem, usedCPUs} {
				c.Null()
			}
			execHost.Null()
		}
		optTime(qtime, j.qtime)
		optFlt(askCPUs, j.reqCPUs)
		optFlt(askNodes, j.reqNodes)
		optFlt(askGPUs, j.reqGPUs)
		execVnode.Opt(j.execVnode.v, j.execVnode.ok)
		nodesSpec.Opt(j.reqNodesSpec.v, j.reqNodesSpec.ok)
		selectSpec.Opt(j.reqSelect.v, j.reqSelect.ok)
		arr, idx, isArray := arrayParts(j.id)
		arrayJob.Opt(arr, isArray)
		arrayTask.Opt(idx, isArray)
		line.Add(int64(j.line))
		addExtras(j, extraCol, set, vals)
	}
	return s.Frame(len(b.jobs))
}

// submitOf is a job's creation time (ctime), else when a Q record
// queued it.
func submitOf(j *job) num {
	if j.ctime.ok {
		return j.ctime
	}
	return j.queuedAt
}

// extraColumns declares a text column for every other attribute the
// jobs have, in the order first seen, and notes each attribute's column
// in it (the jobs frame is the only reader of the jobs' extras). Jobs
// mostly name their attributes in the same order, so a key is first
// compared with the one at its place in the job before.
func (b *builder) extraColumns(s *columns.Set, taken map[string]bool) []*columns.Str {
	index := map[string]int32{}
	var cols []*columns.Str
	var prev []attr
	for k := range b.jobs {
		extra := b.jobs[k].extra
		for i := range extra {
			a := &extra[i]
			if i < len(prev) && prev[i].key == a.key {
				a.col = prev[i].col
				continue
			}
			col, ok := index[a.key]
			if !ok {
				name := extraName(a.key, taken)
				taken[name] = true
				col = int32(len(cols))
				index[a.key] = col
				c := s.Str(name)
				if a.key == "session" || a.key == "alt_id" {
					plain(c, 8*len(b.jobs)) // a process id, one per run
				}
				cols = append(cols, c)
			}
			a.col = col
		}
		if len(extra) > 0 {
			prev = extra
		}
	}
	return cols
}

// addExtras adds job j's other attributes, null where it lacks one;
// set and vals are room for a row.
func addExtras(j *job, cols []*columns.Str, set []bool, vals []string) {
	clear(set)
	for _, a := range j.extra {
		set[a.col], vals[a.col] = true, a.value
	}
	for i, c := range cols {
		c.Opt(vals[i], set[i])
	}
}

func (b *builder) allocations() *frame.Frame {
	s := b.sets.Of(schema.Allocations)
	whole(s, "id", &b.txt.id)
	queued, eligible, start, end := s.Time("queued"), s.Time("eligible"), s.Time("start"), s.Time("end")
	nodes, state, status := s.Int("nodes"), s.Str("state"), s.Str("status")
	cpus, gpus, mem := s.Float("cpus"), s.Float("gpus"), s.Float("mem_mb")
	whole(s, "queue", &b.txt.queue)
	whole(s, "account", &b.txt.account)
	whole(s, "user", &b.txt.user)
	whole(s, "jobname", &b.txt.name)
	wait, queueS := s.Float("wait_s"), s.Float("queue_s")
	s.Reserve(len(b.jobs))
	for k := range b.jobs {
		j := &b.jobs[k]
		sub := submitOf(j)
		optTime(queued, sub)
		optTime(eligible, j.etime)
		var st, en num
		if j.last >= 0 {
			st, en = b.runs[j.last].start, b.runs[j.last].end
		}
		optTime(start, st)
		optTime(end, en)
		h := b.held(j)
		nodes.Opt(int64(h.nodes.v), h.nodes.ok)
		state.Add(j.raw)
		status.Add(b.jobStatus(j))
		optFlt(cpus, h.cpus)
		optFlt(gpus, h.gpus)
		optFlt(mem, h.mem)
		wait.Opt(float64(st.v-j.etime.v)/1e6, st.ok && j.etime.ok)
		queueS.Opt(float64(st.v-sub.v)/1e6, st.ok && sub.ok)
	}
	return s.Frame(len(b.jobs))
}
