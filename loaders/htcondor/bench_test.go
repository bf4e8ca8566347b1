package htcondor

import (
	"bytes"
	"testing"

	"github.com/jobframe/jobframe/loaders/htcondor/htcgen"
	"github.com/jobframe/jobframe/loaders/source"
)

// BenchmarkLoad reads a generated event log of 20,000 jobs (about
// 100,000 events of HTCondor 23's shape): MB/s of log.
func BenchmarkLoad(b *testing.B) {
	var log bytes.Buffer
	if err := htcgen.Write(&log, 20_000, 1); err != nil {
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
		if n := d.Frames["jobs"].NumRows(); n != 20_000 {
			b.Fatal(n)
		}
	}
}
