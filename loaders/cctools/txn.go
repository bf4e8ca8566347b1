package cctools

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/internal/resume"
	"github.com/jobframe/jobframe/loaders/internal/words"
	"github.com/jobframe/jobframe/loaders/source"
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
//
// Only a task's current attempt (its latest) can change: a new attempt
// is made only once the current one has ended (RUNNING ends an open one
// first; RETRIEVED makes one only when the current one was retrieved),
// and every record that changes an attempt (WAITING_RETRIEVAL, RETRIEVED,
// DONE, CANCELED, WAITING, its worker's DISCONNECTION) changes its task's
// current one. So the state machine keeps a task's state and its current
// attempt's flags (ccTask); each attempt's values go to its row of the
// tasks frame as they become known (ccRows), with no struct per attempt.

// ccTask is what the state machine keeps of a task: the values its
// next attempt starts with, and of its current attempt (the latest, whose
// row later records may still change) what decides those changes. The
// attempts' values themselves are in the rows (ccRows).
type ccTask struct {
	ccQueue
	id       int64
	run      int64
	idx      int32 // slot in ccLoader.tasks
	on       int32 // 1 + the place in ccLoader.workers of the known worker the current attempt runs on, while open; 0 for none
	attempts int32
	cur      int32 // row of the current attempt; -1 for none
	done     int32 // ccLoader.words code of the DONE or CANCELED word; 0 for none
	library  bool
	// of the current attempt
	open, hasRetrieval, retrieved, hasMeasured bool
	// handed over in the batch being built (streaming)
	final bool
}

type ccWorker struct {
	idx          int32 // place in ccLoader.workers
	run          int64
	id, addr     string
	connected    int64
	hasConnected bool
	lost         int64
	hasLost      bool
	reason       string
	res          box
	// the tasks whose current attempt runs here; its keys point into
	// ccLoader.tasks, so a checkpoint leaves it out and resume rebuilds
	// it from the tasks' on
	open map[*ccTask]bool `snap:"-"`
}

// ccLoader is the state of one load. The fields tagged `snap:"-"` are
// set from the options, or are buffers, or are what the line being
// applied holds; the others are what a checkpoint keeps (checkpoint.go).
type ccLoader struct {
	p    source.Problems
	want map[string]bool `snap:"-"`
	// whether the events and transfers frames are wanted: asked of
	// nearly every line, and a map lookup each time was 4% of a Work
	// Queue load's CPU
	wantEvents, wantTransfers bool `snap:"-"`
	// vineKeys[k]: 0 not yet asked, 1 key k of syms is no TaskVine
	// measurement, 2 it is one (isVineKey)
	vineKeys    []int8         `snap:"-"`
	opts        source.Options `snap:"-"` // for Columns
	intern      map[string]string
	syms        *symbols
	scratch     []resource      `snap:"-"`
	rawBuf      []rawResource   `snap:"-"`
	xlates      []symXlate      `snap:"-"` // the decoders' numbers in syms (translate)
	interned    [2]internedTail `snap:"-"` // the last objects checked, by place on their line
	pre         *ccLine         `snap:"-"` // the line being applied, when it is a TASK record
	meas        *measuredCols
	run         int64
	tv          bool                 // TaskVine markers seen
	ids         map[int64]*taskTable // the tasks of each run by id
	tasks       slab[ccTask]         // the tasks that have had a record other than WAITING/READY
	queued      slab[ccQueued]       // the tasks queued once, with no other record yet
	shapes      []ccShape            // what those asked for
	shapeIndex  map[ccShape]int32    // places in shapes
	rows        *ccRows              // the tasks frame, a row per attempt
	queueDetail bool                 // whether a kept column needs a queued task's time and request
	words       words.Table          // categories and result words of tasks
	boxes       []box                // the distinct requests of tasks
	boxIndex    map[box]int32        // their places in boxes
	workers     []*ccWorker
	wByID       map[string]*ccWorker
	wByAddr     map[string]*ccWorker
	unknown     map[string]int
	// buffer reused from line to line
	tailBuf []string `snap:"-"`
	span    source.LogSpan
	line    int // the number of the line being applied
	ev      ccEvents
	xfer    ccTransfers
	cat     ccCategories
	// records of tasks handed over before (see seen): how many, and the
	// first one's line and task id
	reseen, reseenLine int
	reseenID           int64
	stream             ccStream
	key                string       // the options' source.ResumeKey
	saver              resume.Saver `snap:"-"`
	// checkpoints is Options.Checkpoints; pos is where the line being
	// applied ends
	checkpoints bool             `snap:"-"`
	pos         records.Position `snap:"-"`
}

// ccEvents holds the events frame's columns as the lines are read.
type ccEvents struct {
	time, run, line columns.Int
	kind, id, state columns.Str
	data            columns.Text
}

// fresh returns empty events columns with room for an eighth more rows
// and text than e holds. A batch's events are about as many as the last
// one's; grown from nothing, its columns were copied and cleared again
// at every doubling (5% of a Work Queue ingest's CPU).
func (e *ccEvents) fresh() ccEvents {
	var out ccEvents
	rows, text := e.data.Size()
	rows, text = rows+rows/8, text+text/8
	columns.Reserve(rows, &out.time, &out.run, &out.line, &out.kind, &out.id, &out.state)
	out.data.Reserve(rows, text)
	return out
}

// ccTransfers holds the transfers frame's columns.
type ccTransfers struct {
	time, run, task, bytes, start columns.Int
	kind, dir, worker, file       columns.Str
	wall, mb                      columns.Float
	cached                        columns.Bool
}

// fresh returns empty transfers columns with room for an eighth more
// rows than t holds (see ccEvents.fresh).
func (t *ccTransfers) fresh() ccTransfers {
	var out ccTransfers
	rows := len(t.time.V)
	columns.Reserve(rows+rows/8, &out.time, &out.run, &out.task, &out.bytes, &out.start, &out.kind, &out.dir,
		&out.worker, &out.file, &out.wall, &out.mb, &out.cached)
	return out
}

// ccCategories holds the categories frame's columns.
type ccCategories struct {
	time, run              columns.Int
	name, kind, mode       columns.Str
	cores, mem, disk, gpus columns.Float
}

// loadCctools reads a Work Queue or TaskVine transaction log; the
// dataset's Source says which markers were found.
func loadCctools(r io.Reader, o source.Options) (*source.Dataset, error) {
	name := o.InputName()
	c := &ccLoader{
		p:          source.Problems{File: name, Lenient: o.Lenient},
		want:       source.WantFrames(o),
		opts:       o,
		intern:     map[string]string{},
		syms:       newSymbols(),
		run:        -1,
		ids:        map[int64]*taskTable{},
		wByID:      map[string]*ccWorker{},
		wByAddr:    map[string]*ccWorker{},
		unknown:    map[string]int{},
		boxIndex:   map[box]int32{},
		shapeIndex: map[ccShape]int32{},
		key:        o.ResumeKey(),
	}
	c.wantEvents, c.wantTransfers = c.wants(schema.Events), c.wants(schema.Transfers)
	c.meas = newMeasuredCols(c.syms, func(name string) bool { return o.Keeps(schema.Tasks, name) })
	c.rows = c.newRows()
	c.queueDetail = c.keepsQueueDetail()
	if o.Batch != nil {
		c.stream = ccStream{batch: o.Batch, rows: o.BatchSize()}
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
func (c *ccLoader) str(s string) string {
	if v, ok := c.intern[s]; ok {
		return v
	}
	s = strings.Clone(s)
	c.intern[s] = s
	return s
}

func (c *ccLoader) wants(frame string) bool { return c.want == nil || c.want[frame] }

// fields splits s on runs of spaces into at most max fields.
func fields(out []string, s string, max int) []string {
	out, _ = appendFields(out[:0], s, 0, max, false)
	return out
}

// appendFields appends the fields of s from i on to out, up to max in
// all, and returns where it stopped. With brace, a field that starts with
// '{' (a record's resource objects) is the last: it takes the rest of s,
// trailing spaces dropped, without a scan of its text for spaces.
func appendFields(out []string, s string, i, max int, brace bool) ([]string, int) {
	for i < len(s) && len(out) < max {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) {
			break
		}
		if brace && s[i] == '{' {
			out = append(out, strings.TrimRight(s[i:], " "))
			return out, len(s)
		}
		j := i + 1 // fields are short: a loop beats IndexByte's call
		for j < len(s) && s[j] != ' ' {
			j++
		}
		out = append(out, s[i:j])
		i = j
	}
	return out, i
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
// are as box's. The result is valid until the next call for the same i.
// c.interned[i].same then says whether it has the keys and units, in
// order, of the last object checked at place i.
func (c *ccLoader) checkResources(tail []string, i int, line int, field string) (rs []resource, bad bool, err error) {
	var cache *internedTail
	var shape uint32 // the decoder's shape of the object, at places 0 and 1
	if i < len(c.interned) {
		cache = &c.interned[i]
		// a DONE repeats the RETRIEVED on the line before: the same
		// text, checked and interned then
		if c.pre != nil && c.pre.repeats&(1<<i) != 0 && cache.line > 0 && cache.line == line-1 {
			cache.line, cache.same = line, true
			return cache.rs, false, nil
		}
		if c.pre != nil {
			shape = c.pre.shapes[i]
		}
		// the object numbered in the shape of the last one translated
		// here: only its values differ
		cache.same = shape != 0 && cache.dec == c.pre.dec && cache.shape == shape
		cache.line, cache.dec, cache.shape = 0, nil, 0 // cache.rs is overwritten below
	}
	out := c.scratch[:0]
	if cache != nil {
		out = cache.rs[:0]
	}
	var perr error
	switch {
	case c.pre != nil && c.pre.bad[i]:
		perr = errResourceJSON
	case cache != nil && cache.same:
		rs = cache.rs
		for j, r := range c.pre.resources(i) {
			rs[j].value = r.value
		}
	case c.pre != nil:
		rs = c.translate(c.pre, c.pre.resources(i), out)
	default:
		var raw []rawResource
		raw, perr = parseRawResources(tail[i], c.rawBuf[:0])
		c.rawBuf = raw
		if perr == nil {
			rs, perr = internResources(tail[i], raw, c.syms, out)
		}
	}
	if perr != nil {
		return nil, true, c.p.Bad(line, field, tail[i], `a resource object {"key":[value,"unit"],...} of finite amounts >= 0, memory in MB`, nil)
	}
	if cache != nil {
		cache.rs, cache.line = rs, line
		if shape != 0 {
			cache.dec, cache.shape = c.pre.dec, shape
		}
	} else {
		c.scratch = rs
	}
	return rs, false, nil
}

// internedTail is the last resource object checked at one place of a
// record's tail: its entries, and its line (0: none kept); the decoder
// and its shape that numbered it (nil, 0: none); same says it had the
// keys and units of the one before.
type internedTail struct {
	rs    []resource
	line  int
	dec   *lineDecoder
	shape uint32
	same  bool
}

// parseInt is strconv.ParseInt(s, 10, 64) with a fast path for plain
// digits.
func parseInt(s string) (int64, error) {
	if v, ok := bytesconv.Atoi(s); ok {
		return v, nil
	}
	return strconv.ParseInt(s, 10, 64)
}

// parseFloat is strconv.ParseFloat(s, 64) with a fast path for plain
// decimals (bytesconv.ParseDecimal, which gives the same value).
func parseFloat(s string) (float64, error) {
	if v, ok := bytesconv.ParseDecimal(s); ok {
		return v, nil
	}
	return strconv.ParseFloat(s, 64)
}

// record handles one line, split by decodeCcLine into l, and hands the
// rows complete over to Options.Batch every BatchRows records. TASK and
// TRANSFER records (nearly all of a log) are read from views of the
// pipeline's batch, without a copy: task and transfer keep no substring
// of the line (what they keep is interned by str, copied into a column,
// or built anew); the other records work on a copy.
func (c *ccLoader) record(raw []byte, n int, l *ccLine) error {
	if err := c.apply(raw, n, l); err != nil {
		return err
	}
	if c.stream.batch != nil && c.stream.since >= c.stream.rows {
		return c.flush()
	}
	return nil
}

// apply applies one line (see record).
func (c *ccLoader) apply(raw []byte, n int, l *ccLine) error {
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
	if c.wantEvents {
		id, state := eventKey(kind, args)
		data := ""
		if k := strings.Index(line, kind); k >= 0 {
			data = strings.TrimSpace(line[k+len(kind):])
		}
		c.ev.time.Add(us)
		c.ev.run.Add(max(c.run, 0))
		c.ev.line.Add(int64(n))
		c.ev.kind.Add(kind)
		c.ev.id.Opt(id, id != "")
		c.ev.state.Opt(state, state != "")
		c.ev.data.Add(data)
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
		c.wByAddr = map[string]*ccWorker{}
		c.wByID = map[string]*ccWorker{}
	case "END":
	default:
		return c.p.Bad(n, "", line, "MANAGER START or END", nil)
	}
	return nil
}

// addWorker appends w to the workers, numbered.
func (c *ccLoader) addWorker(w *ccWorker) {
	w.idx = int32(len(c.workers))
	c.workers = append(c.workers, w)
}

func (c *ccLoader) workerFor(id string) *ccWorker {
	if w := c.wByID[id]; w != nil {
		return w
	}
	w := &ccWorker{run: max(c.run, 0), id: id, open: map[*ccTask]bool{}}
	c.wByID[id] = w
	c.addWorker(w)
	return w
}

func (c *ccLoader) worker(args []string, us int64, n int, line string) error {
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
			w = &ccWorker{run: max(c.run, 0), id: id, open: map[*ccTask]bool{}}
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

func (c *ccLoader) connect(id, addr string, us int64) *ccWorker {
	w := c.wByID[id]
	if w == nil || w.hasConnected {
		w = &ccWorker{run: max(c.run, 0), id: id, open: map[*ccTask]bool{}}
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

func (c *ccLoader) disconnect(w *ccWorker, reason string, us int64, n int) {
	w.lost, w.hasLost, w.reason = us, true, reason
	for t := range w.open { // closeAttempt takes each off the map
		c.closeAttempt(t, us, n, "lost", "DISCONNECTION "+reason)
	}
}

// request returns the place of b in c.boxes, adding it if new: the
// tasks of a log ask for a few distinct boxes, kept once.
func (c *ccLoader) request(b box) int32 {
	i, ok := c.boxIndex[b]
	if !ok {
		i = int32(len(c.boxes))
		c.boxes = append(c.boxes, b)
		c.boxIndex[b] = i
	}
	return i
}

// newAttempt makes a the current attempt of t, in a new row.
func (c *ccLoader) newAttempt(t *ccTask, a *ccNew) {
	t.cur = c.rows.add(t.idx, a)
	t.open, t.hasRetrieval, t.retrieved, t.hasMeasured = a.started, false, false, false
}

// unstartedAttempt makes a new current attempt of t that no RUNNING
// record started (its RETRIEVED or DONE is all the log has of it).
func (c *ccLoader) unstartedAttempt(t *ccTask) {
	t.attempts++
	c.newAttempt(t, &ccNew{n: int64(t.attempts), submit: t.queued, hasSubmit: t.hasQueued, requested: c.boxes[t.requested]})
}

// closeAttempt ends the current attempt of t at us (line n) in the given
// canonical and raw states, and takes it off its worker's open attempts.
func (c *ccLoader) closeAttempt(t *ccTask, us int64, n int, state, raw string) {
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

// measure records the measured resources rs of t's current attempt (has:
// a record reported them, possibly as {}): their values go to the tasks
// frame's columns at its row. An attempt measured before keeps its values
// unless replace is set; replacing with nothing clears them.
func (c *ccLoader) measure(t *ccTask, rs []resource, has, replace bool) {
	if !replace && (t.hasMeasured || !has) {
		return
	}
	if t.hasMeasured {
		c.meas.clearRow(int(t.cur))
	}
	t.hasMeasured = has
	c.rows.setFallback(t.cur, 0)
	if !has {
		return
	}
	hasWall, hasCPU := false, false
	for _, r := range rs {
		hasWall = hasWall || r.key == symWallTime
		hasCPU = hasCPU || r.key == symCPUTime
	}
	fallback := int8(1)
	if hasWall && !hasCPU {
		fallback = 2
	}
	c.rows.setFallback(t.cur, fallback)
	if c.wants(schema.Tasks) {
		c.meas.put(int(t.cur), rs)
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

// boxCols are the four columns of a box (cores, memory, disk, gpus).
type boxCols struct{ cores, mem, disk, gpus columns.Float }

func (c *boxCols) add(b box) {
	c.cores.Opt(b.cores, b.hasCores)
	c.mem.Opt(b.mem, b.hasMem)
	c.disk.Opt(b.disk, b.hasDisk)
	c.gpus.Opt(b.gpus, b.hasGPUs)
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
// TaskVine before 7.5.0): TRANSFER INPUT|OUTPUT <task> <cache> <MB> <s>
// <name>, whose numbers the decoder parsed into xf.
func (c *ccLoader) transfer(args []string, xf ccXfer, us int64, n int, line string) error {
	if !xf.ok {
		return c.p.Bad(n, "", line, "TRANSFER INPUT|OUTPUT <task> <cache flag> <size MB> <seconds> <name>", nil)
	}
	if !c.wantTransfers {
		return nil
	}
	tid, mb, secs := xf.task, xf.mb, xf.secs
	x := &c.xfer
	x.time.Add(us)
	x.run.Add(max(c.run, 0))
	x.kind.Add("transfer")
	x.dir.Add(args[0])
	x.task.Add(tid)
	x.worker.Null()
	x.file.Add(strings.Join(args[5:], " "))
	x.mb.Add(mb)
	x.bytes.Add(int64(math.Round(mb * (1 << 20))))
	x.wall.Add(secs)
	x.start.Null()
	x.cached.Add(args[2] == "1")
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
			return c.p.Bad(n, "", line, "WORKER <id> TRANSFER INPUT|OUTPUT <name> <size> <wall> [<start>]", nil)
		}
		dir = args[1]
		args = args[1:]
	}
	vals := args[1:]
	if len(vals) < 3 {
		return c.p.Bad(n, "", line, "<name> <size> <wall> [<start>]", nil)
	}
	file := vals[0]
	nums := vals[1:]
	size, err1 := strconv.ParseFloat(nums[0], 64)
	wall, err2 := strconv.ParseFloat(nums[1], 64)
	if err1 != nil || err2 != nil {
		return c.p.Bad(n, "", line, "<name> <size> <wall> [<start>] with numeric size and wall", nil)
	}
	var start int64
	hasStart := len(nums) >= 3
	if hasStart {
		var err error
		if start, err = strconv.ParseInt(nums[2], 10, 64); err != nil {
			return c.p.Bad(n, "start", nums[2], "an integer µs start time", err)
		}
	}
	if !c.wantTransfers {
		return nil
	}
	// every field is valid: append the row
	x := &c.xfer
	x.time.Add(us)
	x.run.Add(max(c.run, 0))
	x.kind.Add(kind)
	x.dir.Opt(dir, dir != "")
	x.task.Null()
	x.worker.Opt(id, id != "(null)")
	x.file.Add(file)
	x.cached.Null()
	if hasStart { // >= 7.5.1: bytes, µs, epoch µs
		x.bytes.Add(int64(size))
		x.mb.Add(size / (1 << 20))
		x.wall.Add(wall / 1e6)
		x.start.Add(start)
	} else { // 2023: MB and seconds
		x.mb.Add(size)
		x.bytes.Add(int64(math.Round(size * (1 << 20))))
		x.wall.Add(wall)
		x.start.Null()
	}
	return nil
}
