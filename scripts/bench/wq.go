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
	// and of the rows that pass each measured column is summarized (its
	// range and sum) and kept as its distinct values and their counts,
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

	mh, bh := mem.histogram(10), bw.histogram(10) // MB, Mbps
	t2 := time.Now()

	fmt.Fprintf(os.Stderr, "load_s=%.3f analysis_s=%.3f\n", t1.Sub(t0).Seconds(), t2.Sub(t1).Seconds())
	fmt.Printf("WQ rows=%d mem_min=%.0f mem_max=%.0f mem_sum=%.0f mem_hist=%s bw_min=%.3f bw_max=%.3f bw_sum=%.3f bw_hist=%s\n",
		rows, mem.min, mem.max, mem.sum, mh, bw.min, bw.max, bw.sum, bh)
}

// summary follows one column over the batches: its min, max and sum, and
// its values as frames of distinct values with their count n.
type summary struct {
	col           string
	min, max, sum float64
	counts        []*frame.Frame
	kept          int // rows of counts
	compacted     int // rows of counts after the last compaction
}

func newSummary(col string) *summary {
	return &summary{col: col, min: math.Inf(1), max: math.Inf(-1)}
}

// add takes in the column of batch f (when it has the column).
func (s *summary) add(f *frame.Frame) {
	if !f.Has(s.col) {
		return
	}
	a := f.GroupBy().Agg(frame.Min(s.col).As("min"), frame.Max(s.col).As("max"), frame.Sum(s.col).As("sum"))
	lo, ok, err := a.Float64s("min")
	check(err)
	if !ok[0] { // no value in this batch
		return
	}
	hi, _, _ := a.Float64s("max")
	total, _, _ := a.Float64s("sum")
	s.min = math.Min(s.min, lo[0])
	s.max = math.Max(s.max, hi[0])
	s.sum += total[0]
	c := f.Where(s.col, "not-null", nil).GroupBy(s.col).Agg(frame.Count().As("n"))
	check(c.Err())
	s.counts = append(s.counts, c)
	s.kept += c.NumRows()
	// merged once they hold twice the rows of the last merge: at most
	// about twice the distinct values, for work in proportion to them
	if s.kept > 2*s.compacted+1<<12 {
		s.compact()
	}
}

// compact merges the count frames into one.
func (s *summary) compact() {
	if len(s.counts) < 2 {
		return
	}
	c := frame.Concat(s.counts...).GroupBy(s.col).Agg(frame.Sum("n").As("n"))
	check(c.Err())
	s.counts = []*frame.Frame{c}
	s.kept = c.NumRows()
	s.compacted = s.kept
}

// histogram returns the counts of bins equal-width bins over [min, max]
// (numpy.histogram(values, bins=bins)), joined by "/".
func (s *summary) histogram(bins int) string {
	counts := make([]int64, bins)
	for _, c := range s.counts {
		h := ops.WeightedHistogramRange(c, s.col, "n", bins, s.min, s.max)
		n, _, err := h.Int64s("count")
		check(err)
		for i := range counts {
			counts[i] += n[i]
		}
	}
	text := make([]string, bins)
	for i, c := range counts {
		text[i] = fmt.Sprint(c)
	}
	return strings.Join(text, "/")
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
