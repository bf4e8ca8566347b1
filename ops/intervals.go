package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
)

// Intervals summarises the time intervals [start, end] of the rows of
// each group of equal values of the by columns (all rows when by is
// empty), with EPMT's Operation semantics (docs/semantics.md#operations):
//
//   - count: the number of rows;
//   - sum_us: Σ (end − start), overlaps counted twice;
//   - sum_minus_overlap_us: the length of the union of the intervals;
//     intervals are merged in start order, and one that starts at or
//     before the end of the current merged interval joins it (touching
//     intervals merge);
//   - finish_minus_start_us: max end − min start;
//   - runs: the number of merged intervals, contiguous: runs == 1;
//   - start, end: min start and max end.
//
// Durations are whole µs (int64); EPMT rounds the same values to 0.1 µs,
// which changes nothing for µs inputs. Rows with a null start or end are
// left out. Groups come in sorted key order.
func Intervals(f *frame.Frame, start, end string, by ...string) *frame.Frame {
	if err := require("Intervals", f, "the procs and tasks frames have them", append([]string{start, end}, by...)...); err != nil {
		return frame.WithErr(err)
	}
	f = f.Where(start, "not-null", nil).Where(end, "not-null", nil)
	s, _, err := f.Micros(start)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Intervals: %w", err))
	}
	e, _, err := f.Micros(end)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Intervals: %w", err))
	}
	var gid []int32
	var keys *frame.Frame
	ng := 1
	if len(by) > 0 {
		g := f.GroupBy(by...)
		keys = g.Agg()
		if keys.Err() != nil {
			return frame.WithErr(fmt.Errorf("Intervals: %w", keys.Err()))
		}
		gid, ng = g.GroupIDs(), g.NumGroups()
	} else {
		gid = make([]int32, f.NumRows())
		keys = frame.New()
		if f.NumRows() == 0 {
			ng = 0
		}
	}
	// each group's rows, in row order: one slice cut by group
	// (a counting sort of the rows by group id)
	from := make([]int, ng+1)
	for _, k := range gid {
		from[k+1]++
	}
	for k := range ng {
		from[k+1] += from[k]
	}
	order := make([]int, len(gid))
	next := append([]int(nil), from[:ng]...)
	for i, k := range gid {
		order[next[k]] = i
		next[k]++
	}
	members := make([][]int, ng)
	for k := range members {
		members[k] = order[from[k]:from[k+1]:from[k+1]]
	}
	count := make([]int64, ng)
	sum := make([]int64, ng)
	smo := make([]int64, ng)
	fms := make([]int64, ng)
	runs := make([]int64, ng)
	first := make([]int64, ng)
	last := make([]int64, ng)
	contiguous := make([]bool, ng)
	for k, rows := range members {
		if len(rows) == 0 {
			continue
		}
		count[k] = int64(len(rows))
		first[k], last[k] = s[rows[0]], e[rows[0]]
		for _, r := range rows {
			sum[k] += e[r] - s[r]
			first[k], last[k] = min(first[k], s[r]), max(last[k], e[r])
		}
		smo[k], runs[k] = mergeIntervals(rows, s, e)
		fms[k] = last[k] - first[k]
		contiguous[k] = runs[k] == 1
	}
	cols := keys.Columns()
	cols = append(cols,
		frame.Int64Col("count", count, nil), frame.Int64Col("sum_us", sum, nil),
		frame.Int64Col("sum_minus_overlap_us", smo, nil), frame.Int64Col("finish_minus_start_us", fms, nil),
		frame.Int64Col("runs", runs, nil), frame.BoolCol("contiguous", contiguous, nil),
		frame.MicrosCol("start", first, nil), frame.MicrosCol("end", last, nil))
	return frame.New(cols...)
}

// mergeIntervals is EPMT's merge_intervals over the intervals [start,
// end] of rows (non-empty; sorted in place by start, stably): an interval
// that starts at or before the end of the current merged one joins it
// (touching intervals merge). It returns the length of the union and the
// number of merged intervals.
func mergeIntervals(rows []int, start, end []int64) (union, runs int64) {
	sortStableByKey(rows, func(r *int) uint64 { return int64Key(start[*r]) })
	curS, curE := start[rows[0]], end[rows[0]]
	for _, r := range rows[1:] {
		if start[r] <= curE {
			curE = max(curE, end[r])
			continue
		}
		union += curE - curS
		runs++
		curS, curE = start[r], end[r]
	}
	return union + curE - curS, runs + 1
}
