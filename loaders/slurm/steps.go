package slurm

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// allocations is one row per job: what the batch system gave it, and how
// long it waited (wait_s from eligible to start, queue_s from submit to
// start, in seconds).
func (r *rows) allocations() *frame.Frame {
	sd := &r.jobs
	var c cols
	c.add(sd.text[tJob].Col("id"))
	fSubmit, fEligible, fStart, fEnd := r.field("submit"), r.field("eligible"), r.field("start"), r.field("end")
	r.column(&c, sd, fSubmit, "queued")
	r.column(&c, sd, fEligible, "eligible")
	r.column(&c, sd, fStart, "start")
	r.column(&c, sd, fEnd, "end")
	if i := r.field("allocnodes", "nnodes"); i >= 0 {
		r.column(&c, sd, i, "nodes")
	}
	r.column(&c, sd, r.field("state"), "state")
	fTRES := r.field("alloctres")
	if r.field("alloccpus", "ncpus") >= 0 || fTRES >= 0 {
		c.add(derivedCol(sd, dAllocCPUs, "cpus"))
	}
	if fTRES >= 0 {
		c.add(derivedCol(sd, dAllocGPUs, "gpus"))
		c.add(derivedCol(sd, dAllocMem, "mem_mb"))
	}
	for _, f := range []int{r.field("partition"), r.field("account"), r.field("user"), r.field("qos"), r.field("jobname"), r.field("nodelist"), r.field("timelimit")} {
		r.column(&c, sd, f, "")
	}
	if fStart >= 0 && fEligible >= 0 {
		c.add(r.between("wait_s", fEligible, fStart))
	}
	if fStart >= 0 && fSubmit >= 0 {
		c.add(r.between("queue_s", fSubmit, fStart))
	}
	return frame.New(c.list...)
}

// between is the time from time field a to time field b of each job
// row, in seconds.
func (r *rows) between(name string, a, b int) frame.Column {
	t0, t1 := &r.jobs.ints[r.lay.slots.of[a]], &r.jobs.ints[r.lay.slots.of[b]]
	var c columns.Float
	c.Reserve(r.jobs.n)
	for k := range r.jobs.n {
		c.Opt(float64(t1.v[k]-t0.v[k])/1e6, t0.ok[k] && t1.ok[k])
	}
	return c.Col(name)
}

// tasks is one row per job step: the step's own figures (TotalCPU as
// cpu_time_s, Elapsed as wall_time_s, MaxRSS as mem_mb) and what it
// asked for.
func (r *rows) tasks() *frame.Frame {
	sd := &r.steps
	var c cols
	c.add(columns.Repeat("source", "slurm", sd.n))
	c.add(sd.text[tJob].Col("job"))
	c.add(frame.Int64Col("task", sd.ints[iTask].v, sd.ints[iTask].ok))
	c.add(sd.text[tStep].Col("step"))
	c.add(frame.Int64Col("attempt", sd.attempt, nil))
	if r.lay.at.nodeList >= 0 {
		c.add(r.hosts.first.Col("worker"))
	}
	fName, fSubmit, fStart, fEnd, fState, fExit := r.field("jobname"), r.field("submit"), r.field("start"), r.field("end"), r.field("state"), r.field("exitcode")
	r.column(&c, sd, fName, "category")
	r.column(&c, sd, fSubmit, "submit")
	r.column(&c, sd, fStart, "start")
	r.column(&c, sd, fEnd, "end")
	if fState >= 0 {
		c.add(sd.text[tStatus].Col("state"))
		r.column(&c, sd, fState, "raw_state")
	}
	r.column(&c, sd, fExit, "exit_code")
	fReqCPUs, fReqNodes, fReqMem, fReqTRES := r.field("reqcpus"), r.field("reqnodes"), r.field("reqmem"), r.field("reqtres")
	if fReqCPUs >= 0 || fReqTRES >= 0 {
		c.add(derivedCol(sd, dReqCPUs, "req_cpus"))
	}
	if fReqTRES >= 0 {
		c.add(derivedCol(sd, dReqGPUs, "req_gpus"))
	}
	if fReqMem >= 0 || fReqTRES >= 0 {
		c.add(derivedCol(sd, dReqMem, "req_mem_mb"))
	}
	if fReqNodes >= 0 || fReqTRES >= 0 {
		c.add(derivedCol(sd, dReqNodes, "req_nodes"))
	}
	fCPU, fWall, fRSS, fLimit := r.field("totalcpu"), r.field("elapsed"), r.field("maxrss"), r.field("timelimit")
	r.column(&c, sd, fCPU, "cpu_time_s")
	r.column(&c, sd, fWall, "wall_time_s")
	r.column(&c, sd, fRSS, "mem_mb")
	if fLimit >= 0 {
		c.add(r.stepLimits(fLimit))
	}
	r.usageColumns(&c, sd, false)
	ids(&c, sd)
	r.rest(&c, sd, r.field("jobid"), fName, fSubmit, fStart, fEnd, fState, fExit, fReqCPUs, fReqNodes, fReqMem, fCPU, fWall, fRSS, fLimit)
	return frame.New(c.list...)
}

// stepLimits is the req_time_s column of the steps: the step's own
// Timelimit, else that of the job row of the same JobID and attempt
// (sacct prints the limit on the job row only), in seconds; null where
// that row has none (Partition_Limit and UNLIMITED are read as null) or
// the file lacks the job's row.
func (r *rows) stepLimits(fLimit int) frame.Column {
	slot := r.lay.slots.of[fLimit]
	own, jobs := &r.steps.flts[slot], &r.jobs.flts[slot]
	var c columns.Float
	c.Reserve(r.steps.n)
	for k, j := range r.parent {
		switch {
		case own.ok[k]:
			c.Add(own.v[k])
		case j >= 0:
			c.Opt(jobs.v[j], jobs.ok[j])
		default:
			c.Null()
		}
	}
	return c.Col("req_time_s")
}

// placements is one row per (step, node of its NodeList). sacct does not
// say how a step's CPUs, GPUs and memory split over its nodes: each node
// is given an even share of AllocCPUS and of AllocTRES's gres/gpu and mem.
func (r *rows) placements() *frame.Frame {
	sd := &r.steps
	var (
		h                = &r.hosts
		of               = h.of
		cpus, gpus, mem  columns.Float
		fStart, fEnd     = r.field("start"), r.field("end")
		cpu, gpu, memory = &sd.flts[dAllocCPUs], &sd.flts[dAllocGPUs], &sd.flts[dAllocMem]
	)
	columns.Reserve(len(of), &cpus, &gpus, &mem)
	for _, k := range of {
		n := float64(h.count[k])
		cpus.Opt(cpu.v[k]/n, cpu.ok[k])
		gpus.Opt(gpu.v[k]/n, gpu.ok[k])
		mem.Opt(memory.v[k]/n, memory.ok[k])
	}
	job, task := sd.text[tJob].Gather(of), gatherInt(sd.ints[iTask], of)
	state := sd.text[tStatus].Gather(of)
	attempt := columns.DenseInt{V: gatherSlice(sd.attempt, of)}
	start, end := r.gatherTime(sd, fStart, of), r.gatherTime(sd, fEnd, of)
	return frame.New(job.Col("job"), task.Col("task"), attempt.Col("attempt"), h.worker.Col("worker"), h.root.Col("root"),
		start.Times("start"), end.Times("end"), state.Col("state"),
		cpus.Col("cpus"), gpus.Col("gpus"), mem.Col("mem_mb"))
}

// gatherTime gathers time field f (-1: none, all null) of sd's rows.
func (r *rows) gatherTime(sd *side, f int, of []int32) columns.Int {
	if f < 0 {
		return columns.Int{V: make([]int64, len(of)), OK: make([]bool, len(of))}
	}
	return gatherInt(sd.ints[r.lay.slots.of[f]], of)
}

// gatherInt gathers the rows of an integer slot.
func gatherInt(c intVals, of []int32) columns.Int {
	return columns.Int{V: gatherSlice(c.v, of), OK: gatherSlice(c.ok, of)}
}

func gatherSlice[T any](v []T, of []int32) []T {
	out := make([]T, len(of))
	for k, r := range of {
		out[k] = v[r]
	}
	return out
}

// hostCol is a column of host names added a step's hosts at a time. The
// steps of one job follow each other and share their hosts (one slice,
// the expansion of their NodeList in their chunk): their codes are then
// pushed again without looking the names up.
type hostCol struct {
	columns.Str
	prev  []string // the hosts added last
	codes []int32  // their codes
}

// add adds the first n of hosts (a null when there are none).
func (c *hostCol) add(hosts []string, n int) {
	n = min(n, len(hosts))
	if n == 0 {
		c.Null()
		return
	}
	if c.Plain == nil && len(c.prev) >= n && &c.prev[0] == &hosts[0] {
		for _, code := range c.codes[:n] {
			c.PushCode(code)
		}
		return
	}
	c.prev, c.codes = nil, c.codes[:0]
	for _, h := range hosts[:n] {
		c.Add(h)
		c.codes = append(c.codes, c.Last-1)
	}
	if c.Plain == nil {
		c.prev = hosts[:n]
	}
}
