package cromwell

import (
	"bytes"
	"os"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// BenchmarkLoad reads GetZmwCounts' metadata (1.97 MB, 46 call
// attempts, 2,346 execution events): MB/s of JSON.
func BenchmarkLoad(b *testing.B) {
	doc, err := os.ReadFile(sourcetest.Bundled("cromwell/broadinstitute_cromshell_GetZmwCounts.metadata.json"))
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for range b.N {
		d, err := Load(bytes.NewReader(doc), source.Options{Name: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		if n := d.Frames["tasks"].NumRows(); n != 46 {
			b.Fatal(n)
		}
	}
}
