package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// summary is the report's first section: what was read and the headline
// figures.
func (b *builder) summary() section {
	d := b.d
	s := section{ID: "summary", Title: "Summary"}
	s.Facts = append(s.Facts, [2]string{"source", d.Source}, [2]string{"files", strings.Join(d.Files, ", ")})
	if lo, hi := b.lo, b.hi; b.hasData {
		if d.HasLogSpan {
			lo, hi = d.LogStart, d.LogEnd
		}
		s.Facts = append(s.Facts, [2]string{"span", fmt.Sprintf("%s .. %s (%s)",
			frame.FormatMicros(lo), frame.FormatMicros(hi), duration(float64(hi-lo)/1e6))})
	}
	if tasks, ok := b.frameOf(schema.Tasks); ok {
		s.Facts = append(s.Facts, b.taskFacts(tasks)...)
	}
	if w, ok := b.frameOf(schema.Workers); ok {
		v := fmt.Sprintf("%d connections", w.NumRows())
		if w.Has("worker") {
			v = fmt.Sprintf("%d (%d connections)", w.GroupBy("worker").Agg(frame.Count()).NumRows(), w.NumRows())
		}
		s.Facts = append(s.Facts, [2]string{"workers", v})
	}
	if a, ok := b.frameOf(schema.Allocations); ok {
		s.Facts = append(s.Facts, [2]string{"allocations", fmt.Sprint(a.NumRows())})
	}
	if j, ok := b.frameOf(schema.Jobs); ok {
		s.Facts = append(s.Facts, [2]string{"jobs", fmt.Sprint(j.NumRows())})
	}
	if p, ok := b.frameOf(schema.Procs); ok {
		s.Facts = append(s.Facts, [2]string{"processes", fmt.Sprint(p.NumRows())})
		if p.Has("host") {
			s.Facts = append(s.Facts, [2]string{"hosts", fmt.Sprint(p.GroupBy("host").Agg(frame.Count()).NumRows())})
		}
		if cpu, valid, err := p.Float64s("cpu_time"); err == nil {
			s.Facts = append(s.Facts, [2]string{"process cpu time", duration(sum(cpu, valid) / 1e6)})
		}
	}
	s.Facts = append(s.Facts, [2]string{"warnings", fmt.Sprint(len(d.Warnings))})
	return s
}

// taskFacts are the summary figures of the tasks frame: tasks, attempts,
// end states, core-hours and badput.
func (b *builder) taskFacts(tasks *frame.Frame) [][2]string {
	var facts [][2]string
	keys := []string{}
	for _, k := range []string{"source", "run", "job", "task"} {
		if tasks.Has(k) {
			keys = append(keys, k)
		}
	}
	if len(keys) > 0 {
		n := tasks.GroupBy(keys...).Agg(frame.Count())
		if n.Err() == nil {
			facts = append(facts, [2]string{"tasks", fmt.Sprint(n.NumRows())})
		}
	}
	facts = append(facts, [2]string{"attempts", fmt.Sprint(tasks.NumRows())})
	if tasks.Has("state") {
		vc := tasks.ValueCounts("state")
		states, _, err1 := vc.Strings("state")
		counts, _, err2 := vc.Int64s("count")
		if err1 == nil && err2 == nil {
			var ok, bad int64
			var parts []string
			for i, st := range states {
				parts = append(parts, fmt.Sprintf("%s %d", st, counts[i]))
				switch st {
				case "success":
					ok += counts[i]
				case "running", "waiting", "":
				default:
					bad += counts[i]
				}
			}
			sort.Strings(parts)
			facts = append(facts, [2]string{"successes", fmt.Sprint(ok)}, [2]string{"failures", fmt.Sprintf("%d (attempts ended in another state)", bad)},
				[2]string{"attempts by state", strings.Join(parts, ", ")})
		}
	}
	dur := b.durations
	if dur == nil {
		return facts
	}
	run, rv, err := dur.Float64s("run_s")
	if err != nil {
		return facts
	}
	for _, res := range []struct{ col, unit string }{{"req_cpus", "core-hours"}, {"req_nodes", "node-hours"}} {
		amount, av, err := dur.Float64s(res.col)
		if err != nil {
			continue
		}
		var total float64
		for i := range run {
			if rv[i] && av[i] {
				total += run[i] * amount[i]
			}
		}
		facts = append(facts, [2]string{res.unit, fmt.Sprintf("%.2f (Σ run time × %s of ended attempts)", total/3600, res.col)})
		break
	}
	if bp := ops.Badput(tasks); bp.Err() == nil && bp.NumRows() == 1 {
		good, _, _ := bp.Float64s("goodput_s")
		bad, _, _ := bp.Float64s("badput_s")
		frac, fv, _ := bp.Float64s("badput_fraction")
		f := "n/a"
		if len(fv) == 1 && fv[0] {
			f = fmt.Sprintf("%.1f %%", 100*frac[0])
		}
		if len(good) == 1 {
			facts = append(facts, [2]string{"goodput", duration(good[0])},
				[2]string{"badput", fmt.Sprintf("%s (%s of run time lost to failed, lost and canceled attempts)", duration(bad[0]), f)})
		}
	}
	return facts
}

// sum adds the valid values.
func sum(v []float64, valid []bool) float64 {
	var t float64
	for i, x := range v {
		if valid[i] {
			t += x
		}
	}
	return t
}

// duration formats seconds as "1234.5 s (20.6 min)" or "(3.4 h)".
func duration(s float64) string {
	switch {
	case s >= 2*3600:
		return fmt.Sprintf("%.1f s (%.2f h)", s, s/3600)
	case s >= 120:
		return fmt.Sprintf("%.1f s (%.1f min)", s, s/60)
	}
	return fmt.Sprintf("%.3f s", s)
}
