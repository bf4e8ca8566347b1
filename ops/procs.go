package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// Timeline is EPMT's timeline: the processes ordered by start (stable:
// equal starts keep load order), the first limit of them (all when limit
// <= 0).
func Timeline(procs *frame.Frame, limit int) *frame.Frame {
	if err := requireFrame("Timeline", procs, schema.Procs, "start"); err != nil {
		return frame.WithErr(err)
	}
	out := procs.Sort("start")
	if limit > 0 {
		out = out.Head(limit)
	}
	return wrap("Timeline", out)
}

// ProcsHistogram is EPMT's procs_histogram: over the processes in start
// order, the distinct values of column attr (exename by default) in
// order of first occurrence, each with count (processes) or, when metric
// is given, the sum of that column (e.g. cpu_time in µs). Columns: attr
// and count or metric. Null values are one key, printed as null.
func ProcsHistogram(procs *frame.Frame, attr, metric string) *frame.Frame {
	if attr == "" {
		attr = "exename"
	}
	cols := []string{"start", attr}
	if metric != "" {
		cols = append(cols, metric)
	}
	if err := requireFrame("ProcsHistogram", procs, schema.Procs, cols...); err != nil {
		return frame.WithErr(err)
	}
	p := procs.Sort("start")
	p = p.WithColumn("_order", rowNumbers(p.NumRows()))
	agg := frame.Count().As("count")
	if metric != "" {
		agg = frame.Sum(metric).As(metric)
	}
	out := p.GroupBy(attr).Agg(frame.First("_order").As("_first"), agg).Sort("_first").Drop("_first")
	return wrap("ProcsHistogram", out)
}

func rowNumbers(n int) []int64 {
	r := make([]int64, n)
	for i := range r {
		r[i] = int64(i)
	}
	return r
}

// Root is EPMT's root(job) for every job: the process with the earliest
// start of each job (the first in load order on ties), which is usually
// but not necessarily the tree root. One row per job, in job order.
func Root(procs *frame.Frame) *frame.Frame {
	if err := requireFrame("Root", procs, schema.Procs, "job", "start"); err != nil {
		return frame.WithErr(err)
	}
	p := procs.Sort("job", "start")
	ids := p.GroupBy("job").GroupIDs()
	var rows []int
	for i, g := range ids {
		if i == 0 || ids[i-1] != g {
			rows = append(rows, i)
		}
	}
	return wrap("Root", p.Take(rows))
}

// OpRoots is EPMT's op_roots (docs/semantics.md#roots): of the processes of a
// ProcessTree result matching tag (superset rule), those whose parent
// exists and does not match, ordered by job then start. A matching
// process without a parent is left out, as EPMT's SQL join leaves it out.
// An empty tag is an error.
func OpRoots(tree *frame.Frame, tag string) *frame.Frame {
	if err := require("OpRoots", tree, "ProcessTree adds parent_row to the procs frame", "parent_row", "tags", "job", "start"); err != nil {
		return frame.WithErr(err)
	}
	if tag == "" {
		return frame.Errorf("OpRoots: a tag is required")
	}
	want, err := parseTagList("OpRoots", []string{tag})
	if err != nil {
		return frame.WithErr(err)
	}
	have, err := rowTags("OpRoots", tree)
	if err != nil {
		return frame.WithErr(err)
	}
	parent, parentOK, err := tree.Int64s("parent_row")
	if err != nil {
		return frame.WithErr(fmt.Errorf("OpRoots: %w", err))
	}
	var rows []int
	for i := range have {
		if !tagMatches(have[i], want[0].kv, false) || !parentOK[i] {
			continue
		}
		if !tagMatches(have[parent[i]], want[0].kv, false) {
			rows = append(rows, i)
		}
	}
	return wrap("OpRoots", tree.Take(rows).Sort("job", "start"))
}
