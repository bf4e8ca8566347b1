package ops

import (
	"errors"
	"fmt"
	"math"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// AllocationUse joins batch allocations to the work that ran in them and
// reports how long each waited in the queue and how much of it the work
// used. batch has one row per allocation: id (the batch system's job id,
// text or integer), start and end, and where known queued (submission),
// eligible, cpus and nodes: Slurm's allocations frame has them all, and
// HyperQueue's and Balsam's their own view without cpus. work is one or
// more work frames (WorkerAllocationWork, BatchJobWork, ProcessWork),
// read in turn.
//
// One row per batch row, in batch order: id, queued, eligible, start,
// end; wait_s = start - eligible and queue_s = start - queued (s);
// elapsed_s = end - start; cpus, nodes; core_s = cpus × elapsed_s and
// node_s = nodes × elapsed_s (core- and node-seconds: / 3600 for hours);
// attempts (work rows in it); busy_core_s and busy_node_s, the sum over
// its work of cpus (nodes) × the part of [start, end] of the work inside
// the allocation's [start, end] (an open end is the allocation's);
// cpu_s, the work's summed cpu_time_s; busy_share = busy_core_s /
// core_s, node_share = busy_node_s / node_s, cpu_share = cpu_s / core_s.
// A figure whose inputs are unknown is null: busy_core_s where none of
// the allocation's work records cpus (Balsam's tasks hold nodes), and
// for an allocation without work, any sum no work frame records.
//
// Where several batch rows have the id (sacct --duplicates prints a
// requeued job once per run), work goes to the latest run begun by the
// work's start, else to the earliest run. Work whose id no batch row has (or
// a null id) is not dropped: it is summed into one further row per id,
// with the allocation's own columns null and the work's time unclipped.
func AllocationUse(batch *frame.Frame, work ...*frame.Frame) *frame.Frame {
	const op = "AllocationUse"
	if err := requireFrame(op, batch, schema.Allocations, "id", "start", "end"); err != nil {
		return frame.WithErr(err)
	}
	b, err := readBatch(batch)
	if err != nil {
		return frame.WithErr(fmt.Errorf("%s: allocations: %w", op, err))
	}
	u := newUse(b)
	for k, f := range work {
		if err := require(fmt.Sprintf("%s (work frame %d)", op, k+1), f, "a work frame (WorkerAllocationWork, BatchJobWork, ProcessWork) has them", "allocation", "start", "end"); err != nil {
			return frame.WithErr(err)
		}
		w, err := readWork(f)
		if err != nil {
			return frame.WithErr(fmt.Errorf("%s: work frame %d: %w", op, k+1, err))
		}
		for i := range w.alloc {
			u.add(w, i)
		}
	}
	return u.frame()
}

// batchRows are the batch frame's columns, times in µs since the epoch
// (exact in a float64 for 285 years; NaN: null).
type batchRows struct {
	id                           []string
	idOK                         []bool
	queued, eligible, start, end []float64
	cpus, nodes                  []float64
}

func readBatch(f *frame.Frame) (batchRows, error) {
	id, idOK, err1 := textColumn(f, "id")
	queued, err2 := microsOrNaN(f, "queued")
	eligible, err3 := microsOrNaN(f, "eligible")
	start, err4 := microsOrNaN(f, "start")
	end, err5 := microsOrNaN(f, "end")
	cpus, err6 := floatsOrNaN(f, "cpus")
	nodes, err7 := floatsOrNaN(f, "nodes")
	return batchRows{id, idOK, queued, eligible, start, end, cpus, nodes}, errors.Join(err1, err2, err3, err4, err5, err6, err7)
}

// workRows are the work frame's columns (NaN: null).
type workRows struct {
	alloc                []string
	allocOK              []bool
	start, end           []float64
	cpus, nodes, cpuTime []float64
}

func readWork(f *frame.Frame) (workRows, error) {
	alloc, ok, err1 := textColumn(f, "allocation")
	start, err2 := microsOrNaN(f, "start")
	end, err3 := microsOrNaN(f, "end")
	cpus, err4 := floatsOrNaN(f, "cpus")
	nodes, err5 := floatsOrNaN(f, "nodes")
	cpu, err6 := floatsOrNaN(f, "cpu_time_s")
	return workRows{alloc, ok, start, end, cpus, nodes, cpu}, errors.Join(err1, err2, err3, err4, err5, err6)
}

// microsOrNaN reads a timestamp column as µs since the epoch, NaN where
// null or where f lacks the column.
func microsOrNaN(f *frame.Frame, name string) ([]float64, error) {
	if !f.Has(name) {
		return nanWhereNull(f.NumRows(), nil, nil), nil
	}
	us, ok, err := f.Micros(name)
	if err != nil {
		return nil, err
	}
	return nanWhereNull(len(us), ok, func(i int) float64 { return float64(us[i]) }), nil
}

// floatsOrNaN reads a numeric column, NaN where null or absent.
func floatsOrNaN(f *frame.Frame, name string) ([]float64, error) {
	if !f.Has(name) {
		return nanWhereNull(f.NumRows(), nil, nil), nil
	}
	v, ok, err := f.Float64s(name)
	if err != nil {
		return nil, err
	}
	return nanWhereNull(len(v), ok, func(i int) float64 { return v[i] }), nil
}

// nanWhereNull is n values at(i), NaN where ok[i] is false (all of them
// when ok is nil).
func nanWhereNull(n int, ok []bool, at func(i int) float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = math.NaN()
		if ok != nil && ok[i] {
			out[i] = at(i)
		}
	}
	return out
}

// use accumulates the work of each allocation: the batch rows, then one
// row per id that only the work names.
type use struct {
	b                        batchRows
	rows                     map[string][]int // batch rows by id
	extra                    []string         // ids of the rows past the batch's
	extraOK                  []bool
	extraRow                 map[string]int
	nullRow                  int // the row of work with no id (-1: none yet)
	attempts                 []int64
	busyCore, busyNode, cpuS []float64
	known                    [3]bool   // cpus, nodes, cpu_time_s seen in the work
	rowKnown                 [][3]bool // the same, per row
}

func newUse(b batchRows) *use {
	u := &use{b: b, rows: map[string][]int{}, extraRow: map[string]int{}, nullRow: -1}
	for i, id := range b.id {
		if b.idOK[i] {
			u.rows[id] = append(u.rows[id], i)
		}
	}
	u.grow(len(b.id))
	return u
}

func (u *use) grow(n int) {
	for len(u.attempts) < n {
		u.attempts, u.rowKnown = append(u.attempts, 0), append(u.rowKnown, [3]bool{})
		u.busyCore, u.busyNode, u.cpuS = append(u.busyCore, 0), append(u.busyNode, 0), append(u.cpuS, 0)
	}
}

// add puts work row i on its allocation's row.
func (u *use) add(w workRows, i int) {
	r, clip := u.rowOf(w, i)
	ws, we := w.start[i], w.end[i]
	held := 0.0
	if clip {
		as, ae := u.b.start[r], u.b.end[r]
		if math.IsNaN(we) {
			we = ae
		}
		if !math.IsNaN(as) && as > ws {
			ws = as
		}
		if !math.IsNaN(ae) && ae < we {
			we = ae
		}
	}
	if !math.IsNaN(ws) && !math.IsNaN(we) && we > ws {
		held = we - ws
	}
	u.attempts[r]++
	for k, amount := range [3]float64{w.cpus[i], w.nodes[i], w.cpuTime[i]} {
		if math.IsNaN(amount) {
			continue
		}
		u.known[k], u.rowKnown[r][k] = true, true
		switch k {
		case 0:
			u.busyCore[r] += amount * held // core-µs: exact sums of µs times quarters
		case 1:
			u.busyNode[r] += amount * held
		case 2:
			u.cpuS[r] += amount
		}
	}
}

// rowOf returns the row work row i goes to, and whether that is a batch
// row (whose window clips the work).
func (u *use) rowOf(w workRows, i int) (int, bool) {
	if !w.allocOK[i] {
		if u.nullRow < 0 {
			u.nullRow = u.newExtra("", false)
		}
		return u.nullRow, false
	}
	id := w.alloc[i]
	cands := u.rows[id]
	if len(cands) == 0 {
		r, ok := u.extraRow[id]
		if !ok {
			r = u.newExtra(id, true)
			u.extraRow[id] = r
		}
		return r, false
	}
	best, first := -1, -1 // the latest run begun by the work's start; the earliest run
	for _, r := range cands {
		st := u.b.start[r]
		if math.IsNaN(st) {
			continue
		}
		if st <= w.start[i] && (best < 0 || st > u.b.start[best]) {
			best = r
		}
		if first < 0 || st < u.b.start[first] {
			first = r
		}
	}
	switch {
	case best >= 0:
		return best, true
	case first >= 0:
		return first, true
	}
	return cands[len(cands)-1], true
}

func (u *use) newExtra(id string, ok bool) int {
	u.extra, u.extraOK = append(u.extra, id), append(u.extraOK, ok)
	n := len(u.b.id) + len(u.extra)
	u.grow(n)
	return n - 1
}

// frame builds the result (see AllocationUse).
func (u *use) frame() *frame.Frame {
	nb := len(u.b.id)
	n := nb + len(u.extra)
	ids := append(append([]string(nil), u.b.id...), u.extra...)
	idOK := append(append([]bool(nil), u.b.idOK...), u.extraOK...)
	batch := func(v []float64) []float64 { // a batch column, NaN past it
		out := append([]float64(nil), v...)
		for len(out) < n {
			out = append(out, math.NaN())
		}
		return out
	}
	queued, eligible, start, end := batch(u.b.queued), batch(u.b.eligible), batch(u.b.start), batch(u.b.end)
	cpus, nodes := batch(u.b.cpus), batch(u.b.nodes)
	wait, queue, elapsed, coreS, nodeS := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	busyShare, nodeShare, cpuShare := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := 0; i < n; i++ {
		wait[i], queue[i], elapsed[i] = (start[i]-eligible[i])/1e6, (start[i]-queued[i])/1e6, (end[i]-start[i])/1e6
		coreS[i], nodeS[i] = cpus[i]*elapsed[i], nodes[i]*elapsed[i]
	}
	busyCore, busyNode, cpuS := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range busyCore {
		busyCore[i], busyNode[i], cpuS[i] = u.orNull(i, 0, u.busyCore[i]/1e6), u.orNull(i, 1, u.busyNode[i]/1e6), u.orNull(i, 2, u.cpuS[i])
		busyShare[i], nodeShare[i], cpuShare[i] = busyCore[i]/coreS[i], busyNode[i]/nodeS[i], cpuS[i]/coreS[i]
	}
	return frame.New(
		frame.StringCol("id", ids, idOK),
		nanTimes("queued", queued), nanTimes("eligible", eligible), nanTimes("start", start), nanTimes("end", end),
		nanFloats("wait_s", wait), nanFloats("queue_s", queue), nanFloats("elapsed_s", elapsed),
		nanFloats("cpus", cpus), nanFloats("nodes", nodes), nanFloats("core_s", coreS), nanFloats("node_s", nodeS),
		frame.Int64Col("attempts", u.attempts, nil),
		nanFloats("busy_core_s", busyCore), nanFloats("busy_node_s", busyNode), nanFloats("cpu_s", cpuS),
		nanFloats("busy_share", busyShare), nanFloats("node_share", nodeShare), nanFloats("cpu_share", cpuShare),
	)
}

// orNull is row i's sum v of amount k, or NaN when unknown: when the
// row's work never records it, or, for a row without work, when no work
// frame does (otherwise nothing ran there, and the sum is 0).
func (u *use) orNull(i, k int, v float64) float64 {
	if u.rowKnown[i][k] || u.attempts[i] == 0 && u.known[k] {
		return v
	}
	return math.NaN()
}

// nanFloats is a float64 column null where v is NaN or infinite (a
// share of nothing).
func nanFloats(name string, v []float64) frame.Column {
	ok := make([]bool, len(v))
	for i, x := range v {
		ok[i] = !math.IsNaN(x) && !math.IsInf(x, 0)
		if !ok[i] {
			v[i] = 0
		}
	}
	return frame.Float64Col(name, v, ok)
}

// nanTimes is a timestamp column from µs since the epoch, null where NaN.
func nanTimes(name string, s []float64) frame.Column {
	us := make([]int64, len(s))
	ok := make([]bool, len(s))
	for i, x := range s {
		if ok[i] = !math.IsNaN(x); ok[i] {
			us[i] = int64(x)
		}
	}
	return frame.MicrosCol(name, us, ok)
}
