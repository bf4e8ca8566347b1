package report

import (
	"slices"
	"sort"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// gpus sets the GPU-hours the attempts held against what they used, per
// category (as jobstats shows a job's GPUs), and the GPU utilization
// the workers' hardware samples saw (HyperQueue).
func (b *builder) gpus() Section {
	s := Section{ID: "gpus", Title: "GPUs: held against used"}
	if f, unit, by, ok := b.gpuFrame(); ok {
		gpuAttempts(&s, f, unit, by, b.o.MaxTableRows)
	}
	b.gpuSamples(&s)
	if len(s.Facts) == 0 {
		s.Reason = "no GPUs held or requested and no GPU samples in this source (Slurm's AllocTRES gres/gpu, PBS's ngpus, HTCondor's GPUs, HyperQueue's gpus resources and worker samples record them)"
	}
	return s
}

// gpuFrame returns the rows GPU use is measured on and the column to
// group them by: the attempts, or a Slurm job's row rather than its
// steps, which overlap (see usageFrame).
func (b *builder) gpuFrame() (*frame.Frame, string, string, bool) {
	f, unit, ok := b.usageFrame()
	if !ok || !(f.Has("gpus") || f.Has("req_gpus")) {
		return nil, "", "", false
	}
	by := category(f)
	if unit == "job" && f.Has("name") {
		by = "name"
	}
	return f, unit, by, true
}

// usageFrame is the frame whose rows are the units of use, and what a
// row is: the tasks (attempts), unless they are Slurm's steps (a "step"
// column), which overlap their job and each other: then the jobs, as
// seff and jobstats read them. It needs start and end.
func (b *builder) usageFrame() (*frame.Frame, string, bool) {
	t, hasTasks := b.frameOf(schema.Tasks)
	if hasTasks && t.Has("step") {
		if j, ok := b.frameOf(schema.Jobs); ok && hasAll(j, "start", "end") {
			return j, "job", true
		}
	}
	if hasTasks && (hasAll(t, "start", "end") || t.Has("wall_time_s")) {
		return t, "attempt", true
	}
	return nil, "", false
}

// anyPositive reports whether numeric column name of f holds a value
// above 0 (false when f lacks it or it is not numeric).
func anyPositive(f *frame.Frame, name string) bool {
	if !f.Has(name) {
		return false
	}
	v, ok, err := f.Float64s(name)
	if err != nil {
		return false
	}
	for i, x := range v {
		if ok[i] && x > 0 {
			return true
		}
	}
	return false
}

// gpuUse is the GPU-hours of a group of attempts.
type gpuUse struct {
	attempts          int
	held, used, sized float64 // GPU-h held; used and held, of those with a utilization
}

// gpuAttempts adds the GPU-hours held by ended attempts (wall time × GPUs
// held, or requested when the source does not say what was held) and,
// where the attempts carry their mean GPU utilization (gpu_util_pct),
// the GPU-hours used and left idle, overall and per category.
func gpuAttempts(s *Section, f *frame.Frame, unit, by string, maxRows int) {
	if !anyPositive(f, "gpus") && !anyPositive(f, "req_gpus") { // no attempt holds a GPU: nothing to read
		return
	}
	held, req, util := numberOf(f, "gpus"), numberOf(f, "req_gpus"), numberOf(f, "gpu_util_pct")
	run := runTimeOf(f)
	var groups map[string]*gpuUse
	key := -1
	if by != "" {
		groups = map[string]*gpuUse{}
		key = slices.Index(f.Names(), by)
	}
	groupOf := groupNamesOf(f, key)
	var all gpuUse
	for i := range f.NumRows() {
		g, ok := held.at(i)
		if !ok {
			g, ok = req.at(i)
		}
		hours, hoursOK := run.hours(i)
		if !ok || g <= 0 || !hoursOK {
			continue
		}
		h := hours * g
		add := func(u *gpuUse) {
			u.attempts++
			u.held += h
			if pct, ok := util.at(i); ok {
				u.sized += h
				u.used += h * pct / 100
			}
		}
		add(&all)
		if groups != nil {
			name := groupOf.of(i)
			if groups[name] == nil {
				groups[name] = &gpuUse{}
			}
			add(groups[name])
		}
	}
	if all.attempts == 0 {
		return
	}
	s.Intro = "GPU-hours held = run time (end − start, else the measured wall time) × GPUs held (or requested, where the source does not say what was held), per ended " + unit + "; used = held × its mean GPU utilization, where the source measured it (Slurm's TRESUsageInAve gres/gpuutil, a job's busiest step), as jobstats reads them."
	s.Facts = append(s.Facts, countFact(unit+"s holding GPUs", all.attempts),
		quantity("GPU-hours held", all.held, "GPU-h", ""))
	if all.sized > 0 {
		s.Facts = append(s.Facts, quantity("GPU-hours used", all.used, "GPU-h", "held × mean utilization, of the "+unit+"s that measured it"),
			quantity("GPU efficiency", percentOf(all.used, all.sized), "%", "used / held, of the "+unit+"s that measured it"),
			quantity("idle GPU-hours", all.sized-all.used, "GPU-h", "held − used"))
	} else {
		s.Notes = append(s.Notes, "the source does not measure GPU utilization: the GPU-hours held are shown, not how busy they were")
	}
	if groups == nil {
		return
	}
	names := make([]string, 0, len(groups))
	for n := range groups {
		names = append(names, n)
	}
	idle := func(u *gpuUse) float64 { return u.sized - u.used }
	sort.Slice(names, func(a, c int) bool {
		ga, gc := groups[names[a]], groups[names[c]]
		if idle(ga) != idle(gc) {
			return idle(ga) > idle(gc)
		}
		if ga.held != gc.held {
			return ga.held > gc.held
		}
		return names[a] < names[c]
	})
	t := Table{Caption: "per " + by + ", most idle GPU-hours first (then most held)", Head: []string{by, unit + "s", "GPU-h held", "GPU-h used", "idle GPU-h", "GPU efficiency %"}}
	for k, n := range names {
		if k == maxRows {
			t.More = len(names) - k
			break
		}
		u := groups[n]
		used, idleH, eff := "–", "–", "–"
		if u.sized > 0 {
			used, idleH, eff = formatNumber(u.used), formatNumber(idle(u)), formatNumber(percentOf(u.used, u.sized))
		}
		t.Rows = append(t.Rows, []string{n, formatNumber(float64(u.attempts)), formatNumber(u.held), used, idleH, eff})
	}
	s.Tables = append(s.Tables, t)
}
