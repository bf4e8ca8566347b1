package lake

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// Ingest throughput on the inputs of ../shared/bench (see
// loaders/bench_test.go for generating them):
//
//	JOBFRAME_BENCH_DIR=/tmp/jobframe-bench/1000000 go test ./loaders/lake -run '^$' -bench Ingest
//
// The MB/s column is input bytes per second; each run ingests into a
// fresh lake.
func BenchmarkIngest(b *testing.B) {
	dir := os.Getenv("JOBFRAME_BENCH_DIR")
	if dir == "" {
		dir = "/tmp/jobframe-bench/100000"
	}
	for _, name := range []string{"hq.jsonl", "pp075-collated-papiex-804280-0.csv", "balsam", "wq.log"} {
		b.Run(name, func(b *testing.B) {
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
			b.SetBytes(size)
			for i := 0; i < b.N; i++ {
				out := b.TempDir()
				if _, err := Ingest(context.Background(), out, []string{p}, Options{Parquet: frame.ParquetOptions{Compression: os.Getenv("JOBFRAME_BENCH_CODEC"), Level: 1}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
