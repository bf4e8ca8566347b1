package parsl

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// samplesFrame is one row per row of the resource table: psutil's
// readings of the process running a try (cumulative CPU times, memory,
// disk I/O), in table order.
func (m *model) samplesFrame() *frame.Frame {
	s := m.sets.Of(schema.Samples)
	runCol, job, taskID, att, tm := s.Int("run"), s.Str("job"), s.Int("task"), s.Int("attempt"), s.Time("time")
	cpu, user, system, mem, vms := s.Float("cpu_time_s"), s.Float("user_s"), s.Float("system_s"), s.Float("mem_mb"), s.Float("vms_mb")
	read, write, pid, kids, cpuPct, memPct := s.Float("read_bytes"), s.Float("write_bytes"), s.Int("pid"), s.Float("children"), s.Float("cpu_pct"), s.Float("mem_pct")
	state, cpuNum, interval, ctxV, ctxI := s.Str("process_status"), s.Str("cpu_num"), s.Float("interval_s"), s.Float("ctx_switches_voluntary"), s.Float("ctx_switches_involuntary")
	s.Reserve(len(m.samples))
	for i := range m.samples {
		r := &m.samples[i]
		runCol.Add(int64(r.key.run))
		job.Add(m.runs[r.key.run].id)
		taskID.Add(r.key.task)
		att.Add(r.key.try + 1)
		optTime(tm, r.at)
		cpu.Opt(r.user.v+r.system.v, r.user.ok || r.system.ok)
		optFlt(user, r.user)
		optFlt(system, r.system)
		mem.Opt(r.rss.v/mib, r.rss.ok)
		vms.Opt(r.vms.v/mib, r.vms.ok)
		optFlt(read, r.read)
		optFlt(write, r.write)
		pid.Opt(r.pid.v, r.pid.ok)
		optFlt(kids, r.kids)
		optFlt(cpuPct, r.cpuPct)
		optFlt(memPct, r.memPct)
		optStr(state, r.state)
		optStr(cpuNum, r.cpuNum)
		optFlt(interval, r.interval)
		optFlt(ctxV, r.ctxVoluntary)
		optFlt(ctxI, r.ctxInvoluntary)
	}
	return s.Frame(len(m.samples))
}

// workersFrame is one row per manager (node table uid) of each run:
// connected at its first row, lost at its first row marked inactive
// after, with its host's cores and memory and its worker slots.
func (m *model) workersFrame() *frame.Frame {
	type mgr struct {
		n         node
		connected num
		lost      num
		heartbeat num
	}
	type id struct {
		run int
		uid string
	}
	byID := map[id]int{}
	var mgrs []mgr
	for _, n := range m.nodes {
		k := id{n.run, n.uid}
		i, ok := byID[k]
		if !ok {
			i = len(mgrs)
			byID[k] = i
			mgrs = append(mgrs, mgr{n: n})
		}
		g := &mgrs[i]
		if n.activeOK && !n.active {
			if n.at.ok && (!g.lost.ok || n.at.v < g.lost.v) {
				g.lost = n.at
			}
		} else if n.at.ok && (!g.connected.ok || n.at.v < g.connected.v) {
			g.connected = n.at
		}
		if n.heartbeat.ok && n.heartbeat.v > g.heartbeat.v {
			g.heartbeat = n.heartbeat
		}
	}
	s := m.sets.Of(schema.Workers)
	runCol, worker, host, manager, block := s.Int("run"), s.Str("worker"), s.Str("host"), s.Str("manager"), s.Str("block")
	connected, lost, heartbeat := s.Time("connected"), s.Time("lost"), s.Time("last_heartbeat")
	cpus, mem, slots, python := s.Float("cpus"), s.Float("mem_mb"), s.Int("slots"), s.Str("python")
	for _, g := range mgrs {
		runCol.Add(int64(g.n.run))
		optStr(worker, g.n.host)
		optStr(host, g.n.host)
		optStr(manager, g.n.uid)
		optStr(block, g.n.block)
		optTime(connected, g.connected)
		optTime(lost, g.lost)
		optTime(heartbeat, g.heartbeat)
		cpus.Opt(float64(g.n.cpus.v), g.n.cpus.ok)
		mem.Opt(float64(g.n.memBytes.v)/mib, g.n.memBytes.ok)
		slots.Opt(g.n.workers.v, g.n.workers.ok)
		optStr(python, g.n.python)
	}
	return s.Frame(len(mgrs))
}

// allocationsFrame is one row per block of an executor in a run (the
// block table's rows of one block): queued at its first status, started
// at its first RUNNING, ended at its first status that ends a block;
// scheduler_id is the batch system's job id, for jobframe allocations.
func (m *model) allocationsFrame() *frame.Frame {
	type alloc struct {
		b                  blockRow
		queued, start, end num
		last               num
		state, job         string
	}
	byKey := map[string]int{}
	var as []alloc
	for _, b := range m.blocks {
		k := m.blockKey(b.run, b.executor, b.block)
		i, ok := byKey[k]
		if !ok {
			i = len(as)
			byKey[k] = i
			as = append(as, alloc{b: b})
		}
		a := &as[i]
		if b.job != "" {
			a.job = b.job
		}
		if !b.at.ok {
			continue
		}
		if !a.queued.ok || b.at.v < a.queued.v {
			a.queued = b.at
		}
		if b.statusOf == "RUNNING" && (!a.start.ok || b.at.v < a.start.v) {
			a.start = b.at
		}
		if blockEnded(b.statusOf) && (!a.end.ok || b.at.v < a.end.v) {
			a.end = b.at
		}
		if !a.last.ok || b.at.v >= a.last.v {
			a.last, a.state = b.at, b.statusOf
		}
	}
	s := m.sets.Of(schema.Allocations)
	runCol, idCol, sched, executor, block := s.Int("run"), s.Str("id"), s.Str("scheduler_id"), s.Str("executor"), s.Str("block")
	queued, start, end, state := s.Time("queued"), s.Time("start"), s.Time("end"), s.Str("state")
	for _, a := range as {
		runCol.Add(int64(a.b.run))
		idCol.Add(m.blockKey(a.b.run, a.b.executor, a.b.block))
		optStr(sched, a.job)
		optStr(executor, a.b.executor)
		optStr(block, a.b.block)
		optTime(queued, a.queued)
		optTime(start, a.start)
		optTime(end, a.end)
		optStr(state, a.state)
	}
	return s.Frame(len(as))
}

// dependenciesFrame is one row per task id in a task's task_depends.
func (m *model) dependenciesFrame() *frame.Frame {
	s := m.sets.Of(schema.Dependencies)
	runCol, job, parent, child, file := s.Int("run"), s.Str("job"), s.Int("parent"), s.Int("child"), s.Str("file_id")
	n := 0
	for _, k := range m.taskKeys() {
		for _, d := range m.tasks[k].deps {
			n++
			runCol.Add(int64(k.run))
			job.Add(m.runs[k.run].id)
			parent.Add(d)
			child.Add(k.task)
			file.Add("")
		}
	}
	return s.Frame(n)
}
