package lake

import (
	"context"
	"os"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// benchInputs are the inputs of ../shared/bench the ingest benchmarks
// read (sourcetest.HarnessInput).
var benchInputs = []string{"hq.jsonl", "pp075-collated-papiex-804280-0.csv", "balsam", "wq.log"}

// benchParquet is the benchmarks' Parquet options: the codec of
// JOBFRAME_BENCH_CODEC (the library's default, zstd, when unset), level 1.
func benchParquet() frame.ParquetOptions {
	return frame.ParquetOptions{Compression: os.Getenv("JOBFRAME_BENCH_CODEC"), Level: 1}
}

// Ingest throughput on the inputs of ../shared/bench:
//
//	JOBFRAME_BENCH_DIR=/tmp/jobframe-bench/1000000 go test ./loaders/lake -run '^$' -bench Ingest
//
// The MB/s column is input bytes per second, cpu-ms/op the CPU time of
// one ingest; each run ingests into a fresh lake.
func BenchmarkIngest(b *testing.B) {
	for _, name := range benchInputs {
		b.Run(name, func(b *testing.B) {
			p, size := sourcetest.HarnessInput(b, name)
			b.SetBytes(size)
			defer sourcetest.ReportCPU(b)()
			for i := 0; i < b.N; i++ {
				out := b.TempDir()
				if _, err := Ingest(context.Background(), out, []string{p}, Options{Parquet: benchParquet()}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIngestWrite times the ingest's writing alone. Each input is
// read once, before the timer starts, as an ingest reads it (streamed
// in batches with their checkpoints), and its batches are kept; each
// run then writes them all as an ingest stages them (cut by day, the
// files of a batch on all cores) into a fresh folder. The MB/s column
// is input bytes per second, as BenchmarkIngest's, so it is the rate an
// ingest could not pass even if reading its input cost nothing;
// cpu-ms/op is the CPU time of one run's writing.
func BenchmarkIngestWrite(b *testing.B) {
	for _, name := range benchInputs {
		b.Run(name, func(b *testing.B) {
			p, size := sourcetest.HarnessInput(b, name)
			var batches []*source.Dataset
			d, err := loaders.OpenWith(loaders.Options{Checkpoints: true, Batch: func(d *source.Dataset) error {
				batches = append(batches, d)
				return nil
			}}, p)
			if err != nil {
				b.Fatal(err)
			}
			batches = append(batches, d)
			var rows int64
			b.SetBytes(size)
			b.ResetTimer()
			defer sourcetest.ReportCPU(b)()
			for i := 0; i < b.N; i++ {
				st := &stager{lake: b.TempDir(), id: "bench", input: p, parquet: benchParquet(), rows: map[string]int64{}}
				for _, d := range batches {
					if err := st.write(d); err != nil {
						b.Fatal(err)
					}
				}
				rows = 0
				for _, n := range st.rows {
					rows += n
				}
			}
			b.ReportMetric(float64(rows), "rows/op")
		})
	}
}
