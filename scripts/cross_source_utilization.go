//go:build ignore

// How well did two systems use their workers? The same question asked of
// two different logs (for example a HyperQueue journal and a Work Queue
// transaction log): the CPUs allocated to tasks against the CPUs the
// connected workers offered, over each run. jobframe's canonical frames
// make the two comparable: the same placements and workers columns, the
// same Busy and Capacity ops, whatever the source.
//
//	jobframe run scripts/cross_source_utilization.go [-o DIR] [SOURCE_A SOURCE_B ...]
//
// Defaults: the bundled HyperQueue journal and the real Work Queue run.
// Prints one row per source and writes DIR/utilization_compare.csv: per
// source, utilization (busy/capacity) against the fraction of the run
// elapsed, so that runs of different lengths share one axis.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

func main() {
	out := flag.String("o", ".", "the folder the CSV is written to")
	flag.Parse()
	inputs := flag.Args()
	if len(inputs) == 0 {
		inputs = []string{
			"testdata/hq/synthetic_v0.26_journal.jsonl",
			"testdata/workqueue/realrun_wq_7.17.1_transactions.log",
		}
	}

	var (
		source, file                            []string
		starts, workers                         []int64
		span, peakBusy, peakCap, busyH, capH, u []float64
		curves                                  []*frame.Frame
	)
	for _, in := range inputs {
		d, err := loaders.Open(in)
		check(err)
		placements, err := d.Frame(schema.Placements)
		check(err)
		w, err := d.Frame(schema.Workers)
		check(err)
		tasks, err := d.Frame(schema.Tasks)
		check(err)
		if !d.HasLogSpan {
			check(fmt.Errorf("%s: %s has no run span to compare over", in, d.Source))
		}

		busy := ops.Busy(placements, "cpus")
		capacity := ops.Capacity(w, "cpus")
		util := ops.Utilization(busy, capacity)
		for _, f := range []*frame.Frame{busy, capacity, util} {
			check(f.Err())
		}
		b, err := ops.Integral(busy, "time", "value")
		check(err)
		c, err := ops.Integral(capacity, "time", "value")
		check(err)
		peaks := util.GroupBy().Agg(frame.Max("busy").As("busy"), frame.Max("capacity").As("capacity"))
		pb, _, _ := peaks.Float64s("busy")
		pc, _, _ := peaks.Float64s("capacity")

		length := float64(d.LogEnd - d.LogStart)
		source = append(source, d.Source)
		file = append(file, filepath.Base(in))
		starts = append(starts, int64(tasks.Where("start", "not-null", nil).NumRows()))
		workers = append(workers, int64(w.NumRows()))
		span = append(span, length/1e6)
		peakBusy = append(peakBusy, pb[0])
		peakCap = append(peakCap, pc[0])
		busyH = append(busyH, b/3600)
		capH = append(capH, c/3600)
		u = append(u, 100*b/c)

		// The utilization curve against the fraction of the run elapsed.
		// (a duration over a duration is their ratio, as float64)
		frac := util.With(frame.Col("time").Sub(time.UnixMicro(d.LogStart)).Div(time.Duration(length)*time.Microsecond).As("run_fraction"),
			frame.Lit(filepath.Base(in)).As("file"))
		curves = append(curves, frac.Select("file", "run_fraction", "busy", "capacity", "utilization"))
	}

	table := frame.New(
		frame.StringCol("file", file, nil),
		frame.StringCol("source", source, nil),
		frame.Int64Col("attempts", starts, nil),
		frame.Int64Col("workers", workers, nil),
		frame.Float64Col("span_s", span, nil),
		frame.Float64Col("peak_busy_cpus", peakBusy, nil),
		frame.Float64Col("peak_cpus", peakCap, nil),
		frame.Float64Col("busy_cpu_h", busyH, nil),
		frame.Float64Col("offered_cpu_h", capH, nil),
		frame.Float64Col("utilization_pct", u, nil),
	)
	check(table.Err())
	fmt.Print(table)

	all := frame.Concat(curves...)
	check(all.Err())
	path := filepath.Join(*out, "utilization_compare.csv")
	check(all.WriteCSVFile(path))
	// The curves on one axis: utilization against the fraction of each
	// run elapsed.
	fig := plot.New("CPU utilization over the run", "fraction of the run elapsed", "CPUs allocated / CPUs offered")
	for _, c := range curves {
		names, _, _ := c.Strings("file")
		fig.Step(c, "run_fraction", "utilization", names[0])
	}
	png := filepath.Join(*out, "utilization_compare.png")
	check(fig.Save(png))
	fmt.Println("wrote", path, "and", png)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
