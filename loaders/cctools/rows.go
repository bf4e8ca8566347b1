package cctools

import (
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// attemptRows holds the tasks frame of a transaction log as columns, a row per
// attempt in the order the attempts appear (then a row per task that never
// ran), filled while the log is read: each of an attempt's values goes to
// its row when a record tells it (RUNNING, WAITING_RETRIEVAL, RETRIEVED,
// DONE, its worker's DISCONNECTION), so no attempt is kept as a struct to
// the end. At a million tasks those structs, ~330 B an attempt, were most
// of the load's memory. A column that neither the tasks frame nor the
// placements frame keeps (Options.Columns, Options.Frames) is nil and
// costs nothing.
//
// The task-level columns (run, task, category, task_submit, done_result,
// library) are filled at the end from each row's task, since later
// records of a task change them for all its attempts; the measured
// resources are measuredCols', by row.
type attemptRows struct {
	task []int32 // each row's task: its slot in txnLoader.tasks

	attempt, try, submit, start, retrieval, end, exit, startLine, endLine *columns.Int
	worker, host, state, raw, mode, limits                                *columns.Str
	final, fallback                                                       *columns.Bool
	alloc, requested                                                      [4]*columns.Float // cores, memory (MB), disk (MB), gpus
}

// placementColumnNames are the per-attempt columns the placements frame is
// built from.
var placementColumnNames = map[string]bool{"attempt": true, "worker": true, "start": true, "end": true, "state": true,
	"req_cpus": true, "req_mem_mb": true, "req_disk_mb": true, "req_gpus": true, "start_line": true, "end_line": true}

// newCcRows returns the columns of a load: keep says which tasks-frame
// columns are wanted (false for all when the tasks frame is not), and
// placements whether the placements frame is.
func newCcRows(keep func(name string) bool, placements bool) *attemptRows {
	need := func(name string) bool { return keep(name) || placements && placementColumnNames[name] }
	ints := func(name string) *columns.Int {
		if need(name) {
			return &columns.Int{}
		}
		return nil
	}
	strs := func(name string, setAgain bool) *columns.Str {
		if need(name) {
			return &columns.Str{NoPlain: setAgain}
		}
		return nil
	}
	bools := func(name string) *columns.Bool {
		if need(name) {
			return &columns.Bool{}
		}
		return nil
	}
	floats := func(names ...string) (b [4]*columns.Float) {
		for i, name := range names {
			if need(name) {
				b[i] = &columns.Float{}
			}
		}
		return b
	}
	return &attemptRows{
		attempt: ints("attempt"), try: ints("try"), submit: ints("submit"), start: ints("start"),
		retrieval: ints("retrieval"), end: ints("end"), exit: ints("exit_code"),
		startLine: ints("start_line"), endLine: ints("end_line"),
		worker: strs("worker", false), host: strs("host", false), mode: strs("resources_mode", false),
		// set again as the attempt goes on
		state: strs("state", true), raw: strs("raw_state", true), limits: strs("limits_exceeded", true),
		final: bools("final"), fallback: bools("measured_fallback"),
		alloc:     floats("req_cpus", "req_mem_mb", "req_disk_mb", "req_gpus"),
		requested: floats("requested_cores", "requested_mem_mb", "requested_disk_mb", "requested_gpus"),
	}
}

// newRows returns the empty columns of a load (see newCcRows).
func (c *txnLoader) newRows() *attemptRows {
	return newCcRows(func(name string) bool { return c.wants(schema.Tasks) && c.opts.Keeps(schema.Tasks, name) }, c.wants(schema.Placements))
}

// keepsQueueDetail reports whether a kept column takes the time, the
// category or the request of a task's WAITING or READY record: a load
// that keeps none (a projection on measured resources, say) need not
// hold them for the tasks queued and not yet run, often most of a log's
// tasks at once. (TaskVine's attempt number is always held: it decides
// attempts' states.)
func (c *txnLoader) keepsQueueDetail() bool {
	r := c.rows
	if r.submit != nil || r.requested != [4]*columns.Float{} {
		return true
	}
	return c.wants(schema.Tasks) && (c.opts.Keeps(schema.Tasks, "category") || c.opts.Keeps(schema.Tasks, "task_submit"))
}

// take returns new columns holding rows rows of r, in that order, with
// the columns r has (nil where r's are): the rows handed over in a batch,
// or those kept for more records to change.
func (r *attemptRows) take(rows []int32) *attemptRows {
	out := &attemptRows{task: make([]int32, len(rows))}
	for j, i := range rows {
		out.task[j] = r.task[i]
	}
	for k, c := range r.ints() {
		if *c != nil {
			g := (*c).Gather(rows)
			*out.ints()[k] = &g
		}
	}
	for k, c := range r.floats() {
		if *c != nil {
			g := (*c).Gather(rows)
			*out.floats()[k] = &g
		}
	}
	for k, c := range r.bools() {
		if *c != nil {
			g := (*c).Gather(rows)
			*out.bools()[k] = &g
		}
	}
	for k, c := range r.strs() {
		if *c != nil { // added again: Str.Gather's result takes no more rows
			g := &columns.Str{NoPlain: (*c).NoPlain}
			for _, i := range rows {
				g.Opt((*c).Value(int(i)), (*c).Valid(int(i)))
			}
			*out.strs()[k] = g
		}
	}
	return out
}

// reserve makes room for n more rows in r's columns.
func (r *attemptRows) reserve(n int) {
	r.task = slices.Grow(r.task, n)
	reserveEach(n, r.ints())
	reserveEach(n, r.floats())
	reserveEach(n, r.bools())
	reserveEach(n, r.strs())
}

// reserveEach makes room for n more rows in each column of cols that
// is not nil.
func reserveEach[P interface {
	comparable
	Reserve(int)
}](n int, cols []*P) {
	var none P
	for _, c := range cols {
		if *c != none {
			(*c).Reserve(n)
		}
	}
}

// ints, floats, bools and strs return r's columns of each kind, for take
// and reserve.
func (r *attemptRows) ints() []**columns.Int {
	return []**columns.Int{&r.attempt, &r.try, &r.submit, &r.start, &r.retrieval, &r.end, &r.exit, &r.startLine, &r.endLine}
}

func (r *attemptRows) floats() []**columns.Float {
	return []**columns.Float{&r.alloc[0], &r.alloc[1], &r.alloc[2], &r.alloc[3], &r.requested[0], &r.requested[1], &r.requested[2], &r.requested[3]}
}

func (r *attemptRows) bools() []**columns.Bool { return []**columns.Bool{&r.final, &r.fallback} }

func (r *attemptRows) strs() []**columns.Str {
	return []**columns.Str{&r.worker, &r.host, &r.state, &r.raw, &r.mode, &r.limits}
}

// attemptStart is what an attempt's first record tells of it.
type attemptStart struct {
	n, try, submit, start      int64
	hasTry, hasSubmit, started bool
	startLine                  int
	worker, addr, mode, state  string
	hasWorker                  bool
	alloc, requested           box
}

// add appends the row of a new attempt of the task at order[task] and
// returns its number. What later records tell starts null (final false).
func (r *attemptRows) add(task int32, a *attemptStart) int32 {
	row := int32(len(r.task))
	columns.Push(&r.task, task)
	appendInt(r.attempt, a.n, true)
	appendInt(r.try, a.try, a.hasTry)
	appendStr(r.worker, a.worker, a.hasWorker)
	appendStr(r.host, a.addr, a.addr != "")
	appendInt(r.submit, a.submit, a.hasSubmit)
	appendInt(r.start, a.start, a.started)
	appendInt(r.retrieval, 0, false)
	appendInt(r.end, 0, false)
	appendStr(r.state, a.state, true)
	appendStr(r.raw, "", false)
	appendInt(r.exit, 0, false)
	appendStr(r.limits, "", false)
	if r.final != nil {
		r.final.Add(false)
	}
	appendStr(r.mode, a.mode, a.mode != "")
	appendBox(&r.alloc, a.alloc)
	appendBox(&r.requested, a.requested)
	if r.fallback != nil {
		r.fallback.Null()
	}
	appendInt(r.startLine, int64(a.startLine), a.started)
	appendInt(r.endLine, 0, false)
	return row
}

// close records the end of the attempt at row: at us (µs), on log line
// line (the end is null when line is 0), in a canonical and a raw state.
func (r *attemptRows) close(row int32, us int64, line int, state, raw string) {
	setInt(r.end, row, us, line > 0)
	setInt(r.endLine, row, int64(line), line > 0)
	setStr(r.state, row, state, true)
	setStr(r.raw, row, raw, raw != "")
}

// result records the exit code and the limits exceeded ("" for none) a
// RETRIEVED or DONE record reported for the attempt at row.
func (r *attemptRows) result(row int32, exit int64, hasExit bool, limits string) {
	setInt(r.exit, row, exit, hasExit)
	setStr(r.limits, row, limits, limits != "")
}

// setRetrieval records the attempt's WAITING_RETRIEVAL time (µs).
func (r *attemptRows) setRetrieval(row int32, us int64) { setInt(r.retrieval, row, us, true) }

// setFinal marks the attempt whose result is its task's (DONE).
func (r *attemptRows) setFinal(row int32) {
	if r.final != nil {
		r.final.V[row] = true
	}
}

// setFallback records measured_fallback: 0 null (nothing measured), 1
// false, 2 true (wall time measured without cpu time).
func (r *attemptRows) setFallback(row int32, f int8) {
	if r.fallback != nil {
		r.fallback.V[row], r.fallback.OK[row] = f == 2, f != 0
	}
}

func appendInt(c *columns.Int, v int64, ok bool) {
	if c != nil {
		if !ok {
			v = 0
		}
		c.Opt(v, ok)
	}
}

func appendStr(c *columns.Str, v string, ok bool) {
	if c != nil {
		c.Opt(v, ok)
	}
}

func appendBox(cols *[4]*columns.Float, b box) {
	vals := [4]float64{b.cores, b.mem, b.disk, b.gpus}
	has := [4]bool{b.hasCores, b.hasMem, b.hasDisk, b.hasGPUs}
	for i, c := range cols {
		if c != nil {
			c.Opt(vals[i], has[i])
		}
	}
}

func setInt(c *columns.Int, row int32, v int64, ok bool) {
	if c != nil {
		if !ok {
			v = 0
		}
		c.V[row], c.OK[row] = v, ok
	}
}

func setStr(c *columns.Str, row int32, v string, ok bool) {
	if c != nil {
		c.Set(int(row), v, ok)
	}
}

// placements returns the rows of the attempts that started (a RUNNING
// record), the placements frame's rows. start must be kept.
func (r *attemptRows) placements() []int32 {
	var rows []int32
	for i, ok := range r.start.OK {
		if ok {
			rows = append(rows, int32(i))
		}
	}
	return rows
}

// tasksFrame builds the tasks frame from rows r and their measured
// columns, the columns Columns leaves out recorded in d.
func (c *txnLoader) tasksFrame(d *source.Dataset, source string, r *attemptRows, measured []frame.Column) *frame.Frame {
	n := len(r.task)
	keep := func(name string) bool { return c.opts.Keeps(schema.Tasks, name) }
	// the task-level columns, from each row's task
	var run, id, submit columns.Int
	var category, done columns.Str
	var library columns.Bool
	perTask := func(name string, fill func(t *taskState)) {
		if keep(name) {
			for _, i := range r.task {
				fill(c.tasks.at(i))
			}
		}
	}
	perTask("run", func(t *taskState) { run.Add(t.run) })
	perTask("task", func(t *taskState) { id.Add(t.id) })
	perTask("category", func(t *taskState) { category.Opt(c.words.Text(t.category), t.category != 0) })
	perTask("task_submit", func(t *taskState) { submit.Opt(t.submit, t.hasSubmit) })
	perTask("done_result", func(t *taskState) { done.Opt(c.words.Text(t.done), t.done != 0) })
	perTask("library", func(t *taskState) { library.Add(t.library) })
	for _, s := range []*columns.Str{r.state, r.raw, r.limits} {
		if s != nil {
			s.Compact()
		}
	}
	// the columns in frame order; "measured" stands for the measured
	// resources' columns
	specs := []struct {
		name string
		col  func(name string) frame.Column
	}{
		{"source", func(name string) frame.Column { return columns.Repeat(name, source, n) }},
		{"run", run.Col},
		{"job", func(name string) frame.Column { return frame.StringCol(name, make([]string, n), make([]bool, n)) }},
		{"task", id.Col},
		{"attempt", r.attempt.Col},
		{"try", r.try.Col},
		{"worker", r.worker.Col},
		{"host", r.host.Col},
		{"category", category.Col},
		{"task_submit", submit.Times},
		{"submit", r.submit.Times},
		{"start", r.start.Times},
		{"retrieval", r.retrieval.Times},
		{"end", r.end.Times},
		{"state", r.state.Col},
		{"raw_state", r.raw.Col},
		{"exit_code", r.exit.Col},
		{"limits_exceeded", r.limits.Col},
		{"final", r.final.Col},
		{"done_result", done.Col},
		{"library", library.Col},
		{"resources_mode", r.mode.Col},
		{"req_cpus", r.alloc[0].Col},
		{"req_mem_mb", r.alloc[1].Col},
		{"req_disk_mb", r.alloc[2].Col},
		{"req_gpus", r.alloc[3].Col},
		{"requested_cores", r.requested[0].Col},
		{"requested_mem_mb", r.requested[1].Col},
		{"requested_disk_mb", r.requested[2].Col},
		{"requested_gpus", r.requested[3].Col},
		{"measured_fallback", r.fallback.Col},
		{"measured", nil},
		{"start_line", r.startLine.Col},
		{"end_line", r.endLine.Col},
	}
	var cols []frame.Column
	for _, s := range specs {
		switch {
		case s.name == "measured":
			cols = append(cols, measured...)
			for _, m := range c.meas.cols {
				if m.skip {
					d.Skip(schema.Tasks, m.name)
				}
			}
		case keep(s.name):
			cols = append(cols, s.col(s.name))
		default:
			d.Skip(schema.Tasks, s.name)
		}
	}
	return frame.New(cols...)
}

// taskColumnNames are the tasks frame's own columns, which measured keys
// may not take.
var taskColumnNames = map[string]bool{"source": true, "run": true, "job": true, "task": true, "attempt": true, "try": true,
	"worker": true, "host": true, "category": true, "task_submit": true, "submit": true, "start": true, "retrieval": true,
	"end": true, "state": true, "raw_state": true, "exit_code": true, "limits_exceeded": true, "final": true,
	"done_result": true, "library": true, "resources_mode": true, "req_cpus": true, "req_mem_mb": true,
	"req_disk_mb": true, "req_gpus": true, "requested_cores": true, "requested_mem_mb": true,
	"requested_disk_mb": true, "requested_gpus": true, "measured_fallback": true, "start_line": true, "end_line": true}

// placementsFrame builds the placements frame from rows r: a row per
// attempt that started, its allocated box as the amounts held.
func (c *txnLoader) placementsFrame(r *attemptRows) *frame.Frame {
	rows := r.placements()
	var run, task columns.Int
	var worker, state columns.Str
	for _, i := range rows {
		t := c.tasks.at(r.task[i])
		run.Add(t.run)
		task.Add(t.id)
		worker.Opt(r.worker.Value(int(i)), r.worker.Valid(int(i)))
		state.Add(r.state.Value(int(i)))
	}
	n := len(rows)
	gather := func(col *columns.Int) *columns.Int { g := col.Gather(rows); return &g }
	box := func(i int) frame.Column {
		g := r.alloc[i].Gather(rows)
		return g.Col([]string{"cpus", "mem_mb", "disk_mb", "gpus"}[i])
	}
	return frame.New(run.Col("run"), frame.StringCol("job", make([]string, n), make([]bool, n)), task.Col("task"),
		gather(r.attempt).Col("attempt"), worker.Col("worker"), frame.BoolCol("root", trues(n), nil),
		gather(r.start).Times("start"), gather(r.end).Times("end"), state.Col("state"),
		box(0), box(3), box(1), box(2), gather(r.startLine).Col("start_line"), gather(r.endLine).Col("end_line"))
}

func trues(n int) []bool {
	v := make([]bool, n)
	for i := range v {
		v[i] = true
	}
	return v
}
