package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// summaryDefaults are the columns Summary describes by default, where the
// frame has them: run and wait time (s, from Durations) and the measured
// memory (MB) and cores of cctools tasks.
func summaryDefaults() []string { return []string{"run_s", "wait_s", "mem_mb", "cores"} }

// Summary describes columns per group of equal values of by (one row for
// the whole frame when by is empty): for each column c, c_count (non-null
// values), c_mean, c_median, c_p95 (numpy's linear quantile) and c_max,
// nulls skipped. With no columns given it describes those of
// run_s, wait_s, mem_mb and cores the frame has, adding run_s and wait_s with Durations
// when the frame has submit, start and end. Groups come in key order.
func Summary(f *frame.Frame, by []string, cols ...string) *frame.Frame {
	if err := requireFrame("Summary", f, schema.Tasks, by...); err != nil {
		return frame.WithErr(err)
	}
	if len(cols) == 0 {
		if f.Has("submit") && f.Has("start") && f.Has("end") && !f.Has("run_s") {
			f = Durations(f)
		}
		for _, c := range summaryDefaults() {
			if f.Has(c) {
				cols = append(cols, c)
			}
		}
		if len(cols) == 0 {
			return frame.Errorf("Summary: the frame has none of the default columns %v; name the columns to describe", summaryDefaults())
		}
	}
	if err := require("Summary", f, "Durations adds run_s and wait_s", cols...); err != nil {
		return frame.WithErr(err)
	}
	var aggs []frame.Aggregation
	for _, c := range cols {
		aggs = append(aggs, frame.CountOf(c).As(c+"_count"), frame.Mean(c).As(c+"_mean"),
			frame.Median(c).As(c+"_median"), frame.Quantile(c, 0.95).As(c+"_p95"), frame.Max(c).As(c+"_max"))
	}
	if len(by) == 0 {
		// One group: a constant key, dropped afterwards.
		one := make([]bool, f.NumRows())
		return wrap("Summary", f.WithColumn("_all", one).GroupBy("_all").Agg(aggs...).Drop("_all"))
	}
	return wrap("Summary", f.GroupBy(by...).Agg(aggs...))
}

// wrap prefixes a frame's error with the op's name.
func wrap(op string, f *frame.Frame) *frame.Frame {
	if err := f.Err(); err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	return f
}
