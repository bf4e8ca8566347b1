//go:build ignore

// CPUs in use over time in a HyperQueue journal: Analysis 2 of the
// HyperQueue journal notebook (hyperqueue PR #1029), done right
// (docs/semantics.md#busy-cpus: the notebook subtracts the wrong amount, ignores
// worker losses and counts every non-"All" request as 0 CPUs). "In use"
// means allocated: each task start adds the CPUs its worker gave it (the
// request resolved by policy, whole workers for multi-node tasks); its
// end, a cancel or the loss of its worker takes them back.
//
//	jobframe run scripts/hq_cpu_utilization.go [-o DIR] [JOURNAL]
//
// JOURNAL defaults to the bundled testdata/hq/synthetic_v0.26_journal.jsonl.
// Prints the series' figures and writes DIR/cpu_utilization.csv (t_s,
// seconds since the journal's first event; busy and capacity in CPUs;
// utilization, a fraction) and DIR/cpu_busy_by_worker.csv.
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
	out := flag.String("o", ".", "the folder the CSVs are written to")
	flag.Parse()
	journal := "testdata/hq/synthetic_v0.26_journal.jsonl"
	if flag.NArg() > 0 {
		journal = flag.Arg(0)
	}

	d, err := loaders.Open(journal)
	check(err)
	placements, err := d.Frame(schema.Placements)
	check(err)
	workers, err := d.Frame(schema.Workers)
	check(err)
	if !d.HasLogSpan {
		check(fmt.Errorf("%s: no timed event", journal))
	}

	busy := ops.Busy(placements, "cpus")             // time, value: CPUs allocated
	capacity := ops.Capacity(workers, "cpus")        // time, value: CPUs connected
	util := ops.Utilization(busy, capacity)          // time, busy, capacity, utilization
	byWorker := ops.BusyByWorker(placements, "cpus") // worker, time, value
	for _, f := range []*frame.Frame{busy, capacity, util, byWorker} {
		check(f.Err())
	}

	// Seconds since the first event of the journal, as the notebook's x axis.
	since := frame.Col("time").Sub(time.UnixMicro(d.LogStart)).Seconds().As("t_s")
	busy, util, byWorker = busy.With(since), util.With(since), byWorker.With(since)

	// The notebook's series starts with (0, 0) at the first event.
	tasks, err := d.Frame(schema.Tasks) // one row per task start
	check(err)
	fmt.Printf("%s: %d task starts, %d workers, span %.3f s\n", journal,
		tasks.NumRows(), workers.NumRows(), float64(d.LogEnd-d.LogStart)/1e6)
	fmt.Printf("busy CPUs: %d points including (0, 0)\n", busy.NumRows()+1)
	fmt.Println("first points:")
	fmt.Print(busy.Head(5).Select("t_s", "value"))

	// The peak and when it was first reached (Sort is stable: the
	// earliest point among equal values comes first).
	peak := busy.Sort("-value").Head(1)
	pv, _, _ := peak.Float64s("value")
	pt, _, _ := peak.Float64s("t_s")
	fmt.Printf("peak: %.1f CPUs, first at t = %.3f s\n", pv[0], pt[0])
	last := busy.Tail(1)
	lv, _, _ := last.Float64s("value")
	lt, _, _ := last.Float64s("t_s")
	fmt.Printf("final point: (%.3f, %.1f)\n", lt[0], lv[0])

	// Areas: allocated CPU-hours against the CPU-hours the connected
	// workers offered, over the journal's span.
	busyArea, err := ops.Integral(busy, "time", "value")
	check(err)
	capArea, err := ops.Integral(capacity, "time", "value")
	check(err)
	mean, err := ops.TimeWeightedMean(busy, "time", "value")
	check(err)
	fmt.Printf("allocated: %.4f CPU-hours of %.4f offered (%.1f %%), mean %.3f CPUs from the first start to the last end\n",
		busyArea/3600, capArea/3600, 100*busyArea/capArea, mean)

	fmt.Println("per worker (peak CPUs allocated, CPU-hours):")
	perWorker := byWorker.GroupBy("worker").Agg(frame.Max("value").As("peak_cpus"), frame.Count().As("points"))
	perWorker = perWorker.Join(workers.Select("worker", "host", "cpus"), "left", "worker")
	hours := make([]float64, perWorker.NumRows())
	ids, _, _ := perWorker.Strings("worker")
	for i, w := range ids {
		a, err := ops.Integral(byWorker.Where("worker", "==", w), "time", "value")
		check(err)
		hours[i] = a / 3600
	}
	perWorker = perWorker.WithColumn("cpu_hours", hours)
	check(perWorker.Err())
	fmt.Print(perWorker.Select("worker", "host", "cpus", "peak_cpus", "cpu_hours"))

	for name, f := range map[string]*frame.Frame{
		"cpu_utilization.csv":    util.Select("t_s", "time", "busy", "capacity", "utilization"),
		"cpu_busy_by_worker.csv": byWorker.Select("worker", "t_s", "time", "value"),
	} {
		path := filepath.Join(*out, name)
		check(f.WriteCSVFile(path))
	}
	// The picture: allocated against offered CPUs, minutes since the
	// journal's first event.
	check(plot.New("CPUs allocated against CPUs offered", "", "CPUs").OriginMicros(d.LogStart).
		Step(capacity, "time", "value", "offered by workers").
		Step(busy, "time", "value", "allocated to tasks").
		Save(filepath.Join(*out, "cpu_utilization.png")))
	fmt.Println("wrote", filepath.Join(*out, "cpu_utilization.csv"), "cpu_busy_by_worker.csv and cpu_utilization.png")
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
