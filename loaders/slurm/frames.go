package slurm

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"sync"
)

// The frames of a sacct file: jobs and allocations from the job rows
// (JobID without a step), tasks and placements from the step rows.

// frames builds the frames want asks for (nil: all).
func (b *builder) frames(want map[string]bool) map[string]*frame.Frame {
	var jobRows, stepRows []int32
	for i, s := range b.isStep {
		if s {
			stepRows = append(stepRows, int32(i))
		} else {
			jobRows = append(jobRows, int32(i))
		}
	}
	builds := []struct {
		name  string
		build func(*builder) *frame.Frame
	}{
		{schema.Jobs, func(b *builder) *frame.Frame { return b.jobs(jobRows) }},
		{schema.Allocations, func(b *builder) *frame.Frame { return b.allocations(jobRows) }},
		{schema.Tasks, func(b *builder) *frame.Frame { return b.tasks(stepRows) }},
		{schema.Placements, func(b *builder) *frame.Frame { return b.placements(stepRows) }},
	}
	// The frames are built at once, each by a copy of the builder with
	// caches of its own: the rows are only read from here on.
	if want == nil || want[schema.Tasks] || want[schema.Placements] {
		b.jobKeys() // read by both: made once, before the copies
	}
	built := make([]*frame.Frame, len(builds))
	var wg sync.WaitGroup
	for i, x := range builds {
		if want != nil && !want[x.name] {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			own := *b
			own.tresCache, own.hostCache = nil, nil
			built[i] = x.build(&own)
		}()
	}
	wg.Wait()
	out := map[string]*frame.Frame{}
	for i, x := range builds {
		if built[i] != nil {
			out[x.name] = built[i]
		}
	}
	return out
}

// cols is a frame's columns being put in order, each name once.
type cols struct {
	list []frame.Column
	seen map[string]bool
}

func (c *cols) add(col frame.Column) {
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	if c.seen[col.Name()] {
		return
	}
	c.seen[col.Name()] = true
	c.list = append(c.list, col)
}

// field returns the position of the first of names the header has, or -1.
func (b *builder) field(names ...string) int {
	for _, n := range names {
		if i := b.lay.field(n); i >= 0 {
			return i
		}
	}
	return -1
}

// column gathers field i of rows as a column named name (its own column
// name when empty); an exit code gives a second column, its signal.
func (b *builder) column(c *cols, i int, rows []int32, name string) {
	if i < 0 {
		return
	}
	s, fc := b.lay.specs[i], &b.cols[i]
	if name == "" {
		name = s.col
	}
	switch s.kind {
	case kTime:
		g := fc.num.Gather(rows)
		c.add(g.Times(name))
	case kInt:
		g := fc.num.Gather(rows)
		c.add(g.Col(name))
	case kExit:
		g, sig := fc.num.Gather(rows), fc.aux.Gather(rows)
		c.add(g.Col(name))
		if name == "exit_code" {
			c.add(sig.Col("signal"))
		} else {
			c.add(sig.Col(name + "_signal"))
		}
	case kDuration, kSizeK, kSizeM:
		g := fc.flt.Gather(rows)
		c.add(g.Col(name))
	default:
		g := fc.str.Gather(rows)
		c.add(g.Col(name))
	}
}

// rest adds every field not yet used, under its own column name.
func (b *builder) rest(c *cols, rows []int32, used ...int) {
	skip := map[int]bool{}
	for _, u := range used {
		skip[u] = true
	}
	for i := range b.lay.specs {
		if !skip[i] {
			b.column(c, i, rows, "")
		}
	}
}

// derived builds a float column from a function of the row.
func derived(name string, rows []int32, f func(row int) (float64, bool)) frame.Column {
	var c columns.Float
	c.Reserve(len(rows))
	for _, r := range rows {
		c.Opt(f(int(r)))
	}
	return c.Col(name)
}

// num returns field i's integer (or time) in row, if any.
func (b *builder) num(i, row int) (int64, bool) {
	if i < 0 {
		return 0, false
	}
	c := &b.cols[i].num
	return c.V[row], c.OK[row]
}

// flt returns field i's duration or size in row, if any.
func (b *builder) flt(i, row int) (float64, bool) {
	if i < 0 {
		return 0, false
	}
	c := &b.cols[i].flt
	return c.V[row], c.OK[row]
}

// text returns field i's text in row ("" when absent).
func (b *builder) text(i, row int) string {
	if i < 0 {
		return ""
	}
	return b.cols[i].str.Value(row)
}

// cacheLimit bounds the distinct texts the frame builders remember the
// reading of (TRES lists, node lists): a file's few distinct values are
// read once, and a file of all-distinct ones costs bounded memory.
const cacheLimit = 1 << 16

// tresOf reads field i's TRES list in row (validated when loaded).
func (b *builder) tresOf(i, row int) tres {
	text := b.text(i, row)
	if t, ok := b.tresCache[text]; ok {
		return t
	}
	t, _ := parseTRES(text)
	if b.tresCache == nil {
		b.tresCache = map[string]tres{}
	}
	if len(b.tresCache) < cacheLimit {
		b.tresCache[text] = t
	}
	return t
}

// hostsOf expands row's NodeList (validated when loaded).
func (b *builder) hostsOf(row int) []string {
	text := b.text(b.at.nodeList, row)
	if h, ok := b.hostCache[text]; ok {
		return h
	}
	h, _ := expandNodes(text)
	if b.hostCache == nil {
		b.hostCache = map[string][]string{}
	}
	if len(b.hostCache) < cacheLimit {
		b.hostCache[text] = h
	}
	return h
}

func (b *builder) jobs(rows []int32) *frame.Frame {
	var c cols
	c.add(gatherStr(&b.job, rows, "job"))
	fJobName, fUser, fSubmit, fStart, fEnd, fState, fExit := b.field("jobname"), b.field("user"), b.field("submit"), b.field("start"), b.field("end"), b.field("state"), b.field("exitcode")
	b.column(&c, fJobName, rows, "name")
	b.column(&c, fUser, rows, "user")
	b.column(&c, fSubmit, rows, "submit")
	b.column(&c, fStart, rows, "start")
	b.column(&c, fEnd, rows, "end")
	b.column(&c, fState, rows, "state")
	if fState >= 0 {
		c.add(gatherStr(&b.status, rows, "status"))
	}
	b.column(&c, fExit, rows, "exit_code")
	b.ids(&c, rows)
	fReqMem := b.field("reqmem")
	if fReqMem >= 0 {
		c.add(derived("req_mem_mb", rows, b.reqMem))
	}
	// what the job held and used, in the tasks frame's names, so that
	// ops.Efficiency reads a job as seff does
	if b.field("alloccpus", "ncpus") >= 0 || b.field("alloctres") >= 0 {
		c.add(derived("req_cpus", rows, b.allocCPUs))
	}
	fCPU, fWall, fRSS, fLimit := b.field("totalcpu"), b.field("elapsed"), b.field("maxrss"), b.field("timelimit")
	b.column(&c, fLimit, rows, "req_time_s")
	b.column(&c, fCPU, rows, "cpu_time_s")
	b.column(&c, fWall, rows, "wall_time_s")
	if fRSS >= 0 {
		c.add(b.jobPeakRSS(fRSS, rows))
	}
	b.rest(&c, rows, b.field("jobid"), fJobName, fUser, fSubmit, fStart, fEnd, fState, fExit, fReqMem, fCPU, fWall, fRSS, fLimit)
	return frame.New(c.list...)
}

// ids adds the attempt, the array and heterogeneous parts of the JobID
// and the line each row starts on.
func (b *builder) ids(c *cols, rows []int32) {
	a, l := columns.DenseInt{V: gatherDense(b.attempt.V, rows)}, columns.DenseInt{V: gatherDense(b.line.V, rows)}
	c.add(a.Col("attempt"))
	c.add(gatherStr(&b.arrayJob, rows, "array_job"))
	c.add(gatherInt(&b.arrayTask, rows, "array_task"))
	c.add(gatherStr(&b.hetJob, rows, "het_job"))
	c.add(gatherInt(&b.hetComp, rows, "het_component"))
	c.add(l.Col("line"))
}

// gatherStr gathers rows of a text column.
func gatherStr(c *columns.Str, rows []int32, name string) frame.Column {
	g := c.Gather(rows)
	return g.Col(name)
}

// gatherInt gathers rows of an integer column.
func gatherInt(c *columns.Int, rows []int32, name string) frame.Column {
	g := c.Gather(rows)
	return g.Col(name)
}

func gatherDense(v []int64, rows []int32) []int64 {
	out := make([]int64, len(rows))
	for k, r := range rows {
		out[k] = v[r]
	}
	return out
}

// reqMem is the memory a row requested, in MiB: ReqMem, multiplied by
// the CPUs or the nodes when it ends in c or n (Slurm before 21.08), or
// ReqTRES's mem when ReqMem is absent.
func (b *builder) reqMem(row int) (float64, bool) {
	i := b.at.reqMem
	mb, ok := b.flt(i, row)
	if !ok {
		t := b.tresOf(b.at.reqTRES, row)
		return t.memMB, t.hasMem
	}
	aux := &b.cols[i].aux
	if !aux.OK[row] {
		return mb, true
	}
	switch byte(aux.V[row]) {
	case 'c':
		n, ok := b.count(row, b.at.cpus)
		return mb * n, ok
	default: // 'n'
		n, ok := b.count(row, b.at.nodes)
		return mb * n, ok
	}
}

// count returns the first of the integer fields that row has.
func (b *builder) count(row int, fields []int) (float64, bool) {
	for _, i := range fields {
		if v, ok := b.num(i, row); ok {
			return float64(v), true
		}
	}
	return 0, false
}
