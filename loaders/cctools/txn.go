package cctools

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/internal/resume"
	"github.com/jobframe/jobframe/loaders/source"
)

// The transaction-log engine shared by Work Queue and TaskVine (see
// workqueue.go and taskvine.go for each grammar). Every record is
// "<epoch µs> <manager pid> <KIND> ..." on one line; fields are separated
// by runs of spaces; resource objects are the single tokens starting
// with '{'.
//
// Attempts are RUNNING records (docs/semantics.md#the-task-table). An attempt ends at
// its RETRIEVED record (state from the result word), or when the task is
// queued again without one (exhausted retry, forsaken, or lost with its
// worker), or when its worker disconnects. The DONE record marks the
// attempt that produced the task's final result (final = true).
//
// Canonical attempt states: success, failed, exhausted, forsaken, lost,
// canceled, library_exit (a TaskVine library instance that ended),
// running (no end in the log) and waiting (a task that never ran: one row
// with attempt 0, no start). raw_state keeps the log's word.
//
// Only a task's current attempt (its latest) can change: a new attempt
// is made only once the current one has ended (RUNNING ends an open one
// first; RETRIEVED makes one only when the current one was retrieved),
// and every record that changes an attempt (WAITING_RETRIEVAL, RETRIEVED,
// DONE, CANCELED, WAITING, its worker's DISCONNECTION) changes its task's
// current one. So the state machine keeps a task's state and its current
// attempt's flags (taskState); each attempt's values go to its row of the
// tasks frame as they become known (attemptRows), with no struct per attempt.

// loadCctools reads a Work Queue or TaskVine transaction log; the
// dataset's Source says which markers were found.
func loadCctools(r io.Reader, o source.Options) (*source.Dataset, error) {
	name := o.InputName()
	c := &txnLoader{
		p:          *o.Problems(name),
		want:       source.WantFrames(o),
		opts:       o,
		intern:     map[string]string{},
		syms:       newSymbols(),
		run:        -1,
		ids:        map[int64]*taskTable{},
		wByID:      map[string]*workerState{},
		wByAddr:    map[string]*workerState{},
		unknown:    map[string]int{},
		boxIndex:   map[box]int32{},
		shapeIndex: map[queuedShape]int32{},
		key:        o.ResumeKey(),
		ev:         newEventCols(func(col string) bool { return o.Keeps(schema.Events, col) }),
	}
	c.wantEvents, c.wantTransfers = c.wants(schema.Events), c.wants(schema.Transfers)
	// the events asked for their span alone: the report of the 1M-task
	// Work Queue log reads nothing else of its 10M records' events
	c.skim.On = o.SkimsRows(schema.Events, newEventCols(func(string) bool { return true }).s.Frame(0).Has)
	c.meas = newMeasuredCols(c.syms, func(name string) bool { return o.Keeps(schema.Tasks, name) })
	c.rows = c.newRows()
	c.queueDetail = c.keepsQueueDetail()
	if o.Batch != nil {
		c.stream = txnStream{batch: o.Batch, rows: o.BatchSize()}
		c.checkpoints = o.Checkpoints
	}
	first, err := resume.Start(o.Resume, r, &c.pos, c.resume)
	if err != nil {
		return nil, err
	}
	err = records.DecodedLinesAfterAt(r, &c.p, first, &c.pos, records.Workers(), newDecode, c.record)
	if err != nil {
		return nil, err
	}
	for _, k := range slices.Sorted(maps.Keys(c.unknown)) {
		c.p.Note(0, "record", k, fmt.Sprintf("%d records of an unknown kind kept in events with their raw text", c.unknown[k]))
	}
	if c.reseen > 0 {
		c.p.Note(c.reseenLine, "task_id", strconv.FormatInt(c.reseenID, 10), fmt.Sprintf(
			"%d records of tasks that had ended (DONE or CANCELED) and were handed over in an earlier batch; each such task starts again as a new one", c.reseen))
	}
	return c.dataset(name)
}

// str returns s interned: strings kept past their line (categories,
// workers, result words) must not pin the whole line in memory.
func (c *txnLoader) str(s string) string {
	if v, ok := c.intern[s]; ok {
		return v
	}
	s = strings.Clone(s)
	c.intern[s] = s
	return s
}

func (c *txnLoader) wants(frame string) bool { return c.want == nil || c.want[frame] }

// tail returns the resource objects at the end of line: those the decode
// goroutine found, for a TASK record.
func (c *txnLoader) tail(line string) []string {
	if c.pre != nil {
		return c.pre.tail
	}
	c.tailBuf = jsonTail(c.tailBuf, line)
	return c.tailBuf
}

// record handles one line, split by decodeCcLine into l, and hands the
// rows complete over to Options.Batch every BatchRows records. TASK and
// TRANSFER records (nearly all of a log) are read from views of the
// pipeline's batch, without a copy: task and transfer keep no substring
// of the line (what they keep is interned by str, copied into a column,
// or built anew); the other records work on a copy.
func (c *txnLoader) record(raw []byte, n int, l *txnLine) error {
	skipped := c.p.Skipped
	c.recordTime = -1
	if err := c.apply(raw, n, l); err != nil {
		return err
	}
	if c.recordTime > c.latest && c.p.Skipped == skipped { // a record skipped as bad says nothing of the clock
		c.latest = c.recordTime
	}
	if c.stream.batch != nil && c.stream.since >= c.stream.rows {
		return c.flush()
	}
	return nil
}

// apply applies one line (see record).
func (c *txnLoader) apply(raw []byte, n int, l *txnLine) error {
	c.pre, c.line = nil, n
	line := bytesconv.String(raw)
	if l.skip {
		t := strings.TrimSpace(line)
		if strings.Contains(t, "CACHE-UPDATE") || strings.Contains(t, "CACHE_UPDATE") || strings.Contains(t, "LIBRARY") {
			c.tv = true
		}
		return nil
	}
	f := l.fields
	if len(f) < 3 {
		return c.p.Bad(n, "", line, "<time µs> <manager pid> <record>", nil)
	}
	us, err := l.us, error(nil)
	if !l.usOK {
		us, err = strconv.ParseInt(f[0], 10, 64)
	}
	if err != nil || us < 0 {
		return c.p.Bad(n, "time", f[0], "an integer count of µs since the epoch", err)
	}
	c.noteStepBack(us, n, f[0])
	c.recordTime = us
	if !l.pidOK {
		_, err := parseInt(f[1])
		return c.p.Bad(n, "manager_pid", f[1], "the manager's pid (an integer)", err)
	}
	var kind string
	switch l.kind {
	case kindTask:
		kind, c.pre = "TASK", l
	case kindTransfer:
		kind = "TRANSFER"
	default:
		line = string(raw)
		f = fields(nil, line, maxFields)
		kind = f[2]
	}
	args := f[3:]
	if c.run < 0 && kind != "MANAGER" && kind != "MASTER" {
		c.run = 0 // a log cut before MANAGER START
	}
	switch kind {
	case "MANAGER", "MASTER":
		err = c.manager(args, us, n, line)
	case "WORKER":
		err = c.worker(args, us, n, line)
	case "TASK":
		err = c.task(args, us, n, line)
	case "CATEGORY":
		err = c.category(args, us, n, line)
	case "TRANSFER":
		err = c.transfer(args, l.xfer, us, n, line)
	case "LIBRARY":
		c.tv = true
		if len(args) >= 2 && args[1] == "SENT" {
			if tid, e := strconv.ParseInt(args[0], 10, 64); e == nil {
				c.taskFor(tid).library = true
			}
		}
	case "APPLICATION":
		c.tv = true
	default:
		c.unknown[kind]++
	}
	c.pre = nil
	if err != nil {
		return err
	}
	c.span.Add(us)
	c.stream.since++
	if c.wantEvents && c.skim.On {
		c.skim.Add(us)
	} else if c.wantEvents {
		id, state := eventKey(kind, args)
		e := c.ev
		e.n++
		e.time.Add(us)
		e.run.Add(max(c.run, 0))
		e.line.Add(int64(n))
		e.kind.Add(kind)
		e.id.Opt(id, id != "")
		e.state.Opt(state, state != "")
		if e.data != nil {
			data := ""
			if k := strings.Index(line, kind); k >= 0 {
				data = strings.TrimSpace(line[k+len(kind):])
			}
			e.data.Add(data)
		}
	}
	return nil
}

// eventKey returns the entity id and the state word of a record for the
// events frame: TASK <id> <STATE>, WORKER <id> ... <CONNECTION|...>,
// MANAGER [pid] START|END, CATEGORY <name> MAX|MIN|FIRST, TRANSFER
// INPUT|OUTPUT <task>, LIBRARY <id> <STATE>.
func eventKey(kind string, args []string) (id, state string) {
	at := func(i int) string {
		if i < len(args) {
			return args[i]
		}
		return ""
	}
	switch kind {
	case "TASK", "CATEGORY", "LIBRARY":
		return at(0), at(1)
	case "WORKER":
		for _, a := range args[min(1, len(args)):] {
			switch a {
			case "CONNECTION", "DISCONNECTION", "RESOURCES", "TRANSFER", "CACHE_UPDATE", "CACHE-UPDATE":
				return at(0), a
			}
		}
		return at(0), ""
	case "MANAGER", "MASTER":
		for _, a := range args {
			if a == "START" || a == "END" {
				return "", a
			}
		}
	case "TRANSFER":
		return at(1), at(0)
	}
	return "", ""
}

func (c *txnLoader) manager(args []string, us int64, n int, line string) error {
	if len(args) == 0 {
		return c.p.Bad(n, "", line, "MANAGER START|END or MANAGER <pid> START|END <µs>", nil)
	}
	word := args[0]
	if _, err := strconv.ParseInt(word, 10, 64); err == nil && len(args) > 1 {
		c.tv = true // MANAGER <pid> START 0: TaskVine since Feb 2023
		word = args[1]
	}
	switch word {
	case "START":
		c.run++
		c.wByAddr = map[string]*workerState{}
		c.wByID = map[string]*workerState{}
	case "END":
	default:
		return c.p.Bad(n, "", line, "MANAGER START or END", nil)
	}
	return nil
}

// addWorker appends w to the workers, numbered.
func (c *txnLoader) addWorker(w *workerState) {
	w.idx = int32(len(c.workers))
	c.workers = append(c.workers, w)
}

func (c *txnLoader) workerFor(id string) *workerState {
	if w := c.wByID[id]; w != nil {
		return w
	}
	w := &workerState{run: max(c.run, 0), id: id, open: map[*taskState]bool{}}
	c.wByID[id] = w
	c.addWorker(w)
	return w
}

func (c *txnLoader) worker(args []string, us int64, n int, line string) error {
	if len(args) < 2 {
		return c.p.Bad(n, "", line, "WORKER <id> ...", nil)
	}
	id := args[0]
	switch args[1] {
	case "CONNECTION": // TaskVine: WORKER <id> CONNECTION <addr>
		c.tv = true
		w := c.connect(id, "", us)
		if len(args) > 2 {
			w.addr = args[2]
			c.wByAddr[w.addr] = w
		}
	case "DISCONNECTION": // TaskVine: WORKER <id> DISCONNECTION <reason>
		c.tv = true
		reason := ""
		if len(args) > 2 {
			reason = args[2]
		}
		w := c.wByID[id]
		if w == nil || id == "(null)" {
			// "(null)": a worker that left before sending its id; each
			// such record is a connection of its own.
			w = &workerState{run: max(c.run, 0), id: id, open: map[*taskState]bool{}}
			c.addWorker(w)
		}
		c.disconnect(w, reason, us, n)
	case "RESOURCES":
		if len(args) < 3 {
			return c.p.Bad(n, "resources", line, "WORKER <id> RESOURCES {...}", nil)
		}
		tail := c.tail(line)
		if len(tail) != 1 {
			return c.p.Bad(n, "resources", line, "one resource object", nil)
		}
		b, bad, err := c.box(tail, 0, n, "resources")
		if bad {
			return err
		}
		c.workerFor(id).res = b
	case "TRANSFER", "CACHE_UPDATE", "CACHE-UPDATE":
		c.tv = true
		return c.workerTransfer(id, args[1:], us, n, line)
	default:
		// Work Queue: WORKER <id> <addr> CONNECTION | DISCONNECTION <reason>
		if len(args) < 3 {
			return c.p.Bad(n, "", line, "WORKER <id> <host:port> CONNECTION|DISCONNECTION", nil)
		}
		switch args[2] {
		case "CONNECTION":
			c.connect(id, args[1], us)
		case "DISCONNECTION":
			reason := ""
			if len(args) > 3 {
				reason = args[3]
			}
			w := c.wByID[id]
			if w == nil {
				w = c.wByAddr[args[1]]
			}
			if w == nil {
				w = c.workerFor(id)
				w.addr = args[1]
			}
			c.disconnect(w, reason, us, n)
		default:
			return c.p.Bad(n, "", line, "WORKER <id> <host:port> CONNECTION|DISCONNECTION, or WORKER <id> RESOURCES|TRANSFER|CACHE_UPDATE ...", nil)
		}
	}
	return nil
}

func (c *txnLoader) connect(id, addr string, us int64) *workerState {
	w := c.wByID[id]
	if w == nil || w.hasConnected {
		w = &workerState{run: max(c.run, 0), id: id, open: map[*taskState]bool{}}
		c.wByID[id] = w
		c.addWorker(w)
	}
	w.connected, w.hasConnected = us, true
	if addr != "" {
		w.addr = addr
		c.wByAddr[addr] = w
	}
	return w
}

func (c *txnLoader) disconnect(w *workerState, reason string, us int64, n int) {
	w.lost, w.hasLost, w.reason = us, true, reason
	for t := range w.open { // closeAttempt takes each off the map
		c.closeAttempt(t, us, n, "lost", "DISCONNECTION "+reason)
	}
}

// request returns the place of b in c.boxes, adding it if new: the
// tasks of a log ask for a few distinct boxes, kept once.
func (c *txnLoader) request(b box) int32 {
	i, ok := c.boxIndex[b]
	if !ok {
		i = int32(len(c.boxes))
		c.boxes = append(c.boxes, b)
		c.boxIndex[b] = i
	}
	return i
}

// newAttempt makes a the current attempt of t, in a new row.
func (c *txnLoader) newAttempt(t *taskState, a *attemptStart) {
	t.cur = c.rows.add(t.idx, a)
	t.open, t.hasRetrieval, t.retrieved, t.hasMeasured = a.started, false, false, false
}

// closeAttempt ends the current attempt of t at us (line n) in the given
// canonical and raw states, and takes it off its worker's open attempts.
func (c *txnLoader) closeAttempt(t *taskState, us int64, n int, state, raw string) {
	t.open = false
	c.rows.close(t.cur, us, n, state, raw)
	if t.on > 0 {
		delete(c.workers[t.on-1].open, t)
		t.on = 0
	}
}

// resultState maps a RETRIEVED/DONE result word to a canonical state.
func resultState(result string) string {
	switch result {
	case "SUCCESS":
		return "success"
	case "RESOURCE_EXHAUSTION":
		return "exhausted"
	case "FORSAKEN":
		return "forsaken"
	case "CANCELLED", "CANCELED":
		return "canceled"
	case "LIBRARY_EXIT":
		return "library_exit"
	}
	return "failed"
}

func (c *txnLoader) category(args []string, us int64, n int, line string) error {
	if len(args) < 3 {
		return c.p.Bad(n, "", line, "CATEGORY <name> MAX|MIN {..} or CATEGORY <name> FIRST <mode> {..}", nil)
	}
	mode := ""
	if args[1] == "FIRST" && len(args) > 3 {
		mode = args[2]
	}
	tail := c.tail(line)
	if len(tail) != 1 {
		return c.p.Bad(n, "resources", line, "one resource object", nil)
	}
	b, bad, err := c.box(tail, 0, n, "resources")
	if bad {
		return err
	}
	if !c.wants("categories") {
		return nil
	}
	c.cat.time.Add(us)
	c.cat.run.Add(max(c.run, 0))
	c.cat.name.Add(args[0])
	c.cat.kind.Add(args[1])
	c.cat.mode.Opt(mode, mode != "")
	c.cat.cores.Opt(b.cores, b.hasCores)
	c.cat.mem.Opt(b.mem, b.hasMem)
	c.cat.disk.Opt(b.disk, b.hasDisk)
	c.cat.gpus.Opt(b.gpus, b.hasGPUs)
	return nil
}

// maxStepsNoted bounds the warnings of a log whose time steps back.
const maxStepsNoted = 10

// noteStepBack warns of a record timed before the latest one so far (of
// the records that were not skipped as bad; apply moves latest on): a
// transactions log is written in time order, so its manager's clock was
// set back (or the log was edited), and an attempt across the step has
// a run time off by as much, possibly negative.
func (c *txnLoader) noteStepBack(us int64, n int, text string) {
	if us >= c.latest {
		return
	}
	c.stepsBack++
	if c.stepsBack <= maxStepsNoted {
		msg := fmt.Sprintf("the log's time steps back %.6f s from the latest record before it: run and wait times across it are off by as much", float64(c.latest-us)/1e6)
		if c.stepsBack == maxStepsNoted {
			msg += " (further steps back are not listed)"
		}
		c.p.Note(n, "time", text, msg)
	}
}
