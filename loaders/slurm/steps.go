package slurm

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// allocations is one row per job: what the batch system gave it, and how
// long it waited (wait_s from eligible to start, queue_s from submit to
// start, in seconds).
func (b *builder) allocations(rows []int32) *frame.Frame {
	var c cols
	c.add(gatherStr(&b.job, rows, "id"))
	fSubmit, fEligible, fStart, fEnd := b.field("submit"), b.field("eligible"), b.field("start"), b.field("end")
	b.column(&c, fSubmit, rows, "queued")
	b.column(&c, fEligible, rows, "eligible")
	b.column(&c, fStart, rows, "start")
	b.column(&c, fEnd, rows, "end")
	if i := b.field("allocnodes", "nnodes"); i >= 0 {
		b.column(&c, i, rows, "nodes")
	}
	b.column(&c, b.field("state"), rows, "state")
	fTRES := b.field("alloctres")
	if b.field("alloccpus", "ncpus") >= 0 || fTRES >= 0 {
		c.add(derived("cpus", rows, b.allocCPUs))
	}
	if fTRES >= 0 {
		c.add(derived("gpus", rows, func(r int) (float64, bool) { t := b.tresOf(fTRES, r); return t.gpus, t.hasGPU }))
		c.add(derived("mem_mb", rows, func(r int) (float64, bool) { t := b.tresOf(fTRES, r); return t.memMB, t.hasMem }))
	}
	for _, f := range []string{"partition", "account", "user", "qos", "jobname", "nodelist", "timelimit"} {
		b.column(&c, b.field(f), rows, "")
	}
	if fStart >= 0 && fEligible >= 0 {
		c.add(derived("wait_s", rows, func(r int) (float64, bool) { return b.between(fEligible, fStart, r) }))
	}
	if fStart >= 0 && fSubmit >= 0 {
		c.add(derived("queue_s", rows, func(r int) (float64, bool) { return b.between(fSubmit, fStart, r) }))
	}
	return frame.New(c.list...)
}

// between is the time from field a to field b of row, in seconds.
func (b *builder) between(from, to, row int) (float64, bool) {
	t0, ok0 := b.num(from, row)
	t1, ok1 := b.num(to, row)
	return float64(t1-t0) / 1e6, ok0 && ok1
}

// allocCPUs is the CPUs a row was given: AllocCPUS, NCPUS or AllocTRES's
// cpu.
func (b *builder) allocCPUs(row int) (float64, bool) {
	if n, ok := b.count(row, b.at.allocCPUs); ok {
		return n, true
	}
	t := b.tresOf(b.at.allocTRES, row)
	return t.cpus, t.hasCPU
}

// tasks is one row per job step: the step's own figures (TotalCPU as
// cpu_time_s, Elapsed as wall_time_s, MaxRSS as mem_mb) and what it
// asked for.
func (b *builder) tasks(rows []int32) *frame.Frame {
	var c cols
	c.add(columns.Repeat("source", "slurm", len(rows)))
	c.add(gatherStr(&b.job, rows, "job"))
	c.add(gatherInt(&b.task, rows, "task"))
	c.add(gatherStr(&b.step, rows, "step"))
	a := columns.DenseInt{V: gatherDense(b.attempt.V, rows)}
	c.add(a.Col("attempt"))
	if b.field("nodelist") >= 0 {
		var w columns.Str
		for _, r := range rows {
			hosts := b.hostsOf(int(r))
			if len(hosts) > 0 {
				w.Add(hosts[0])
			} else {
				w.Null()
			}
		}
		c.add(w.Col("worker"))
	}
	fName, fSubmit, fStart, fEnd, fState, fExit := b.field("jobname"), b.field("submit"), b.field("start"), b.field("end"), b.field("state"), b.field("exitcode")
	b.column(&c, fName, rows, "category")
	b.column(&c, fSubmit, rows, "submit")
	b.column(&c, fStart, rows, "start")
	b.column(&c, fEnd, rows, "end")
	if fState >= 0 {
		c.add(gatherStr(&b.status, rows, "state"))
		b.column(&c, fState, rows, "raw_state")
	}
	b.column(&c, fExit, rows, "exit_code")
	fReqCPUs, fReqNodes, fReqMem, fReqTRES := b.field("reqcpus"), b.field("reqnodes"), b.field("reqmem"), b.field("reqtres")
	if fReqCPUs >= 0 || fReqTRES >= 0 {
		c.add(derived("req_cpus", rows, func(r int) (float64, bool) {
			if n, ok := b.num(fReqCPUs, r); ok {
				return float64(n), true
			}
			t := b.tresOf(fReqTRES, r)
			return t.cpus, t.hasCPU
		}))
	}
	if fReqTRES >= 0 {
		c.add(derived("req_gpus", rows, func(r int) (float64, bool) { t := b.tresOf(fReqTRES, r); return t.gpus, t.hasGPU }))
	}
	if fReqMem >= 0 || fReqTRES >= 0 {
		c.add(derived("req_mem_mb", rows, b.reqMem))
	}
	if fReqNodes >= 0 || fReqTRES >= 0 {
		c.add(derived("req_nodes", rows, func(r int) (float64, bool) {
			if n, ok := b.num(fReqNodes, r); ok {
				return float64(n), true
			}
			t := b.tresOf(fReqTRES, r)
			return t.nodes, t.hasNode
		}))
	}
	fCPU, fWall, fRSS, fLimit := b.field("totalcpu"), b.field("elapsed"), b.field("maxrss"), b.field("timelimit")
	b.column(&c, fCPU, rows, "cpu_time_s")
	b.column(&c, fWall, rows, "wall_time_s")
	b.column(&c, fRSS, rows, "mem_mb")
	if fLimit >= 0 {
		c.add(b.stepLimits(fLimit, rows))
	}
	b.ids(&c, rows)
	b.rest(&c, rows, b.field("jobid"), fName, fSubmit, fStart, fEnd, fState, fExit, fReqCPUs, fReqNodes, fReqMem, fCPU, fWall, fRSS, fLimit)
	return frame.New(c.list...)
}

// stepLimits is the req_time_s column of the steps: the Timelimit of the
// job row of the same JobID and attempt (sacct prints the limit on the
// job row only), in seconds; null where that row has none (Partition_Limit
// and UNLIMITED are read as null) or the file lacks the job's row.
func (b *builder) stepLimits(fLimit int, steps []int32) frame.Column {
	keys := b.jobKeys()
	limit := map[jobKey]int{}
	for r, step := range b.isStep {
		if !step {
			limit[keys[r]] = r
		}
	}
	return derived("req_time_s", steps, func(r int) (float64, bool) {
		if v, ok := b.flt(fLimit, r); ok {
			return v, true
		}
		if j, ok := limit[keys[r]]; ok {
			return b.flt(fLimit, j)
		}
		return 0, false
	})
}

// jobKey names the job a row belongs to: its JobID without the step,
// and the attempt (the run of a requeued job).
type jobKey struct {
	job     string
	attempt int64
}

// jobKeys returns the jobKey of every row, made once for the frames
// that look rows up by job.
func (b *builder) jobKeys() []jobKey {
	if b.keys != nil {
		return b.keys
	}
	all := make([]int32, b.rows)
	for i := range all {
		all[i] = int32(i)
	}
	g := b.job.Gather(all)
	jobs, _, _ := frame.New(g.Col("job")).Strings("job")
	keys := make([]jobKey, b.rows)
	for r := range keys {
		keys[r] = jobKey{jobs[r], b.attempt.V[r]}
	}
	b.keys = keys
	return keys
}

// jobPeakRSS is the mem_mb column of the jobs: the largest MaxRSS of the
// job's row and its steps' rows (the job row seldom has one), in MiB, as
// seff reports a job's memory.
func (b *builder) jobPeakRSS(fRSS int, jobs []int32) frame.Column {
	keys := b.jobKeys()
	peak := map[jobKey]float64{}
	for r := range b.isStep {
		if v, ok := b.flt(fRSS, r); ok {
			if p, seen := peak[keys[r]]; !seen || v > p {
				peak[keys[r]] = v
			}
		}
	}
	return derived("mem_mb", jobs, func(r int) (float64, bool) {
		v, ok := peak[keys[r]]
		return v, ok
	})
}

// placements is one row per (step, node of its NodeList). sacct does not
// say how a step's CPUs, GPUs and memory split over its nodes: each node
// is given an even share of AllocCPUS and of AllocTRES's gres/gpu and mem.
func (b *builder) placements(rows []int32) *frame.Frame {
	var (
		job, worker, state columns.Str
		task, start, end   columns.Int
		attempt            columns.DenseInt
		root               columns.Bool
		cpus, gpus, mem    columns.Float
		fStart, fEnd       = b.field("start"), b.field("end")
		fTRES              = b.field("alloctres")
	)
	for _, r32 := range rows {
		r := int(r32)
		hosts := b.hostsOf(r)
		n := float64(len(hosts))
		c, cok := b.allocCPUs(r)
		t := b.tresOf(fTRES, r)
		t0, ok0 := b.num(fStart, r)
		t1, ok1 := b.num(fEnd, r)
		for k, h := range hosts {
			job.Add(b.job.Value(r))
			task.Opt(b.task.V[r], b.task.OK[r])
			attempt.Add(b.attempt.V[r])
			worker.Add(h)
			root.Add(k == 0)
			start.Opt(t0, ok0)
			end.Opt(t1, ok1)
			state.Opt(b.status.Value(r), b.status.Valid(r))
			cpus.Opt(c/n, cok)
			gpus.Opt(t.gpus/n, t.hasGPU)
			mem.Opt(t.memMB/n, t.hasMem)
		}
	}
	return frame.New(job.Col("job"), task.Col("task"), attempt.Col("attempt"), worker.Col("worker"), root.Col("root"),
		start.Times("start"), end.Times("end"), state.Col("state"), cpus.Col("cpus"), gpus.Col("gpus"), mem.Col("mem_mb"))
}
