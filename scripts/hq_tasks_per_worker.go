//go:build ignore

// Tasks per worker of a HyperQueue journal: Analysis 1 of the HyperQueue
// journal notebook (hyperqueue PR #1029, extra/journal_analysis.ipynb;
// docs/semantics.md#tasks-per-worker). Every task start counts on the worker that ran it,
// so a task restarted after a worker loss counts twice, and a multi-node
// task counts on each of its workers.
//
//	jobframe run scripts/hq_tasks_per_worker.go [-o DIR] [JOURNAL]
//
// JOURNAL is the output of `hq journal export` (default: the bundled
// testdata/hq/synthetic_v0.26_journal.jsonl). The table is printed and
// written to DIR/tasks_per_worker.csv (the notebook plots it as a bar
// chart; the CSV is what a plotting tool takes).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

func main() {
	out := flag.String("o", ".", "the folder the CSV is written to")
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

	// One row per worker in order of connection: the count of task
	// starts and the "job@task" entries in start order.
	tpw := ops.TasksPerWorker(placements, workers)
	check(tpw.Err())
	// The worker's host name makes the table readable.
	tpw = tpw.Join(workers.Select("worker", "host"), "left", "worker")
	check(tpw.Err())

	fmt.Printf("%s: %d task starts on %d workers\n", journal, placements.NumRows(), workers.NumRows())
	fmt.Print(tpw.Select("worker", "host", "count"))

	path := filepath.Join(*out, "tasks_per_worker.csv")
	check(tpw.WriteCSVFile(path))
	png := filepath.Join(*out, "tasks_per_worker.png")
	check(plot.New("Task starts per worker", "worker", "task starts").Bars(tpw, "host", "count", "").Save(png))
	fmt.Println("wrote", path, "and", png)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
