package report

import (
	"fmt"
	"io"
	"os"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
)

// BenchmarkReport times the report of the source named by
// JOBFRAME_BENCH_REPORT (e.g. the 1,000,000-task HyperQueue journal of
// ../shared/bench/gen), after loading it once.
func BenchmarkReport(b *testing.B) {
	path := os.Getenv("JOBFRAME_BENCH_REPORT")
	if path == "" {
		b.Skip("set JOBFRAME_BENCH_REPORT to a source to report on")
	}
	d, err := loaders.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if err := Write(io.Discard, d, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWaitingSections times the sections that test a column for
// values (concurrency: any start; tasks per worker: the started
// placements) on 1,000,000 attempts of which a fifth are still waiting
// (no start, no end), as in a report of a running workflow, with the
// tasks frame's 17 columns: a filter of the whole frame copies them all.
func BenchmarkWaitingSections(b *testing.B) {
	d := waitingDataset(1_000_000, 5)
	bl := newBuilder(d, Options{})
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, s := range []Section{bl.concurrency(), bl.tasksPerWorker()} {
			if s.Reason != "" {
				b.Fatal(s.Reason)
			}
		}
	}
}

// waitingDataset is a HyperQueue-like dataset of n attempts on 64
// workers, every waitEvery-th one waiting (no start, end or worker).
func waitingDataset(n, waitEvery int) *loaders.Dataset {
	const t0 = int64(1_785_834_000_000_000)
	submit, start, end := make([]int64, n), make([]int64, n), make([]int64, n)
	ok := make([]bool, n)
	ids, ones := make([]int64, n), make([]int64, n)
	workers, states, jobs := make([]string, n), make([]string, n), make([]string, n)
	cpus := make([]float64, n)
	for i := range n {
		submit[i] = t0 + int64(i)*1000
		start[i], end[i] = submit[i]+5e5, submit[i]+5e5+int64(i%997)*1e4
		ok[i] = i%waitEvery != 0
		ids[i], ones[i], cpus[i] = int64(i), 1, float64(1+i%4)
		workers[i], jobs[i] = fmt.Sprintf("w%02d", i%64), fmt.Sprintf("%d", i/1000)
		states[i] = "success"
		if !ok[i] {
			states[i] = "waiting"
		}
	}
	tasks := frame.New(frame.StringCol("source", repeatText("hyperqueue", n), nil), frame.StringCol("job", jobs, nil),
		frame.Int64Col("task", ids, nil), frame.Int64Col("attempt", ones, nil), frame.StringCol("worker", workers, ok),
		frame.MicrosCol("submit", submit, nil), frame.MicrosCol("start", start, ok), frame.MicrosCol("end", end, ok),
		frame.StringCol("state", states, nil), frame.StringCol("reason", make([]string, n), make([]bool, n)),
		frame.Int64Col("exit_code", make([]int64, n), ok), frame.Float64Col("req_cpus", cpus, nil),
		frame.Float64Col("req_gpus", make([]float64, n), nil), frame.Float64Col("req_mem_mb", cpus, nil),
		frame.Int64Col("req_nodes", ones, nil), frame.StringCol("job_name", jobs, nil), frame.Int64Col("line", ids, nil))
	placements := tasks.Select("job", "task", "attempt", "worker", "start", "end", "state").WithColumn("cpus", frame.Float64Col("cpus", cpus, nil))
	return &loaders.Dataset{Source: "hyperqueue", Files: []string{"bench"}, Frames: map[string]*frame.Frame{"tasks": tasks, "placements": placements}}
}
