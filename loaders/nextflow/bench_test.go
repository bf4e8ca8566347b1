package nextflow

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The benchmark's input: a Nextflow trace of a generated run with the
// default 14 fields plus process, tag, attempt, start, complete,
// hostname, cpus and memory, in human units as Nextflow writes them; 1 in
// 20 tasks fails (exit 137) and is retried. The generator is
// deterministic (seed 1); the file is cached in the temporary directory.
//
//	go test ./loaders/nextflow -run '^$' -bench Load -benchtime 5x
//
// The MB/s column is input bytes per second.

const benchHeader = "task_id\thash\tnative_id\tprocess\ttag\tname\tstatus\texit\tattempt\tsubmit\tstart\tcomplete\tduration\trealtime\t%cpu\tpeak_rss\tpeak_vmem\trchar\twchar\thostname\tcpus\tmemory"

// human formats ms as Nextflow's Duration does.
func human(ms int64) string {
	if ms < 1000 {
		return fmt.Sprintf("%dms", ms)
	}
	if ms < 60000 {
		return fmt.Sprintf("%.1fs", float64(ms)/1000)
	}
	s := (ms + 500) / 1000
	out := ""
	if h := s / 3600; h > 0 {
		out = fmt.Sprintf("%dh ", h)
	}
	if m := s % 3600 / 60; m > 0 {
		out += fmt.Sprintf("%dm ", m)
	}
	if s%60 > 0 {
		out += fmt.Sprintf("%ds ", s%60)
	}
	return out[:len(out)-1]
}

// size formats bytes as Nextflow's MemoryUnit does (one decimal).
func size(b int64) string {
	units := []string{"B", "KB", "MB", "GB", "TB"}
	v, p := float64(b), 0
	for v >= 1024 && p < len(units)-1 {
		v, p = v/1024, p+1
	}
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d %s", int64(v), units[p])
	}
	return fmt.Sprintf("%.1f %s", v, units[p])
}

// genTrace writes records rows of a trace to w.
func genTrace(w io.Writer, records int) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	rng := rand.New(rand.NewSource(1))
	bw.WriteString(benchHeader + "\n")
	t := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	procs := []string{"FASTQC", "TRIMGALORE", "STAR_ALIGN", "SALMON_QUANT", "MULTIQC", "SAMTOOLS_SORT"}
	stamp := func(t time.Time) string { return t.Format("2006-01-02 15:04:05.000") }
	for id, attempt := 1, 1; id <= records; id++ {
		t = t.Add(time.Duration(rng.Intn(2000)) * time.Millisecond)
		p := procs[rng.Intn(len(procs))]
		sample := fmt.Sprintf("SRR%07d", rng.Intn(5000000))
		queue, real := int64(rng.Intn(60000)), int64(1+rng.Intn(3_600_000))
		start := t.Add(time.Duration(queue) * time.Millisecond)
		complete := start.Add(time.Duration(real+int64(rng.Intn(5000))) * time.Millisecond)
		status, exit := "COMPLETED", "0"
		if rng.Intn(20) == 0 {
			status, exit = "FAILED", "137"
		}
		rss := int64(rng.Intn(8<<30)) + 1<<20
		fmt.Fprintf(bw, "%d\t%02x/%06x\t%d\t%s\t%s\t%s (%s)\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%.1f%%\t%s\t%s\t%s\t%s\tnode%03d\t%d\t%s\n",
			id, rng.Intn(256), rng.Intn(1<<24), 100000+id, p, sample, p, sample, status, exit, attempt,
			stamp(t), stamp(start), stamp(complete), human(complete.Sub(t).Milliseconds()), human(real),
			float64(rng.Intn(4000))/10, size(rss), size(rss*3), size(int64(rng.Intn(1<<34))), size(int64(rng.Intn(1<<30))),
			rng.Intn(64), 1+rng.Intn(16), size(int64(1+rng.Intn(64))<<30))
		if status == "FAILED" && attempt < 3 {
			attempt++
		} else {
			attempt = 1
		}
	}
	return bw.Flush()
}

// benchFile returns the cached generated trace of records rows.
func benchFile(b testing.TB, records int) string {
	return sourcetest.CachedInput(b, fmt.Sprintf("jobframe-bench-nextflow-%d.txt", records), func(w io.Writer) error { return genTrace(w, records) })
}

func BenchmarkLoadTrace(b *testing.B) {
	sourcetest.BenchLoad(b, benchFile(b, 1_000_000), LoadTrace, "tasks", 1_000_000)
}

// TestGeneratedTraceLoads checks the benchmark's generator against the
// loader on a small input: every record reads in strict mode.
func TestGeneratedTraceLoads(t *testing.T) {
	p := filepath.Join(t.TempDir(), "trace.txt")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := genTrace(f, 2000); err != nil {
		t.Fatal(err)
	}
	f.Close()
	g, _ := os.Open(p)
	defer g.Close()
	d, err := LoadTrace(g, source.Options{Name: p})
	if err != nil {
		t.Fatal(err)
	}
	if n := d.Frames["tasks"].NumRows(); n != 2000 {
		t.Errorf("%d tasks, want 2000", n)
	}
}

// genTimeline writes a timeline page of the 21.03+ form (window.data =
// {...}) with records entries, each with its submit, run and completion
// segments and the run segment's "duration / peak_rss" label.
func genTimeline(w io.Writer, records int) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	rng := rand.New(rand.NewSource(1))
	begin := int64(1_709_251_200_000)
	fmt.Fprintf(bw, "<!doctype html>\n<html>\n<script type=\"text/javascript\">\nwindow.data = {\"elapsed\": \"9h\", \"beginningMillis\": %d, \"endingMillis\": %d, \"processes\": [\n", begin, begin+32_400_000)
	procs := []string{"FASTQC", "TRIMGALORE", "STAR_ALIGN", "SALMON_QUANT", "MULTIQC", "SAMTOOLS_SORT"}
	t := begin
	for i := 0; i < records; i++ {
		t += int64(rng.Intn(2000))
		start := t + int64(rng.Intn(60000))
		run := start + 1 + int64(rng.Intn(3_600_000))
		end := run + int64(rng.Intn(5000))
		p := rng.Intn(len(procs))
		sep := ","
		if i == records-1 {
			sep = ""
		}
		fmt.Fprintf(bw, "{\"label\": \"%s (SRR%07d)\", \"cached\": false, \"index\": %d, \"times\": [{\"starting_time\": %d, \"ending_time\": %d}, {\"starting_time\": %d, \"ending_time\": %d, \"label\": \"%s / %s\"}, {\"starting_time\": %d, \"ending_time\": %d}]}%s\n",
			procs[p], rng.Intn(5000000), p, t, start, start, run, human(run-start), size(int64(rng.Intn(8<<30))+1<<20), run, end, sep)
	}
	bw.WriteString("]};\n</script>\n</html>\n")
	return bw.Flush()
}

// BenchmarkLoadTimeline reads a page of 200,000 entries (about 50 MB; a
// page of a million tasks is more than a browser draws).
func BenchmarkLoadTimeline(b *testing.B) {
	p := sourcetest.CachedInput(b, "jobframe-bench-nextflow-timeline-200000.html", func(w io.Writer) error { return genTimeline(w, 200_000) })
	sourcetest.BenchLoad(b, p, LoadTimeline, "tasks", 200_000)
}

// TestGeneratedTimelineLoads checks the timeline generator against the
// loader on a small input.
func TestGeneratedTimelineLoads(t *testing.T) {
	var buf bytes.Buffer
	if err := genTimeline(&buf, 500); err != nil {
		t.Fatal(err)
	}
	d, err := LoadTimeline(&buf, source.Options{Name: "timeline.html"})
	if err != nil {
		t.Fatal(err)
	}
	if n := d.Frames["tasks"].NumRows(); n != 500 {
		t.Errorf("%d tasks, want 500", n)
	}
}
