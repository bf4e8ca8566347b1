package loaders

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// The transaction-log engine shared by Work Queue and TaskVine (see
// workqueue.go and taskvine.go for each grammar). Every record is
// "<epoch µs> <manager pid> <KIND> ..." on one line; fields are separated
// by runs of spaces; resource objects are the single tokens starting
// with '{'.
//
// Attempts are RUNNING records (semantics.md §2.1). An attempt ends at
// its RETRIEVED record (state from the result word), or when the task is
// queued again without one (exhausted retry, forsaken, or lost with its
// worker), or when its worker disconnects. The DONE record marks the
// attempt that produced the task's final result (final = true).
//
// Canonical attempt states: success, failed, exhausted, forsaken, lost,
// canceled, library_exit (a TaskVine library instance that ended),
// running (no end in the log) and waiting (a task that never ran: one row
// with attempt 0, no start). raw_state keeps the log's word.

type ccAttempt struct {
	task               *ccTask
	n, try             int64
	hasTry             bool
	worker, addr       string
	hasWorker          bool
	on                 *ccWorker // the known worker it runs on, while open
	submit, start      int64
	hasSubmit, started bool
	startLine          int
	mode               string
	alloc, requested   box // the resources allocated to the attempt and those its task asked for
	retrieval          int64
	hasRetrieval       bool
	end                int64
	endLine            int
	open               bool
	state, raw         string
	exit               int64
	hasExit            bool
	retrieved          bool // a RETRIEVED record reported this attempt
	limits             string
	row                int  // the attempt's row in the tasks frame
	hasMeasured        bool // resources_measured was reported (into c.meas)
	fallback           int8 // measured_fallback: 0 null, 1 false, 2 true
	final              bool
}

type ccTask struct {
	run       int64
	id        int64
	category  string
	submit    int64 // first WAITING/READY
	hasSubmit bool
	queued    int64 // latest WAITING/READY
	hasQueued bool
	try       int64
	hasTry    bool
	requested box
	cur       *ccAttempt
	attempts  int64
	done      string
	hasDone   bool
	library   bool
}

type ccWorker struct {
	run          int64
	id, addr     string
	connected    int64
	hasConnected bool
	lost         int64
	hasLost      bool
	reason       string
	res          box
	open         map[*ccAttempt]bool
}

type ccLoader struct {
	p       problems
	want    map[string]bool
	opts    Options // for Columns
	intern  map[string]string
	syms    *symbols
	scratch []resource
	rawBuf  []rawResource
	pre     *ccLine // the line being applied, when it is a TASK record
	meas    *measuredCols
	run     int64
	tv      bool                 // TaskVine markers seen
	tasks   map[int64]*taskTable // by run
	// where tasks and attempts are allocated, a block at a time
	taskArena    arena[ccTask]
	attemptArena arena[ccAttempt]
	order        []*ccTask
	attempts     []*ccAttempt
	workers      []*ccWorker
	wByID        map[string]*ccWorker
	wByAddr      map[string]*ccWorker
	unknown      map[string]int
	// buffer reused from line to line
	tailBuf []string
	span    logSpan
	ev      struct {
		time, run, line intCol
		kind, id, state strCol
		data            textCol
	}
	xfer struct {
		time, run, task, bytes, start intCol
		kind, dir, worker, file       strCol
		wall, mb                      floatCol
		cached                        boolCol
	}
	cat struct {
		time, run              intCol
		name, kind, mode       strCol
		cores, mem, disk, gpus floatCol
	}
}

// loadCctools reads a Work Queue or TaskVine transaction log; the
// dataset's Source says which markers were found.
func loadCctools(r io.Reader, o Options) (*Dataset, error) {
	name := o.Name
	if name == "" {
		name = "-"
	}
	c := &ccLoader{
		p:       problems{file: name, lenient: o.Lenient},
		want:    wantFrames(o),
		opts:    o,
		intern:  map[string]string{},
		syms:    newSymbols(),
		run:     -1,
		tasks:   map[int64]*taskTable{},
		wByID:   map[string]*ccWorker{},
		wByAddr: map[string]*ccWorker{},
		unknown: map[string]int{},
	}
	c.meas = newMeasuredCols(c.syms, func(name string) bool { return o.keeps(Tasks, name) })
	err := decodedLines(r, &c.p, decodeWorkers(), decodeCcLine, c.record)
	if err != nil {
		return nil, err
	}
	for _, k := range sortedKeys(c.unknown) {
		c.p.note(0, "record", k, fmt.Sprintf("%d records of an unknown kind kept in events with their raw text", c.unknown[k]))
	}
	return c.dataset(name), nil
}

// wantFrames returns the set of frames to build (nil = all).
func wantFrames(o Options) map[string]bool {
	if len(o.Frames) == 0 {
		return nil
	}
	m := map[string]bool{}
	for _, f := range o.Frames {
		m[f] = true
	}
	return m
}

// str returns s interned: strings kept past their line (categories,
// workers, result words) must not pin the whole line in memory.
func (c *ccLoader) str(s string) string {
	if v, ok := c.intern[s]; ok {
		return v
	}
	s = strings.Clone(s)
	c.intern[s] = s
	return s
}

func (c *ccLoader) wants(frame string) bool { return c.want == nil || c.want[frame] }

// fields splits s on runs of spaces.
func fields(out []string, s string, max int) []string {
	out = out[:0]
	i := 0
	for i < len(s) && len(out) < max {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) {
			break
		}
		j := strings.IndexByte(s[i:], ' ')
		if j < 0 {
			j = len(s)
		} else {
			j += i
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// jsonTail returns the resource objects at the end of a record: the
// text from the first '{', split between objects.
func jsonTail(out []string, s string) []string {
	out = out[:0]
	i := strings.IndexByte(s, '{')
	if i < 0 {
		return out
	}
	rest := s[i:]
	for len(rest) > 0 {
		rest = strings.TrimLeft(rest, " ")
		if rest == "" {
			break
		}
		if rest[0] != '{' {
			out = append(out, rest) // let the parser reject it
			break
		}
		k := objectEnd(rest)
		if k < 0 {
			out = append(out, rest)
			break
		}
		out = append(out, rest[:k+1])
		rest = rest[k+1:]
	}
	return out
}

// objectEnd returns the index of the '}' that closes the '{' at s[0]
// (braces counted, strings not: resource objects hold no braces in their
// strings), or -1. A flat object, the usual case, is found by two scans
// for a byte.
func objectEnd(s string) int {
	depth, k := 1, 1
	for {
		c := strings.IndexByte(s[k:], '}')
		if c < 0 {
			return -1
		}
		if o := strings.IndexByte(s[k:k+c], '{'); o >= 0 {
			depth++
			k += o + 1
			continue
		}
		depth--
		if depth == 0 {
			return k + c
		}
		k += c + 1
	}
}

// tail returns the resource objects at the end of line: those the decode
// goroutine found, for a TASK record.
func (c *ccLoader) tail(line string) []string {
	if c.pre != nil {
		return c.pre.tail
	}
	c.tailBuf = jsonTail(c.tailBuf, line)
	return c.tailBuf
}

// box parses the i'th resource object of tail (as c.tail returned it)
// into the cores, memory, disk and gpus it gives. bad is true when it is
// malformed: the caller then skips the record and returns err (nil in
// lenient mode). An empty object {} is valid and gives an empty box.
func (c *ccLoader) box(tail []string, i int, line int, field string) (b box, bad bool, err error) {
	rs, bad, err := c.checkResources(tail, i, line, field)
	if bad {
		return box{}, bad, err
	}
	return boxOf(rs), false, nil
}

// checkResources parses the i'th resource object of tail; bad and err
// are as box's. The result is valid until the next call.
func (c *ccLoader) checkResources(tail []string, i int, line int, field string) (rs []resource, bad bool, err error) {
	var raw []rawResource
	var perr error
	if c.pre != nil {
		if c.pre.bad[i] {
			perr = errResourceJSON
		}
		raw = c.pre.resources(i)
	} else {
		raw, perr = parseRawResources(tail[i], c.rawBuf[:0])
		c.rawBuf = raw
	}
	if perr == nil {
		rs, perr = internResources(tail[i], raw, c.syms, c.scratch)
	}
	if perr != nil {
		return nil, true, c.p.bad(line, field, tail[i], `a resource object {"key":[value,"unit"],...}`, nil)
	}
	c.scratch = rs
	return rs, false, nil
}

// parseInt is strconv.ParseInt(s, 10, 64) with a fast path for plain
// digits.
func parseInt(s string) (int64, error) {
	if v, ok := atoiFast(s); ok {
		return v, nil
	}
	return strconv.ParseInt(s, 10, 64)
}

// record handles one line, split by decodeCcLine into l. TASK and
// TRANSFER records (nearly all of a log) are read from views of the
// pipeline's batch, without a copy: task and transfer keep no substring
// of the line (what they keep is interned by str, copied into a column,
// or built anew); the other records work on a copy.
func (c *ccLoader) record(raw []byte, n int, l *ccLine) error {
	c.pre = nil
	line := bstr(raw)
	t := strings.TrimSpace(line)
	if t == "" || t[0] == '#' {
		if strings.Contains(t, "CACHE-UPDATE") || strings.Contains(t, "CACHE_UPDATE") || strings.Contains(t, "LIBRARY") {
			c.tv = true
		}
		return nil
	}
	f := l.fields
	if len(f) < 3 {
		return c.p.bad(n, "", line, "<time µs> <manager pid> <record>", nil)
	}
	us, err := l.us, error(nil)
	if !l.usOK {
		us, err = strconv.ParseInt(f[0], 10, 64)
	}
	if err != nil || us < 0 {
		return c.p.bad(n, "time", f[0], "an integer count of µs since the epoch", err)
	}
	if _, err := parseInt(f[1]); err != nil {
		return c.p.bad(n, "manager_pid", f[1], "the manager's pid (an integer)", err)
	}
	kind := f[2]
	switch kind {
	case "TASK":
		c.pre = l
	case "TRANSFER":
	default:
		line = string(raw)
		f = fields(nil, line, ccFields)
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
		err = c.transfer(args, us, n, line)
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
	c.span.add(us)
	if c.wants(Events) {
		id, state := eventKey(kind, args)
		data := ""
		if k := strings.Index(line, kind); k >= 0 {
			data = strings.TrimSpace(line[k+len(kind):])
		}
		c.ev.time.add(us)
		c.ev.run.add(max(c.run, 0))
		c.ev.line.add(int64(n))
		c.ev.kind.add(kind)
		c.ev.id.opt(id, id != "")
		c.ev.state.opt(state, state != "")
		c.ev.data.add(data)
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

func (c *ccLoader) manager(args []string, us int64, n int, line string) error {
	if len(args) == 0 {
		return c.p.bad(n, "", line, "MANAGER START|END or MANAGER <pid> START|END <µs>", nil)
	}
	word := args[0]
	if _, err := strconv.ParseInt(word, 10, 64); err == nil && len(args) > 1 {
		c.tv = true // MANAGER <pid> START 0: TaskVine since Feb 2023
		word = args[1]
	}
	switch word {
	case "START":
		c.run++
		c.wByAddr = map[string]*ccWorker{}
		c.wByID = map[string]*ccWorker{}
	case "END":
	default:
		return c.p.bad(n, "", line, "MANAGER START or END", nil)
	}
	return nil
}

func (c *ccLoader) workerFor(id string) *ccWorker {
	if w := c.wByID[id]; w != nil {
		return w
	}
	w := &ccWorker{run: max(c.run, 0), id: id, open: map[*ccAttempt]bool{}}
	c.wByID[id] = w
	c.workers = append(c.workers, w)
	return w
}

func (c *ccLoader) worker(args []string, us int64, n int, line string) error {
	if len(args) < 2 {
		return c.p.bad(n, "", line, "WORKER <id> ...", nil)
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
			w = &ccWorker{run: max(c.run, 0), id: id, open: map[*ccAttempt]bool{}}
			c.workers = append(c.workers, w)
		}
		c.disconnect(w, reason, us, n)
	case "RESOURCES":
		if len(args) < 3 {
			return c.p.bad(n, "resources", line, "WORKER <id> RESOURCES {...}", nil)
		}
		tail := c.tail(line)
		if len(tail) != 1 {
			return c.p.bad(n, "resources", line, "one resource object", nil)
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
			return c.p.bad(n, "", line, "WORKER <id> <host:port> CONNECTION|DISCONNECTION", nil)
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
			return c.p.bad(n, "", line, "WORKER <id> <host:port> CONNECTION|DISCONNECTION, or WORKER <id> RESOURCES|TRANSFER|CACHE_UPDATE ...", nil)
		}
	}
	return nil
}

func (c *ccLoader) connect(id, addr string, us int64) *ccWorker {
	w := c.wByID[id]
	if w == nil || w.hasConnected {
		w = &ccWorker{run: max(c.run, 0), id: id, open: map[*ccAttempt]bool{}}
		c.wByID[id] = w
		c.workers = append(c.workers, w)
	}
	w.connected, w.hasConnected = us, true
	if addr != "" {
		w.addr = addr
		c.wByAddr[addr] = w
	}
	return w
}

func (c *ccLoader) disconnect(w *ccWorker, reason string, us int64, n int) {
	w.lost, w.hasLost, w.reason = us, true, reason
	for a := range w.open { // closeAttempt takes each off the map
		c.closeAttempt(a, us, n, "lost", "DISCONNECTION "+reason)
	}
}

// taskFor returns task id of the current run, new if not seen before.
func (c *ccLoader) taskFor(id int64) *ccTask {
	run := max(c.run, 0)
	tt := c.tasks[run]
	if tt == nil {
		tt = &taskTable{}
		c.tasks[run] = tt
	}
	t := tt.get(id)
	if t == nil {
		t = c.taskArena.new(ccTask{run: run, id: id})
		tt.put(id, t)
		c.order = append(c.order, t)
	}
	return t
}

// taskTable finds the tasks of one run by id: a slice for the dense ids
// Work Queue and TaskVine hand out (1, 2, 3, ...), a map for the others.
type taskTable struct {
	dense  []*ccTask
	sparse map[int64]*ccTask
}

func (x *taskTable) get(id int64) *ccTask {
	if id >= 0 && id < int64(len(x.dense)) && x.dense[id] != nil {
		return x.dense[id]
	}
	return x.sparse[id]
}

// put adds a task not in the table. The slice grows (doubling) to take an
// id at most 64Ki past its end; farther ids go to the map.
func (x *taskTable) put(id int64, t *ccTask) {
	if id >= 0 && id < int64(len(x.dense))+1<<16 {
		if id >= int64(len(x.dense)) {
			x.dense = append(x.dense, make([]*ccTask, max(id+1, 2*int64(len(x.dense)))-int64(len(x.dense)))...)
		}
		x.dense[id] = t
		return
	}
	if x.sparse == nil {
		x.sparse = map[int64]*ccTask{}
	}
	x.sparse[id] = t
}

// closeAttempt ends attempt a at us (line n) in the given canonical and
// raw states, and takes it off its worker's open attempts.
func (c *ccLoader) closeAttempt(a *ccAttempt, us int64, n int, state, raw string) {
	a.open, a.end, a.endLine, a.state, a.raw = false, us, n, state, raw
	if a.on != nil {
		delete(a.on.open, a)
		a.on = nil
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

func (c *ccLoader) task(args []string, us int64, n int, line string) error {
	if len(args) < 2 {
		return c.p.bad(n, "", line, "TASK <id> <state> ...", nil)
	}
	tid, err := parseInt(args[0])
	if err != nil {
		return c.p.bad(n, "task_id", args[0], "an integer task id", err)
	}
	state := args[1]
	rest := args[2:]
	switch state {
	case "WAITING", "READY":
		// WAITING <cat> <FIRST|MAX>_RESOURCES [attempt] {requested}
		if len(rest) < 2 {
			return c.p.bad(n, "", line, state+" <category> <FIRST_RESOURCES|MAX_RESOURCES> [attempt] {resources}", nil)
		}
		tail := c.tail(line)
		if len(tail) != 1 {
			return c.p.bad(n, "resources", line, "one resource object", nil)
		}
		req, bad, err := c.box(tail, 0, n, "resources")
		if bad {
			return err
		}
		if state == "READY" {
			c.tv = true
		}
		t := c.taskFor(tid)
		var try int64
		hasTry := false
		if len(rest) >= 3 && rest[2][0] != '{' {
			try, err = strconv.ParseInt(rest[2], 10, 64)
			if err != nil {
				return c.p.bad(n, "attempt", rest[2], "an integer attempt number", err)
			}
			hasTry = true
			c.tv = true
		}
		if a := t.cur; a != nil && a.open {
			st := "lost"
			switch {
			case rest[1] == "MAX_RESOURCES":
				st = "exhausted"
			case hasTry && a.hasTry && try == a.try && a.hasRetrieval:
				st = "forsaken"
			case a.hasRetrieval:
				st = "failed"
			}
			c.closeAttempt(a, us, n, st, state+" "+rest[1])
		}
		t.category = c.str(rest[0])
		if !t.hasSubmit {
			t.submit, t.hasSubmit = us, true
		}
		t.queued, t.hasQueued = us, true
		t.try, t.hasTry = try, hasTry
		t.requested = req
	case "RUNNING":
		// RUNNING <worker>  <FIRST|MAX>_RESOURCES {box}; the worker may be
		// missing when unknown.
		t := c.taskFor(tid)
		if a := t.cur; a != nil && a.open {
			c.closeAttempt(a, us, n, "lost", "RUNNING again")
		}
		t.attempts++
		a := c.attemptArena.new(ccAttempt{task: t, n: t.attempts, start: us, started: true, startLine: n, open: true, state: "running",
			submit: t.queued, hasSubmit: t.hasQueued, requested: t.requested, try: t.try, hasTry: t.hasTry})
		k := 0
		if len(rest) > 0 && rest[0][0] != '{' && !strings.HasSuffix(rest[0], "_RESOURCES") {
			who := rest[0]
			k = 1
			if w := c.wByID[who]; w != nil {
				a.worker, a.addr, a.hasWorker, a.on = w.id, w.addr, true, w
				w.open[a] = true
			} else if w := c.wByAddr[who]; w != nil {
				a.worker, a.addr, a.hasWorker, a.on = w.id, c.str(who), true, w
				w.open[a] = true
			} else {
				a.worker, a.hasWorker = c.str(who), true
				if strings.Contains(who, ":") {
					a.addr = a.worker
				}
			}
		}
		if len(rest) > k && strings.HasSuffix(rest[k], "_RESOURCES") {
			a.mode = c.str(rest[k])
		}
		if tail := c.tail(line); len(tail) == 1 {
			b, bad, err := c.box(tail, 0, n, "resources")
			if bad {
				return err
			}
			a.alloc = b
		}
		t.cur = a
		c.addAttempt(a)
	case "WAITING_RETRIEVAL":
		if a := c.taskFor(tid).cur; a != nil {
			a.retrieval, a.hasRetrieval = us, true
		}
	case "RETRIEVED", "DONE":
		// <result> [exit] [{limits} {measured}]
		if len(rest) < 1 {
			return c.p.bad(n, "", line, state+" <result> [exit code] [{limits} {measured}]", nil)
		}
		result := c.str(rest[0])
		var exit int64
		hasExit := false
		if len(rest) > 1 && rest[1][0] != '{' {
			exit, err = strconv.ParseInt(rest[1], 10, 64)
			if err != nil {
				return c.p.bad(n, "exit_code", rest[1], "an integer exit code", err)
			}
			hasExit = true
		}
		tail := c.tail(line)
		var limits string
		var measured []resource // valid until the next resource object is parsed
		hasMeasured := false
		if len(tail) == 2 {
			if tail[0] != "{}" {
				lim, bad, err := c.checkResources(tail, 0, n, "limits_exceeded")
				if bad {
					return err
				}
				limits = formatLimits(c.syms, lim)
			}
			var bad bool
			measured, bad, err = c.checkResources(tail, 1, n, "resources_measured")
			if bad {
				return err
			}
			hasMeasured = true
			for _, r := range measured {
				if key := c.syms.name(r.key); strings.HasPrefix(key, "vine_") || strings.HasPrefix(key, "time_") || strings.HasPrefix(key, "size_") {
					c.tv = true
					break
				}
			}
		} else if len(tail) != 0 {
			return c.p.bad(n, "resources", line, "{limits_exceeded} {resources_measured}", nil)
		}
		t := c.taskFor(tid)
		a := t.cur
		if state == "RETRIEVED" {
			if a == nil || a.retrieved {
				// a RETRIEVED without its RUNNING (a log cut at the start)
				t.attempts++
				a = c.attemptArena.new(ccAttempt{task: t, n: t.attempts, submit: t.queued, hasSubmit: t.hasQueued, requested: t.requested})
				t.cur = a
				c.addAttempt(a)
			}
			// This also reaps an attempt its worker's disconnection closed
			// a moment before: the result is more telling than "lost".
			a.exit, a.hasExit, a.limits, a.retrieved = exit, hasExit, limits, true
			c.measure(a, measured, hasMeasured, true)
			c.closeAttempt(a, us, n, resultState(result), result)
			return nil
		}
		// DONE reports the task's latest attempt: its tail repeats that
		// attempt's RETRIEVED in Work Queue, TaskVine >= 7.5.1 writes no
		// JSON, and the word may differ (RETRIEVED LIBRARY_EXIT, then DONE
		// UNKNOWN).
		t.done, t.hasDone = result, true
		if a == nil {
			t.attempts++
			a = c.attemptArena.new(ccAttempt{task: t, n: t.attempts, submit: t.queued, hasSubmit: t.hasQueued, requested: t.requested,
				exit: exit, hasExit: hasExit, limits: limits})
			t.cur = a
			c.addAttempt(a)
			c.measure(a, measured, hasMeasured, false)
			c.closeAttempt(a, us, n, resultState(result), result)
		} else if a.open {
			a.exit, a.hasExit, a.limits = exit, hasExit, limits
			c.measure(a, measured, hasMeasured, true)
			c.closeAttempt(a, us, n, resultState(result), result)
		}
		// a DONE repeats the RETRIEVED's resources: kept when that had
		// none
		c.measure(a, measured, hasMeasured, false)
		a.final = true
	case "CANCELED", "CANCELLED":
		state = c.str(state)
		t := c.taskFor(tid)
		t.done, t.hasDone = state, true
		if a := t.cur; a != nil && a.open {
			c.closeAttempt(a, us, n, "canceled", state)
		}
	case "UNKNOWN", "INITIAL":
		c.taskFor(tid)
	default:
		return c.p.bad(n, "state", state, "a task state (WAITING READY RUNNING WAITING_RETRIEVAL RETRIEVED DONE CANCELED UNKNOWN)", nil)
	}
	return nil
}

// addAttempt appends a to the attempts, the rows of the tasks frame.
func (c *ccLoader) addAttempt(a *ccAttempt) {
	a.row = len(c.attempts)
	c.attempts = append(c.attempts, a)
}

// measure records the measured resources rs of attempt a (has: a record
// reported them, possibly as {}): their values go to the tasks frame's
// columns at a's row. An attempt measured before keeps its values unless
// replace is set; replacing with nothing clears them.
func (c *ccLoader) measure(a *ccAttempt, rs []resource, has, replace bool) {
	if !replace && (a.hasMeasured || !has) {
		return
	}
	if a.hasMeasured {
		c.meas.clearRow(a.row)
	}
	a.hasMeasured, a.fallback = has, 0
	if !has {
		return
	}
	hasWall, hasCPU := false, false
	for _, r := range rs {
		hasWall = hasWall || r.key == symWallTime
		hasCPU = hasCPU || r.key == symCPUTime
	}
	a.fallback = 1
	if hasWall && !hasCPU {
		a.fallback = 2
	}
	if c.wants(Tasks) {
		c.meas.put(a.row, rs)
	}
}

// formatLimits renders a limits_exceeded object as "memory:1000 MB".
func formatLimits(syms *symbols, rs []resource) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = syms.name(r.key) + ":" + strconv.FormatFloat(r.value, 'g', -1, 64)
		if r.unit != symNone {
			parts[i] += " " + syms.name(r.unit)
		}
	}
	return strings.Join(parts, ";")
}

func (c *ccLoader) category(args []string, us int64, n int, line string) error {
	if len(args) < 3 {
		return c.p.bad(n, "", line, "CATEGORY <name> MAX|MIN {..} or CATEGORY <name> FIRST <mode> {..}", nil)
	}
	mode := ""
	if args[1] == "FIRST" && len(args) > 3 {
		mode = args[2]
	}
	tail := c.tail(line)
	if len(tail) != 1 {
		return c.p.bad(n, "resources", line, "one resource object", nil)
	}
	b, bad, err := c.box(tail, 0, n, "resources")
	if bad {
		return err
	}
	if !c.wants("categories") {
		return nil
	}
	c.cat.time.add(us)
	c.cat.run.add(max(c.run, 0))
	c.cat.name.add(args[0])
	c.cat.kind.add(args[1])
	c.cat.mode.opt(mode, mode != "")
	c.cat.cores.opt(b.cores, b.hasCores)
	c.cat.mem.opt(b.mem, b.hasMem)
	c.cat.disk.opt(b.disk, b.hasDisk)
	c.cat.gpus.opt(b.gpus, b.hasGPUs)
	return nil
}

// boxCols are the four columns of a box (cores, memory, disk, gpus).
type boxCols struct{ cores, mem, disk, gpus floatCol }

func (c *boxCols) add(b box) {
	c.cores.opt(b.cores, b.hasCores)
	c.mem.opt(b.mem, b.hasMem)
	c.disk.opt(b.disk, b.hasDisk)
	c.gpus.opt(b.gpus, b.hasGPUs)
}

// box is the usual four resources of a resource object.
type box struct {
	cores, mem, disk, gpus             float64
	hasCores, hasMem, hasDisk, hasGPUs bool
}

func boxOf(rs []resource) box {
	var b box
	for _, r := range rs {
		switch r.key {
		case symCores:
			b.cores, b.hasCores = r.value, true
		case symMemory:
			b.mem, b.hasMem = r.value, true
		case symDisk:
			b.disk, b.hasDisk = r.value, true
		case symGPUs:
			b.gpus, b.hasGPUs = r.value, true
		}
	}
	return b
}

// transfer handles the top-level TRANSFER record (Work Queue >= 7.5 and
// TaskVine before 7.5.0): TRANSFER INPUT|OUTPUT <task> <cache> <MB> <s> <name>.
func (c *ccLoader) transfer(args []string, us int64, n int, line string) error {
	if len(args) < 6 {
		return c.p.bad(n, "", line, "TRANSFER INPUT|OUTPUT <task> <cache flag> <size MB> <seconds> <name>", nil)
	}
	tid, err1 := strconv.ParseInt(args[1], 10, 64)
	mb, err2 := strconv.ParseFloat(args[3], 64)
	secs, err3 := strconv.ParseFloat(args[4], 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return c.p.bad(n, "", line, "TRANSFER INPUT|OUTPUT <task> <cache flag> <size MB> <seconds> <name>", nil)
	}
	if !c.wants(Transfers) {
		return nil
	}
	x := &c.xfer
	x.time.add(us)
	x.run.add(max(c.run, 0))
	x.kind.add("transfer")
	x.dir.add(args[0])
	x.task.add(tid)
	x.worker.null()
	x.file.add(strings.Join(args[5:], " "))
	x.mb.add(mb)
	x.bytes.add(int64(math.Round(mb * (1 << 20))))
	x.wall.add(secs)
	x.start.null()
	x.cached.add(args[2] == "1")
	return nil
}

// workerTransfer handles TaskVine's WORKER <id> TRANSFER INPUT|OUTPUT
// <name> <size> <wall> [<start>] and WORKER <id> CACHE_UPDATE <name>
// <size> <wall> [<start>]: with a start field (>= 7.5.1) size is bytes
// and wall µs; without it (2023) size is MB and wall seconds.
func (c *ccLoader) workerTransfer(id string, args []string, us int64, n int, line string) error {
	kind := "cache_update"
	dir := ""
	if args[0] == "TRANSFER" {
		kind = "transfer"
		if len(args) < 2 {
			return c.p.bad(n, "", line, "WORKER <id> TRANSFER INPUT|OUTPUT <name> <size> <wall> [<start>]", nil)
		}
		dir = args[1]
		args = args[1:]
	}
	vals := args[1:]
	if len(vals) < 3 {
		return c.p.bad(n, "", line, "<name> <size> <wall> [<start>]", nil)
	}
	file := vals[0]
	nums := vals[1:]
	size, err1 := strconv.ParseFloat(nums[0], 64)
	wall, err2 := strconv.ParseFloat(nums[1], 64)
	if err1 != nil || err2 != nil {
		return c.p.bad(n, "", line, "<name> <size> <wall> [<start>] with numeric size and wall", nil)
	}
	var start int64
	hasStart := len(nums) >= 3
	if hasStart {
		var err error
		if start, err = strconv.ParseInt(nums[2], 10, 64); err != nil {
			return c.p.bad(n, "start", nums[2], "an integer µs start time", err)
		}
	}
	if !c.wants(Transfers) {
		return nil
	}
	// every field is valid: append the row
	x := &c.xfer
	x.time.add(us)
	x.run.add(max(c.run, 0))
	x.kind.add(kind)
	x.dir.opt(dir, dir != "")
	x.task.null()
	x.worker.opt(id, id != "(null)")
	x.file.add(file)
	x.cached.null()
	if hasStart { // >= 7.5.1: bytes, µs, epoch µs
		x.bytes.add(int64(size))
		x.mb.add(size / (1 << 20))
		x.wall.add(wall / 1e6)
		x.start.add(start)
	} else { // 2023: MB and seconds
		x.mb.add(size)
		x.bytes.add(int64(math.Round(size * (1 << 20))))
		x.wall.add(wall)
		x.start.null()
	}
	return nil
}

func (c *ccLoader) dataset(name string) *Dataset {
	source := "workqueue"
	if c.tv {
		source = "taskvine"
	}
	d := &Dataset{Source: source, Files: []string{name}, Frames: map[string]*frame.Frame{}}
	c.span.set(d)
	// Tasks that never ran get one row (attempt 0, state waiting or
	// canceled), after the attempts, in first-seen order.
	rows := c.attempts
	for _, t := range c.order {
		if t.attempts == 0 {
			st := "waiting"
			if t.hasDone {
				st = "canceled"
			}
			rows = append(rows, c.attemptArena.new(ccAttempt{task: t, submit: t.queued, hasSubmit: t.hasQueued, requested: t.requested, state: st, raw: t.done}))
		}
	}
	if c.wants(Tasks) {
		d.Frames[Tasks] = c.tasksFrame(d, source, rows)
	}
	if c.wants(Placements) {
		d.Frames[Placements] = c.placementsFrame(rows)
	}
	if c.wants(Workers) {
		var w struct {
			run, conn, lost  intCol
			id, addr, reason strCol
			box              boxCols
		}
		for _, x := range c.workers {
			w.run.add(x.run)
			w.id.opt(x.id, x.id != "(null)")
			w.addr.opt(x.addr, x.addr != "")
			w.conn.opt(x.connected, x.hasConnected)
			w.lost.opt(x.lost, x.hasLost)
			w.reason.opt(x.reason, x.hasLost)
			w.box.add(x.res)
		}
		d.Frames[Workers] = frame.New(w.run.col("run"), w.id.col("worker"), w.addr.col("host"), w.conn.times("connected"),
			w.lost.times("lost"), w.reason.col("reason"), w.box.cores.col("cpus"), w.box.gpus.col("gpus"), w.box.mem.col("mem_mb"), w.box.disk.col("disk_mb"))
	}
	if c.wants(Transfers) {
		x := &c.xfer
		d.Frames[Transfers] = frame.New(x.time.times("time"), x.run.col("run"), x.kind.col("kind"), x.dir.col("direction"),
			x.task.col("task"), x.worker.col("worker"), x.file.col("file"), x.bytes.col("bytes"), x.mb.col("size_mb"),
			x.wall.col("wall_s"), x.start.times("start"), x.cached.col("cached"))
	}
	if c.wants("categories") {
		k := &c.cat
		d.Frames["categories"] = frame.New(k.time.times("time"), k.run.col("run"), k.name.col("category"), k.kind.col("kind"),
			k.mode.col("mode"), k.cores.col("cores"), k.mem.col("mem_mb"), k.disk.col("disk_mb"), k.gpus.col("gpus"))
	}
	if c.wants(Events) {
		e := &c.ev
		if e.data.cut > 0 {
			c.p.textCut(Events, "data", &e.data, int(e.line.v[e.data.firstCut]))
		}
		d.Frames[Events] = frame.New(e.time.times("time"), e.run.col("run"), e.kind.col("type"), e.id.col("id"),
			e.state.col("state"), e.data.col("data"), e.line.col("line"))
	}
	d.Warnings = c.p.finish()
	for fname, f := range d.Frames {
		if f.Err() != nil {
			panic(fmt.Sprintf("loaders: %s %s frame: %v", source, fname, f.Err()))
		}
	}
	return d
}

// tasksFrame builds the tasks frame from rows, the columns Columns
// leaves out recorded in d.
func (c *ccLoader) tasksFrame(d *Dataset, source string, rows []*ccAttempt) *frame.Frame {
	var t struct {
		run, task, attempt, try, submit, start, end, retrieval, exit intCol
		startLine, endLine, taskSubmit                               intCol
		worker, host, category, state, raw, mode, limits, done       strCol
		final, library, fallback                                     boolCol
		req, ask                                                     boxCols
	}
	n := len(rows)
	// the columns in frame order, each filled row by row; "measured"
	// stands for the measured resources' columns
	specs := []attemptCol{
		{"source", nil, func(name string) frame.Column { return repeat(name, source, n) }},
		{"run", func(a *ccAttempt) { t.run.add(a.task.run) }, t.run.col},
		{"job", nil, func(name string) frame.Column { return frame.StringCol(name, make([]string, n), make([]bool, n)) }},
		{"task", func(a *ccAttempt) { t.task.add(a.task.id) }, t.task.col},
		{"attempt", func(a *ccAttempt) { t.attempt.add(a.n) }, t.attempt.col},
		{"try", func(a *ccAttempt) { t.try.opt(a.try, a.hasTry) }, t.try.col},
		{"worker", func(a *ccAttempt) { t.worker.opt(a.worker, a.hasWorker) }, t.worker.col},
		{"host", func(a *ccAttempt) { t.host.opt(a.addr, a.addr != "") }, t.host.col},
		{"category", func(a *ccAttempt) { t.category.opt(a.task.category, a.task.category != "") }, t.category.col},
		{"task_submit", func(a *ccAttempt) { t.taskSubmit.opt(a.task.submit, a.task.hasSubmit) }, t.taskSubmit.times},
		{"submit", func(a *ccAttempt) { t.submit.opt(a.submit, a.hasSubmit) }, t.submit.times},
		{"start", func(a *ccAttempt) { t.start.opt(a.start, a.started) }, t.start.times},
		{"retrieval", func(a *ccAttempt) { t.retrieval.opt(a.retrieval, a.hasRetrieval) }, t.retrieval.times},
		{"end", func(a *ccAttempt) { t.end.opt(a.end, !a.open && a.endLine > 0) }, t.end.times},
		{"state", func(a *ccAttempt) { t.state.add(a.state) }, t.state.col},
		{"raw_state", func(a *ccAttempt) { t.raw.opt(a.raw, a.raw != "") }, t.raw.col},
		{"exit_code", func(a *ccAttempt) { t.exit.opt(a.exit, a.hasExit) }, t.exit.col},
		{"limits_exceeded", func(a *ccAttempt) { t.limits.opt(a.limits, a.limits != "") }, t.limits.col},
		{"final", func(a *ccAttempt) { t.final.add(a.final) }, t.final.col},
		{"done_result", func(a *ccAttempt) { t.done.opt(a.task.done, a.task.hasDone) }, t.done.col},
		{"library", func(a *ccAttempt) { t.library.add(a.task.library) }, t.library.col},
		{"resources_mode", func(a *ccAttempt) { t.mode.opt(a.mode, a.mode != "") }, t.mode.col},
		{"req_cpus", func(a *ccAttempt) { t.req.cores.opt(a.alloc.cores, a.alloc.hasCores) }, t.req.cores.col},
		{"req_mem_mb", func(a *ccAttempt) { t.req.mem.opt(a.alloc.mem, a.alloc.hasMem) }, t.req.mem.col},
		{"req_disk_mb", func(a *ccAttempt) { t.req.disk.opt(a.alloc.disk, a.alloc.hasDisk) }, t.req.disk.col},
		{"req_gpus", func(a *ccAttempt) { t.req.gpus.opt(a.alloc.gpus, a.alloc.hasGPUs) }, t.req.gpus.col},
		{"requested_cores", func(a *ccAttempt) { t.ask.cores.opt(a.requested.cores, a.requested.hasCores) }, t.ask.cores.col},
		{"requested_mem_mb", func(a *ccAttempt) { t.ask.mem.opt(a.requested.mem, a.requested.hasMem) }, t.ask.mem.col},
		{"requested_disk_mb", func(a *ccAttempt) { t.ask.disk.opt(a.requested.disk, a.requested.hasDisk) }, t.ask.disk.col},
		{"requested_gpus", func(a *ccAttempt) { t.ask.gpus.opt(a.requested.gpus, a.requested.hasGPUs) }, t.ask.gpus.col},
		{"measured_fallback", func(a *ccAttempt) { t.fallback.opt(a.fallback == 2, a.fallback != 0) }, t.fallback.col},
		{"measured", nil, nil},
		{"start_line", func(a *ccAttempt) { t.startLine.opt(int64(a.startLine), a.started) }, t.startLine.col},
		{"end_line", func(a *ccAttempt) { t.endLine.opt(int64(a.endLine), a.endLine > 0) }, t.endLine.col},
	}
	var fill []func(*ccAttempt)
	for _, s := range specs {
		if s.add != nil && c.opts.keeps(Tasks, s.name) {
			fill = append(fill, s.add)
		}
	}
	for _, a := range rows {
		for _, f := range fill {
			f(a)
		}
	}
	var cols []frame.Column
	for _, s := range specs {
		switch {
		case s.name == "measured":
			cols = append(cols, c.meas.columns(n)...)
			for _, m := range c.meas.cols {
				if m.skip {
					d.skip(Tasks, m.name)
				}
			}
		case c.opts.keeps(Tasks, s.name):
			cols = append(cols, s.col(s.name))
		default:
			d.skip(Tasks, s.name)
		}
	}
	return frame.New(cols...)
}

// attemptCol is one column of the tasks frame: add appends an attempt's
// value (nil for a column that is not per attempt), col makes the column.
type attemptCol struct {
	name string
	add  func(a *ccAttempt)
	col  func(name string) frame.Column
}

// ccTaskColumns are the tasks frame's own columns, which measured keys
// may not take.
var ccTaskColumns = map[string]bool{"source": true, "run": true, "job": true, "task": true, "attempt": true, "try": true,
	"worker": true, "host": true, "category": true, "task_submit": true, "submit": true, "start": true, "retrieval": true,
	"end": true, "state": true, "raw_state": true, "exit_code": true, "limits_exceeded": true, "final": true,
	"done_result": true, "library": true, "resources_mode": true, "req_cpus": true, "req_mem_mb": true,
	"req_disk_mb": true, "req_gpus": true, "requested_cores": true, "requested_mem_mb": true,
	"requested_disk_mb": true, "requested_gpus": true, "measured_fallback": true, "start_line": true, "end_line": true}

func (c *ccLoader) placementsFrame(rows []*ccAttempt) *frame.Frame {
	var p struct {
		run, task, attempt, start, end, sl, el intCol
		worker, state                          strCol
		box                                    boxCols
	}
	for _, a := range rows {
		if !a.started {
			continue
		}
		p.run.add(a.task.run)
		p.task.add(a.task.id)
		p.attempt.add(a.n)
		p.worker.opt(a.worker, a.hasWorker)
		p.start.add(a.start)
		p.end.opt(a.end, !a.open && a.endLine > 0)
		p.state.add(a.state)
		p.box.add(a.alloc)
		p.sl.add(int64(a.startLine))
		p.el.opt(int64(a.endLine), a.endLine > 0)
	}
	n := len(p.run.v)
	return frame.New(p.run.col("run"), frame.StringCol("job", make([]string, n), make([]bool, n)), p.task.col("task"),
		p.attempt.col("attempt"), p.worker.col("worker"), frame.BoolCol("root", trues(n), nil), p.start.times("start"),
		p.end.times("end"), p.state.col("state"), p.box.cores.col("cpus"), p.box.gpus.col("gpus"), p.box.mem.col("mem_mb"),
		p.box.disk.col("disk_mb"), p.sl.col("start_line"), p.el.col("end_line"))
}

func trues(n int) []bool {
	v := make([]bool, n)
	for i := range v {
		v[i] = true
	}
	return v
}
