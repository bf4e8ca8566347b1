package pbs

import (
	"bytes"
	"testing"

	"github.com/jobframe/jobframe/loaders/pbs/pbsgen"
	"github.com/jobframe/jobframe/loaders/source"
)

// BenchmarkLoad reads a generated log of 30,000 jobs (about 91,000
// records, half written as Torque writes them and half as PBS
// Professional does): MB/s of log.
func BenchmarkLoad(b *testing.B) {
	var log bytes.Buffer
	if err := pbsgen.Write(&log, 30_000, 1); err != nil {
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
		if n := d.Frames["jobs"].NumRows(); n != 30_000 {
			b.Fatal(n)
		}
	}
}
