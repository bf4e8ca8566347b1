package hyperqueue

import (
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// The tasks and placements frames are built from attempts that have
// ended, a run of them at a time: a streaming load builds each batch's,
// a whole load adds the attempts at the head of the journal as they all
// end (spill.go) and the rest at the end, into the same columns.

// taskRows are the tasks frame's columns: one row per attempt.
type taskRows struct {
	s                                        columns.Set
	n                                        int
	job, worker, workers, state, raw, reason *columns.Str
	policy, jobName                          *columns.Str
	task, attempt, nWorkers, variant         *columns.DenseInt
	startLine                                *columns.DenseInt
	instance, exit, endLine, submit, end     *columns.Int
	start                                    *columns.DenseInt
	cpus, gpus, mem, nodes                   *columns.DenseFloat
	est                                      *columns.Bool
	scratch                                  []byte
}

// newTaskRows returns the tasks frame's builders, those of the columns
// keep refuses nil (Options.Columns and Omit).
func newTaskRows(keep func(name string) bool) *taskRows {
	t := &taskRows{}
	s := &t.s
	s.Keep = keep
	s.Const("source", "hyperqueue")
	t.job, t.task, t.attempt = s.Str("job"), s.DenseInt("task"), s.DenseInt("attempt")
	t.instance, t.worker, t.workers, t.nWorkers = s.Int("instance"), s.Str("worker"), s.Str("workers"), s.DenseInt("n_workers")
	t.submit, t.start, t.end = s.Time("submit"), s.DenseTime("start"), s.Time("end")
	t.state, t.raw, t.reason, t.exit = s.Str("state"), s.Str("raw_state"), s.Str("reason"), s.Int("exit_code")
	t.cpus, t.gpus, t.mem, t.nodes = s.DenseFloat("req_cpus"), s.DenseFloat("req_gpus"), s.DenseFloat("req_mem_mb"), s.DenseFloat("req_nodes")
	t.policy, t.variant, t.est, t.jobName = s.Str("policy"), s.DenseInt("variant"), s.Bool("req_estimated"), s.Str("job_name")
	t.startLine, t.endLine = s.DenseInt("start_line"), s.Int("end_line")
	return t
}

// add adds a row per attempt.
func (t *taskRows) add(h *loader, attempts []*attemptState) {
	var j *jobState // the job of the last attempt
	for _, a := range attempts {
		t.job.AddInt(a.key.job, &t.scratch)
		t.task.Add(a.key.task)
		t.attempt.Add(a.attempt)
		t.instance.Opt(a.instance, a.hasInstance)
		ns := h.nShares(a)
		if ns > 0 {
			t.worker.AddInt(h.share(a, 0).worker, &t.scratch)
		} else {
			t.worker.Null()
		}
		switch {
		case t.workers == nil:
		case ns == 1:
			t.workers.AddInt(a.worker, &t.scratch)
		default:
			ws := make([]string, ns)
			for i := range ws {
				ws[i] = itoa(h.share(a, i).worker)
			}
			t.workers.Opt(strings.Join(ws, ","), ns > 0)
		}
		t.nWorkers.Add(int64(ns))
		t.submit.Opt(a.submit, a.hasSubmit)
		t.start.Add(a.start)
		t.end.Opt(a.end, !a.open)
		why := h.words.Text(a.reason)
		t.state.Add(h.words.Text(a.state))
		t.raw.Opt(h.words.Text(a.rawState), !a.open)
		t.reason.Opt(why, why != "")
		t.exit.Opt(exitCode(why))
		t.cpus.Add(a.reqCPUs)
		t.gpus.Add(a.reqGPUs)
		t.mem.Add(a.reqMem)
		t.nodes.Add(float64(a.reqNodes)) // Balsam's jobs take fractions of a node
		t.policy.Opt(h.words.Text(a.policy), a.policy != 0)
		t.variant.Add(a.variant)
		t.est.Add(a.estimated)
		t.startLine.Add(int64(a.startLine))
		t.endLine.Opt(int64(a.endLine), !a.open)
		if j == nil || j.id != a.key.job {
			j = h.jmap[a.key.job]
		}
		if j != nil {
			t.jobName.Add(j.name)
		} else {
			t.jobName.Null()
		}
	}
	t.n += len(attempts)
}

// exitCode returns the exit code a failure's reason gives, and whether
// it gives one.
func exitCode(why string) (int64, bool) {
	m := exitCodesIn(why)
	if m == nil {
		return 0, false
	}
	code, _ := strconv.ParseInt(m[1], 10, 64)
	return code, true
}

// frame returns the rows added as a frame.
func (t *taskRows) frame() *frame.Frame { return t.s.Frame(t.n) }

// keepsOf returns the test of which columns of frame name a load builds.
func (h *loader) keepsOf(name string) func(col string) bool {
	return func(col string) bool { return h.keeps(name, col) }
}

// tasksFrame builds the tasks frame of attempts: one row per attempt.
func (h *loader) tasksFrame(attempts []*attemptState) *frame.Frame {
	t := newTaskRows(h.keepsOf(schema.Tasks))
	t.s.Reserve(len(attempts))
	t.add(h, attempts)
	return t.frame()
}

// placementRows are the placements frame's columns: one row per attempt
// and worker it ran on, the first (root) worker first.
type placementRows struct {
	s                    columns.Set
	n                    int
	job, worker, state   *columns.Str
	task, attempt, start *columns.DenseInt
	startLine            *columns.DenseInt
	end, endLine         *columns.Int
	root                 *columns.Bool
	cpus, gpus, mem      *columns.DenseFloat
	scratch              []byte
}

// newPlacementRows returns the placements frame's builders, those of
// the columns keep refuses nil (Options.Columns and Omit).
func newPlacementRows(keep func(name string) bool) *placementRows {
	p := &placementRows{}
	s := &p.s
	s.Keep = keep
	p.job, p.task, p.attempt, p.worker = s.Str("job"), s.DenseInt("task"), s.DenseInt("attempt"), s.Str("worker")
	p.root, p.start, p.end, p.state = s.Bool("root"), s.DenseTime("start"), s.Time("end"), s.Str("state")
	p.cpus, p.gpus, p.mem = s.DenseFloat("cpus"), s.DenseFloat("gpus"), s.DenseFloat("mem_mb")
	p.startLine, p.endLine = s.DenseInt("start_line"), s.Int("end_line")
	return p
}

// add adds the rows of each attempt, one per worker it ran on, to the
// columns (those not kept take none).
func (p *placementRows) add(h *loader, attempts []*attemptState) {
	for _, a := range attempts {
		for i := range h.nShares(a) {
			sh := h.share(a, i)
			p.job.AddInt(a.key.job, &p.scratch)
			p.task.Add(a.key.task)
			p.attempt.Add(a.attempt)
			p.worker.AddInt(sh.worker, &p.scratch)
			p.root.Add(i == 0)
			p.start.Add(a.start)
			p.end.Opt(sh.end, !sh.open)
			if sh.open {
				p.state.Add(schema.Running)
			} else {
				p.state.Add(h.words.Text(sh.state))
			}
			p.cpus.Add(sh.cpus)
			p.gpus.Add(sh.gpus)
			p.mem.Add(sh.memMB)
			p.startLine.Add(int64(a.startLine))
			p.endLine.Opt(int64(sh.endLine), !sh.open)
			p.n++
		}
	}
}

// frame returns the rows added as a frame.
func (p *placementRows) frame() *frame.Frame { return p.s.Frame(p.n) }

// placementsFrame builds the placements frame of attempts.
func (h *loader) placementsFrame(attempts []*attemptState) *frame.Frame {
	p := newPlacementRows(h.keepsOf(schema.Placements))
	n := 0
	for _, a := range attempts {
		n += h.nShares(a)
	}
	p.s.Reserve(n)
	p.add(h, attempts)
	return p.frame()
}
