package report

import (
	"io"
	"os"
	"testing"

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
