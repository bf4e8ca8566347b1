package watch

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/browsertest"
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
			log, next := growingLog(b, src)
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

// BenchmarkPageLatency measures, in Chromium, how long after a write the
// page shows it, for a journal written at 1,000 records a second (100
// records every 100 ms, for 10 s, after its first 10,000) and polled
// every second (the default) or every 250 ms: for each write, the time
// until the page's first update from a poll that began after it (the
// live section's "last change"), read by the page's clock. It reports
// the mean, median and largest latency in ms; one iteration is enough
// (-benchtime 1x).
func BenchmarkPageLatency(b *testing.B) {
	src, _ := sourcetest.HarnessInput(b, "hq.jsonl")
	for _, every := range []time.Duration{time.Second, 250 * time.Millisecond} {
		b.Run("interval="+every.String(), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				lat := pageLatencies(b, src, every)
				b.StartTimer()
				slices.Sort(lat)
				sum := 0.0
				for _, l := range lat {
					sum += l
				}
				b.ReportMetric(sum/float64(len(lat)), "mean-ms")
				b.ReportMetric(lat[len(lat)/2], "median-ms")
				b.ReportMetric(lat[len(lat)-1], "max-ms")
			}
		})
	}
}

// pageLatencies runs one measurement of BenchmarkPageLatency.
func pageLatencies(b *testing.B, src string, every time.Duration) []float64 {
	log, next := growingLog(b, src)
	next(10_000)
	w := browsertest.Start(b)
	w.Navigate(serve(b, log, Options{Load: source.Options{Lenient: true}, Interval: every}))
	// the page notes when each update came, and the poll it is from
	w.Exec(`window.jfSeen = []; new MutationObserver(() => {
  const dt = Array.from(document.querySelectorAll('#live dt')).find(d => d.textContent === 'last change');
  window.jfSeen.push([performance.timeOrigin + performance.now(), dt ? dt.nextElementSibling.textContent : '']);
}).observe(document.documentElement, {attributes: true, attributeFilter: ['data-seq']}); return JSON.stringify(1);`, new(int))
	var writes []time.Time
	for range 100 {
		next(100)
		writes = append(writes, time.Now())
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(3 * time.Second)
	var seen [][2]any
	w.Exec(`return JSON.stringify(window.jfSeen);`, &seen)
	var lat []float64
	for _, t := range writes {
		for _, s := range seen {
			at := s[0].(float64)
			polled, err := time.Parse("2006-01-02 15:04:05.000 UTC", s[1].(string))
			if err == nil && !polled.Before(t) {
				lat = append(lat, at-float64(t.UnixMicro())/1e3)
				break
			}
		}
	}
	if len(lat) < len(writes)*9/10 {
		b.Fatalf("%d of %d writes seen on the page", len(lat), len(writes))
	}
	return lat
}

// growingLog returns a log in a temporary folder and a function that
// appends the next n lines of the file at src to it (as many as are
// left): a log being written.
func growingLog(b *testing.B, src string) (string, func(n int)) {
	in, err := os.Open(src)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { in.Close() })
	lines := bufio.NewScanner(in)
	lines.Buffer(make([]byte, 1<<20), 1<<20)
	log := filepath.Join(b.TempDir(), "journal.jsonl")
	out, err := os.Create(log)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { out.Close() })
	return log, func(n int) {
		w := bufio.NewWriter(out)
		for i := 0; i < n && lines.Scan(); i++ {
			w.Write(lines.Bytes())
			w.WriteByte('\n')
		}
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
	}
}
