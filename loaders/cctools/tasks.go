package cctools

import (
	"maps"
	"math"
	"slices"
)

// The task store. A task that has been queued once and had no other
// record yet is kept as a queuedTask, 16 bytes: a manager that submits ten
// million tasks before the first runs (as Work Queue applications
// commonly do) holds ten million of them at once. Its next record gives
// it a taskState. Both live in slabs whose slots a streaming load frees as
// tasks are handed over and reuses, so memory follows the tasks alive,
// not those read. When no column kept needs what a WAITING or READY
// record says (a projection on measured resources, say), such a task is
// only its table entry, refQueued.

// taskQueue is what a task's next attempt starts from, as its WAITING or
// READY records set it.
type taskQueue struct {
	submit, queued               int64 // µs: the first and the latest WAITING/READY
	try                          int32 // TaskVine's attempt number in the latest READY
	category                     int32 // txnLoader.words code; 0 for none
	requested                    int32 // the latest request: txnLoader.boxes[requested]
	hasSubmit, hasQueued, hasTry bool
}

// queuedTask is a task queued once, with no other record yet: the time of
// its WAITING or READY (µs) and the place of what it asked for in
// txnLoader.shapes.
type queuedTask struct {
	at    int64
	shape int32
}

// queuedShape is what a WAITING or READY record asks for: the category and
// the request (txnLoader.words and txnLoader.boxes places) and TaskVine's
// attempt number. The tasks of a log ask for a few, kept once.
type queuedShape struct {
	category, requested, try int32
	hasTry                   bool
}

// slab holds values in blocks that never move, so pointers to them stay
// valid; a released slot is reused by the next add.
type slab[T any] struct {
	blocks [][]T
	n      int32   // slots handed out
	free   []int32 // released slots
}

// slabBlock is the number of values a slab allocates at once.
const slabBlock = 4096

// add stores v and returns its slot.
func (s *slab[T]) add(v T) int32 {
	var i int32
	if k := len(s.free); k > 0 {
		i, s.free = s.free[k-1], s.free[:k-1]
	} else {
		if s.n%slabBlock == 0 {
			s.blocks = append(s.blocks, make([]T, slabBlock))
		}
		i = s.n
		s.n++
	}
	*s.at(i) = v
	return i
}

// at returns the value in slot i.
func (s *slab[T]) at(i int32) *T { return &s.blocks[i/slabBlock][i%slabBlock] }

// release zeroes slot i and frees it for reuse.
func (s *slab[T]) release(i int32) {
	var zero T
	*s.at(i) = zero
	s.free = append(s.free, i)
}

// taskRef says where a task is: 0 nowhere (not seen), p+1 for slot p of
// txnLoader.tasks, −(q+1) for slot q of txnLoader.queued, refQueued for a
// task queued once whose time and request no kept column needs, refGone
// for a task a streaming load has handed over.
type taskRef int32

const (
	// refGone marks a task handed over in a batch.
	refGone taskRef = math.MinInt32
	// refQueued marks a task queued once, with no other record yet, when
	// the load keeps no column its queue time or request goes to
	// (txnLoader.queueDetail): it then takes 4 bytes, its table entry.
	refQueued taskRef = math.MinInt32 + 1
)

func taskAt(i int32) taskRef   { return taskRef(i + 1) }
func queuedAt(i int32) taskRef { return taskRef(-i - 1) }

// task returns the tasks slot r names, if it names one.
func (r taskRef) task() (int32, bool) { return int32(r) - 1, r > 0 }

// queue returns the queued slot r names, if it names one.
func (r taskRef) queue() (int32, bool) { return int32(-r) - 1, r < 0 && r != refGone && r != refQueued }

// taskTable finds the tasks of one run by id: pages of a slice for the
// dense ids Work Queue and TaskVine hand out (1, 2, 3, ...), a map for
// the others. An id is in one of the two, never both. A page whose tasks
// a streaming load has all handed over shares one page of refGone, so
// the table of a long log holds pages for the window of ids still alive
// (10 million ids would take 40 MB). A page not yet written but for a
// run of ids queued in order, refQueued each (a workflow submits its
// tasks in id order, often all of them before any runs), is that run
// alone, with no slice: a log that queues ten million tasks first holds
// none of those 40 MB.
type taskTable struct {
	pages   [][]taskRef // tablePage refs each, or nil: the page is its queued run
	queued  []idRun     // per page without a slice: its ids that are refQueued
	gone    []int32     // per page: its refs that are refGone
	allGone []taskRef   // the page every fully handed-over page shares; never written
	sparse  map[int64]taskRef
}

// idRun is the ids from up to to (excluded) of a page, as offsets in it.
type idRun struct{ from, to int32 }

// tablePage is the number of ids a page of a taskTable holds.
const tablePage = 1 << 16

// get returns where task id is (0 when not seen).
func (x *taskTable) get(id int64) taskRef {
	if id >= 0 && id < int64(len(x.pages))*tablePage {
		p, k := id/tablePage, int32(id%tablePage)
		if page := x.pages[p]; page != nil {
			if r := page[k]; r != 0 {
				return r
			}
		} else if q := x.queued[p]; k >= q.from && k < q.to {
			return refQueued
		}
	}
	return x.sparse[id]
}

// set records where task id is. A new id goes to the pages when it is at
// most 64Ki past their end, else to the map.
func (x *taskTable) set(id int64, r taskRef) {
	if _, ok := x.sparse[id]; ok {
		x.sparse[id] = r
		return
	}
	if id < 0 || id >= int64(len(x.pages))*tablePage+1<<16 {
		if x.sparse == nil {
			x.sparse = map[int64]taskRef{}
		}
		x.sparse[id] = r
		return
	}
	for id >= int64(len(x.pages))*tablePage {
		x.pages = append(x.pages, nil)
		x.queued = append(x.queued, idRun{})
		x.gone = append(x.gone, 0)
	}
	p, k := id/tablePage, id%tablePage
	if x.pages[p] == nil {
		if x.queue(p, int32(k), r) {
			return
		}
		page := make([]taskRef, tablePage)
		for j := x.queued[p].from; j < x.queued[p].to; j++ {
			page[j] = refQueued
		}
		x.pages[p], x.queued[p] = page, idRun{}
	}
	if x.gone[p] == tablePage { // shared: a task handed over is seen again
		x.pages[p] = slices.Clone(x.pages[p])
	}
	page := x.pages[p]
	if page[k] == refGone {
		x.gone[p]--
	}
	if page[k] = r; r == refGone {
		x.gone[p]++
	}
	if x.gone[p] == tablePage {
		if x.allGone == nil {
			x.allGone = slices.Clone(page)
		}
		x.pages[p] = x.allGone
	}
}

// queue records offset k of page p, which has no slice, as r when that
// keeps the page a run of refQueued: r is refQueued at the run's end (or
// starts the run), or k is in the run already as refQueued.
func (x *taskTable) queue(p int64, k int32, r taskRef) bool {
	q := &x.queued[p]
	in := k >= q.from && k < q.to
	switch {
	case r == 0:
		return !in // unseen, as it was
	case r != refQueued:
		return false
	case in:
		return true
	case q.from == q.to:
		*q = idRun{from: k, to: k + 1}
		return true
	case k == q.to:
		q.to++
		return true
	}
	return false
}

// each calls fn for every task of the table, in order of id; tasks
// handed over (refGone) are no longer there.
func (x *taskTable) each(fn func(id int64, r taskRef)) {
	keys := slices.Sorted(maps.Keys(x.sparse))
	k := 0
	at := func(p int, j int32) taskRef {
		if x.pages[p] != nil {
			return x.pages[p][j]
		}
		if q := x.queued[p]; j >= q.from && j < q.to {
			return refQueued
		}
		return 0
	}
	for p := range x.pages {
		if x.gone[p] == tablePage {
			continue
		}
		for j := range int32(tablePage) {
			r := at(p, j)
			id := int64(p)*tablePage + int64(j)
			for ; k < len(keys) && keys[k] < id; k++ {
				if r := x.sparse[keys[k]]; r != refGone {
					fn(keys[k], r)
				}
			}
			if r != 0 && r != refGone {
				fn(id, r)
			}
		}
	}
	for ; k < len(keys); k++ {
		if r := x.sparse[keys[k]]; r != refGone {
			fn(keys[k], r)
		}
	}
}

// table returns the task table of the current run.
func (c *txnLoader) table() *taskTable {
	run := max(c.run, 0)
	tt := c.ids[run]
	if tt == nil {
		tt = &taskTable{}
		c.ids[run] = tt
	}
	return tt
}

// taskFor returns task id of the current run, new if not seen before.
func (c *txnLoader) taskFor(id int64) *taskState {
	tt := c.table()
	return c.materialize(tt, max(c.run, 0), id, tt.get(id))
}

// materialize returns the task of run run whose id is id and ref r in
// its table tt: the one in the tasks, or a new one there, which takes
// the state of a task only queued so far.
func (c *txnLoader) materialize(tt *taskTable, run, id int64, r taskRef) *taskState {
	if i, ok := r.task(); ok {
		return c.tasks.at(i)
	}
	t := taskState{run: run, id: id, cur: -1}
	if k, ok := r.queue(); ok {
		q := c.queued.at(k)
		sh := c.shapes[q.shape]
		t.taskQueue = taskQueue{submit: q.at, queued: q.at, hasSubmit: true, hasQueued: true,
			category: sh.category, requested: sh.requested, try: sh.try, hasTry: sh.hasTry}
		c.queued.release(k)
	} else {
		t.requested = c.request(box{})
		c.seen(id, r)
	}
	i := c.tasks.add(t)
	p := c.tasks.at(i)
	p.idx = i
	tt.set(id, taskAt(i))
	return p
}

// waitingFor applies a WAITING or READY record of task id (at us,
// asking for shape) to a task seen for the first time, and returns nil;
// for any other, it returns the task for the caller to update.
func (c *txnLoader) waitingFor(id, us int64, shape queuedShape) *taskState {
	tt := c.table()
	r := tt.get(id)
	_, isTask := r.task()
	_, isQueued := r.queue()
	if isTask || isQueued || r == refQueued {
		return c.materialize(tt, max(c.run, 0), id, r)
	}
	c.seen(id, r)
	if !c.queueDetail && !shape.hasTry { // TaskVine's attempt number steers the states: kept
		tt.set(id, refQueued)
		return nil
	}
	k, ok := c.shapeIndex[shape]
	if !ok {
		k = int32(len(c.shapes))
		c.shapes = append(c.shapes, shape)
		c.shapeIndex[shape] = k
	}
	tt.set(id, queuedAt(c.queued.add(queuedTask{at: us, shape: k})))
	return nil
}

// seen counts a record of a task a streaming load handed over already
// (its DONE or CANCELED came before): the task starts again as a new one.
func (c *txnLoader) seen(id int64, r taskRef) {
	if r != refGone {
		return
	}
	if c.reseen == 0 {
		c.reseenLine, c.reseenID = c.line, id
	}
	c.reseen++
}
