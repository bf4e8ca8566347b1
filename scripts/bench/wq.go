//go:build ignore

// Work Queue: memory and bandwidth histograms of the tasks that
// succeeded, the benchmark analysis of ../shared/bench/README.md ("WQ"),
// written as an analyst would with the public API: the log is read as a
// stream of batches (Options.Batch), as a log of any size can be.
//
//	jobframe run scripts/bench/wq.go TRANSACTIONS.log
//
// The last line of stdout is the benchmark's fingerprint; load_s and
// analysis_s go to stderr.
package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

func main() {
	path := os.Args[len(os.Args)-1]
	t0 := time.Now()
	// The attempts that ended the task (its DONE record) with SUCCESS,
	// exit code 0 and no resource limit exceeded: a task retried after
	// exhausting its memory counts once, through its last attempt. The
	// log streams: each batch of ended attempts is filtered as it comes,
	// keeping the two measured columns of the rows that pass, so memory
	// holds those and the attempts still running, not the whole log.
	//
	// A batch has a measured resource's column only once one of its
	// tasks reported it; Concat gives the others nulls there.
	var parts []*frame.Frame
	keep := func(tasks *frame.Frame) {
		ok := tasks.Where("final", "==", true).
			Where("done_result", "==", "SUCCESS").
			Where("exit_code", "==", 0).
			Where("limits_exceeded", "is-null", nil)
		cols := []string{"final"}
		for _, c := range []string{"mem_mb", "bandwidth_mbps"} {
			if ok.Has(c) {
				cols = append(cols, c)
			}
		}
		parts = append(parts, ok.Select(cols...))
	}
	// only the tasks frame, and of it only the columns used: the loader
	// then skips building the other ~55
	d, err := loaders.OpenWith(loaders.Options{
		Frames:  []string{schema.Tasks},
		Columns: map[string][]string{schema.Tasks: {"final", "done_result", "exit_code", "limits_exceeded", "mem_mb", "bandwidth_mbps"}},
		Batch: func(b *loaders.Dataset) error {
			keep(b.Frames[schema.Tasks])
			return nil
		},
	}, path)
	check(err)
	keep(d.Frames[schema.Tasks])
	t1 := time.Now()

	ok := frame.Concat(parts...)
	check(ok.Err())
	mem := histogram(ok, "mem_mb")        // MB
	bw := histogram(ok, "bandwidth_mbps") // Mbps
	t2 := time.Now()

	fmt.Fprintf(os.Stderr, "load_s=%.3f analysis_s=%.3f\n", t1.Sub(t0).Seconds(), t2.Sub(t1).Seconds())
	fmt.Printf("WQ rows=%d mem_min=%.0f mem_max=%.0f mem_sum=%.0f mem_hist=%s bw_min=%.3f bw_max=%.3f bw_sum=%.3f bw_hist=%s\n",
		ok.NumRows(), mem.min, mem.max, mem.sum, mem.counts, bw.min, bw.max, bw.sum, bw.counts)
}

// summary is a column's min, max, sum and its 10-bin histogram counts
// over [min, max] (numpy.histogram(values, bins=10)), joined by "/".
type summary struct {
	min, max, sum float64
	counts        string
}

func histogram(f *frame.Frame, col string) summary {
	s := f.GroupBy().Agg(frame.Min(col).As("min"), frame.Max(col).As("max"), frame.Sum(col).As("sum"))
	lo, _, err := s.Float64s("min")
	check(err)
	hi, _, _ := s.Float64s("max")
	sum, _, _ := s.Float64s("sum")
	h := ops.HistogramRange(f, col, 10, lo[0], hi[0])
	counts, _, err := h.Int64s("count")
	check(err)
	parts := make([]string, len(counts))
	for i, c := range counts {
		parts[i] = fmt.Sprint(c)
	}
	return summary{lo[0], hi[0], sum[0], strings.Join(parts, "/")}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
