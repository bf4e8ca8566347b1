package ops

import (
	"fmt"
	"sort"

	"github.com/jobframe/jobframe/frame"
)

// dag is one job's task graph: the edges out of each task.
type dag struct {
	nodes    []int64 // in first-seen order
	children map[int64][]int64
	parents  map[int64]int
}

// graphSet holds the task graph of each job of a dependencies frame.
type graphSet struct {
	jobs  []string // sorted ("" for a null job first)
	byJob map[string]*dag
}

// jobGraphs reads a dependencies frame (job, parent, child) into one
// graph per job; rows with a null parent or child are an error.
func jobGraphs(deps *frame.Frame) (*graphSet, error) {
	n := deps.NumRows()
	jobs, jobOK := make([]string, n), make([]bool, n)
	if deps.Has("job") {
		var err error
		if jobs, jobOK, err = deps.Strings("job"); err != nil {
			return nil, err
		}
	}
	parent, pOK, err := deps.Int64s("parent")
	if err != nil {
		return nil, err
	}
	child, cOK, err := deps.Int64s("child")
	if err != nil {
		return nil, err
	}
	g := &graphSet{byJob: map[string]*dag{}}
	for i := 0; i < n; i++ {
		if !pOK[i] || !cOK[i] {
			return nil, fmt.Errorf("dependencies row %d has a null parent or child", i)
		}
		job := ""
		if jobOK[i] {
			job = jobs[i]
		}
		d := g.byJob[job]
		if d == nil {
			d = &dag{children: map[int64][]int64{}, parents: map[int64]int{}}
			g.byJob[job] = d
			g.jobs = append(g.jobs, job)
		}
		for _, t := range []int64{parent[i], child[i]} {
			if _, seen := d.parents[t]; !seen {
				d.parents[t] = 0
				d.nodes = append(d.nodes, t)
			}
		}
		d.children[parent[i]] = append(d.children[parent[i]], child[i])
		d.parents[child[i]]++
	}
	sort.Strings(g.jobs)
	return g, nil
}

// longest returns the path of greatest total weight (a task's weight
// its run time), from a task with no parent to one with no child, by
// dynamic programming over a topological order (Kahn's). Ties go to the
// task seen first. A cycle is an error naming a task on it.
func (d *dag) longest(weight func(int64) float64) ([]int64, error) {
	indeg := make(map[int64]int, len(d.parents))
	var queue []int64
	for _, t := range d.nodes {
		indeg[t] = d.parents[t]
		if indeg[t] == 0 {
			queue = append(queue, t)
		}
	}
	best := make(map[int64]float64, len(d.nodes)) // longest path ending at t
	prev := make(map[int64]int64, len(d.nodes))
	done := 0
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		done++
		best[t] += weight(t)
		for _, c := range d.children[t] {
			if _, ok := prev[c]; !ok || best[t] > best[c] {
				best[c], prev[c] = best[t], t
			}
			if indeg[c]--; indeg[c] == 0 {
				queue = append(queue, c)
			}
		}
	}
	if done < len(d.nodes) {
		return nil, &CycleError{Task: d.onCycle(indeg)}
	}
	var end int64
	found := false
	for _, t := range d.nodes {
		if !found || best[t] > best[end] {
			end, found = t, true
		}
	}
	if !found {
		return nil, nil
	}
	path := []int64{end}
	for {
		p, ok := prev[path[len(path)-1]]
		if !ok {
			break
		}
		path = append(path, p)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path, nil
}

// CycleError is a task graph that is not acyclic: no critical path can be
// taken through it. A WfCommons instance or task graph whose parents and
// children loop is one.
type CycleError struct {
	// Job is the job whose graph it is ("" for one graph).
	Job string
	// Task is a task on the cycle.
	Task int64
}

// Error names the job and a task on the cycle.
func (e *CycleError) Error() string {
	if e.Job == "" {
		return fmt.Sprintf("the task graph has a cycle through task %d", e.Task)
	}
	return fmt.Sprintf("the task graph of job %q has a cycle through task %d", e.Job, e.Task)
}

// onCycle returns a task on a cycle of the tasks Kahn's order left
// (indeg > 0): each has a parent among them, so walking up from one
// meets a task twice, and that task is on a cycle.
func (d *dag) onCycle(indeg map[int64]int) int64 {
	parentOf := map[int64]int64{}
	for _, t := range d.nodes {
		if indeg[t] == 0 {
			continue
		}
		for _, c := range d.children[t] {
			if indeg[c] > 0 {
				parentOf[c] = t
			}
		}
	}
	var t int64
	for _, n := range d.nodes {
		if indeg[n] > 0 {
			t = n
			break
		}
	}
	seen := map[int64]bool{}
	for !seen[t] {
		seen[t] = true
		t = parentOf[t]
	}
	return t
}
