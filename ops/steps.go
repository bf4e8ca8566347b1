package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
)

// change is one step of a series: delta added at time, ordered by key
// (the log record's line, or the time itself).
type change struct {
	key   int64
	time  int64
	delta float64
}

// stepSeries sorts changes stably by key and sums them into a series
// with one point per distinct key: the time of the key's first change
// and the running total after all of that key's changes.
func stepSeries(changes []change) *frame.Frame {
	sortStableByKey(changes, func(c *change) uint64 { return int64Key(c.key) })
	var times []int64
	var values []float64
	total := 0.0
	for i := 0; i < len(changes); {
		j := i
		for j < len(changes) && changes[j].key == changes[i].key {
			total += changes[j].delta
			j++
		}
		times = append(times, changes[i].time)
		values = append(values, total)
		i = j
	}
	return frame.New(frame.MicrosCol("time", times, nil), frame.Float64Col("value", values, nil))
}

// Steps returns the step series of Σ amount over the rows of f that hold
// at each moment: a row adds its amount at its start and removes it at
// its end (never, when end is null: still held when the log ends). Rows
// with a null start or a null amount are left out. amount "" counts each
// row as 1. Changes at equal times form one point. Columns: time, and
// value (the total just after time, in the unit of amount). Busy,
// Capacity and Concurrency are Steps over their frames.
func Steps(f *frame.Frame, start, end, amount string) *frame.Frame {
	cols := []string{start, end}
	if amount != "" {
		cols = append(cols, amount)
	}
	if err := require("Steps", f, "any frame with a start and an end time column", cols...); err != nil {
		return frame.WithErr(err)
	}
	changes, err := intervalChanges("Steps", f, start, end, amount, "", "")
	if err != nil {
		return frame.WithErr(err)
	}
	return stepSeries(changes)
}

// intervalChanges turns the rows of f into +amount at start and −amount
// at end. With startKey and endKey (line columns) the changes are keyed by
// the record that made them; otherwise by time.
func intervalChanges(op string, f *frame.Frame, start, end, amount, startKey, endKey string) ([]change, error) {
	s, sOK, err := f.Micros(start)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	e, eOK, err := f.Micros(end)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	var a []float64
	var aOK []bool
	if amount != "" {
		if a, aOK, err = f.Float64s(amount); err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
	}
	var sk, ek []int64
	var ekOK []bool
	if startKey != "" {
		if sk, _, err = f.Int64s(startKey); err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		if ek, ekOK, err = f.Int64s(endKey); err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
	}
	changes := make([]change, 0, 2*len(s))
	for i := range s {
		if !sOK[i] || (a != nil && !aOK[i]) {
			continue
		}
		v := 1.0
		if a != nil {
			v = a[i]
		}
		k := s[i]
		if sk != nil {
			k = sk[i]
		}
		changes = append(changes, change{k, s[i], v})
		if eOK[i] {
			k = e[i]
			if ek != nil && ekOK[i] {
				k = ek[i]
			}
			changes = append(changes, change{k, e[i], -v})
		}
	}
	return changes, nil
}
