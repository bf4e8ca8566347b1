package cctools

import (
	"fmt"
	"strconv"
	"strings"
)

// taskRec is one TASK record: its task id, state word, the fields after
// them, its time, line number and text.
type taskRec struct {
	tid   int64
	state string
	rest  []string
	us    int64
	n     int
	line  string
}

// task applies a TASK <id> <state> ... record, one method per state.
func (c *txnLoader) task(args []string, us int64, n int, line string) error {
	if len(args) < 2 {
		return c.p.Bad(n, "", line, "TASK <id> <state> ...", nil)
	}
	tid, err := parseInt(args[0])
	if err != nil {
		return c.p.Bad(n, "task_id", args[0], "an integer task id", err)
	}
	r := taskRec{tid: tid, state: args[1], rest: args[2:], us: us, n: n, line: line}
	switch r.state {
	case "WAITING", "READY":
		return c.taskWaiting(r)
	case "RUNNING":
		return c.taskRunning(r)
	case "WAITING_RETRIEVAL":
		if t := c.taskFor(tid); t.cur >= 0 {
			c.rows.setRetrieval(t.cur, us)
			t.hasRetrieval = true
		}
	case "RETRIEVED", "DONE":
		return c.taskResult(r)
	case "CANCELED", "CANCELLED":
		state := c.str(r.state)
		t := c.taskFor(tid)
		t.done = c.words.Code(state)
		if t.open {
			c.closeAttempt(t, us, n, "canceled", state)
		}
		c.ended(t)
	case "UNKNOWN", "INITIAL":
		c.taskFor(tid)
	default:
		return c.p.Bad(n, "state", r.state, "a task state (WAITING READY RUNNING WAITING_RETRIEVAL RETRIEVED DONE CANCELED UNKNOWN)", nil)
	}
	return nil
}

// taskWaiting applies WAITING (Work Queue) or READY (TaskVine) <category>
// <FIRST|MAX>_RESOURCES [attempt] {requested}: the task is queued again,
// which ends an attempt still open.
func (c *txnLoader) taskWaiting(r taskRec) error {
	rest, n := r.rest, r.n
	if len(rest) < 2 {
		return c.p.Bad(n, "", r.line, r.state+" <category> <FIRST_RESOURCES|MAX_RESOURCES> [attempt] {resources}", nil)
	}
	tail := c.tail(r.line)
	if len(tail) != 1 {
		return c.p.Bad(n, "resources", r.line, "one resource object", nil)
	}
	req, bad, err := c.box(tail, 0, n, "resources")
	if bad {
		return err
	}
	if r.state == "READY" {
		c.tv = true
	}
	var try int64
	hasTry := false
	if len(rest) >= 3 && rest[2][0] != '{' {
		try, err = strconv.ParseInt(rest[2], 10, 32)
		if err != nil {
			return c.p.Bad(n, "attempt", rest[2], "an integer attempt number", err)
		}
		hasTry = true
		c.tv = true
	}
	shape := queuedShape{category: c.words.Code(rest[0]), requested: c.request(req), try: int32(try), hasTry: hasTry}
	t := c.waitingFor(r.tid, r.us, shape)
	if t == nil {
		return nil // queued for the first time
	}
	if t.open {
		// an open attempt started from this task's latest request, so its
		// try is the task's
		st := "lost"
		switch {
		case rest[1] == "MAX_RESOURCES":
			st = "exhausted"
		case hasTry && t.hasTry && try == int64(t.try) && t.hasRetrieval:
			st = "forsaken"
		case t.hasRetrieval:
			st = "failed"
		}
		c.closeAttempt(t, r.us, n, st, r.state+" "+rest[1])
	}
	t.category, t.requested, t.try, t.hasTry = shape.category, shape.requested, shape.try, shape.hasTry
	if !t.hasSubmit {
		t.submit, t.hasSubmit = r.us, true
	}
	t.queued, t.hasQueued = r.us, true
	return nil
}

// taskRunning applies RUNNING <worker> <FIRST|MAX>_RESOURCES {box}: a new
// attempt (the worker may be missing when unknown).
func (c *txnLoader) taskRunning(r taskRec) error {
	rest := r.rest
	t := c.taskFor(r.tid)
	if t.open {
		c.closeAttempt(t, r.us, r.n, "lost", "RUNNING again")
	}
	t.attempts++
	a := attemptStart{n: int64(t.attempts), start: r.us, started: true, startLine: r.n, state: "running",
		submit: t.queued, hasSubmit: t.hasQueued, requested: c.boxes[t.requested], try: int64(t.try), hasTry: t.hasTry}
	var on *workerState
	k := 0
	if len(rest) > 0 && rest[0][0] != '{' && !strings.HasSuffix(rest[0], "_RESOURCES") {
		on = c.runningOn(&a, rest[0])
		k = 1
	}
	if len(rest) > k && strings.HasSuffix(rest[k], "_RESOURCES") {
		a.mode = c.str(rest[k])
	}
	if tail := c.tail(r.line); len(tail) == 1 {
		b, bad, err := c.box(tail, 0, r.n, "resources")
		if bad {
			return err // the attempt is counted (t.attempts) but has no row
		}
		a.alloc = b
	}
	c.newAttempt(t, &a)
	if on != nil {
		t.on = on.idx + 1
		on.open[t] = true
	}
	return nil
}

// runningOn names the worker of attempt a, given by id (TaskVine) or by
// address (Work Queue); it returns the worker when it is known.
func (c *txnLoader) runningOn(a *attemptStart, who string) *workerState {
	if w := c.wByID[who]; w != nil {
		a.worker, a.addr, a.hasWorker = w.id, w.addr, true
		return w
	}
	if w := c.wByAddr[who]; w != nil {
		a.worker, a.addr, a.hasWorker = w.id, c.str(who), true
		return w
	}
	a.worker, a.hasWorker = c.str(who), true
	if strings.Contains(who, ":") {
		a.addr = a.worker
	}
	return nil
}

// taskResult applies RETRIEVED or DONE <result> [exit] [{limits}
// {measured}].
func (c *txnLoader) taskResult(r taskRec) error {
	rest, n := r.rest, r.n
	if len(rest) < 1 {
		return c.p.Bad(n, "", r.line, r.state+" <result> [exit code] [{limits} {measured}]", nil)
	}
	res := resultRec{word: c.str(rest[0])}
	if len(rest) > 1 && rest[1][0] != '{' {
		exit, err := strconv.ParseInt(rest[1], 10, 64)
		if err != nil {
			return c.p.Bad(n, "exit_code", rest[1], "an integer exit code", err)
		}
		res.exit, res.hasExit = exit, true
	}
	if bad, err := c.resultTail(r, &res); bad {
		return err
	}
	if !c.started(r.tid) {
		// without a RUNNING there is no attempt to end: one made up here
		// would have no start, no worker and a run time of nothing
		return c.p.Bad(n, "state", r.state+" "+rest[0], fmt.Sprintf("a RUNNING of task %d before its %s", r.tid, r.state), nil)
	}
	t := c.taskFor(r.tid)
	if r.state == "RETRIEVED" && t.retrieved {
		return c.p.Bad(n, "state", r.state+" "+rest[0], fmt.Sprintf("a RUNNING of task %d before another RETRIEVED", r.tid), nil)
	}
	if r.state == "RETRIEVED" {
		c.retrieved(t, r, &res)
	} else {
		c.done(t, r, &res)
	}
	return nil
}

// started reports whether task id has had an attempt (a RUNNING).
func (c *txnLoader) started(id int64) bool {
	if i, ok := c.table().get(id).task(); ok {
		return c.tasks.at(i).cur >= 0
	}
	return false
}

// resultRec is what a RETRIEVED or DONE record says of an attempt.
type resultRec struct {
	word        string
	exit        int64
	hasExit     bool
	limits      string
	measured    []resource // valid until the next resource object is parsed
	hasMeasured bool
}

// resultTail reads a result record's {limits} {measured} objects into
// res; bad says the record is bad (err is then the strict-mode error).
func (c *txnLoader) resultTail(r taskRec, res *resultRec) (bad bool, err error) {
	tail := c.tail(r.line)
	switch len(tail) {
	case 0:
		return false, nil
	case 2:
	default:
		return true, c.p.Bad(r.n, "resources", r.line, "{limits_exceeded} {resources_measured}", nil)
	}
	if tail[0] != "{}" {
		lim, bad, err := c.checkResources(tail, 0, r.n, "limits_exceeded")
		if bad {
			return true, err
		}
		res.limits = formatLimits(c.syms, lim)
	}
	measured, bad, err := c.checkResources(tail, 1, r.n, "resources_measured")
	if bad {
		return true, err
	}
	res.measured, res.hasMeasured = measured, true
	if !c.interned[1].same { // else these keys were looked at before
		for _, m := range measured {
			if c.isVineKey(m.key) {
				c.tv = true
				break
			}
		}
	}
	return false, nil
}

// isVineKey reports whether measured key k names what only TaskVine
// measures (vine_*, time_*, size_*), asking its name once per key.
func (c *txnLoader) isVineKey(k sym) bool {
	for int(k) >= len(c.vineKeys) {
		c.vineKeys = append(c.vineKeys, 0)
	}
	if c.vineKeys[k] == 0 {
		c.vineKeys[k] = 1
		if key := c.syms.name(k); strings.HasPrefix(key, "vine_") || strings.HasPrefix(key, "time_") || strings.HasPrefix(key, "size_") {
			c.vineKeys[k] = 2
		}
	}
	return c.vineKeys[k] == 2
}

// retrieved applies a RETRIEVED record to t's current attempt, the
// first since its RUNNING (taskResult refuses others).
func (c *txnLoader) retrieved(t *taskState, r taskRec, res *resultRec) {
	// This also reaps an attempt its worker's disconnection closed a
	// moment before: the result is more telling than "lost".
	c.rows.result(t.cur, res.exit, res.hasExit, res.limits)
	t.retrieved = true
	c.measure(t, res.measured, res.hasMeasured, true)
	c.closeAttempt(t, r.us, r.n, resultState(res.word), res.word)
}

// done applies a DONE record of a task that has had an attempt
// (taskResult refuses one that has not). It reports the task's latest
// attempt: its
// tail repeats that attempt's RETRIEVED in Work Queue, TaskVine >= 7.5.1
// writes no JSON, and the word may differ (RETRIEVED LIBRARY_EXIT, then
// DONE UNKNOWN).
func (c *txnLoader) done(t *taskState, r taskRec, res *resultRec) {
	t.done = c.words.Code(res.word)
	if t.open {
		c.rows.result(t.cur, res.exit, res.hasExit, res.limits)
		c.measure(t, res.measured, res.hasMeasured, true)
		c.closeAttempt(t, r.us, r.n, resultState(res.word), res.word)
	}
	// a DONE repeats the RETRIEVED's resources: kept when that had none
	c.measure(t, res.measured, res.hasMeasured, false)
	c.rows.setFinal(t.cur)
	c.ended(t)
}
