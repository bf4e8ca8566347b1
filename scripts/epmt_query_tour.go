//go:build ignore

// A tour of EPMT's query API on jobframe frames, following the EPMT query
// notebook (EPMT's Query API guide): jobs and their tags, the operations
// (tagged process groups) and their metrics grouped by tag with overlaps
// counted once, what data movement costs, the process tree (roots and a
// walk down from the busiest process), a histogram of executables, a
// timeline, outlier operations and an annotation (docs/semantics.md#epmt).
//
//	jobframe run scripts/epmt_query_tour.go [-o DIR] [JOB_FOLDER|ARCHIVE...]
//
// The input is EPMT job folders or .tgz archives (job_metadata plus papiex
// CSV/TSV; default: the bundled testdata/epmt/804280, the first 435
// processes of a GFDL post-processing job). Prints each step and writes
// DIR/op_metrics.csv and DIR/timeline.csv.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

func main() {
	out := flag.String("o", ".", "the folder the CSVs are written to")
	flag.Parse()
	inputs := flag.Args()
	if len(inputs) == 0 {
		inputs = []string{"testdata/epmt/804280"}
	}
	d, err := loaders.Open(inputs...)
	check(err)
	jobs, err := d.Frame("jobs")
	check(err)
	procs, err := d.Frame("procs")
	check(err)

	step("jobs (eq.get_jobs)")
	fmt.Print(jobs.Select("job", "user", "start", "end", "duration_us", "num_procs", "cpu_time", "exit_code"))

	step("job tags, folded (eq.get_job_tags(fold=True))")
	fmt.Print(ops.FoldTags(jobs).Select("key", "n_values", "values"))

	step("process tags (eq.job_proc_tags)")
	fmt.Print(ops.FoldTags(procs).Select("key", "n_values", "values"))

	// Operations: the processes that share a tag. Overlapping processes
	// of an operation count once (sum-minus-overlap), as EPMT's
	// op_duration_method="sum-minus-overlap".
	step("op metrics grouped by tag, sum-minus-overlap (eq.get_op_metrics)")
	metrics := ops.OpMetrics(procs, ops.OpMetricsOptions{GroupByTag: true, Method: "sum-minus-overlap", Jobs: jobs})
	check(metrics.Err())
	fmt.Print(metrics.Select("tags", "num_procs", "numtids", "cpu_time", "duration"))
	check(metrics.WriteCSVFile(filepath.Join(*out, "op_metrics.csv")))

	step("an operation: op:hsmget, every duration method (eq.Operation)")
	for _, m := range []string{"sum", "sum-minus-overlap", "finish-minus-start"} {
		om := ops.OpMetrics(procs, ops.OpMetricsOptions{Tags: []string{"op:hsmget"}, GroupByTag: true, Method: m, Jobs: jobs})
		check(om.Err())
		if om.NumRows() == 0 {
			fmt.Println("no op:hsmget processes")
			break
		}
		dur, _, _ := om.Float64s("duration")
		np, _, _ := om.Int64s("num_procs")
		fmt.Printf("%-19s %d procs, duration %.1f µs\n", m, np[0], dur[0])
	}
	iv := ops.Intervals(ops.MatchTags(procs, false, "op:hsmget"), "start", "end")
	check(iv.Err())
	fmt.Print(iv.Select("count", "runs", "contiguous", "start", "end"))

	step("data movement costs, cpu_time (eq.ops_costs)")
	costs, err := ops.OpsCosts(procs, jobs, "cpu_time", nil)
	check(err)
	fmt.Printf("data movement is %.3f %% of the jobs' cpu_time (%.1f µs)\n", costs.Percent, costs.JobsMetric)
	fmt.Print(costs.ByJob)

	// The process tree: parents by pid within each job and host.
	step("process tree: roots (eq.get_roots)")
	tree, unresolved := ops.ProcessTree(procs)
	check(tree.Err())
	// Each process's row number, to follow parent_row from a sorted view.
	tree = tree.WithColumnFunc("row", frame.Int64, func(r frame.Row) any { return int64(r.Index()) })
	roots := ops.Roots(tree)
	fmt.Printf("%d processes, %d roots, %d unresolved reused pids\n", tree.NumRows(), roots.NumRows(), unresolved)
	fmt.Print(roots.ValueCounts("ppid").Head(8))
	fmt.Print(tree.ValueCounts("depth").Sort("depth"))

	step("a walk down the tree from the process with the most inclusive cpu_time")
	top := tree.Sort("-inclusive_cpu_time").Head(1)
	fmt.Print(top.Select("pid", "exename", "cpu_time", "inclusive_cpu_time", "children", "descendants"))
	rows, _, _ := top.Int64s("row")
	walk(tree, rows[0], 0, 2)

	step("executables by count (eq.procs_histogram)")
	fmt.Print(ops.ProcsHistogram(procs, "exename", "").Sort("-count").Head(5))

	step("timeline: the first 5 processes (eq.timeline)")
	timeline := ops.Timeline(procs, 0)
	check(timeline.Err())
	fmt.Print(timeline.Head(5).Select("pid", "exename", "start", "duration_us", "tags"))
	check(timeline.Select("job", "pid", "ppid", "exename", "start", "end", "duration_us", "cpu_time", "tags").WriteCSVFile(filepath.Join(*out, "timeline.csv")))

	// Outliers among the operation instances (EPMT's univariate
	// classifiers): each row is one op_instance/op_sequence tag.
	step("outlier operations (eq.detect_outlier_ops)")
	if metrics.NumRows() >= 4 {
		o := ops.Outliers(metrics, ops.OutlierOptions{ID: "tags"})
		check(o.Err())
		fmt.Print(o.Select("tags", "cpu_time_z_score", "duration_z_score", "num_procs_z_score", "outlier_methods"))
	} else {
		fmt.Println("fewer than 4 operations: nothing to compare")
	}

	step("annotate the job (eq.annotate_job)")
	ids, _, _ := jobs.Strings("job")
	annotated := ops.Annotate(jobs, ids[0], "reviewed:yes;hsmget_slow", false)
	check(annotated.Err())
	fmt.Print(annotated.Select("job", "annotations"))

	fmt.Printf("\nwrote op_metrics.csv and timeline.csv to %s\n", *out)
}

// walk prints the process at row and its children down to depth max,
// indented, the children in start order.
func walk(tree *frame.Frame, row int64, depth, max int) {
	p := tree.Slice(int(row), int(row)+1)
	pid, _, _ := p.Int64s("pid")
	exe, _, _ := p.Strings("exename")
	cpu, _, _ := p.Float64s("inclusive_cpu_time")
	nd, _, _ := p.Int64s("descendants")
	fmt.Printf("%s%s (pid %d): %.0f µs inclusive, %d descendants\n", strings.Repeat("  ", depth), exe[0], pid[0], cpu[0], nd[0])
	if depth == max {
		return
	}
	kids := tree.Where("parent_row", "==", row).Sort("start")
	krows, _, _ := kids.Int64s("row")
	for _, k := range krows {
		walk(tree, k, depth+1, max)
	}
}

func step(title string) { fmt.Printf("\n== %s\n", title) }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
