package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// summary is the report's first section: what was read and the headline
// figures.
func (b *builder) summary() Section {
	d := b.d
	s := Section{ID: "summary", Title: "Summary"}
	s.Facts = append(s.Facts, textFact("source", d.Source), textFact("files", strings.Join(d.Files, ", ")))
	if w := b.o.Window; !w.IsZero() {
		s.Facts = append(s.Facts, textFact("time window", w.String()+" (what was active in it: attempts, workers and allocations that overlap it, records inside it)"))
	}
	if lo, hi := b.lo, b.hi; b.hasData {
		if d.HasLogSpan && b.o.Window.IsZero() {
			lo, hi = d.LogStart, d.LogEnd
		}
		s.Facts = append(s.Facts, durationFact("span", float64(hi-lo)/1e6,
			frame.FormatMicros(lo)+" .. "+frame.FormatMicros(hi)))
	}
	if n := len(d.Runs); n > 1 {
		f := countFact("runs", n)
		f.Text += fmt.Sprintf(" (recording %s in all; each run's figures in the table below)", duration(b.activeSeconds()))
		s.Facts = append(s.Facts, f)
	}
	if tasks, ok := b.frameOf(schema.Tasks); ok {
		s.Facts = append(s.Facts, b.taskFacts(tasks)...)
	}
	if w, ok := b.frameOf(schema.Workers); ok {
		f := countFact("worker connections", w.NumRows())
		if w.Has("worker") {
			f = countFact("workers", w.GroupBy("worker").Agg(frame.Count()).NumRows())
			f.Text += fmt.Sprintf(" (%d connections)", w.NumRows())
		}
		s.Facts = append(s.Facts, f)
	}
	if a, ok := b.frameOf(schema.Allocations); ok {
		s.Facts = append(s.Facts, countFact("allocations", a.NumRows()))
	}
	if j, ok := b.frameOf(schema.Jobs); ok {
		s.Facts = append(s.Facts, countFact("jobs", j.NumRows()))
	}
	if p, ok := b.frameOf(schema.Procs); ok {
		s.Facts = append(s.Facts, countFact("processes", p.NumRows()))
		if p.Has("host") {
			s.Facts = append(s.Facts, countFact("hosts", p.GroupBy("host").Agg(frame.Count()).NumRows()))
		}
		if cpu, valid, err := p.Float64s("cpu_time"); err == nil {
			s.Facts = append(s.Facts, durationFact("process cpu time", sum(cpu, valid)/1e6, ""))
		}
	}
	s.Facts = append(s.Facts, countFact("warnings", len(d.Warnings)))
	if t, ok := b.runsTable(); ok {
		s.Tables = append(s.Tables, t)
	}
	return s
}

// taskFacts are the summary figures of the tasks frame: tasks, attempts,
// end states, core-hours and badput.
func (b *builder) taskFacts(tasks *frame.Frame) []Fact {
	var facts []Fact
	keys := []string{}
	for _, k := range []string{"source", "run", "job", "task"} {
		if tasks.Has(k) {
			keys = append(keys, k)
		}
	}
	if len(keys) > 0 {
		n := tasks.GroupBy(keys...).Agg(frame.Count())
		if n.Err() == nil {
			facts = append(facts, countFact("tasks", n.NumRows()))
		}
	}
	facts = append(facts, countFact("attempts", tasks.NumRows()))
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
			failures := countFact("failures", int(bad))
			failures.Text += " (attempts ended in another state)"
			facts = append(facts, countFact("successes", int(ok)), failures,
				textFact("attempts by state", strings.Join(parts, ", ")))
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
	for _, res := range []struct{ col, name, unit string }{{"req_cpus", "core-hours", "core-h"}, {"req_nodes", "node-hours", "node-h"}} {
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
		facts = append(facts, quantity(res.name, total/3600, res.unit, "Σ run time × "+res.col+" of ended attempts"))
		break
	}
	if bp := ops.Badput(tasks); bp.Err() == nil && bp.NumRows() == 1 {
		good, _, _ := bp.Float64s("goodput_s")
		bad, _, _ := bp.Float64s("badput_s")
		frac, fv, _ := bp.Float64s("badput_fraction")
		share := math.NaN()
		if len(fv) == 1 && fv[0] {
			share = 100 * frac[0]
		}
		if len(good) == 1 {
			facts = append(facts, durationFact("goodput", good[0], ""), durationFact("badput", bad[0], "lost to failed, lost and canceled attempts"),
				quantity("badput share of run time", share, "%", ""))
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
