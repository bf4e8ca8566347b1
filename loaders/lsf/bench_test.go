package lsf

import (
	"bytes"
	"testing"

	"github.com/jobframe/jobframe/loaders/lsf/lsfgen"
	"github.com/jobframe/jobframe/loaders/source"
)

// BenchmarkLoad reads a generated lsb.acct of 50,000 jobs (about 50,500
// JOB_FINISH records of LSF 10.1's shape): MB/s of log.
func BenchmarkLoad(b *testing.B) {
	var log bytes.Buffer
	if err := lsfgen.Write(&log, 50_000, 1); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(log.Len()))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		// as loaders.Open hands a file over: with its size
		r := &source.SizedReader{Reader: bytes.NewReader(log.Bytes()), Head: log.Bytes()[:64<<10], Size: int64(log.Len())}
		d, err := Load(r, source.Options{Name: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		if n := d.Frames["jobs"].NumRows(); n != 50_000 {
			b.Fatal(n)
		}
	}
}
