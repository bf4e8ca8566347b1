package ops

import (
	"fmt"
	"time"

	"github.com/jobframe/jobframe/frame"
)

// Resample puts a step series (columns timeCol and valueCol, points in
// time order, each value holding until the next point) onto a regular
// grid of bins [g, g+every) starting at the first point's time and
// covering the last. how chooses the value of each bin:
//
//   - "last": the value in effect at the bin's start g (the last point at
//     or before g);
//   - "max": the largest value in effect at any moment of the bin, so
//     that peaks survive downsampling (a point whose value is replaced at
//     the same instant is no moment and does not count);
//   - "mean": the time-weighted mean over the bin (the last bin ends at
//     the last point).
//
// Columns: time (bin start) and value. An empty series gives an empty
// frame; every must be positive.
func Resample(series *frame.Frame, timeCol, valueCol string, every time.Duration, how string) *frame.Frame {
	if err := require("Resample", series, "every step series of this package has them", timeCol, valueCol); err != nil {
		return frame.WithErr(err)
	}
	step := every.Microseconds()
	if step <= 0 {
		return frame.Errorf("Resample: every must be at least 1µs, got %v", every)
	}
	if how != "last" && how != "max" && how != "mean" {
		return frame.Errorf("Resample: how must be last, max or mean, got %q", how)
	}
	t, _, err := series.Micros(timeCol)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Resample: %w", err))
	}
	v, vOK, err := series.Float64s(valueCol)
	if err != nil {
		return frame.WithErr(fmt.Errorf("Resample: %w", err))
	}
	if len(t) == 0 {
		return frame.New(frame.MicrosCol("time", nil, nil), frame.Float64Col("value", nil, nil))
	}
	for i := 1; i < len(t); i++ {
		if t[i] < t[i-1] {
			return frame.Errorf("Resample: %s is not in time order at row %d", timeCol, i)
		}
	}
	first, last := t[0], t[len(t)-1]
	nbins := int((last-first)/step) + 1
	times := make([]int64, nbins)
	values := make([]float64, nbins)
	val := func(i int) float64 {
		if vOK[i] {
			return v[i]
		}
		return 0
	}
	i := 0 // index of the point in effect at the current moment
	for b := range nbins {
		g := first + int64(b)*step
		end := min(g+step, last)
		times[b] = g
		for i+1 < len(t) && t[i+1] <= g {
			i++
		}
		switch how {
		case "last":
			values[b] = val(i)
		case "max":
			m := val(i)
			for j := i + 1; j < len(t) && t[j] < g+step; j++ {
				if j+1 < len(t) && t[j+1] == t[j] {
					continue // replaced at the same instant
				}
				m = max(m, val(j))
			}
			values[b] = m
		case "mean":
			if end <= g {
				values[b] = val(i)
				continue
			}
			area := 0.0
			from := g
			for j := i; j < len(t) && t[j] < end; j++ {
				to := end
				if j+1 < len(t) && t[j+1] < end {
					to = t[j+1]
				}
				if to > from {
					area += val(j) * float64(to-from)
					from = to
				}
			}
			values[b] = area / float64(end-g)
		}
	}
	return frame.New(frame.MicrosCol("time", times, nil), frame.Float64Col("value", values, nil))
}
