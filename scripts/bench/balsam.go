//go:build ignore

// Balsam: throughput, node-weighted utilization and available nodes of
// the jobs tagged experiment=foo, the benchmark analysis of
// ../shared/bench/README.md ("Balsam"), written as an analyst would with
// the public API (the reports of balsam.analytics).
//
//	jobframe run scripts/bench/balsam.go DIR   (events.json, jobs.json, batchjobs.json)
//
// The last line of stdout is the benchmark's fingerprint; load_s and
// analysis_s go to stderr.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

func main() {
	path := os.Args[len(os.Args)-1]
	t0 := time.Now()
	// EventLog.objects.filter(tags={"experiment": "foo"}), read as a
	// stream of batches (Options.Batch), as logs of any size can be: each
	// batch keeps the foo events the two reports read (those entering
	// RUNNING or JOB_FINISHED, and those leaving RUNNING), in the columns
	// they read, so memory holds those and not the whole event log.
	events := 0 // the foo events
	var parts []*frame.Frame
	keep := func(ev *frame.Frame) {
		foo := ev.Where("tag.experiment", "==", "foo")
		check(foo.Err())
		events += foo.NumRows()
		cols := []string{"time", "id", "job", "from_state", "to_state", "num_nodes"}
		into := foo.Where("to_state", "in", []string{"RUNNING", "JOB_FINISHED"})
		out := foo.Where("from_state", "==", "RUNNING").Where("to_state", "not in", []string{"RUNNING", "JOB_FINISHED"})
		parts = append(parts, into.Select(cols...), out.Select(cols...))
	}
	// only the frames and event columns this analysis reads
	d, err := loaders.OpenWith(loaders.Options{
		Frames:  []string{schema.Events, schema.Allocations},
		Columns: map[string][]string{schema.Events: {"time", "id", "job", "from_state", "to_state", "num_nodes", "tag.experiment"}},
		Batch: func(b *loaders.Dataset) error {
			keep(b.Frames[schema.Events])
			return nil
		},
	}, path)
	check(err)
	keep(d.Frames[schema.Events])
	allocations := d.Frames[schema.Allocations]
	t1 := time.Now()

	foo := frame.Concat(parts...)
	check(foo.Err())
	parts = nil // the interpreter keeps a variable alive to the end of its function

	// throughput_report(foo, "JOB_FINISHED")
	done := ops.ThroughputReport(foo, "JOB_FINISHED")
	check(done.Err())
	first, last := "-", "-"
	if at, _, _ := done.Micros("time"); len(at) > 0 { // µs since the epoch
		first, last = naive(time.UnixMicro(at[0])), naive(time.UnixMicro(at[len(at)-1]))
	}

	// utilization_report(foo, node_weighting=True)
	util := ops.UtilizationReport(foo, true)
	check(util.Err())
	u := util.GroupBy().Agg(frame.Max("value").As("peak"), frame.Last("value").As("final"))
	uPeak, _, _ := u.Float64s("peak")
	uFinal, _, _ := u.Float64s("final")
	uArea, err := ops.IntegralMicros(util, "time", "value") // node·µs
	check(err)

	// available_nodes of the batch jobs that may run foo jobs: filter_tags
	// {} or {"experiment": "foo"}
	may := allocations.Where("filter_tags", "in", []string{"", "experiment:foo"})
	avail, _ := ops.AvailableNodes(may)
	check(avail.Err())
	a := avail.GroupBy().Agg(frame.Max("value").As("peak"))
	aPeak, _, _ := a.Int64s("peak")
	aArea, err := ops.IntegralMicros(avail, "time", "value") // node·µs
	check(err)
	t2 := time.Now()

	fmt.Fprintf(os.Stderr, "load_s=%.3f analysis_s=%.3f\n", t1.Sub(t0).Seconds(), t2.Sub(t1).Seconds())
	fmt.Printf("BALSAM events=%d finished=%d first=%s last=%s util_points=%d util_peak=%.4f util_final=%.4f util_node_us=%.3f avail_points=%d avail_peak=%d avail_node_us=%d\n",
		events, done.NumRows(), first, last, util.NumRows(), uPeak[0], uFinal[0], uArea,
		avail.NumRows(), aPeak[0], int64(aArea))
}

// naive formats t as Python's %Y-%m-%dT%H:%M:%S.%f (Balsam times are UTC
// without a zone).
func naive(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000") }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
