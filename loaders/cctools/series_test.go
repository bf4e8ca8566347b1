package cctools

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSeriesFigures checks the bundled series (made with Debian's
// cctools resource_monitor, testdata/README.md) against
// testdata/taskvine/series_figures.py, which reads them with no jobframe
// code: samples, peak resident memory, last CPU time, first and last
// sample times; and the task ids from the file names.
func TestSeriesFigures(t *testing.T) {
	for _, c := range []struct {
		file, want string
	}{
		{"vine-task-1.series", "task=1 samples=6 peak_mem_mb=471 last_cpu_s=0.58 first=1795557564660711 last=1795557568851328"},
		{"vine-task-2.series", "task=2 samples=9 peak_mem_mb=10 last_cpu_s=0.15 first=1795557569058323 last=1795557572326430"},
		{"vine-task-3.series", "task=3 samples=2 peak_mem_mb=2 last_cpu_s=0 first=1795557572329365 last=1795557572330208"},
	} {
		d := sourcetest.LoadFile(t, sourcetest.Bundled("taskvine/time-series/"+c.file), LoadSeries, source.Options{})
		sourcetest.Conform(t, d)
		f := sourcetest.Frame(t, d, "samples")
		tasks, _, _ := f.Int64s("task")
		times, _, _ := f.Micros("time")
		cpu, _, _ := f.Float64s("cpu_time_s")
		_, peak := sourcetest.SumMax(t, f, "mem_mb")
		n := f.NumRows()
		got := fmt.Sprintf("task=%d samples=%d peak_mem_mb=%g last_cpu_s=%g first=%d last=%d", tasks[0], n, peak, cpu[n-1], times[0], times[n-1])
		if got != c.want {
			t.Errorf("%s: %s\nwant %s", c.file, got, c.want)
		}
	}
}

// TestSeriesTaskNames: the task id comes from the names TaskVine and Work
// Queue give the files; another name leaves it null.
func TestSeriesTaskNames(t *testing.T) {
	body := "#wall_clock cpu_time memory\n1795557460.5 0.1 10\n"
	for name, want := range map[string]string{
		"vine-task-12.series": "12", "logs/wq-4321-task-7.series": "7", "task1.series": "", "vine-task-x.series": "",
	} {
		d, err := LoadSeries(strings.NewReader(body), source.Options{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(strings.Split(sourcetest.CSV(t, d.Frames["samples"].Select("task")), "\n")[1]); got != want {
			t.Errorf("%s: task %q, want %q", name, got, want)
		}
	}
}

// genSeries writes a series of n samples, in the form of the bundled
// ones (a sample a second, growing memory and CPU time).
func genSeries(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	fmt.Fprint(bw, "# Units:\n# wall_clock and cpu_time in seconds\n#wall_clock cpu_time cores max_concurrent_processes virtual_memory memory swap_memory bytes_read bytes_written bytes_received bytes_sent bandwidth machine_load               total_files                      disk\n")
	for i := range n {
		fmt.Fprintf(bw, "%d.%06d %d.%06d %d.%03d %d %d %d 0 %d %d 0 0 0.000 %d %d %d\n",
			1795557460+i, i*7919%1000000, i/2, i*31%1000000, i%4, i%3000, 1+i%5, 100+i%9000, 90+i%8000, i%300, i%200, i%1000, 5+i%40, i%5000)
	}
	return bw.Flush()
}

// BenchmarkLoadSeries: one series of 1,000,000 samples (about 95 MB).
//
//	go test ./loaders/cctools -run '^$' -bench LoadSeries -benchtime 3x
func BenchmarkLoadSeries(b *testing.B) {
	path := sourcetest.CachedInput(b, "jobframe-series-1000000.series", func(w io.Writer) error { return genSeries(w, 1_000_000) })
	sourcetest.BenchLoad(b, path, LoadSeries, "samples", 1_000_000)
}
