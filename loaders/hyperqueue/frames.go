package hyperqueue

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// dataset builds the frames of the journal read, those Options.Frames
// asks for (the small ones are built anyway and dropped).
func (h *loader) dataset(name string) (*source.Dataset, error) {
	d := &source.Dataset{Source: Source, Files: []string{name}, Frames: map[string]*frame.Frame{}}
	h.span.Set(d)
	h.room(h.attempts, true)
	if h.taskOut != nil {
		h.taskOut.add(h, h.attempts)
		d.Frames[schema.Tasks] = h.taskOut.frame()
		d.Skip(schema.Tasks, h.taskOut.s.Skipped()...)
	}
	if h.placeOut != nil {
		h.placeOut.add(h, h.attempts)
		d.Frames[schema.Placements] = h.placeOut.frame()
		d.Skip(schema.Placements, h.placeOut.s.Skipped()...)
	}
	d.Frames[schema.Workers] = h.workersFrame()
	d.Frames[schema.Jobs] = h.jobsFrame()
	d.Frames[schema.Allocations] = h.allocationsFrame()
	d.Frames[schema.Perf] = h.perfFrame()
	if h.want == nil || h.want[schema.Events] {
		d.Frames[schema.Events] = h.eventsFrame()
		d.Skip(schema.Events, h.ev.s.Skipped()...)
		h.skim.Set(d, schema.Events) // skimmed: its columns, no row
	}
	d.Warnings = h.p.Finish()
	for fname, f := range d.Frames {
		if f.Err() != nil {
			return nil, fmt.Errorf("%s: the hyperqueue %s frame: %w", name, fname, f.Err())
		}
		if h.want != nil && !h.want[fname] { // a small frame built anyway
			delete(d.Frames, fname)
		}
	}
	return d, nil
}

// workersFrame builds the workers frame: one row per worker.
func (h *loader) workersFrame() *frame.Frame {
	var s columns.Set
	worker, host, conn, lost, reason := s.Str("worker"), s.Str("host"), s.Time("connected"), s.Time("lost"), s.Str("reason")
	cpus, gpus, mem := s.Float("cpus"), s.Float("gpus"), s.Float("mem_mb")
	group, alloc, manager, addr, pid := s.Str("group"), s.Str("allocation"), s.Str("manager"), s.Str("address"), s.Str("pid")
	interval, connLine, lostLine := s.Float("overview_interval_s"), s.Int("connected_line"), s.Int("lost_line")
	for _, x := range h.workers {
		worker.Add(itoa(x.id))
		host.Add(x.host)
		conn.Add(x.connected)
		lost.Opt(x.lost, x.lostOK)
		reason.Opt(x.reason, x.lostOK)
		cpus.Add(x.cpus)
		gpus.Add(x.gpus)
		mem.Add(x.memMB)
		group.Add(x.group)
		alloc.Opt(x.alloc, x.alloc != "")
		manager.Opt(x.manager, x.manager != "")
		addr.Add(x.addr)
		pid.Opt(x.pid, x.pid != "")
		interval.Opt(x.interval, x.hasInterval)
		connLine.Add(int64(x.connLine))
		lostLine.Opt(int64(x.lostLine), x.lostOK)
	}
	return s.Frame(len(h.workers))
}

// jobsFrame builds the jobs frame: one row per job.
func (h *loader) jobsFrame() *frame.Frame {
	var s columns.Set
	job, name, submit, end, state := s.Str("job"), s.Str("name"), s.Time("submit"), s.Time("end"), s.Str("state")
	reason, submits, ntasks, graph := s.Str("cancel_reason"), s.Int("submits"), s.Int("n_tasks"), s.Bool("graph")
	maxFails, prio, crash, limit, dir := s.Int("max_fails"), s.Int("priority"), s.Str("crash_limit"), s.Float("time_limit_s"), s.Str("submit_dir")
	for _, x := range h.jobs {
		job.Add(itoa(x.id))
		name.Add(x.name)
		submit.Add(x.submit)
		end.Opt(x.end, x.ended)
		switch {
		case x.canceled:
			state.Add("canceled")
		case x.ended:
			state.Add("completed")
		default:
			state.Add("open")
		}
		reason.Opt(x.cancelReason, x.canceled)
		submits.Add(x.submits)
		ntasks.Add(x.nTasks)
		graph.Add(x.graph)
		maxFails.Opt(x.maxFails, x.hasMaxFails)
		prio.Opt(x.priority, x.hasPriority)
		crash.Opt(x.crashLimit, x.crashLimit != "")
		limit.Opt(x.timeLimit, x.hasTimeLimit)
		dir.Opt(x.submitDir, x.submitDir != "")
	}
	return s.Frame(len(h.jobs))
}

// allocationsFrame builds the allocations frame: one row per autoalloc
// allocation.
func (h *loader) allocationsFrame() *frame.Frame {
	var s columns.Set
	id, queue, qname, manager, nodes := s.Str("id"), s.Int("queue_id"), s.Str("queue_name"), s.Str("manager"), s.Int("nodes")
	queued, start, end, state, limit := s.Time("queued"), s.Time("start"), s.Time("end"), s.Str("state"), s.Float("time_limit_s")
	for _, a := range h.allocs {
		id.Add(a.id)
		queue.Add(a.queue)
		qname.Opt(a.queueName, a.queueName != "")
		manager.Opt(a.manager, a.manager != "")
		nodes.Add(a.nodes)
		queued.Add(a.queued)
		start.Opt(a.start, a.hasStart)
		end.Opt(a.end, a.hasEnd)
		switch {
		case a.hasEnd:
			state.Add("finished")
		case a.hasStart:
			state.Add("running")
		default:
			state.Add("queued")
		}
		limit.Opt(a.timeLimit, a.hasTimeLimit)
	}
	return s.Frame(len(h.allocs))
}

// perfFrame builds the perf frame from the workers' hardware-state
// samples, collected as they were read.
func (h *loader) perfFrame() *frame.Frame {
	p := &h.perf
	return frame.New(
		p.time.Times("time"), p.worker.Col("worker"), p.cpuPct.Col("cpu_percent"), p.cores.Col("cpu_cores"),
		p.memTotal.Col("mem_total_bytes"), p.memFree.Col("mem_free_bytes"), p.memUsed.Col("mem_used_bytes"),
		p.rx.Col("net_rx_bytes"), p.tx.Col("net_tx_bytes"), p.gpus.Col("gpus"), p.gpuPct.Col("gpu_percent"),
		p.gpuMemPct.Col("gpu_mem_percent"), p.line.Col("line"),
	)
}

// eventsFrame builds the events frame, collected as the lines were read,
// of the columns built (newEventCols); a data column past Arrow's 2 GiB
// string limit is reported.
func (h *loader) eventsFrame() *frame.Frame {
	ev := h.ev
	if ev.data != nil && ev.data.Cut > 0 {
		columns.TextCut(&h.p, schema.Events, "data", ev.data, int(ev.line.V[ev.data.FirstCut]))
	}
	return ev.s.Frame(ev.n)
}
