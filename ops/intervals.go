package ops

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/jobframe/jobframe/frame"
)

// Intervals summarises the time intervals [start, end] of the rows of
// each group of equal values of the by columns (all rows when by is
// empty), with EPMT's Operation semantics (semantics.md §4.4):
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
	if err := require("Intervals", f, "EPMT procs, and the tasks of every loader, have start and end", append([]string{start, end}, by...)...); err != nil {
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
	members := make([][]int, ng)
	for i, k := range gid {
		members[k] = append(members[k], i)
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
		slices.SortStableFunc(rows, func(a, b int) int { return cmp.Compare(s[a], s[b]) })
		count[k] = int64(len(rows))
		curS, curE := s[rows[0]], e[rows[0]]
		first[k], last[k] = curS, curE
		for _, r := range rows {
			sum[k] += e[r] - s[r]
			last[k] = max(last[k], e[r])
			if s[r] <= curE { // touching intervals merge
				curE = max(curE, e[r])
				continue
			}
			smo[k] += curE - curS
			runs[k]++
			curS, curE = s[r], e[r]
		}
		smo[k] += curE - curS
		runs[k]++
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
