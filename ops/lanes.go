package ops

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/jobframe/jobframe/frame"
)

// Lanes gives each bar of a timeline (a frame with columns worker, start
// and end, as Gantt returns it) a lane within its worker, so that no two
// bars of one lane overlap in time: column lane (int64, from 1) and
// lanes (the number of lanes of the bar's worker). Bars are placed in
// order of start, each in the lowest lane of its worker that is free at
// its start (a bar ending at t frees its lane for a bar starting at t);
// a bar with a null end holds its lane to the end. So a worker has as
// many lanes as attempts ever ran on it at once: its slots. Rows keep
// their order; bars with a null start are in lane 0.
func Lanes(bars *frame.Frame) *frame.Frame {
	if err := require("Lanes", bars, "Gantt returns them", "worker", "start", "end"); err != nil {
		return frame.WithErr(err)
	}
	order, err := bars.SortIndex("worker", "start")
	if err != nil {
		return frame.WithErr(fmt.Errorf("Lanes: %w", err))
	}
	t, err := barTimes(bars)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Lanes: %w", err))
	}
	lane := make([]int64, bars.NumRows())
	count := make([]int64, bars.NumRows())
	var chunk []laneBar
	var lanes []int32
	for i := 0; i < len(order); { // a worker's bars are together, by start
		j := i
		for j < len(order) && t.workers[order[i]] == t.workers[order[j]] {
			j++
		}
		chunk = chunk[:0]
		for _, r := range order[i:j] {
			chunk = gather(t, chunk, r)
		}
		lanes = slices.Grow(lanes[:0], j-i)[:j-i]
		n := placeLanes(chunk, lanes)
		for k, r := range order[i:j] {
			if chunk[k].started {
				lane[r], count[r] = int64(lanes[k]), int64(n)
			}
		}
		i = j
	}
	return bars.WithColumn("lane", frame.Int64Col("lane", lane, nil)).WithColumn("lanes", frame.Int64Col("lanes", count, nil))
}

// lanesOf is Lanes of the bars of t that rows lists (rows of bars,
// each at most once; nil: every row) without adding columns: lane
// (from 1) and lanes of the bar at each place of rows (0 for a bar
// without a start), and its worker group. A worker's bars are placed in
// order of start, a tie in the order rows gives them, so it is
// Lanes(bars.Take(rows)). A timeline of 10M bars holds 80 MB of lanes,
// not a sorted copy of its columns and 160 MB more; a worker's bars are
// gathered, then placed, so rows in an order far from the frame's (by
// worker) cost one read of each column.
func lanesOf(t lanedBars, rows []int32) (lane, lanes, group []int32) {
	n := len(rows)
	if rows == nil {
		n = len(t.workers)
	}
	at := func(k int) int32 {
		if rows == nil {
			return int32(k)
		}
		return rows[k]
	}
	group = make([]int32, n) // each place's worker, read once
	for k := range n {
		group[k] = t.workers[at(k)]
	}
	lane, lanes = make([]int32, n), make([]int32, n)
	var chunk []laneBar
	var got []int32
	workerPlaces(group, func(places []int32) {
		chunk = chunk[:0]
		for _, k := range places {
			chunk = gather(t, chunk, at(int(k)))
		}
		if !slices.IsSortedFunc(chunk, laneBar.compare) { // by start, a tie in rows' order
			chunk, places = byStart(chunk, places)
		}
		got = slices.Grow(got[:0], len(chunk))[:len(chunk)]
		count := int32(placeLanes(chunk, got))
		for k, p := range places {
			if chunk[k].started {
				lane[p], lanes[p] = got[k], count
			}
		}
	})
	return lane, lanes, group
}

// workerPlaces calls each with the places of each worker's bars (their
// places in order), given the worker group of each place. A worker's
// places are most often together (rows by worker, as Gantt orders
// them): they are then handed a run at a time, without a sort.
func workerPlaces(group []int32, each func(places []int32)) {
	groups := 0
	for _, g := range group {
		groups = max(groups, int(g)+1)
	}
	seen, together := make([]bool, groups), true // each group's places one run
	var runs [][2]int
	for k := 0; k < len(group) && together; {
		j := k
		for j < len(group) && group[j] == group[k] {
			j++
		}
		together, seen[group[k]] = !seen[group[k]], true
		runs = append(runs, [2]int{k, j})
		k = j
	}
	if together {
		var places []int32
		for _, r := range runs {
			places = places[:0]
			for p := r[0]; p < r[1]; p++ {
				places = append(places, int32(p))
			}
			each(places)
		}
		return
	}
	from := make([]int, groups+1) // each group's first place in seq
	for _, g := range group {
		from[g+1]++
	}
	for g := range groups {
		from[g+1] += from[g]
	}
	seq, next := make([]int32, len(group)), slices.Clone(from[:groups])
	for k, g := range group {
		seq[next[g]] = int32(k)
		next[g]++
	}
	for g := range groups {
		if from[g] < from[g+1] {
			each(seq[from[g]:from[g+1]:from[g+1]])
		}
	}
}

// byStart returns the bars of one worker and their places sorted by
// start, a tie in their order.
func byStart(chunk []laneBar, places []int32) ([]laneBar, []int32) {
	perm := make([]int, len(chunk))
	for k := range perm {
		perm[k] = k
	}
	slices.SortStableFunc(perm, func(a, b int) int { return chunk[a].compare(chunk[b]) })
	bars, at := make([]laneBar, len(chunk)), make([]int32, len(places))
	for k, s := range perm {
		bars[k], at[k] = chunk[s], places[s]
	}
	return bars, at
}

// laneBar is a bar as lanes are placed: its start and end (µs; an end
// at least the start, MaxInt64 when null).
type laneBar struct {
	start, end int64
	started    bool
}

// compare orders bars by start, those without one last.
func (a laneBar) compare(b laneBar) int {
	switch {
	case a.started && b.started:
		return cmp.Compare(a.start, b.start)
	case a.started == b.started:
		return 0
	case a.started:
		return -1
	}
	return 1
}

// placeLanes places the bars of one worker, by start, each in the
// lowest lane free at its start (a bar ending at t frees its lane for
// a bar starting at t; a null end holds it to the end): lane receives
// each bar's lane from 1 (0 without a start); it returns the lanes in
// all.
func placeLanes(bars []laneBar, lane []int32) int {
	free := []int64{} // per lane, the time it is free from
	for i, b := range bars {
		if !b.started {
			lane[i] = 0
			continue
		}
		k := 0
		for k < len(free) && free[k] > b.start {
			k++
		}
		if k == len(free) {
			free = append(free, 0)
		}
		free[k] = b.end
		lane[i] = int32(k + 1)
	}
	return len(free)
}

// lanedBars are what lanes are computed from: each bar's worker group
// (workerGroups) and times (stOK and enOK nil when no time is null: a
// bar is then read from two columns, not four), and each group's
// worker.
type lanedBars struct {
	workers    []int32
	st, en     []int64
	stOK, enOK []bool
	names      []string
	named      []bool
}

// barTimes reads the worker groups and times of bars.
func barTimes(bars *frame.Frame) (lanedBars, error) {
	workers, names, named, err1 := workerGroups(bars)
	st, stOK, err2 := bars.Micros("start")
	en, enOK, err3 := bars.Micros("end")
	return lanedBars{workers, st, en, allOrNil(stOK), allOrNil(enOK), names, named}, firstErr(err1, err2, err3)
}

// gather appends the bar of row r to out.
func gather[I int | int32](t lanedBars, out []laneBar, r I) []laneBar {
	b := laneBar{start: t.st[r], end: math.MaxInt64, started: t.stOK == nil || t.stOK[r]}
	if t.enOK == nil || t.enOK[r] {
		b.end = max(t.en[r], t.st[r])
	}
	return append(out, b)
}

// allOrNil returns valid, or nil when every value is valid.
func allOrNil(valid []bool) []bool {
	if slices.Contains(valid, false) {
		return valid
	}
	return nil
}

// workerGroups returns, per row of bars, a number its worker's rows
// share (nulls together): 4 bytes a row rather than a string's 16; and
// each group's worker (named false for the nulls).
func workerGroups(bars *frame.Frame) (ids []int32, workers []string, named []bool, err error) {
	t, err := bars.Type("worker")
	if err != nil {
		return nil, nil, nil, err
	}
	if t != frame.String {
		return nil, nil, nil, fmt.Errorf("column worker is %v, want string", t)
	}
	g := bars.GroupBy("worker")
	if workers, named, err = g.Agg(frame.Count()).Strings("worker"); err != nil {
		return nil, nil, nil, err
	}
	return g.GroupIDs(), workers, named, nil
}
