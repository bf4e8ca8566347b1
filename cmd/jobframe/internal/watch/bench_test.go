package watch

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// BenchmarkUpdate is what one update of the page costs for a log
// written at 1,000 records a second: the harness's HyperQueue journal
// (its first base records), then per iteration its next 1,000 records
// appended and one poll (the change seen, the journal gone on from its
// last checkpoint, the report built and handed to the pages). The page
// changes this long after the poll that sees a write, which comes at
// most --interval after it. The report is built again whole: its cost
// grows with the log.
func BenchmarkUpdate(b *testing.B) {
	src, _ := sourcetest.HarnessInput(b, "hq.jsonl")
	for _, base := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("records=%d", base), func(b *testing.B) {
			in, err := os.Open(src)
			if err != nil {
				b.Fatal(err)
			}
			defer in.Close()
			lines := bufio.NewScanner(in)
			lines.Buffer(make([]byte, 1<<20), 1<<20)
			log := filepath.Join(b.TempDir(), "journal.jsonl")
			out, err := os.Create(log)
			if err != nil {
				b.Fatal(err)
			}
			defer out.Close()
			next := func(n int) {
				w := bufio.NewWriter(out)
				for i := 0; i < n && lines.Scan(); i++ {
					w.Write(lines.Bytes())
					w.WriteByte('\n')
				}
				if err := w.Flush(); err != nil {
					b.Fatal(err)
				}
			}
			next(base)
			s := New([]string{log}, Options{Load: source.Options{Lenient: true}})
			if err := s.start(); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				next(1000)
				b.StartTimer()
				seq := s.seq
				if err := s.poll(); err != nil {
					b.Fatal(err)
				}
				if s.seq == seq {
					b.Fatal("no update")
				}
			}
		})
	}
}
