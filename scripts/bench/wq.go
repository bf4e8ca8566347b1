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
	"math"
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
	// tasks reported it.
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
	// then skips building the other ~55, and holds no queue time or
	// request for the tasks queued and not yet run
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

	rows := 0
	for _, p := range parts {
		rows += p.NumRows()
	}
	mem := histogram(parts, "mem_mb")        // MB
	bw := histogram(parts, "bandwidth_mbps") // Mbps
	t2 := time.Now()

	fmt.Fprintf(os.Stderr, "load_s=%.3f analysis_s=%.3f\n", t1.Sub(t0).Seconds(), t2.Sub(t1).Seconds())
	fmt.Printf("WQ rows=%d mem_min=%.0f mem_max=%.0f mem_sum=%.0f mem_hist=%s bw_min=%.3f bw_max=%.3f bw_sum=%.3f bw_hist=%s\n",
		rows, mem.min, mem.max, mem.sum, mem.counts, bw.min, bw.max, bw.sum, bw.counts)
}

// summary is a column's min, max, sum and its 10-bin histogram counts
// over [min, max] (numpy.histogram(values, bins=10)), joined by "/".
type summary struct {
	min, max, sum float64
	counts        string
}

// histogram summarizes column col of the parts as if they were one
// frame, without copying them into one: the range and sum first, then
// each part's histogram over that range, added up.
func histogram(parts []*frame.Frame, col string) summary {
	s := summary{min: math.Inf(1), max: math.Inf(-1)}
	for _, p := range parts {
		if !p.Has(col) {
			continue
		}
		a := p.GroupBy().Agg(frame.Min(col).As("min"), frame.Max(col).As("max"), frame.Sum(col).As("sum"))
		lo, ok, err := a.Float64s("min")
		check(err)
		if !ok[0] { // no value in this part
			continue
		}
		hi, _, _ := a.Float64s("max")
		total, _, _ := a.Float64s("sum")
		s.min = math.Min(s.min, lo[0])
		s.max = math.Max(s.max, hi[0])
		s.sum += total[0]
	}
	var counts [10]int64
	for _, p := range parts {
		if !p.Has(col) {
			continue
		}
		h := ops.HistogramRange(p, col, len(counts), s.min, s.max)
		c, _, err := h.Int64s("count")
		check(err)
		for i := range counts {
			counts[i] += c[i]
		}
	}
	text := make([]string, len(counts))
	for i, c := range counts {
		text[i] = fmt.Sprint(c)
	}
	s.counts = strings.Join(text, "/")
	return s
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
