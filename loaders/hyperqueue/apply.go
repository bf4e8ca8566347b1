package hyperqueue

// The state machine: each event of the journal applied in order.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// line handles one journal line, decoded into d; it returns the event
// time.
func (h *loader) line(line []byte, n int, d *decodedLine) (int64, error) {
	if d.isFlat {
		e := d.flat.event(line)
		if err := h.event(&e, *e.Type, d.flat.t, n, line); err != nil {
			return 0, err
		}
		h.span.Add(d.flat.t)
		return d.flat.t, nil
	}
	l := &d.l
	if d.err != nil {
		var ne *jsontext.NotIntegerError
		if errors.As(d.err, &ne) { // a fraction where an integer belongs: name the field
			return 0, h.p.Bad(n, jsontext.KeyOf(line, ne.Text), ne.Text, "an integer (a JSON number without a fraction)", nil)
		}
		if field, text, want, ok := typeError(line); ok { // "job":"1", "tasks":"all"
			return 0, h.p.Bad(n, field, text, want, nil)
		}
		return 0, h.p.Bad(n, "", string(line), "a JSON object {\"event\": {...}, \"time\": ...}", d.err)
	}
	if l.Time == "" {
		return 0, h.p.Bad(n, "time", string(line), `a "time" field`, nil)
	}
	t, err := frame.ParseMicros(l.Time)
	if err != nil {
		return 0, h.p.Bad(n, "time", l.Time, "an RFC 3339 time", err)
	}
	if l.Event == nil {
		return 0, h.p.Bad(n, "event", string(line), `an "event" object`, nil)
	}
	typ := "(untyped)"
	if l.Event.Type != nil {
		typ = *l.Event.Type
	}
	if err := h.event(l.Event, typ, t, n, line); err != nil {
		return 0, err
	}
	h.span.Add(t)
	return t, nil
}

func (e *journalEvent) job() (int64, bool) {
	switch {
	case e.Job.OK:
		return e.Job.V, true
	case e.JobID.OK:
		return e.JobID.V, true
	case e.JobIDDash.OK:
		return e.JobIDDash.V, true
	}
	return 0, false
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func (h *loader) event(e *journalEvent, typ string, t int64, n int, raw []byte) error {
	job, hasJob := e.job()
	if h.want == nil || h.want[schema.Events] {
		h.addEvent(e, typ, job, hasJob, t, n, raw)
	}
	var err error
	// missing reports an absent required field; the event is then
	// skipped (lenient) or the load stops (strict, err set).
	missing := func(field string, ok bool) bool {
		if !ok {
			err = h.p.Bad(n, field, string(raw), fmt.Sprintf("a %q field in a %s event", field, typ), nil)
		}
		return !ok
	}
	return h.apply(e, typ, job, hasJob, t, n, missing, &err)
}

// addEvent appends the events-frame row of one journal line.
func (h *loader) addEvent(e *journalEvent, typ string, job int64, hasJob bool, t int64, n int, raw []byte) {
	if h.skim.On {
		h.skim.Add(t)
		return
	}
	ev := h.ev
	ev.n++
	ev.line.Add(int64(n))
	ev.time.Add(t)
	ev.typ.Add(typ)
	if hasJob {
		ev.job.AddInt(job, &h.scratch)
	} else {
		ev.job.Null()
	}
	if e.Task.OK {
		ev.task.Add(e.Task.V)
	} else {
		ev.task.Null()
	}
	if e.Instance.OK {
		ev.instance.Add(e.Instance.V)
	} else {
		ev.instance.Null()
	}
	var wid int64
	hasW := false
	switch {
	case e.Worker.OK && e.Worker.V >= 0:
		wid, hasW = e.Worker.V, true
	case len(e.Workers) > 0:
		wid, hasW = e.Workers[0], true
	case strings.HasPrefix(typ, "worker-") && e.ID.OK:
		wid, hasW = e.ID.V, true
	}
	if hasW {
		ev.worker.AddInt(wid, &h.scratch)
	} else {
		ev.worker.Null()
	}
	ev.data.AddBytes(raw)
}

// apply updates the loader's state with one event.
func (h *loader) apply(e *journalEvent, typ string, job int64, hasJob bool, t int64, n int, missing func(string, bool) bool, errp *error) error {
	switch typ {
	case "server-start", "server-stop":
		h.closeAll(t, n, "lost", typ)
		for _, w := range h.workers {
			if !w.lostOK {
				w.lost, w.lostOK, w.reason, w.lostLine = t, true, typ, n
			}
		}
	case "worker-connected":
		if missing("id", e.ID.OK) {
			return *errp
		}
		return h.workerConnected(e, t, n)
	case "worker-lost":
		if missing("id", e.ID.OK) {
			return *errp
		}
		reason := ""
		if e.Reason != nil {
			reason = *e.Reason
		}
		h.workerLost(e.ID.V, reason, t, n)
	case "worker-overview":
		if e.ID.OK && e.HwState != nil && e.HwState.State != nil && (h.want == nil || h.want[schema.Perf]) {
			h.overview(e.ID.V, e.HwState.State, t, n)
		}
	case "job-created":
		if missing("job", hasJob) {
			return *errp
		}
		if field, text := e.badIDs(); field != "" {
			return h.p.Bad(n, field, text, "task ids: start >= 0, count >= 0 and step >= 0", nil)
		}
		h.jobCreated(job, e, t, n)
	case "job-open":
		j := h.job(job, t, n)
		if e.Name != nil {
			j.name = *e.Name
		}
	case "job-cancel":
		j := h.job(job, t, n)
		j.canceled = true
		if e.Reason != nil {
			j.cancelReason = *e.Reason
		}
	case "job-completed":
		j := h.job(job, t, n)
		j.end, j.ended = t, true
	case "task-started":
		if missing("job", hasJob) {
			return *errp
		}
		if missing("task", e.Task.OK) {
			return *errp
		}
		h.started(e, job, t, n)
	case "task-finished", "task-failed":
		if e.Tasks != nil && !e.Task.OK { // defensive: list form
			for _, ref := range e.Tasks {
				h.finish(taskKey{int64(ref.JobID), int64(ref.JobTaskID)}, t, n, strings.TrimPrefix(typ, "task-"), typ, "")
			}
			break
		}
		if missing("job", hasJob) {
			return *errp
		}
		if missing("task", e.Task.OK) {
			return *errp
		}
		state, reason := "success", ""
		if typ == "task-failed" {
			state = "failed"
			if e.Error != nil {
				reason = *e.Error
			}
		}
		h.finish(taskKey{job, e.Task.V}, t, n, state, typ, reason)
	case "task-canceled", "task-aborted":
		if e.Tasks == nil && hasJob && e.Task.OK { // v0.19-0.22: one task
			h.finish(taskKey{job, e.Task.V}, t, n, "canceled", typ, "")
			break
		}
		for _, ref := range e.Tasks {
			h.finish(taskKey{int64(ref.JobID), int64(ref.JobTaskID)}, t, n, "canceled", typ, "")
		}
	case "autoalloc-queue-created":
		h.queueCreated(e)
	case "autoalloc-allocation-queued", "autoalloc-allocation-started", "autoalloc-allocation-finished":
		if missing("allocation-id", e.AllocationID != nil) {
			return *errp
		}
		h.allocation(e, typ, t)
	case "autoalloc-queue-removed", "job-close", "(untyped)":
	default:
		h.unknown[typ]++
	}
	return nil
}

// queueCreated records an autoalloc queue: its manager, name and time
// limit, which its allocations take.
func (h *loader) queueCreated(e *journalEvent) {
	q := &queueState{}
	if e.Params != nil {
		q.manager = e.Params.Manager
		if e.Params.Name != nil {
			q.name = *e.Params.Name
		}
		q.timeLimit, q.hasTimeLimit = e.Params.TimeLimit.seconds()
	}
	if e.QueueID.OK {
		h.queues[e.QueueID.V] = q
	}
}

// allocation applies an autoalloc-allocation-queued, -started or
// -finished event (typ) at t (µs) to its allocation, new at its first.
func (h *loader) allocation(e *journalEvent, typ string, t int64) {
	a := h.amap[*e.AllocationID]
	if a == nil {
		a = &allocState{id: *e.AllocationID, queued: t}
		if e.QueueID.OK {
			a.queue = e.QueueID.V
			if q := h.queues[a.queue]; q != nil {
				a.manager, a.queueName, a.timeLimit, a.hasTimeLimit = q.manager, q.name, q.timeLimit, q.hasTimeLimit
			}
		}
		h.amap[a.id] = a
		h.allocs = append(h.allocs, a)
	}
	switch typ {
	case "autoalloc-allocation-queued":
		a.queued = t
		if e.WorkerCount.OK {
			a.nodes = e.WorkerCount.V
		}
	case "autoalloc-allocation-started":
		a.start, a.hasStart = t, true
	default:
		a.end, a.hasEnd = t, true
	}
}

func (h *loader) job(id, t int64, n int) *jobState {
	j := h.jmap[id]
	if j == nil {
		j = &jobState{id: id, submit: t, line: n}
		h.jmap[id] = j
		h.jobs = append(h.jobs, j)
	}
	return j
}

func (h *loader) jobCreated(id int64, e *journalEvent, t int64, n int) {
	j := h.job(id, t, n)
	j.submits++
	if e.JobDesc != nil {
		j.name = e.JobDesc.Name
		if e.JobDesc.MaxFails.OK {
			j.maxFails, j.hasMaxFails = e.JobDesc.MaxFails.V, true
		}
	} else if e.Desc != nil {
		j.name = e.Desc.Name
	}
	s := &submitted{submit: t, line: n}
	if e.SubmitDesc != nil {
		td := &e.SubmitDesc.TaskDesc
		j.submitDir = e.SubmitDesc.SubmitDir
		switch {
		case td.IDs != nil:
			for _, r := range td.IDs.Ranges {
				s.ranges = append(s.ranges, [3]int64{int64(r.Start), int64(r.Count), int64(r.Step)})
				step := max(int64(r.Step), 1)
				j.nTasks += (int64(r.Count) + step - 1) / step
			}
		case td.NTasks != nil:
			s.graph, j.graph = true, true
			j.nTasks += int64(*td.NTasks)
		}
		if td.Resources != nil {
			s.variants = td.Resources.Variants
		}
		if td.Priority != nil {
			j.priority, j.hasPriority = int64(*td.Priority), true
		}
		j.timeLimit, j.hasTimeLimit = td.TimeLimit.seconds()
		if len(td.CrashLimit) > 0 {
			j.crashLimit = strings.Trim(string(td.CrashLimit), `"`)
		}
	} else {
		s.graph = true // before v0.25: no request in the journal
	}
	h.submits[id] = append(h.submits[id], s)
	h.subOK = false
}

// workerConnected applies a worker-connected record: a worker whose
// resources would be a negative amount is a bad record (lenient: the
// record is skipped), any other connects.
func (h *loader) workerConnected(e *journalEvent, t int64, n int) error {
	if field, text, bad := e.Config.badAmount(); bad {
		return h.p.Bad(n, field, text, "a resource amount >= 0 (a Range's end at or after its start, a Sum's size >= 0)", nil)
	}
	h.connect(e.ID.V, e.Config, t, n)
	return nil
}

func (h *loader) connect(id int64, c *workerConfig, t int64, n int) {
	w := &workerState{id: id, connected: t, connLine: n, amounts: map[string]float64{}}
	if c != nil {
		w.host, w.group, w.addr = c.Hostname, c.Group, c.ListenAddress
		w.pid = c.Extra["ProcessPid"]
		if jm, ok := c.Extra["JobManager"]; ok {
			var m struct {
				Manager      string `json:"manager"`
				AllocationID string `json:"allocation_id"`
			}
			if jsontext.Unmarshal([]byte(jm), &m) == nil {
				w.manager, w.alloc = m.Manager, m.AllocationID
			}
		}
		for _, r := range c.Resources.Resources {
			if a, ok := r.Kind.amount(); ok {
				w.amounts[r.Name] += a
			}
		}
		if c.Overview != nil {
			w.interval, w.hasInterval = c.Overview.SendInterval.seconds()
		}
	}
	w.cpus = w.amounts["cpus"]
	w.memMB = w.amounts["mem"]
	for name, a := range w.amounts {
		if name == "gpus" || strings.HasPrefix(name, "gpus/") {
			w.gpus += a
		}
	}
	h.workers = append(h.workers, w)
	h.wmap[id] = w
}

// submitFor returns the latest submit of the job whose id ranges hold
// task; failing that, the latest graph submit (whose tasks' ids and
// requests the journal does not show), or nil.
func (h *loader) submitFor(job, task int64) *submitted {
	if !h.subOK || h.subJob != job {
		h.subJob, h.subList, h.subOK = job, h.submits[job], true
	}
	subs := h.subList
	for i := len(subs) - 1; i >= 0; i-- {
		if !subs[i].graph && subs[i].has(task) {
			return subs[i]
		}
	}
	for i := len(subs) - 1; i >= 0; i-- {
		if subs[i].graph {
			return subs[i]
		}
	}
	return nil
}

func (h *loader) started(e *journalEvent, job int64, t int64, n int) {
	key := taskKey{job, e.Task.V}
	prev := h.byTask.get(key)
	attempt := int64(1) // attempts count from 1, as in every source
	if prev != nil {
		attempt = prev.attempt + 1
		if prev.open {
			// A restart the journal did not show (a lost worker we never saw).
			h.closeAttempt(prev, t, n, "lost", "restarted", "")
		}
	}
	a := h.arena.Alloc()
	a.key, a.attempt, a.start, a.startLine, a.open, a.state = key, attempt, t, n, true, h.words.Code("running")
	if e.Instance.OK {
		a.instance, a.hasInstance = e.Instance.V, true
	}
	if e.Variant.OK {
		a.variant = e.Variant.V
	}
	workers := []int64(e.Workers)
	if len(workers) == 0 && e.Worker.OK {
		if e.Worker.V >= 0 { // v0.19-0.23 write -1 for a worker not known: none
			workers = []int64{e.Worker.V}
		}
	}
	sub := h.submitFor(job, e.Task.V)
	if sub != nil {
		a.submit, a.hasSubmit = sub.submit, true
	}
	var req *request
	if sub != nil && !sub.graph && int(a.variant) < len(sub.variants) {
		req = &sub.variants[a.variant]
	}
	switch {
	case req == nil:
		h.estimatedShares(a, workers)
	case req.NNodes > 0:
		h.nodeShares(a, workers, int64(req.NNodes))
	default:
		h.requestShares(a, workers, req)
	}
	h.attempts = append(h.attempts, a)
	for i := range h.nShares(a) {
		w := h.share(a, i).worker
		h.wopen.of(w).add(a)
	}
	h.byTask.set(key, a)
}
