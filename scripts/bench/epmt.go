//go:build ignore

// EPMT: per-operation cpu time, process count and sum-minus-overlap
// duration, the benchmark analysis of ../shared/bench/README.md ("EPMT"),
// written as an analyst would with the public API.
//
//	jobframe run scripts/bench/epmt.go COLLATED.csv
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
	// only the procs frame, and of it only the columns used below: the
	// loader then skips building the ~50 other metric and tag columns
	d, err := loaders.OpenWith(loaders.Options{
		Frames:  []string{schema.Procs},
		Columns: map[string][]string{schema.Procs: {"start", "end", "tags", "cpu_time", "numtids"}},
	}, path)
	check(err)
	procs := d.Frames[schema.Procs]
	t1 := time.Now()

	// Per tag (untagged processes form one group): processes, their
	// cpu time (user + system, µs, summed over threads), and the
	// sum-minus-overlap duration of their intervals with its number of
	// merged runs (EPMT's Operation).
	byTag := ops.Intervals(procs, "start", "end", "tags").
		Join(procs.GroupBy("tags").Agg(frame.Sum("cpu_time").As("cpu_us")), "inner", "tags")
	check(byTag.Err())
	tagged := byTag.Where("tags", "not-null", nil).Where("tags", "!=", "")
	totals := byTag.GroupBy().Agg(frame.Sum("cpu_us").As("cpu"), frame.Sum("sum_minus_overlap_us").As("smo"), frame.Sum("runs").As("runs"))
	cpu, smo, runs := one(totals, "cpu"), one(totals, "smo"), one(totals, "runs")
	taggedCPU := one(tagged.GroupBy().Agg(frame.Sum("cpu_us").As("cpu")), "cpu")
	// the longest operation; ties go to the smallest tag text
	top := tagged.Sort("-sum_minus_overlap_us", "tags").Head(1)
	topTag, _, err := top.Strings("tags")
	check(err)
	// the CSV's data rows: each process is one row per thread
	rows := one(procs.GroupBy().Agg(frame.Sum("numtids").As("rows")), "rows")
	t2 := time.Now()

	fmt.Fprintf(os.Stderr, "load_s=%.3f analysis_s=%.3f\n", t1.Sub(t0).Seconds(), t2.Sub(t1).Seconds())
	fmt.Printf("EPMT rows=%d procs=%d tags=%d cpu_us=%d tagged_cpu_us=%d smo_us=%d runs=%d top=%s:%d\n",
		rows, procs.NumRows(), byTag.NumRows(), cpu, taggedCPU, smo, runs,
		topTag[0], one(top, "sum_minus_overlap_us"))
}

// one returns the first value of an integer column of f.
func one(f *frame.Frame, col string) int64 {
	v, _, err := f.Int64s(col)
	check(err)
	if len(v) == 0 {
		check(fmt.Errorf("no %s: the frame is empty", col))
	}
	return v[0]
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
