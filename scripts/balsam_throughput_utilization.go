//go:build ignore

// Throughput, utilization and available nodes of a Balsam site, the three
// series of Balsam's analytics guide (balsam.analytics throughput_report,
// utilization_report, available_nodes; docs/semantics.md#balsam-analytics), which plots them
// overlaid to show how much of the allocation the jobs used.
//
//	jobframe run scripts/balsam_throughput_utilization.go [-o DIR] [-tag k:v] [FOLDER|FILE...]
//
// The input is the JSON of Balsam's API (events, jobs and batch-jobs;
// default: the bundled testdata/balsam). -tag keeps the jobs with that tag
// (EventLog.objects.filter(tags=...)); the available nodes are those of
// the batch jobs that ran them. Prints each series' figures and writes
// DIR/throughput.csv, DIR/utilization.csv and DIR/available_nodes.csv
// (time in UTC; minutes since the first allocation started).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

func main() {
	out := flag.String("o", ".", "the folder the CSVs are written to")
	tag := flag.String("tag", "", "keep the jobs with this tag, key:value (default all)")
	flag.Parse()
	inputs := flag.Args()
	if len(inputs) == 0 {
		inputs = []string{"testdata/balsam"}
	}

	d, err := loaders.Open(inputs...)
	check(err)
	events, err := d.Frame(schema.Events)
	check(err)
	allocations, err := d.Frame(schema.Allocations)
	check(err)
	fmt.Printf("%s: %d events of %d jobs, %d batch jobs\n", strings.Join(inputs, " "),
		events.NumRows(), events.GroupBy("job").Agg(frame.Count()).NumRows(), allocations.NumRows())
	if *tag != "" {
		k, v, ok := strings.Cut(*tag, ":")
		if !ok {
			check(fmt.Errorf("-tag %q: want key:value", *tag))
		}
		events = events.Where("tag."+k, "==", v)
		check(events.Err())
		fmt.Printf("tagged %s: %d events\n", *tag, events.NumRows())
	}

	// Jobs finished over time.
	done := ops.ThroughputReport(events, "JOB_FINISHED")
	check(done.Err())
	fmt.Printf("\nthroughput (JOB_FINISHED): %d jobs\n", done.NumRows())
	show(done, "value")
	runs := ops.ThroughputReport(events, "RUNNING")
	check(runs.Err())
	fmt.Printf("runs started (RUNNING, restarts included): %d\n", runs.NumRows())

	// Nodes busy over time (node_weighting: each run's num_nodes).
	util := ops.UtilizationReport(events, true)
	check(util.Err())
	fmt.Printf("\nutilization (nodes running jobs): %d points\n", util.NumRows())
	show(util, "value")
	nodeMin, err := ops.Integral(util, "time", "value")
	check(err)
	peak := util.GroupBy().Agg(frame.Max("value").As("peak"))
	pv, _, _ := peak.Float64s("peak")
	fmt.Printf("peak %g nodes, %.6f node-minutes\n", pv[0], nodeMin/60)

	// The nodes the batch jobs that ran these jobs held.
	ids, ok, _ := events.Where("batch_job", "not-null", nil).ValueCounts("batch_job").Sort("batch_job").Int64s("batch_job")
	var ran []int64
	for i, id := range ids {
		if ok[i] {
			ran = append(ran, id)
		}
	}
	avail, skipped := ops.AvailableNodes(allocations.Where("id", "in", ran))
	check(avail.Err())
	fmt.Printf("\navailable nodes (batch jobs %v): %d points", ran, avail.NumRows())
	if skipped > 0 {
		fmt.Printf(", %d batch jobs without start or end left out", skipped)
	}
	fmt.Println()
	show(avail, "value")
	availMin, err := ops.Integral(avail, "time", "value")
	check(err)
	fmt.Printf("%.6f node-minutes available; the jobs used %.1f %% of them\n", availMin/60, 100*nodeMin/availMin)

	// One time axis for the overlay: minutes since the first allocation
	// started (or the first event without allocations).
	origin := util
	if avail.NumRows() > 0 {
		origin = avail
	}
	ts, _, _ := origin.Micros("time")
	var t0 int64
	if len(ts) > 0 {
		t0 = ts[0]
	}
	minutes := frame.Col("time").Sub(time.UnixMicro(t0)).Div(time.Minute).As("minutes")
	for name, f := range map[string]*frame.Frame{
		"throughput.csv":      done,
		"utilization.csv":     util.Rename("value", "nodes"),
		"available_nodes.csv": avail,
	} {
		f = f.With(minutes)
		path := filepath.Join(*out, name)
		check(f.WriteCSVFile(path))
	}
	// The pictures: nodes in use against nodes allocated, and jobs
	// finished, as minutes from the first point.
	u := plot.New("Nodes in use against nodes allocated", "", "nodes").OriginMicros(t0)
	if avail.NumRows() > 0 {
		u.Step(avail, "time", "value", "allocated (batch jobs)")
	}
	check(u.Step(util, "time", "value", "in use (running jobs)").Save(filepath.Join(*out, "utilization.png")))
	check(plot.New("Jobs finished", "", "jobs (cumulative)").OriginMicros(t0).
		Step(done, "time", "value", "JOB_FINISHED").Save(filepath.Join(*out, "throughput.png")))
	fmt.Printf("\nwrote throughput.csv, utilization.csv and available_nodes.csv, utilization.png and throughput.png to %s\n", *out)
}

// show prints the first three and the last two points of a series.
func show(series *frame.Frame, col string) {
	at, _, _ := series.Times("time")
	c := slices.Index(series.Names(), col)
	for i := range at {
		if i == 3 && len(at) > 5 {
			fmt.Println("  ...")
		}
		if i >= 3 && i < len(at)-2 {
			continue
		}
		fmt.Printf("  %s  %s\n", at[i].UTC().Format("2006-01-02T15:04:05.000000"), series.FormatValue(c, i))
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
