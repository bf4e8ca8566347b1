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
	// and of the rows that pass each measured column is summed and kept
	// as its distinct values and their counts (ops.DistinctCounts),
	// which is all a histogram over the final range needs. Memory holds
	// those and the attempts still running, not the rows.
	//
	// A batch has a measured resource's column only once one of its
	// tasks reported it.
	rows := 0
	mem, bw := newSummary("mem_mb"), newSummary("bandwidth_mbps")
	keep := func(tasks *frame.Frame) {
		ok := tasks.Where("final", "==", true).
			Where("done_result", "==", "SUCCESS").
			Where("exit_code", "==", 0).
			Where("limits_exceeded", "is-null", nil)
		check(ok.Err())
		rows += ok.NumRows()
		mem.add(ok)
		bw.add(ok)
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

	mh, memLo, memHi := mem.histogram(10) // MB
	bh, bwLo, bwHi := bw.histogram(10)    // Mbps
	t2 := time.Now()

	fmt.Fprintf(os.Stderr, "load_s=%.3f analysis_s=%.3f\n", t1.Sub(t0).Seconds(), t2.Sub(t1).Seconds())
	fmt.Printf("WQ rows=%d mem_min=%.0f mem_max=%.0f mem_sum=%.0f mem_hist=%s bw_min=%.3f bw_max=%.3f bw_sum=%.3f bw_hist=%s\n",
		rows, memLo, memHi, mem.sum, mh, bwLo, bwHi, bw.sum, bh)
}

// summary follows one column over the batches: its sum, and its values
// as their distinct values and counts.
type summary struct {
	col    string
	sum    float64
	counts *ops.DistinctCounts
}

func newSummary(col string) *summary {
	return &summary{col: col, counts: ops.NewDistinctCounts(col)}
}

// add takes in the column of batch f (when it has the column).
func (s *summary) add(f *frame.Frame) {
	if !f.Has(s.col) {
		return
	}
	total, ok, err := f.GroupBy().Agg(frame.Sum(s.col).As("sum")).Float64s("sum")
	check(err)
	if ok[0] {
		s.sum += total[0]
	}
	check(s.counts.Add(f))
}

// histogram returns the counts of bins equal-width bins over the range
// of the values (numpy.histogram(values, bins=bins)), joined by "/",
// and that range.
func (s *summary) histogram(bins int) (hist string, lo, hi float64) {
	lo, hi, _ = s.counts.Range()
	h := s.counts.FullHistogram(bins)
	n, _, err := h.Int64s("count")
	check(err)
	text := make([]string, len(n))
	for i, c := range n {
		text[i] = fmt.Sprint(c)
	}
	return strings.Join(text, "/"), lo, hi
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
