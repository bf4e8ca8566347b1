package report

import (
	"fmt"
	"math"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// efficiency sets what the attempts used against what they asked for
// (ops.Efficiency, ops.RightSize), and for HyperQueue the CPUs given to
// tasks against the CPUs the workers' hardware samples saw busy.
func (b *builder) efficiency() Section {
	s := Section{ID: "efficiency", Title: "Efficiency: used against requested"}
	if f, eff, unit, by, ok := b.effFrame(); ok {
		b.attemptEfficiency(&s, f, eff, unit, by)
	}
	b.sampledCPUs(&s)
	if len(s.Facts) == 0 && len(s.Charts) == 0 && len(s.Tables) == 0 {
		s.Reason = "no measured resources with their requests in this source (Work Queue, TaskVine, Slurm, Nextflow and WfCommons record them), nor hardware samples of the workers (HyperQueue journals with worker overviews)"
	}
	return s
}

// effFrame returns the frame whose rows efficiency is measured on, its
// ops.Efficiency, what a row is, and the column to group them by: the
// jobs when they carry measured and requested resources (a Slurm job
// holds its steps, which overlap: seff reads the job), else the task
// attempts.
func (b *builder) effFrame() (f, eff *frame.Frame, unit, by string, ok bool) {
	if j, has := b.frameOf(schema.Jobs); has {
		if e := ops.Efficiency(j); e.Err() == nil {
			by := ""
			if j.Has("name") {
				by = "name"
			}
			return j, e, "job", by, true
		}
	}
	if t, has := b.frameOf(schema.Tasks); has {
		if e := ops.Efficiency(t); e.Err() == nil {
			return t, e, "attempt", category(t), true
		}
	}
	return nil, nil, "", "", false
}

// attemptEfficiency adds the per-attempt figures, their distribution and
// the right-sizing table.
func (b *builder) attemptEfficiency(s *Section, tasks, eff *frame.Frame, unit, by string) {
	s.Intro = "Per " + unit + ": CPU efficiency = cpu time / (wall time × cores requested), memory = peak / requested, time = wall time / time limit (as seff and Nextflow's report). The table suggests, per kind, a request that fits 95 % of the " + unit + "s with 20 % headroom."
	// attempts with cpu time and cores held: unused_core_s is valid
	unused, unusedOK, _ := eff.Float64s("unused_core_s")
	core, _, _ := eff.Float64s("core_s")
	var cpuS, coreS, unusedS float64
	n := 0
	if eff.Has("cpu_time_s") {
		cpu, _, _ := eff.Float64s("cpu_time_s")
		for i := range unused {
			if unusedOK[i] {
				cpuS, coreS, unusedS, n = cpuS+cpu[i], coreS+core[i], unusedS+unused[i], n+1
			}
		}
	}
	if n > 0 {
		s.Facts = append(s.Facts, countFact(unit+"s with cpu time and cores", n),
			quantity("core-hours held", coreS/3600, "core-h", "wall time × cores requested"),
			quantity("core-hours used", cpuS/3600, "core-h", "cpu time"),
			quantity("CPU efficiency", percentOf(cpuS, coreS), "%", "core-hours used / held"),
			quantity("core-hours held idle", unusedS/3600, "core-h", "Σ max(0, held − used) per "+unit))
	}
	for _, m := range []struct{ col, name, what string }{
		{"mem_eff", "memory", "peak memory / requested"},
		{"time_eff", "time", "wall time / time limit"},
	} {
		v, valid, err := eff.Float64s(m.col)
		if err != nil {
			continue
		}
		var vals []float64
		over := 0
		for i, x := range v {
			if valid[i] {
				vals = append(vals, x)
				if x > 1 {
					over++
				}
			}
		}
		if len(vals) == 0 {
			continue
		}
		s.Facts = append(s.Facts, countFact(unit+"s with "+m.name+" measured and requested", len(vals)),
			quantity("median "+m.name+" efficiency", 100*ops.Quantile(vals, 0.5), "%", m.what),
			countFact(unit+"s over their "+m.name+" request", over))
	}
	b.efficiencyCharts(s, eff, unit)
	if by == "" {
		return
	}
	rs := ops.RightSize(tasks, ops.RightSizeOptions{By: []string{by}})
	if err := rs.Err(); err != nil {
		s.Notes = append(s.Notes, failed("the right-sizing", err))
		return
	}
	rs = rs.Sort("-unused_core_s")
	if err := rs.Err(); err != nil {
		s.Notes = append(s.Notes, failed("the right-sizing", err))
		return
	}
	s.Tables = append(s.Tables, b.table("per "+by+", most idle core-seconds first: efficiency as a fraction, memory in MB, times in s; suggest_* = 95th percentile (cores: of cpu time / wall time) + 20 % (cores rounded up)", rs,
		by, "attempts", "cpu_eff", "unused_core_s", "req_cpus", "suggest_cpus", "req_mem_mb", "mem_mb_max", "suggest_mem_mb", "req_time_s", "wall_s_max", "suggest_time_s"))
}

// efficiencyCharts draws the attempts' efficiencies as histograms in per
// cent (0 to the largest, at least 100 %).
func (b *builder) efficiencyCharts(s *Section, eff *frame.Frame, unit string) {
	for _, m := range []struct{ col, label string }{
		{"cpu_eff", "CPU efficiency (%)"},
		{"mem_eff", "memory used of requested (%)"},
		{"time_eff", "time used of the limit (%)"},
	} {
		v, valid, err := eff.Float64s(m.col)
		if err != nil {
			continue
		}
		pct := make([]float64, 0, len(v))
		hi := 100.0
		for i, x := range v {
			if valid[i] {
				pct = append(pct, 100*x)
				hi = math.Max(hi, 100*x)
			}
		}
		if len(pct) == 0 {
			continue
		}
		f := frame.New(frame.Float64Col("pct", pct, nil))
		chart(s, plot.New(m.label, m.label, unit+"s").Hist(ops.HistogramRange(f, "pct", 20, 0, hi), ""), 440, 300)
	}
}

// cpuSamples returns the frames sampledCPUs sets against each other,
// when frames holds both with rows: the workers' hardware samples with
// their CPUs, and the placements with theirs.
func cpuSamples(frames map[string]*frame.Frame) (perf, p *frame.Frame, ok bool) {
	perf, p = frames[schema.Perf], frames[schema.Placements]
	ok = perf != nil && p != nil && perf.NumRows() > 0 && p.NumRows() > 0 &&
		hasAll(perf, "worker", "cpu_percent", "cpu_cores") && p.Has("cpus")
	return perf, p, ok
}

// sampledCPUs draws the CPUs given to running attempts against those the
// workers' hardware samples report busy (HyperQueue worker overviews).
func (b *builder) sampledCPUs(s *Section) {
	perf, p, ok := cpuSamples(b.d.Frames)
	if !ok {
		return
	}
	used := ops.CPUsUsed(perf)
	if used.Err() != nil || used.NumRows() < 2 {
		return
	}
	// both over the samples' span: the first to the last sample
	t, _, _ := used.Micros("time")
	span := ops.Window{From: time.UnixMicro(t[0]), To: time.UnixMicro(t[len(t)-1])}
	workers, err := perf.ValueCounts("worker").Texts("worker")
	if err != nil {
		s.Notes = append(s.Notes, failed("the sampled workers", err))
		return
	}
	busy := span.Series(b.series(ops.Busy(p.Where("worker", "in", workers), "cpus")), "time")
	used = b.series(used)
	if err := firstErr(busy, used); err != nil {
		s.Notes = append(s.Notes, failed("the CPUs in use", err))
		return
	}
	chart(s, b.figure("CPUs given to attempts against CPUs busy (hardware samples)", "", "CPUs").
		Step(busy, "time", "value", "allocated to attempts").
		Step(used, "time", "value", "busy (worker samples)"), 900, 360)
	ib, err1 := ops.Integral(busy, "time", "value")
	iu, err2 := ops.Integral(used, "time", "value")
	if err1 != nil || err2 != nil {
		return
	}
	s.Facts = append(s.Facts, countFact("workers sampled", len(workers)),
		quantity("CPU-hours allocated on sampled workers", ib/3600, "CPU-h", "from the first to the last sample"),
		quantity("CPU-hours busy (samples)", iu/3600, "CPU-h", "each sample holds until the worker's next"),
		quantity("busy share of allocated", percentOf(iu, ib), "%", ""))
	if s.Intro == "" {
		s.Intro = "The CPUs HyperQueue gave to running attempts on the workers that sent hardware overviews, against the CPUs those samples report busy (mean core load × cores): what the tasks asked for against what the machines did."
	}
	s.Notes = append(s.Notes, fmt.Sprintf("Hardware samples cover %s from the first to the last; a worker's sample holds until its next one.", duration(float64(t[len(t)-1]-t[0])/1e6)))
}
