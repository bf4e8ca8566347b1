package loaders

import (
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// Loader throughput on the inputs of ../shared/bench (benchgen):
//
//	(cd ../shared/bench/gen && go build -o /tmp/benchgen .)
//	/tmp/benchgen hq -tasks 100000 -workers 20 -o /tmp/jobframe-bench/100000/hq.jsonl   (likewise wq, balsam, epmt)
//	JOBFRAME_BENCH_DIR=/tmp/jobframe-bench/100000 go test ./loaders -run '^$' -bench Load
//
// The MB/s column is input bytes per second; cpu-ms/op is the CPU time
// of one load, all goroutines, which tells work saved from work moved to
// the other core.

func benchOpen(b *testing.B, name string, o source.Options) {
	p, size := sourcetest.HarnessInput(b, name)
	b.SetBytes(size)
	b.ReportAllocs()
	defer sourcetest.ReportCPU(b)()
	for i := 0; i < b.N; i++ {
		d, err := OpenWith(o, p)
		if err != nil {
			b.Fatal(err)
		}
		if len(d.Frames) == 0 {
			b.Fatal("no frames")
		}
	}
}

func BenchmarkLoadHyperQueue(b *testing.B) { benchOpen(b, "hq.jsonl", source.Options{}) }
func BenchmarkLoadWorkQueue(b *testing.B)  { benchOpen(b, "wq.log", source.Options{}) }
func BenchmarkLoadBalsam(b *testing.B)     { benchOpen(b, "balsam", source.Options{}) }
func BenchmarkLoadEPMT(b *testing.B) {
	benchOpen(b, "pp075-collated-papiex-804280-0.csv", source.Options{})
}

// BenchmarkLoadHyperQueueTasks loads only the frames the busy-CPU and
// tasks-per-worker analyses need.
func BenchmarkLoadHyperQueueTasks(b *testing.B) {
	benchOpen(b, "hq.jsonl", source.Options{Frames: []string{schema.Tasks, schema.Placements, schema.Workers}})
}

// BenchmarkLoadHyperQueuePlacements is the load of scripts/bench/hq.go.
func BenchmarkLoadHyperQueuePlacements(b *testing.B) {
	benchOpen(b, "hq.jsonl", source.Options{Frames: []string{schema.Placements, schema.Workers}})
}

func BenchmarkLoadWorkQueueTasks(b *testing.B) {
	benchOpen(b, "wq.log", source.Options{Frames: []string{schema.Tasks}})
}

// The loads of scripts/bench/wq.go, balsam.go and epmt.go: only the
// frames and columns the analysis reads.
func BenchmarkLoadWorkQueueColumns(b *testing.B) {
	benchOpen(b, "wq.log", source.Options{Frames: []string{schema.Tasks},
		Columns: map[string][]string{schema.Tasks: {"final", "done_result", "exit_code", "limits_exceeded", "mem_mb", "bandwidth_mbps"}}})
}

func BenchmarkLoadBalsamColumns(b *testing.B) {
	benchOpen(b, "balsam", source.Options{Frames: []string{schema.Events, schema.Allocations},
		Columns: map[string][]string{schema.Events: {"time", "id", "job", "from_state", "to_state", "num_nodes", "tag.experiment"}}})
}

func BenchmarkLoadEPMTColumns(b *testing.B) {
	benchOpen(b, "pp075-collated-papiex-804280-0.csv", source.Options{Frames: []string{schema.Procs},
		Columns: map[string][]string{schema.Procs: {"start", "end", "tags", "cpu_time", "numtids"}}})
}

// BenchmarkLoadHyperQueueReportColumns is the load of a report's
// projection (cmd/jobframe/internal/report Columns and Omit): of the
// events their time alone, of the tasks all but the columns no section
// reads.
func BenchmarkLoadHyperQueueReportColumns(b *testing.B) {
	benchOpen(b, "hq.jsonl", source.Options{
		Columns: map[string][]string{schema.Events: {"time?", "run?", "source?"}},
		Omit: map[string][]string{
			schema.Tasks:      {"instance", "variant", "n_workers", "workers", "worker", "policy", "start_line", "end_line", "raw_state", "req_estimated"},
			schema.Placements: {"gpus", "mem_mb", "root"},
		}})
}
