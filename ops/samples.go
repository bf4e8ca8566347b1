package ops

import (
	"fmt"
	"math"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// SampleSum returns the step series of the sum, over the groups of column
// by (workers, hosts), of each group's latest sample of column value: a
// sample holds for its group until the group's next sample, and the
// groups' last samples hold to the series' end. Rows with a null time or
// value are left out (the group's previous sample still holds). Samples
// at equal times form one point. Columns: time, value (in the unit of
// value).
func SampleSum(samples *frame.Frame, timeCol, by, value string) *frame.Frame {
	const op = "SampleSum"
	if err := require(op, samples, "a frame of samples (perf) has them", timeCol, by, value); err != nil {
		return frame.WithErr(err)
	}
	t, tOK, err := samples.Micros(timeCol)
	if err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	v, err := floatsOrNaN(samples, value)
	if err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	group := samples.GroupBy(by).GroupIDs()
	last := map[int32]float64{}
	changes := make([]change, 0, len(t))
	// samples in time order, ties in row order: the changes' keys are
	// times, so sort the rows first (stepSeries sorts stably by key)
	for _, i := range timeOrder(t, tOK) {
		if math.IsNaN(v[i]) {
			continue
		}
		g := group[i]
		changes = append(changes, change{key: t[i], time: t[i], delta: v[i] - last[g]})
		last[g] = v[i]
	}
	return stepSeries(changes)
}

// timeOrder returns the rows with a valid time, stably ordered by it.
func timeOrder(t []int64, ok []bool) []int {
	rows := make([]int, 0, len(t))
	for i := range t {
		if ok[i] {
			rows = append(rows, i)
		}
	}
	sortStableByKey(rows, func(i *int) uint64 { return int64Key(t[*i]) })
	return rows
}

// CPUsUsed returns the step series of the CPUs the workers' processors
// were busy, from HyperQueue's hardware samples (the perf frame of a
// journal written with worker overviews): per sample cpu_percent / 100 ×
// cpu_cores (the mean load of its cores times their number, in CPUs),
// summed over workers with SampleSum. Columns: time, value (CPUs). Set it
// against Busy over the placements: what the tasks were given against
// what the machines did.
func CPUsUsed(perf *frame.Frame) *frame.Frame {
	const op = "CPUsUsed"
	if err := requireFrame(op, perf, schema.Perf, "time", "worker", "cpu_percent", "cpu_cores"); err != nil {
		return frame.WithErr(err)
	}
	pct, err1 := floatsOrNaN(perf, "cpu_percent")
	cores, err2 := floatsOrNaN(perf, "cpu_cores")
	if err := firstErr(err1, err2); err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	used := make([]float64, len(pct))
	for i := range used {
		used[i] = pct[i] / 100 * cores[i]
	}
	return SampleSum(perf.WithColumn("cpus_used", nanFloats("cpus_used", used)), "time", "worker", "cpus_used")
}
