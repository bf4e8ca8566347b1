package ops

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// ProcessTree adds EPMT's process-tree columns to a procs frame
// (docs/semantics.md#the-process-tree). Within each job and host, a process's parent is
// the process whose pid is its ppid; a ppid that is no pid of the job
// (1, or a process outside the job) makes it a root — there is no
// re-parenting. When a pid was reused, the candidates are taken in start
// order and the first whose end is after the child's start wins; when
// none qualifies (EPMT raises) the process is a root and is counted in
// unresolved. Depth is the number of ancestors found by following ppids,
// each one resolved against the original process. Added columns:
// parent_row (the parent's row, null for a root), depth, children (direct
// children), descendants, and inclusive_cpu_time (cpu_time plus that of
// every descendant, µs).
func ProcessTree(procs *frame.Frame) (tree *frame.Frame, unresolved int) {
	if err := requireFrame("ProcessTree", procs, schema.Procs, "job", "host", "pid", "ppid", "start", "end", "cpu_time"); err != nil {
		return frame.WithErr(err), 0
	}
	job, _, err1 := procs.Strings("job")
	host, _, err2 := procs.Strings("host")
	pid, _, err3 := procs.Int64s("pid")
	ppid, ppidOK, err4 := procs.Int64s("ppid")
	start, _, err5 := procs.Micros("start")
	end, _, err6 := procs.Micros("end")
	cpu, _, err7 := procs.Float64s("cpu_time")
	if err := firstErr(err1, err2, err3, err4, err5, err6, err7); err != nil {
		return frame.WithErr(fmt.Errorf("ProcessTree: %w", err)), 0
	}
	n := len(pid)
	type key struct {
		job, host string
		pid       int64
	}
	byPid := map[key][]int{}
	for i := range pid {
		k := key{job[i], host[i], pid[i]}
		byPid[k] = append(byPid[k], i)
	}
	for _, rows := range byPid {
		slices.SortStableFunc(rows, func(a, b int) int { return cmp.Compare(start[a], start[b]) })
	}
	// resolve returns the process with pid p that was alive when row i
	// started, or -1.
	resolve := func(i int, p int64) int {
		cands := byPid[key{job[i], host[i], p}]
		if len(cands) == 1 {
			return cands[0]
		}
		for _, c := range cands {
			if end[c] > start[i] {
				return c
			}
		}
		return -1
	}
	parent := make([]int64, n)
	parentOK := make([]bool, n)
	depth := make([]int64, n)
	children := make([]int64, n)
	desc := make([]int64, n)
	incl := append([]float64(nil), cpu...)
	for i := 0; i < n; i++ {
		if !ppidOK[i] {
			continue
		}
		if _, ok := byPid[key{job[i], host[i], ppid[i]}]; !ok {
			continue
		}
		par := resolve(i, ppid[i])
		if par < 0 {
			unresolved++
			continue
		}
		parent[i], parentOK[i] = int64(par), true
		children[par]++
		// climb: each ancestor resolved against the original process
		seen := map[int]bool{i: true}
		a := ppid[i]
		aOK := true
		for aOK {
			if _, ok := byPid[key{job[i], host[i], a}]; !ok {
				break
			}
			anc := resolve(i, a)
			if anc < 0 || seen[anc] {
				break // unresolvable, or a pid cycle
			}
			seen[anc] = true
			depth[i]++
			desc[anc]++
			incl[anc] += cpu[i]
			a, aOK = ppid[anc], ppidOK[anc]
		}
	}
	out := procs.WithColumn("parent_row", frame.Int64Col("parent_row", parent, parentOK)).
		WithColumn("depth", depth).WithColumn("children", children).
		WithColumn("descendants", desc).WithColumn("inclusive_cpu_time", incl)
	return out, unresolved
}

// Roots returns the processes without a parent in the tree (a
// ProcessTree result), ordered by start (then by row), as EPMT's
// get_roots.
func Roots(tree *frame.Frame) *frame.Frame {
	if err := require("Roots", tree, "ProcessTree adds parent_row", "parent_row", "start"); err != nil {
		return frame.WithErr(err)
	}
	return tree.Where("parent_row", "is-null", nil).Sort("start")
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
