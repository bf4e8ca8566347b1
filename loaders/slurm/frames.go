package slurm

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// The frames of a sacct file: jobs and allocations from the job rows
// (JobID without a step), tasks and placements from the step rows.

// frames builds the frames want asks for (nil: all), at once: the rows
// are only read from here on.
func (r *rows) frames(want map[string]bool) map[string]*frame.Frame {
	builds := []struct {
		name  string
		build func() *frame.Frame
	}{
		{schema.Jobs, r.jobsFrame},
		{schema.Allocations, r.allocations},
		{schema.Tasks, r.tasks},
		{schema.Placements, r.placements},
	}
	built := make([]*frame.Frame, len(builds))
	var tasks []func()
	for i, x := range builds {
		if want == nil || want[x.name] {
			tasks = append(tasks, func() { built[i] = x.build() })
		}
	}
	runAll(tasks)
	out := map[string]*frame.Frame{}
	for i, x := range builds {
		if built[i] != nil {
			out[x.name] = built[i]
		}
	}
	return out
}

// cols is a frame's columns being put in order, each name once.
type cols struct {
	list []frame.Column
	seen map[string]bool
}

func (c *cols) add(col frame.Column) {
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	if c.seen[col.Name()] {
		return
	}
	c.seen[col.Name()] = true
	c.list = append(c.list, col)
}

// field returns the position of the first of names the header has, or -1.
func (r *rows) field(names ...string) int {
	for _, n := range names {
		if i := r.lay.field(n); i >= 0 {
			return i
		}
	}
	return -1
}

// column adds field i of sd's rows as a column named name (its own
// column name when empty); an exit code gives a second column, its
// signal.
func (r *rows) column(c *cols, sd *side, i int, name string) {
	if i < 0 {
		return
	}
	s, slot := r.lay.specs[i], r.lay.slots.of[i]
	if name == "" {
		name = s.col
	}
	switch s.kind {
	case kTime:
		c.add(frame.MicrosCol(name, sd.ints[slot].v, sd.ints[slot].ok))
	case kInt:
		c.add(frame.Int64Col(name, sd.ints[slot].v, sd.ints[slot].ok))
	case kExit:
		sig := r.lay.slots.signal[i]
		c.add(frame.Int64Col(name, sd.ints[slot].v, sd.ints[slot].ok))
		if name == "exit_code" {
			c.add(frame.Int64Col("signal", sd.ints[sig].v, sd.ints[sig].ok))
		} else {
			c.add(frame.Int64Col(name+"_signal", sd.ints[sig].v, sd.ints[sig].ok))
		}
	case kDuration, kSizeK, kSizeM:
		c.add(frame.Float64Col(name, sd.flts[slot].v, sd.flts[slot].ok))
	default:
		c.add(sd.text[slot].Col(name))
	}
}

// rest adds every field not yet used, under its own column name.
func (r *rows) rest(c *cols, sd *side, used ...int) {
	skip := map[int]bool{}
	for _, u := range used {
		skip[u] = true
	}
	for i := range r.lay.specs {
		if !skip[i] && !r.lay.skip[i] {
			r.column(c, sd, i, "")
		}
	}
}

// derivedCol is a derived float slot of sd as a column.
func derivedCol(sd *side, slot int, name string) frame.Column {
	return frame.Float64Col(name, sd.flts[slot].v, sd.flts[slot].ok)
}

// ids adds the attempt, the array and heterogeneous parts of the JobID
// and the line each row starts on.
func ids(c *cols, sd *side) {
	c.add(frame.Int64Col("attempt", sd.attempt, nil))
	c.add(sd.text[tArrayJob].Col("array_job"))
	c.add(frame.Int64Col("array_task", sd.ints[iArrayTask].v, sd.ints[iArrayTask].ok))
	c.add(sd.text[tHetJob].Col("het_job"))
	c.add(frame.Int64Col("het_component", sd.ints[iHetComp].v, sd.ints[iHetComp].ok))
	c.add(frame.Int64Col("line", sd.line, nil))
}

func (r *rows) jobsFrame() *frame.Frame {
	sd := &r.jobs
	var c cols
	c.add(sd.text[tJob].Col("job"))
	fJobName, fUser, fSubmit, fStart, fEnd, fState, fExit := r.field("jobname"), r.field("user"), r.field("submit"), r.field("start"), r.field("end"), r.field("state"), r.field("exitcode")
	r.column(&c, sd, fJobName, "name")
	r.column(&c, sd, fUser, "user")
	r.column(&c, sd, fSubmit, "submit")
	r.column(&c, sd, fStart, "start")
	r.column(&c, sd, fEnd, "end")
	r.column(&c, sd, fState, "state")
	if fState >= 0 {
		c.add(sd.text[tStatus].Col("status"))
	}
	r.column(&c, sd, fExit, "exit_code")
	ids(&c, sd)
	fReqMem := r.field("reqmem")
	if fReqMem >= 0 {
		c.add(derivedCol(sd, dReqMem, "req_mem_mb"))
	}
	// what the job held and used, in the tasks frame's names, so that
	// ops.Efficiency reads a job as seff does
	if r.field("alloccpus", "ncpus") >= 0 || r.field("alloctres") >= 0 {
		c.add(derivedCol(sd, dAllocCPUs, "req_cpus"))
	}
	if r.field("alloctres") >= 0 {
		c.add(derivedCol(sd, dAllocGPUs, "gpus"))
	}
	if r.field("reqtres") >= 0 {
		c.add(derivedCol(sd, dReqGPUs, "req_gpus"))
	}
	fCPU, fWall, fRSS, fLimit := r.field("totalcpu"), r.field("elapsed"), r.field("maxrss"), r.field("timelimit")
	r.column(&c, sd, fLimit, "req_time_s")
	r.column(&c, sd, fCPU, "cpu_time_s")
	r.column(&c, sd, fWall, "wall_time_s")
	if fRSS >= 0 {
		c.add(r.jobPeakRSS(fRSS))
	}
	r.usageColumns(&c, sd, true)
	r.rest(&c, sd, r.field("jobid"), fJobName, fUser, fSubmit, fStart, fEnd, fState, fExit, fReqMem, fCPU, fWall, fRSS, fLimit)
	return frame.New(c.list...)
}

// usageColumns adds the GPU usage and the energy where the header has
// their fields: gpu_util_pct (TRESUsageInAve's gres/gpuutil), gpu_mem_mb
// (TRESUsageInMax's gres/gpumem) and energy_j (ConsumedEnergyRaw above
// 0). A job's GPU usage is its busiest step's (the job row seldom has
// one), as its mem_mb is its largest MaxRSS.
func (r *rows) usageColumns(c *cols, sd *side, jobs bool) {
	for _, x := range []struct {
		field int
		slot  int
		name  string
	}{{r.field("tresusageinave"), dGPUUtil, "gpu_util_pct"}, {r.field("tresusageinmax"), dGPUMem, "gpu_mem_mb"}, {r.field("consumedenergyraw"), dEnergy, "energy_j"}} {
		if x.field < 0 {
			continue
		}
		if jobs && x.slot != dEnergy {
			c.add(r.jobPeak(x.slot, x.name))
			continue
		}
		c.add(derivedCol(sd, x.slot, x.name))
	}
}

// jobPeak is derived float slot of the jobs as column name: the largest
// of the job's row and its steps' rows.
func (r *rows) jobPeak(slot int, name string) frame.Column {
	own, steps := &r.jobs.flts[slot], &r.steps.flts[slot]
	var peak columns.Float
	peak.V, peak.OK = append([]float64(nil), own.v...), append([]bool(nil), own.ok...)
	for k, j := range r.parent {
		if j >= 0 && steps.ok[k] && (!peak.OK[j] || steps.v[k] > peak.V[j]) {
			peak.V[j], peak.OK[j] = steps.v[k], true
		}
	}
	return peak.Col(name)
}

// jobPeakRSS is the mem_mb column of the jobs: the largest MaxRSS of the
// job's row and its steps' rows (the job row seldom has one), in MiB, as
// seff reports a job's memory.
func (r *rows) jobPeakRSS(fRSS int) frame.Column {
	slot := r.lay.slots.of[fRSS]
	own, steps := &r.jobs.flts[slot], &r.steps.flts[slot]
	var peak columns.Float
	peak.V, peak.OK = append([]float64(nil), own.v...), append([]bool(nil), own.ok...)
	for k, j := range r.parent {
		if j >= 0 && steps.ok[k] && (!peak.OK[j] || steps.v[k] > peak.V[j]) {
			peak.V[j], peak.OK[j] = steps.v[k], true
		}
	}
	return peak.Col("mem_mb")
}
