package ops

import (
	"fmt"
	"math"
	"slices"

	"github.com/jobframe/jobframe/frame"
)

// RightSizeOptions tune RightSize.
type RightSizeOptions struct {
	// By are the columns to group by (default: category).
	By []string
	// Quantile is the share of the attempts a suggestion should fit
	// (default 0.95); quantiles interpolate linearly between the sorted
	// values, as numpy.quantile does by default.
	Quantile float64
	// Headroom is added on top of the quantile of memory and wall time
	// (default 0.2: 20 %); a negative value means none.
	Headroom float64
}

// RightSize sums Efficiency per group (by default per category) and
// suggests the resources to request, as seff's figures and the cctools
// resource categories' first allocation do: enough for the Quantile of
// the attempts, plus Headroom, so that most attempts fit and the few
// that do not are retried bigger.
//
// One row per group, in order of first appearance, with the group
// columns and:
//
//   - attempts, and measured: attempts with a measured cpu_time_s,
//     mem_mb or wall_time_s;
//   - cpu_s and core_s: summed cpu_time_s and wall_s × req_cpus over
//     the attempts that have all three; cpu_eff = cpu_s / core_s;
//     unused_core_s: summed max(0, core_s − cpu_time_s) per attempt;
//   - req_cpus, req_mem_mb, req_time_s: the largest request;
//   - cpus_used_q: the quantile of cpu_time_s / wall_s (the cores kept
//     busy on average over an attempt), suggest_cpus its ceiling (at
//     least 1);
//   - mem_mb_max, mem_mb_q: the largest and the quantile of mem_mb over
//     every measured attempt (one killed for exceeding its memory
//     reports what it reached, which the suggestion must exceed);
//     mem_eff: the median of the attempts' mem_eff; suggest_mem_mb =
//     ⌈mem_mb_q × (1 + Headroom)⌉;
//   - wall_s_max, wall_s_q: the largest and the quantile of wall_s over
//     the attempts that succeeded (status, or else state, is success:
//     the time a task needs, as a failed or lost attempt stopped early),
//     or over all when the frame has neither column; time_eff: the median of the attempts' time_eff;
//     suggest_time_s = ⌈wall_s_q × (1 + Headroom)⌉.
//
// Units: seconds, MB (2^20 bytes), cores. A figure without data in its
// group is null.
func RightSize(tasks *frame.Frame, o RightSizeOptions) *frame.Frame {
	const op = "RightSize"
	if len(o.By) == 0 {
		o.By = []string{"category"}
	}
	if o.Quantile == 0 {
		o.Quantile = 0.95
	}
	if o.Quantile < 0 || o.Quantile > 1 {
		return frame.WithErr(fmt.Errorf("%s: quantile %g is not in [0, 1]", op, o.Quantile))
	}
	if o.Headroom == 0 {
		o.Headroom = 0.2
	}
	o.Headroom = max(o.Headroom, 0)
	if err := require(op, tasks, "group columns", o.By...); err != nil {
		return frame.WithErr(err)
	}
	m, eff, err := efficiencyOf(tasks)
	if err != nil {
		return frame.WithErr(fmt.Errorf("%s: Efficiency: %w", op, err))
	}
	groups := partitions(tasks, o.By, nil)
	r := newRightSizeRows(len(groups))
	first := make([]int, len(groups))
	for g, rows := range groups {
		first[g] = int(rows[0])
		r.add(g, rows, m, eff, o)
	}
	out := tasks.Select(o.By...).Take(first)
	for _, c := range r.columns() {
		out = out.WithColumn(c.Name(), c)
	}
	return out
}

// rightSizeRows are RightSize's figures, one slice entry per group, NaN
// where null.
type rightSizeRows struct {
	attempts, measured                                       []int64
	cpuS, coreS, cpuEff, unused, reqCPUs, cpusQ, suggestCPUs []float64
	reqMem, memMax, memQ, memEff, suggestMem                 []float64
	reqTime, wallMax, wallQ, timeEff, suggestTime            []float64
}

func newRightSizeRows(n int) *rightSizeRows {
	r := &rightSizeRows{attempts: make([]int64, n), measured: make([]int64, n)}
	for _, p := range []*[]float64{&r.cpuS, &r.coreS, &r.cpuEff, &r.unused, &r.reqCPUs, &r.cpusQ, &r.suggestCPUs,
		&r.reqMem, &r.memMax, &r.memQ, &r.memEff, &r.suggestMem, &r.reqTime, &r.wallMax, &r.wallQ, &r.timeEff, &r.suggestTime} {
		*p = make([]float64, n)
	}
	return r
}

// add computes group g's figures from its rows.
func (r *rightSizeRows) add(g int, rows []int32, m measures, eff effFigures, o RightSizeOptions) {
	r.attempts[g] = int64(len(rows))
	var cpuS, coreS, unused float64
	var haveCore bool
	var used, mem, wall, memEff, timeEff []float64
	pick := func(v []float64, i int, dst *[]float64) {
		if !math.IsNaN(v[i]) {
			*dst = append(*dst, v[i])
		}
	}
	maxOf := func(v []float64) float64 {
		out := math.NaN()
		for _, i := range rows {
			if !math.IsNaN(v[i]) && !(v[i] <= out) {
				out = v[i]
			}
		}
		return out
	}
	for _, r32 := range rows {
		i := int(r32)
		if !math.IsNaN(m.cpu[i]) || !math.IsNaN(m.mem[i]) || !math.IsNaN(m.measuredWall[i]) {
			r.measured[g]++
		}
		if c := eff.coreS[i]; !math.IsNaN(c) && !math.IsNaN(m.cpu[i]) {
			cpuS, coreS, unused, haveCore = cpuS+m.cpu[i], coreS+c, unused+eff.unused[i], true
		}
		if u := ratio(m.cpu[i], m.wall[i]); !math.IsNaN(u) {
			used = append(used, u)
		}
		pick(m.mem, i, &mem)
		if m.ok[i] {
			pick(m.wall, i, &wall)
		}
		pick(eff.memEff, i, &memEff)
		pick(eff.timeEff, i, &timeEff)
	}
	r.cpuS[g], r.coreS[g], r.unused[g], r.cpuEff[g] = math.NaN(), math.NaN(), math.NaN(), math.NaN()
	if haveCore {
		r.cpuS[g], r.coreS[g], r.unused[g], r.cpuEff[g] = cpuS, coreS, unused, ratio(cpuS, coreS)
	}
	r.reqCPUs[g], r.reqMem[g], r.reqTime[g] = maxOf(m.reqCPUs), maxOf(m.reqMem), maxOf(m.reqTime)
	r.memMax[g], r.wallMax[g] = maxOf(m.mem), math.NaN()
	if len(wall) > 0 {
		r.wallMax[g] = slices.Max(wall)
	}
	r.cpusQ[g], r.memQ[g], r.wallQ[g] = Quantile(used, o.Quantile), Quantile(mem, o.Quantile), Quantile(wall, o.Quantile)
	r.memEff[g], r.timeEff[g] = Quantile(memEff, 0.5), Quantile(timeEff, 0.5)
	r.suggestCPUs[g] = math.Max(1, math.Ceil(r.cpusQ[g]))
	if math.IsNaN(r.cpusQ[g]) {
		r.suggestCPUs[g] = math.NaN()
	}
	r.suggestMem[g] = math.Ceil(r.memQ[g] * (1 + o.Headroom))
	r.suggestTime[g] = math.Ceil(r.wallQ[g] * (1 + o.Headroom))
}

// columns returns the figures as columns (the quantile columns are
// cpus_used_q, mem_mb_q and wall_s_q whatever the quantile).
func (r *rightSizeRows) columns() []frame.Column {
	cols := []frame.Column{frame.Int64Col("attempts", r.attempts, nil), frame.Int64Col("measured", r.measured, nil)}
	for _, c := range []struct {
		name string
		v    []float64
	}{
		{"cpu_s", r.cpuS}, {"core_s", r.coreS}, {"cpu_eff", r.cpuEff}, {"unused_core_s", r.unused},
		{"req_cpus", r.reqCPUs}, {"cpus_used_q", r.cpusQ}, {"suggest_cpus", r.suggestCPUs},
		{"req_mem_mb", r.reqMem}, {"mem_mb_max", r.memMax}, {"mem_mb_q", r.memQ}, {"mem_eff", r.memEff}, {"suggest_mem_mb", r.suggestMem},
		{"req_time_s", r.reqTime}, {"wall_s_max", r.wallMax}, {"wall_s_q", r.wallQ}, {"time_eff", r.timeEff}, {"suggest_time_s", r.suggestTime},
	} {
		cols = append(cols, nanFloats(c.name, c.v))
	}
	return cols
}

// Quantile returns the q-quantile (0 ≤ q ≤ 1) of the values, linearly
// interpolated between the sorted values at rank q × (n − 1) as
// numpy.quantile's default method does; NaN for no values. The slice is
// sorted in place.
func Quantile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	slices.Sort(v)
	pos := q * float64(len(v)-1)
	lo := int(math.Floor(pos))
	if lo >= len(v)-1 {
		return v[len(v)-1]
	}
	return v[lo] + (pos-float64(lo))*(v[lo+1]-v[lo])
}
