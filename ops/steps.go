package ops

import (
	"fmt"
	"math"

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
	cs := streamOf(changes)
	if keys, ok := countable(cs); ok {
		return countedSteps(cs, cs.lo, keys)
	}
	return sortedSteps(changes) // sorted where they are
}

// streamOf is the stream of a slice of changes, in its order.
func streamOf(changes []change) changeStream {
	return newStream(func(emit func(change)) {
		for _, c := range changes {
			emit(c)
		}
	})
}

// changeStream yields the changes of a series: each emits all n of them,
// in the same order every time it is called; lo and hi are their least
// and greatest keys (when n > 0).
type changeStream struct {
	n      int
	lo, hi int64
	each   func(emit func(change))
}

// newStream measures the changes each emits (their number and key range)
// and returns them as a stream.
func newStream(each func(emit func(change))) changeStream {
	cs := changeStream{each: each}
	each(func(c change) {
		if cs.n == 0 {
			cs.lo, cs.hi = c.key, c.key
		}
		cs.lo, cs.hi = min(cs.lo, c.key), max(cs.hi, c.key)
		cs.n++
	})
	return cs
}

// streamSteps is stepSeries over a stream: keys of a short range (a
// journal's lines) are counting sorted straight from the stream, with
// no slice of the changes; others are collected and radix sorted.
func streamSteps(cs changeStream) *frame.Frame {
	if keys, ok := countable(cs); ok {
		return countedSteps(cs, cs.lo, keys)
	}
	changes := make([]change, 0, cs.n)
	cs.each(func(c change) { changes = append(changes, c) })
	return sortedSteps(changes)
}

// countable returns the number of keys from lo to hi when they are few
// enough for a counting sort (at most about twice the changes), and the
// stream is not empty.
func countable(cs changeStream) (keys int, ok bool) {
	if cs.n == 0 {
		return 0, false
	}
	span := uint64(cs.hi - cs.lo)
	return int(span) + 1, span < uint64(2*cs.n)+1<<16 && cs.n < math.MaxInt32
}

// sortedSteps is stepSeries for keys of any range (times, say): a radix
// sort of the changes.
func sortedSteps(changes []change) *frame.Frame {
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

// countedSteps is stepSeries for keys within lo, lo+1, ..., lo+keys-1
// (journal lines, say): a counting sort places each change's time and
// delta in key order, stably, and the points are then written over them
// in place (a key's point is never after its first change), so no
// buffer but the bucket counts is needed beside the result.
func countedSteps(cs changeStream, lo int64, keys int) *frame.Frame {
	at := make([]int32, keys+1) // at[k]: the first place of key k, then past its last
	cs.each(func(c change) { at[c.key-lo+1]++ })
	for k := 1; k <= keys; k++ {
		at[k] += at[k-1]
	}
	times := make([]int64, cs.n)
	deltas := make([]float64, cs.n)
	cs.each(func(c change) {
		j := &at[c.key-lo]
		times[*j], deltas[*j] = c.time, c.delta
		*j++
	})
	p, from := 0, 0
	total := 0.0
	for k := range keys {
		to := int(at[k])
		if to == from {
			continue
		}
		first := times[from]
		for _, d := range deltas[from:to] {
			total += d
		}
		times[p], deltas[p] = first, total
		p++
		from = to
	}
	return frame.New(frame.MicrosCol("time", times[:p:p], nil), frame.Float64Col("value", deltas[:p:p], nil))
}

// Steps returns the step series of Σ amount over the rows of f that hold
// at each moment: a row adds its amount at its start and removes it at
// its end (never, when end is null: still held when the log ends). Rows
// with a null start or a null amount are left out. amount "" counts each
// row as 1. Changes at equal times form one point. Columns: time, and
// value (the total just after time, in the unit of amount). Busy,
// Capacity and Concurrency are Steps over their frames. Several runs (a
// "run" column) merge as Busy's do: each run drops out after its last
// point.
func Steps(f *frame.Frame, start, end, amount string) *frame.Frame {
	cols := []string{start, end}
	if amount != "" {
		cols = append(cols, amount)
	}
	if err := require("Steps", f, "any frame with a start and an end time column", cols...); err != nil {
		return frame.WithErr(err)
	}
	return perRun("Steps", f, func(p *frame.Frame) *frame.Frame {
		changes, err := intervalChanges("Steps", p, start, end, amount, "", "")
		if err != nil {
			return frame.WithErr(err)
		}
		return streamSteps(changes)
	})
}

// intervalChanges turns the rows of f into +amount at start and −amount
// at end, as a stream read from the columns where they are. With
// startKey and endKey (line columns) the changes are keyed by the record
// that made them; otherwise by time.
func intervalChanges(op string, f *frame.Frame, start, end, amount, startKey, endKey string) (changeStream, error) {
	s, sOK, err := f.Micros(start)
	if err != nil {
		return changeStream{}, fmt.Errorf("%s: %w", op, err)
	}
	e, eOK, err := f.Micros(end)
	if err != nil {
		return changeStream{}, fmt.Errorf("%s: %w", op, err)
	}
	var a []float64
	var aOK []bool
	if amount != "" {
		if a, aOK, err = f.Float64s(amount); err != nil {
			return changeStream{}, fmt.Errorf("%s: %w", op, err)
		}
	}
	var sk, ek []int64
	var ekOK []bool
	if startKey != "" {
		if sk, _, err = f.Int64s(startKey); err != nil {
			return changeStream{}, fmt.Errorf("%s: %w", op, err)
		}
		if ek, ekOK, err = f.Int64s(endKey); err != nil {
			return changeStream{}, fmt.Errorf("%s: %w", op, err)
		}
	}
	each := func(emit func(change)) {
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
			emit(change{k, s[i], v})
			if eOK[i] {
				k = e[i]
				if ek != nil && ekOK[i] {
					k = ek[i]
				}
				emit(change{k, e[i], -v})
			}
		}
	}
	return newStream(each), nil
}
