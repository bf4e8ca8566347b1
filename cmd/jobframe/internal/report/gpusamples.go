package report

import (
	"slices"
	"sort"

	"github.com/jobframe/jobframe/frame/schema"
)

// gpuSamples adds what the workers' hardware samples saw of their GPUs
// (HyperQueue's worker overviews: the GPUs, their mean utilization and
// memory use since the sample before): each interval between a worker's
// consecutive samples counts its GPUs for the interval's length, busy by
// the later sample's utilization.
func (b *builder) gpuSamples(s *Section) {
	p, ok := b.frameOf(schema.Perf)
	if !ok || !hasAll(p, "time", "worker", "gpus", "gpu_percent") {
		return
	}
	tm, tmOK, _ := p.Micros("time")
	gpus, pct, mem := numberOf(p, "gpus"), numberOf(p, "gpu_percent"), numberOf(p, "gpu_mem_percent")
	wcol := slices.Index(p.Names(), "worker")
	type sample struct {
		t              int64
		gpus, pct, mem float64
		memOK          bool
	}
	byWorker := map[string][]sample{}
	for i := range tm {
		g, gOK := gpus.at(i)
		u, uOK := pct.at(i)
		if !tmOK[i] || !gOK || !uOK || g <= 0 || p.IsNull(wcol, i) {
			continue
		}
		m, mOK := mem.at(i)
		w := p.FormatValue(wcol, i)
		byWorker[w] = append(byWorker[w], sample{tm[i], g, u, m, mOK})
	}
	type use struct{ samples, sampled, busy, memSum, memN float64 }
	per := map[string]*use{}
	var all use
	for w, ss := range byWorker {
		sort.Slice(ss, func(a, c int) bool { return ss[a].t < ss[c].t })
		u := &use{samples: float64(len(ss))}
		for k := 1; k < len(ss); k++ {
			h := float64(ss[k].t-ss[k-1].t) / 3.6e9 * ss[k-1].gpus
			u.sampled += h
			u.busy += h * ss[k].pct / 100
		}
		for _, x := range ss {
			if x.memOK {
				u.memSum, u.memN = u.memSum+x.mem, u.memN+1
			}
		}
		per[w] = u
		all.samples, all.sampled, all.busy = all.samples+u.samples, all.sampled+u.sampled, all.busy+u.busy
		all.memSum, all.memN = all.memSum+u.memSum, all.memN+u.memN
	}
	if all.samples == 0 {
		return
	}
	s.Facts = append(s.Facts, countFact("worker GPU samples", int(all.samples)), countFact("workers with GPUs sampled", len(per)))
	if all.sampled > 0 {
		s.Facts = append(s.Facts, quantity("GPU-hours sampled", all.sampled, "GPU-h", "the workers' GPUs between their samples"),
			quantity("GPU utilization (samples)", percentOf(all.busy, all.sampled), "%", "busy / sampled GPU-hours"))
	}
	if all.memN > 0 {
		s.Facts = append(s.Facts, quantity("mean GPU memory used (samples)", all.memSum/all.memN, "%", ""))
	}
	names := make([]string, 0, len(per))
	for w := range per {
		names = append(names, w)
	}
	sort.Strings(names)
	t := Table{Caption: "per worker, from its hardware samples", Head: []string{"worker", "samples", "GPU-h sampled", "GPU utilization %", "mean GPU memory %"}}
	for _, w := range names {
		u := per[w]
		util, memPct := "–", "–"
		if u.sampled > 0 {
			util = formatNumber(percentOf(u.busy, u.sampled))
		}
		if u.memN > 0 {
			memPct = formatNumber(u.memSum / u.memN)
		}
		t.Rows = append(t.Rows, []string{w, formatNumber(u.samples), formatNumber(u.sampled), util, memPct})
	}
	s.Tables = append(s.Tables, t)
}
