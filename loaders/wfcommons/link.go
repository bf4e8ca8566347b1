package wfcommons

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
)

// Linking the tasks: execution records to specification tasks by id,
// parents and children to edges, executedAt to start times. The lookups
// and the times of a 200,000-task instance took 80 ms on one goroutine;
// they are now made on every core into arrays, and one pass in the
// tasks' order then reports what does not resolve, as before, and builds
// the edges.

// link pairs execution tasks with specification tasks by id, reads the
// tasks' start times and resolves parents and children into edges (by id;
// in 1.4 also by name, as WfFormat's migration tool does).
func (w *workflow) link(hasSpec bool, exec *execution, p *source.Problems, loc *time.Location) error {
	// The first task to hold an id (or, in 1.4, a name) wins: written
	// from the last task back, each id once, one map write per task.
	ids := make(map[string]int, len(w.rows))
	for i := len(w.rows) - 1; i >= 0; i-- {
		r := &w.rows[i]
		if !hasSpec && r.spec.Name != "" {
			ids[r.spec.Name] = i
		}
		if r.spec.ID != "" {
			ids[r.spec.ID] = i
		}
	}
	if hasSpec && exec != nil {
		if err := w.pair(ids, exec, p); err != nil {
			return err
		}
	}
	if err := w.checkAmounts(hasSpec, p); err != nil {
		return err
	}
	refs, bad := w.resolve(ids, loc)
	if err := w.connect(refs, bad, hasSpec, p); err != nil {
		return err
	}
	return w.checkAcyclic(hasSpec, p)
}

// maxCycles bounds the cycles a lenient load breaks one edge at a time.
const maxCycles = 1000

// checkAcyclic reports a cycle of the edges (a task that depends on
// itself through its parents and children) as a bad record naming a
// task on it: a workflow instance is a DAG, and no critical path runs
// through a loop. Lenient, that edge (from a later task to an earlier one
// in the instance's order, the likely mistake) is dropped, and the next
// cycle, if any, reported in turn.
func (w *workflow) checkAcyclic(hasSpec bool, p *source.Problems) error {
	where := "workflow.specification.tasks"
	if !hasSpec {
		where = "workflow.tasks"
	}
	for range maxCycles {
		from, to, ok := w.cycleEdge()
		if !ok {
			return nil
		}
		if err := p.Bad(0, fmt.Sprintf("%s[%d].parents", where, to), w.rows[from].spec.ID, "a task graph without cycles (this parent depends on the task itself through its parents)", nil); err != nil {
			return err
		}
		w.edges = slices.DeleteFunc(w.edges, func(e [2]int) bool { return e[0] == from && e[1] == to })
	}
	return fmt.Errorf("%s: more than %d cycles in the task graph (a lenient load breaks one edge of each)", p.File, maxCycles)
}

// cycleEdge returns an edge of a cycle of w.edges (Kahn's order leaves
// the tasks on or below cycles, each with a parent among them: walking
// up from one meets a task twice, which is on a cycle), or ok false.
func (w *workflow) cycleEdge() (from, to int, ok bool) {
	n := len(w.rows)
	indeg := make([]int32, n)
	// the children of task i are kids[first[i]:first[i+1]] (one array,
	// not a slice per task: an instance may have 200,000 tasks)
	first := make([]int32, n+1)
	for _, e := range w.edges {
		indeg[e[1]]++
		first[e[0]+1]++
	}
	for i := range n {
		first[i+1] += first[i]
	}
	kids, next := make([]int32, len(w.edges)), slices.Clone(first[:n])
	for _, e := range w.edges {
		kids[next[e[0]]] = int32(e[1])
		next[e[0]]++
	}
	queue := make([]int32, 0, n)
	for i := range indeg {
		if indeg[i] == 0 {
			queue = append(queue, int32(i))
		}
	}
	for k := 0; k < len(queue); k++ {
		t := queue[k]
		for _, c := range kids[first[t]:first[t+1]] {
			if indeg[c]--; indeg[c] == 0 {
				queue = append(queue, c)
			}
		}
	}
	if len(queue) == n {
		return 0, 0, false
	}
	parent := make([]int, n)
	start := -1
	for _, e := range w.edges {
		if indeg[e[0]] > 0 && indeg[e[1]] > 0 {
			parent[e[1]], start = e[0], e[1]
		}
	}
	seen := make([]bool, n)
	for !seen[start] {
		seen[start] = true
		start = parent[start]
	}
	// Of the cycle's edges, the one from a later task to an earlier one
	// in the instance's order (a cycle has one) is the likely mistake.
	from, to = parent[start], start
	for t := parent[start]; t != start; t = parent[t] {
		if parent[t] > t {
			from, to = parent[t], t
		}
	}
	if parent[start] > start {
		from, to = parent[start], start
	}
	return from, to, true
}

// pair gives each specification task its execution record (the last
// of the id when several are), reporting the records of no task.
func (w *workflow) pair(ids map[string]int, exec *execution, p *source.Problems) error {
	tasks := make([]*task, 0, exec.Tasks.Len())
	for _, t := range exec.Tasks.All() {
		tasks = append(tasks, t)
	}
	of := make([]int32, len(tasks))
	inParts(len(tasks), func(from, to int) {
		for k := from; k < to; k++ {
			of[k] = lookup(ids, tasks[k].ID)
		}
	})
	for k, t := range tasks {
		if of[k] < 0 {
			if err := p.Bad(0, fmt.Sprintf("workflow.execution.tasks[%d].id", k), t.ID, "the id of a specification task", nil); err != nil {
				return err
			}
			continue
		}
		w.rows[of[k]].exec = t
	}
	return nil
}

// taskRefs are the parents and children of every task resolved to rows:
// task i's parents are at[start[i]:mid[i]], its children at
// at[mid[i]:start[i+1]], -1 for an id no task has.
type taskRefs struct {
	at         []int32
	start, mid []int
}

// resolve looks every task's parents and children up and reads its
// start and end, in parallel; bad holds each task's executedAt error.
func (w *workflow) resolve(ids map[string]int, loc *time.Location) (taskRefs, []error) {
	refs := taskRefs{start: make([]int, len(w.rows)+1), mid: make([]int, len(w.rows))}
	for i, r := range w.rows {
		refs.mid[i] = refs.start[i] + len(r.spec.Parents)
		refs.start[i+1] = refs.mid[i] + len(r.spec.Children)
	}
	refs.at = make([]int32, refs.start[len(w.rows)])
	bad := make([]error, len(w.rows))
	inParts(len(w.rows), func(from, to int) {
		for i := from; i < to; i++ {
			r := &w.rows[i]
			k := refs.start[i]
			for _, list := range [2][]string{r.spec.Parents, r.spec.Children} {
				for _, id := range list {
					refs.at[k] = lookup(ids, id)
					k++
				}
			}
			if r.exec != nil && r.exec.ExecutedAt != "" {
				r.start, r.started, bad[i] = parseTime(r.exec.ExecutedAt, loc)
				if rt := r.exec.RuntimeInSeconds; r.started && rt != nil && !math.IsNaN(*rt) && math.Abs(*rt) < maxRuntime {
					r.end, r.ended = r.start+int64(math.Round(*rt*1e6)), true
				}
			}
		}
	})
	return refs, bad
}

// connect reports, in the tasks' order, the parents and children that
// name no task and the start times that do not read, and makes the edges
// (each once, in the order first named).
func (w *workflow) connect(refs taskRefs, bad []error, hasSpec bool, p *source.Problems) error {
	where := "workflow.specification.tasks"
	if !hasSpec {
		where = "workflow.tasks"
	}
	seen := newEdgeSet(len(refs.at))
	for i := range w.rows {
		r := &w.rows[i]
		for k := refs.start[i]; k < refs.start[i+1]; k++ {
			parent, child, field, list := int(refs.at[k]), i, "parents", r.spec.Parents
			if k >= refs.mid[i] {
				parent, child, field, list = i, int(refs.at[k]), "children", r.spec.Children
			}
			if refs.at[k] < 0 {
				n := k - refs.start[i]
				if field == "children" {
					n = k - refs.mid[i]
				}
				if err := p.Bad(0, fmt.Sprintf("%s[%d].%s", where, i, field), list[n], "the id of a task of the workflow", nil); err != nil {
					return err
				}
				continue
			}
			if seen.add(uint64(parent)<<32 | uint64(uint32(child))) {
				w.edges = append(w.edges, [2]int{parent, child})
			}
		}
		if bad[i] != nil {
			if err := p.Bad(0, fmt.Sprintf("%s[%d].executedAt", where, i), r.exec.ExecutedAt, "an ISO 8601 time", bad[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// lookup is ids[id], -1 when absent.
func lookup(ids map[string]int, id string) int32 {
	if i, ok := ids[id]; ok {
		return int32(i)
	}
	return -1
}

// inParts calls fn on n items cut in one part per core, at once.
func inParts(n int, fn func(from, to int)) {
	parts := min(runtime.GOMAXPROCS(0), max(1, n/4096))
	var wg sync.WaitGroup
	for k := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(n*k/parts, n*(k+1)/parts)
		}()
	}
	wg.Wait()
}

// edgeSet is a set of edges (parent<<32 | child), open addressing with
// linear probing: Go's map took 33 ms for the 360,000 edges of a
// 200,000-task chain, this a fifth of that.
type edgeSet struct {
	slots []uint64 // key+1; 0 is empty
	n     int
	shift uint // 64 - log2(len(slots)): a key's slot is the top bits of its Fibonacci hash
	mask  uint64
}

func newEdgeSet(hint int) *edgeSet {
	bits := uint(4)
	for 1<<bits < 2*hint {
		bits++
	}
	return &edgeSet{slots: make([]uint64, 1<<bits), shift: 64 - bits, mask: 1<<bits - 1}
}

// add adds key and reports whether it was new.
func (s *edgeSet) add(key uint64) bool {
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	for i := (key * 0x9e3779b97f4a7c15) >> s.shift; ; i = (i + 1) & s.mask {
		switch s.slots[i] {
		case 0:
			s.slots[i] = key + 1
			s.n++
			return true
		case key + 1:
			return false
		}
	}
}

func (s *edgeSet) grow() {
	old := s.slots
	*s = *newEdgeSet(len(old))
	for _, k := range old {
		if k != 0 {
			s.add(k - 1)
		}
	}
}
