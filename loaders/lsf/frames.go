package lsf

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// Source is the Dataset.Source of lsb.acct loads.
const Source = "lsf"

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

// gather declares the table's columns, by name, as columns of a frame
// whose row i is the table's row rows[i].
type gather struct {
	s    *columns.Set
	rows []int32
}

func (g gather) str(name string, c *columns.Str) {
	g.s.Column(name, func() frame.Column { x := c.Gather(g.rows); return x.Col(name) })
}

func (g gather) time(name string, c *columns.Int) {
	g.s.Column(name, func() frame.Column { x := c.Gather(g.rows); return x.Times(name) })
}

func (g gather) int(name string, c *columns.Int) {
	g.s.Column(name, func() frame.Column { x := c.Gather(g.rows); return x.Col(name) })
}

func (g gather) float(name string, c *columns.Float) {
	g.s.Column(name, func() frame.Column { x := c.Gather(g.rows); return x.Col(name) })
}

// lastRows is each job's last record, in the order the jobs were first
// seen.
func (b *builder) lastRows() []int32 {
	rows := make([]int32, len(b.jobs))
	for i, j := range b.jobs {
		rows[i] = j.rows[len(j.rows)-1]
	}
	return rows
}

// runRows is the rows of the records of jobs that ran, in log order,
// and each one's attempt: its place among its job's runs, from 1.
func (b *builder) runRows() (rows []int32, attempts []int64) {
	seen := make([]int64, len(b.jobs))
	for r := range b.rows {
		if !b.ran[r] {
			continue
		}
		k := b.rowJob[r]
		seen[k]++
		rows, attempts = append(rows, int32(r)), append(attempts, seen[k])
	}
	return rows, attempts
}

// jobsFrame is one row per job key: its last record's fields, and how
// many times it ran.
func (b *builder) jobsFrame() *frame.Frame {
	s := b.sets.Of(schema.Jobs)
	rows := b.lastRows()
	t := &b.t
	g := gather{s, rows}
	g.str("job", &t.key)
	g.str("name", &t.name)
	g.str("user", &t.user)
	g.str("project", &t.project)
	g.str("queue", &t.queue)
	g.time("submit", &t.submit)
	g.time("eligible", &t.eligible)
	g.time("start", &t.start)
	g.time("end", &t.end)
	g.str("state", &t.rawState)
	g.str("status", &t.status)
	g.int("exit_code", &t.exit)
	g.int("signal", &t.signal)
	runs := s.Int("runs")
	g.float("req_cpus", &t.reqCPUs)
	g.float("max_cpus", &t.maxCPUs)
	g.float("cpus", &t.heldCPUs)
	g.float("nodes", &t.nodes)
	g.float("req_time_s", &t.runLimit)
	g.float("cpu_time_s", &t.cpuTime)
	g.float("wall_time_s", &t.wallTime)
	g.float("mem_mb", &t.mem)
	g.float("vmem_mb", &t.vmem)
	g.float("avg_mem_mb", &t.avgMem)
	g.float("ru_maxrss_mb", &t.maxRSS)
	g.str("exec_host", &t.execHost)
	g.int("array_job", &t.jobID)
	g.int("array_task", &t.idx)
	b.lsfColumns(g)
	g.int("line", &t.line)
	s.Reserve(len(rows))
	for _, j := range b.jobs {
		n := int64(0)
		for _, r := range j.rows {
			if b.ran[r] {
				n++
			}
		}
		runs.Add(n)
	}
	return s.Frame(len(rows))
}

// lsfColumns declares the columns only LSF has, as it names them.
func (b *builder) lsfColumns(g gather) {
	t := &b.t
	g.str("raw_state", &t.rawExit)
	g.int("jstatus", &t.jStatus)
	g.int("exit_info", &t.exitInfo)
	g.str("term_reason", &t.reason)
	g.float("run_time_s", &t.runTime)
	g.float("host_factor", &t.hostFactor)
	g.float("serial_job_energy", &t.energy)
	g.float("scheduling_overhead_ms", &t.overheadMs)
	g.str("app", &t.app)
	g.str("job_group", &t.jobGroup)
	g.str("sla", &t.sla)
	g.str("from_host", &t.fromHost)
	g.str("cwd", &t.cwd)
	g.str("res_req", &t.resReq)
	g.str("effective_res_req", &t.effResReq)
	g.str("depend_cond", &t.dependCond)
	g.str("command", &t.command)
	g.str("out_file", &t.outFile)
	g.str("err_file", &t.errFile)
	g.str("description", &t.description)
	g.str("login_shell", &t.loginShell)
	g.int("user_id", &t.userID)
	g.str("version", &t.version)
}

// allocations is one row per job key: the batch job as the scheduler
// held it (docs/semantics.md, allocations).
func (b *builder) allocations() *frame.Frame {
	s := b.sets.Of(schema.Allocations)
	rows := b.lastRows()
	t := &b.t
	g := gather{s, rows}
	g.str("id", &t.key)
	g.time("queued", &t.submit)
	g.time("eligible", &t.eligible)
	g.time("start", &t.start)
	g.time("end", &t.end)
	nodes := s.Int("nodes")
	g.str("state", &t.rawState)
	g.str("status", &t.status)
	g.float("cpus", &t.cpus)
	g.str("queue", &t.queue)
	g.str("account", &t.project)
	g.str("user", &t.user)
	g.str("jobname", &t.name)
	wait, queue := s.Float("wait_s"), s.Float("queue_s")
	s.Reserve(len(rows))
	for _, r := range rows {
		nodes.Opt(int64(t.nodes.V[r]), t.nodes.OK[r])
		st := t.start.V[r]
		wait.Opt(float64(st-t.eligible.V[r])/1e6, t.start.OK[r] && t.eligible.OK[r])
		queue.Opt(float64(st-t.submit.V[r])/1e6, t.start.OK[r] && t.submit.OK[r])
	}
	return s.Frame(len(rows))
}
