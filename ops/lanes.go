package ops

import (
	"fmt"
	"math"

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
	workers, err1 := workerGroups(bars)
	st, stOK, err2 := bars.Micros("start")
	en, enOK, err3 := bars.Micros("end")
	if err := firstErr(err1, err2, err3); err != nil {
		return frame.WithErr(fmt.Errorf("Lanes: %w", err))
	}
	lane := make([]int64, len(st))
	count := make([]int64, len(st))
	for i := 0; i < len(order); {
		j := i
		for j < len(order) && workers[order[i]] == workers[order[j]] {
			j++
		}
		free := []int64{} // per lane, the time it is free from
		for _, r := range order[i:j] {
			if !stOK[r] {
				continue
			}
			end := int64(math.MaxInt64)
			if enOK[r] {
				end = max(en[r], st[r])
			}
			k := 0
			for k < len(free) && free[k] > st[r] {
				k++
			}
			if k == len(free) {
				free = append(free, 0)
			}
			free[k] = end
			lane[r] = int64(k + 1)
		}
		for _, r := range order[i:j] { // the worker's placed bars: its lanes in all
			if stOK[r] {
				count[r] = int64(len(free))
			}
		}
		i = j
	}
	return bars.WithColumn("lane", frame.Int64Col("lane", lane, nil)).WithColumn("lanes", frame.Int64Col("lanes", count, nil))
}

// workerGroups returns, per row of bars, a number its worker's rows
// share (nulls together): 4 bytes a row rather than a string's 16.
func workerGroups(bars *frame.Frame) ([]int32, error) {
	t, err := bars.Type("worker")
	if err != nil {
		return nil, err
	}
	if t != frame.String {
		return nil, fmt.Errorf("column worker is %v, want string", t)
	}
	g := bars.GroupBy("worker")
	if err := g.Agg(frame.Count()).Err(); err != nil {
		return nil, err
	}
	return g.GroupIDs(), nil
}
