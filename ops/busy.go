package ops

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/jobframe/jobframe/frame"
)

// Busy returns the step series of the amount of a resource held by
// running attempts: each placement (an attempt's share on one worker)
// adds its amount of column resource (cpus, gpus, mem_mb, ...) at its
// start and removes it at its end (never, when the end is null: still
// running when the log ends). Placements with a null start are left out.
//
// The series has one point per log record that changed at least one
// share (semantics.md §1.3): a HyperQueue worker loss that silently
// re-queues several tasks, or a cancel of many tasks, is one point, and
// points keep the log's order when times tie. Records are told apart by
// the placements' start_line and end_line columns (every cctools and
// HyperQueue loader fills them); without them, changes at equal times
// form one point. Columns: time and value (the amount held just after
// time). Amounts are allocations, not measured usage. The series starts
// at the first change; semantics.md's HyperQueue figures also count a
// first point (start of log, 0).
func Busy(placements *frame.Frame, resource string) *frame.Frame {
	if err := require("Busy", placements, "the placements frame of the hyperqueue, workqueue and taskvine loaders has them", "start", "end", resource); err != nil {
		return frame.WithErr(err)
	}
	p := placements.Where("start", "not-null", nil)
	start, _, err := p.Micros("start")
	if err != nil {
		return frame.WithErr(fmt.Errorf("Busy: %w", err))
	}
	end, endOK, err := p.Micros("end")
	if err != nil {
		return frame.WithErr(fmt.Errorf("Busy: %w", err))
	}
	amount, amountOK, err := p.Float64s(resource)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Busy: %w", err))
	}
	hasLines := p.Has("start_line") && p.Has("end_line")
	var sl, el []int64
	var elOK []bool
	if hasLines {
		if sl, _, err = p.Int64s("start_line"); err != nil {
			return frame.WithErr(fmt.Errorf("Busy: %w", err))
		}
		if el, elOK, err = p.Int64s("end_line"); err != nil {
			return frame.WithErr(fmt.Errorf("Busy: %w", err))
		}
	}
	type change struct {
		key   int64 // the record's line, or its time
		time  int64
		delta float64
	}
	changes := make([]change, 0, 2*len(start))
	for i := range start {
		if !amountOK[i] {
			continue
		}
		k := start[i]
		if hasLines {
			k = sl[i]
		}
		changes = append(changes, change{k, start[i], amount[i]})
		if endOK[i] {
			k = end[i]
			if hasLines && elOK[i] {
				k = el[i]
			}
			changes = append(changes, change{k, end[i], -amount[i]})
		}
	}
	slices.SortStableFunc(changes, func(a, b change) int { return cmp.Compare(a.key, b.key) })
	var times []int64
	var values []float64
	busy := 0.0
	for i := 0; i < len(changes); {
		j := i
		for j < len(changes) && changes[j].key == changes[i].key {
			busy += changes[j].delta
			j++
		}
		times = append(times, changes[i].time)
		values = append(values, busy)
		i = j
	}
	return frame.New(frame.MicrosCol("time", times, nil), frame.Float64Col("value", values, nil))
}
