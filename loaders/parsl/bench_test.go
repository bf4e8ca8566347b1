package parsl

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/loaders/parsl/parslgen"
	"github.com/jobframe/jobframe/loaders/source"
)

// BenchmarkLoad reads a generated database of 2 runs of 10,000 tasks
// (parslgen: 21,000 tries, 105,000 statuses, 42,000 resource samples,
// about 39 MB): MB/s of database file.
func BenchmarkLoad(b *testing.B) {
	path := filepath.Join(b.TempDir(), "monitoring.db")
	if err := parslgen.Write(path, 2, 10_000, 1); err != nil {
		b.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		fh, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		d, err := Load(&source.SizedReader{Reader: fh, Size: st.Size()}, source.Options{Name: path, TimeZone: "UTC"})
		fh.Close()
		if err != nil {
			b.Fatal(err)
		}
		if n := d.Frames["tasks"].NumRows(); n != 21_000 {
			b.Fatal(n)
		}
	}
}
