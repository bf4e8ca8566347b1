package lake

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
)

// benchInputs are the inputs of ../shared/bench the ingest benchmarks
// read, under JOBFRAME_BENCH_DIR (see loaders/bench_test.go for
// generating them).
var benchInputs = []string{"hq.jsonl", "pp075-collated-papiex-804280-0.csv", "balsam", "wq.log"}

// benchInput returns the path and the size in bytes of benchmark input
// name, skipping b when it is absent.
func benchInput(b *testing.B, name string) (string, int64) {
	dir := os.Getenv("JOBFRAME_BENCH_DIR")
	if dir == "" {
		dir = "/tmp/jobframe-bench/100000"
	}
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		b.Skipf("no benchmark input %s", p)
	}
	var size int64
	filepath.Walk(p, func(_ string, fi os.FileInfo, _ error) error {
		if fi != nil && !fi.IsDir() {
			size += fi.Size()
		}
		return nil
	})
	return p, size
}

// benchParquet is the benchmarks' Parquet options: the codec of
// JOBFRAME_BENCH_CODEC (the library's default, zstd, when unset), level 1.
func benchParquet() frame.ParquetOptions {
	return frame.ParquetOptions{Compression: os.Getenv("JOBFRAME_BENCH_CODEC"), Level: 1}
}

// Ingest throughput on the inputs of ../shared/bench:
//
//	JOBFRAME_BENCH_DIR=/tmp/jobframe-bench/1000000 go test ./loaders/lake -run '^$' -bench Ingest
//
// The MB/s column is input bytes per second; each run ingests into a
// fresh lake.
func BenchmarkIngest(b *testing.B) {
	for _, name := range benchInputs {
		b.Run(name, func(b *testing.B) {
			p, size := benchInput(b, name)
			b.SetBytes(size)
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
// ingest could not pass even if reading its input cost nothing.
func BenchmarkIngestWrite(b *testing.B) {
	for _, name := range benchInputs {
		b.Run(name, func(b *testing.B) {
			p, size := benchInput(b, name)
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
