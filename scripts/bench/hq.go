//go:build ignore

// HyperQueue: tasks per worker and allocated CPUs over time, the
// benchmark analysis of ../shared/bench/README.md ("HQ"), written as an
// analyst would with the public API.
//
//	jobframe run scripts/bench/hq.go JOURNAL.jsonl
//
// The last line of stdout is the benchmark's fingerprint; load_s and
// analysis_s go to stderr.
package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

func main() {
	path := os.Args[len(os.Args)-1]
	t0 := time.Now()
	// Only the frames this analysis reads (attempts on workers, and the
	// worker connections), and of the placements only the columns the ops
	// below read (the journal lines order the attempts that start or end
	// at one time): the loader then builds no other.
	d, err := loaders.OpenWith(loaders.Options{
		Frames:  []string{schema.Placements, schema.Workers},
		Columns: map[string][]string{schema.Placements: {"worker", "task", "start", "end", "cpus", "start_line", "end_line"}},
	}, path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	placements, workers := d.Frames[schema.Placements], d.Frames[schema.Workers]
	t1 := time.Now()

	// Tasks per worker: starts on each worker, in order of connection.
	perWorker := ops.TasksPerWorker(placements, workers)
	ids, _, err := perWorker.Strings("worker")
	check(err)
	counts, _, err := perWorker.Int64s("count")
	check(err)
	var assigned, maxTasks, wsum int64
	for i, w := range ids {
		id, err := strconv.ParseInt(w, 10, 64)
		check(err)
		assigned += counts[i]
		wsum += id * counts[i]
		if counts[i] > maxTasks {
			maxTasks = counts[i]
		}
	}

	// Allocated CPUs over time: +cpus at each start, -cpus at each
	// release (finish, failure, cancel, or loss of the worker).
	busy := ops.Busy(placements, "cpus")
	check(busy.Err())
	values, _, err := busy.Float64s("value")
	check(err)
	final := 0.0
	if len(values) > 0 {
		final = values[len(values)-1]
	}
	peak := busy.GroupBy().Agg(frame.Max("value").As("peak"))
	peakV, _, err := peak.Float64s("peak")
	check(err)
	peakAt, _, err := busy.Where("value", "==", peakV[0]).Head(1).Micros("time")
	check(err)
	area, err := ops.Integral(busy, "time", "value") // cpu·s
	check(err)
	// The fingerprint counts one point per start and per release, plus
	// the series' origin (0, 0) at the journal's first line.
	ends := placements.Where("end", "not-null", nil).NumRows()
	points := 1 + placements.Where("start", "not-null", nil).NumRows() + ends
	t2 := time.Now()

	fmt.Fprintf(os.Stderr, "load_s=%.3f analysis_s=%.3f\n", t1.Sub(t0).Seconds(), t2.Sub(t1).Seconds())
	fmt.Printf("HQ workers=%d assigned=%d max_tasks=%d wsum=%d points=%d final=%.4f peak=%.4f peak_t=%.3f cpu_ms=%.4f\n",
		workers.NumRows(), assigned, maxTasks, wsum, points, final, peakV[0],
		float64(peakAt[0]-d.LogStart)/1e6, area*1000)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
