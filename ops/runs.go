package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
)

// runParts splits f by its "run" column (loaders.Open gives every frame
// of a load one, naming the run each row came from) into one frame per
// run, in order of first appearance (rows with a null run last, as one
// run). It returns nil when f has no run column or holds one run, so that
// callers work on f itself.
func runParts(op string, f *frame.Frame) ([]*frame.Frame, error) {
	if !f.Has("run") || f.NumRows() == 0 {
		return nil, nil
	}
	g := f.GroupBy("run")
	if g.NumGroups() < 2 {
		return nil, nil
	}
	ids := g.GroupIDs()
	members := make([][]int, g.NumGroups()+1) // the last: rows with a null run, a run of their own
	for i, k := range ids {
		if k < 0 {
			k = int32(len(members) - 1)
		}
		members[k] = append(members[k], i)
	}
	if len(members[len(members)-1]) == 0 {
		members = members[:len(members)-1]
	}
	parts := make([]*frame.Frame, len(members))
	for k, rows := range members {
		parts[k] = f.Take(rows)
		if err := parts[k].Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
	}
	return parts, nil
}

// perRun computes series over each run of f and merges the runs' level
// series (mergeLevels over column value); a frame of one run goes to
// series whole.
func perRun(op string, f *frame.Frame, series func(*frame.Frame) *frame.Frame) *frame.Frame {
	return perRunCols(op, f, []string{"value"}, series)
}

// perRunCols is perRun for series with the value columns cols.
func perRunCols(op string, f *frame.Frame, cols []string, series func(*frame.Frame) *frame.Frame) *frame.Frame {
	parts, err := runParts(op, f)
	if err != nil {
		return frame.WithErr(err)
	}
	if parts == nil {
		return series(f)
	}
	out := make([]*frame.Frame, len(parts))
	for k, p := range parts {
		if out[k] = series(p); out[k].Err() != nil {
			return out[k]
		}
	}
	return mergeLevels(op, out, cols)
}

// mergeLevels adds up step series of separate runs (column time and the
// value columns cols, each series in its own order) into one series in
// time order: a point for every point of every run (ties in run order),
// each value the sum of each run's latest. A run counts from its first
// point until its last: there it adds its last values for that instant
// and drops to 0 right after (a second point at the same time), so that
// nothing a run held when its log ended is carried over the time between
// runs. So the Integral of the result is the sum of the runs' Integrals,
// and its peak is at least each run's.
func mergeLevels(op string, series []*frame.Frame, cols []string) *frame.Frame {
	type point struct {
		time int64
		run  int32
		row  int32
		last bool
	}
	var pts []point
	vals := make([][][]float64, len(series)) // run, column, row
	for k, s := range series {
		t, _, err := s.Micros("time")
		if err != nil {
			return frame.WithErr(fmt.Errorf("%s: %w", op, err))
		}
		vals[k] = make([][]float64, len(cols))
		for c, name := range cols {
			v, ok, err := s.Float64s(name)
			if err != nil {
				return frame.WithErr(fmt.Errorf("%s: %w", op, err))
			}
			vals[k][c] = make([]float64, len(v))
			for i := range v {
				if ok[i] {
					vals[k][c][i] = v[i]
				}
			}
		}
		for i := range t {
			pts = append(pts, point{t[i], int32(k), int32(i), i == len(t)-1})
		}
	}
	sortStableByKey(pts, func(p *point) uint64 { return int64Key(p.time) })
	cur := make([][]float64, len(series))
	for k := range cur {
		cur[k] = make([]float64, len(cols))
	}
	total := make([]float64, len(cols))
	times := make([]int64, 0, len(pts)+len(series))
	values := make([][]float64, len(cols))
	emit := func(t int64) {
		times = append(times, t)
		for c := range cols {
			values[c] = append(values[c], total[c])
		}
	}
	for i, p := range pts {
		held := false
		for c := range cols {
			v := vals[p.run][c][p.row]
			total[c] += v - cur[p.run][c]
			cur[p.run][c] = v
			held = held || v != 0
		}
		emit(p.time)
		if p.last && held && i < len(pts)-1 {
			for c := range cols {
				total[c] -= cur[p.run][c]
				cur[p.run][c] = 0
			}
			emit(p.time)
		}
	}
	out := []frame.Column{frame.MicrosCol("time", times, nil)}
	for c, name := range cols {
		out = append(out, frame.Float64Col(name, values[c], nil))
	}
	return frame.New(out...)
}
