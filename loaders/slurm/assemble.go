package slurm

import (
	"runtime"
	"sort"
	"sync"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// side is every column of the file's job rows, or of its step rows, in
// the file's order: the chunks' runs of rows concatenated.
type side struct {
	n       int
	text    []columns.Str // by text slot
	ints    []intVals     // by integer slot
	flts    []fltVals     // by float slot
	line    []int64       // the line each row starts on
	attempt []int64       // the n-th row of its JobID (attempts.go)
}

// rows is what the frames are built from.
type rows struct {
	lay   *layout
	jobs  side
	steps side
	hosts stepHosts
	// parent is each step's job row (the row of the same job and
	// attempt), or -1 when the file has none
	parent []int32
}

// finishJoins turns the rows of the records joined from several lines
// into their chunk's columns, as the workers do for their chunks: before
// hostCount and assemble read them.
func (b *builder) finishJoins() {
	b.joinsDec.flat.columns(b.joins, &b.lay.slots)
}

// assemble concatenates the pieces the builder took (finishJoins done)
// and numbers the attempts of each side, a column per task on every
// core, then finds each step's job row.
func (b *builder) assemble(want map[string]bool) *rows {
	r := &rows{lay: b.lay}
	var tasks []func()
	for i, sd := range []*side{&r.steps, &r.jobs} { // the longer tasks first
		tasks = append(tasks, b.sideTasks(stepSide-i, sd)...)
	}
	if want == nil || want[schema.Placements] || want[schema.Tasks] {
		tasks = append(tasks, func() { r.hosts = b.stepHosts() })
	}
	runAll(tasks)
	r.parent = r.parents()
	return r
}

// sideTasks returns the tasks that fill sd from the pieces of side s.
func (b *builder) sideTasks(s int, sd *side) []func() {
	var ps []piece
	for _, p := range b.pieces {
		if p.side == s {
			ps = append(ps, p)
			sd.n += int(p.to - p.from)
		}
	}
	sl := &b.lay.slots
	sd.text = make([]columns.Str, sl.text)
	sd.ints = make([]intVals, sl.ints)
	sd.flts = make([]fltVals, sl.flts)
	tasks := []func(){func() {
		hash := concat(ps, func(c *chunk) []uint64 { return c.rows[s].hash }, sd.n)
		sd.attempt = attemptsOf(hash, pieceText(ps, s, sl.of[b.lay.idField]))
	}}
	for t := range sd.text {
		tasks = append(tasks, func() {
			col := &sd.text[t]
			if sl.unique[t] || t == tJob && s == jobSide {
				// JobIDs (a job row's job part is its JobID) are one per
				// row but for the reruns of requeued jobs: plain text from
				// the start, not interned
				col.Plain = &columns.Text{}
			}
			col.Reserve(sd.n)
			var remap []int32
			for _, p := range ps {
				remap = col.AddCodes(p.c.dicts[t], p.c.rows[s].text[t][p.from:p.to], remap)
			}
		})
	}
	for i := range sd.ints {
		tasks = append(tasks, func() {
			sd.ints[i] = intVals{v: concat(ps, func(c *chunk) []int64 { return c.rows[s].ints[i].v }, sd.n),
				ok: concat(ps, func(c *chunk) []bool { return c.rows[s].ints[i].ok }, sd.n)}
		})
	}
	for i := range sd.flts {
		tasks = append(tasks, func() {
			sd.flts[i] = fltVals{v: concat(ps, func(c *chunk) []float64 { return c.rows[s].flts[i].v }, sd.n),
				ok: concat(ps, func(c *chunk) []bool { return c.rows[s].flts[i].ok }, sd.n)}
		})
	}
	tasks = append(tasks, func() { sd.line = concat(ps, func(c *chunk) []int64 { return c.rows[s].line }, sd.n) })
	return tasks
}

// concat joins the pieces' runs of one column (col of their chunk).
func concat[T any](ps []piece, col func(*chunk) []T, n int) []T {
	out := make([]T, 0, n)
	for _, p := range ps {
		out = append(out, col(p.c)[p.from:p.to]...)
	}
	return out
}

// pieceText returns a function that gives the text of row i of the
// pieces' rows (of side s) in text slot t, read from their chunks.
func pieceText(ps []piece, s, t int) func(i int) string {
	start := make([]int, len(ps)+1) // the first row of each piece
	for k, p := range ps {
		start[k+1] = start[k] + int(p.to-p.from)
	}
	return func(i int) string {
		k := sort.SearchInts(start, i+1) - 1
		p := ps[k]
		if code := p.c.rows[s].text[t][int(p.from)+i-start[k]]; code >= 0 {
			return p.c.dicts[t][code]
		}
		return ""
	}
}

// stepHosts is what the tasks and placements frames take from the
// steps' node lists, expanded.
type stepHosts struct {
	first  hostCol      // each step's first host, the tasks' worker
	count  []int32      // each step's number of hosts
	of     []int32      // the step of each placement
	worker hostCol      // the host of each placement
	root   columns.Bool // whether it is its step's first host
}

// eachStepHosts calls fn with the hosts of every step row, in order.
func (b *builder) eachStepHosts(fn func(hosts []string)) {
	f := b.lay.at.nodeList
	for _, p := range b.pieces {
		if p.side != stepSide {
			continue
		}
		for k := p.from; k < p.to; k++ {
			var hosts []string
			if f >= 0 {
				if code := p.c.rows[stepSide].text[b.lay.slots.of[f]][k]; code >= 0 {
					hosts = p.c.hosts[code]
				}
			}
			fn(hosts)
		}
	}
}

// hostCount returns the placements the steps' node lists make: the sum
// of their hosts.
func (b *builder) hostCount() int {
	total := 0
	b.eachStepHosts(func(hosts []string) { total += len(hosts) })
	return total
}

// stepHosts reads the hosts of every step row.
func (b *builder) stepHosts() stepHosts {
	var h stepHosts
	each := b.eachStepHosts
	total := 0
	each(func(hosts []string) { h.count = append(h.count, int32(len(hosts))); total += len(hosts) })
	h.first.Reserve(len(h.count))
	h.worker.Reserve(total)
	h.of = make([]int32, 0, total)
	h.root.Reserve(total)
	step := int32(0)
	each(func(hosts []string) {
		h.first.add(hosts, 1)
		if len(hosts) > 0 {
			h.worker.add(hosts, len(hosts))
		}
		for i := range hosts {
			h.of = append(h.of, step)
			h.root.Add(i == 0)
		}
		step++
	})
	return h
}

// runAll runs tasks on as many goroutines as there are cores.
func runAll(tasks []func()) {
	next := make(chan func(), len(tasks))
	for _, t := range tasks {
		next <- t
	}
	close(next)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range next {
				t()
			}
		}()
	}
	wg.Wait()
}
