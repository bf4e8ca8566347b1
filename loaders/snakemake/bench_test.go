package snakemake

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
)

// BenchmarkLoad reads an aggregated benchmark TSV of 200,000 runs in
// Snakemake 8's columns (about 30 MB): MB/s.
func BenchmarkLoad(b *testing.B) {
	var in bytes.Buffer
	in.WriteString("jobid\trule\twildcards\tresources\tinput_size_mb\tthreads\ts\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\n")
	for i := range 200_000 {
		fmt.Fprintf(&in, "%d\trule_%d\tsample=S%d\t_cores=%d;_nodes=1;tmpdir=/tmp\t%.2f\t%d\t%.4f\t0:00:%02d\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\n",
			i/3, i%40, i%500, 1+i%8, float64(i%1000)/10, 1+i%8, float64(i%600)+0.1234, i%60, float64(i%4000)+0.25, float64(i%9000)+0.5, 1.5, 2.5, 0.01, 0.02, 99.5, float64(i%600)*0.9)
	}
	b.SetBytes(int64(in.Len()))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		d, err := Load(bytes.NewReader(in.Bytes()), source.Options{Name: "bench.tsv"})
		if err != nil {
			b.Fatal(err)
		}
		if n := d.Frames["tasks"].NumRows(); n != 200_000 {
			b.Fatal(n)
		}
	}
}
