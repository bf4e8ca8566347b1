//go:build ignore

// Histograms of the resources Work Queue (or TaskVine) tasks measured:
// the analysis of the Work Queue blog post on resource monitoring, whose
// tool (resource_monitor_histograms) cctools later removed;
// docs/semantics.md#work-queue-and-taskvine fixes the rule: numpy.histogram(values, 10, range=(0, max)).
//
//	jobframe run scripts/wq_resource_histograms.go [-o DIR] [-bins N] [TRANSACTIONS_LOG]
//
// The log defaults to the bundled
// testdata/workqueue/realrun_wq_7.17.1_transactions.log. Each task counts
// once, with what its final attempt measured (the DONE record's, or the
// last RETRIEVED's in TaskVine); the same with every retrieved attempt
// follows, since exhausted attempts also used memory. Prints each
// histogram, for all tasks and per category, and writes
// DIR/hist_memory.csv and DIR/hist_bandwidth.csv (category, lo, hi,
// count; category "*" is all tasks).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

func main() {
	out := flag.String("o", ".", "the folder the CSVs are written to")
	bins := flag.Int("bins", 10, "the number of bins")
	flag.Parse()
	log := "testdata/workqueue/realrun_wq_7.17.1_transactions.log"
	if flag.NArg() > 0 {
		log = flag.Arg(0)
	}

	d, err := loaders.Open(log)
	check(err)
	tasks, err := d.Frame(schema.Tasks) // one row per attempt
	check(err)
	final := tasks.Where("final", "==", true)
	retrieved := tasks.Where("retrieval", "not-null", nil) // attempts with a RETRIEVED record
	check(final.Err())
	check(retrieved.Err())
	fmt.Printf("%s (%s): %d tasks, %d done, %d attempts, %d retrieved\n",
		log, d.Source, tasks.GroupBy("run", "task").Agg(frame.Count()).NumRows(), final.NumRows(),
		tasks.Where("start", "not-null", nil).NumRows(), retrieved.NumRows())
	// TaskVine >= 7.15 without monitoring reports the allocation as the
	// measurement (docs/semantics.md#measured-values): say so.
	if final.Has("measured_fallback") {
		if n := final.Where("measured_fallback", "==", true).NumRows(); n > 0 {
			fmt.Printf("note: %d final measurements are allocations (no resource monitor), not usage\n", n)
		}
	}

	for _, r := range []struct{ col, name, unit string }{
		{"mem_mb", "memory", "MB"},
		{"bandwidth_mbps", "bandwidth", "Mbps"},
	} {
		if !tasks.Has(r.col) {
			fmt.Printf("\n%s: not measured in this log\n", r.name)
			continue
		}
		var parts []*frame.Frame
		parts = append(parts, histogram("final", "*", final, r.col, r.unit, *bins))
		parts = append(parts, histogram("every retrieved attempt", "*", retrieved, r.col, r.unit, *bins))
		cats := final.ValueCounts("category").Sort("category")
		names, ok, _ := cats.Strings("category")
		for i, c := range names {
			if !ok[i] {
				continue
			}
			parts = append(parts, histogram("final", c, final.Where("category", "==", c), r.col, r.unit, *bins))
		}
		all := frame.Concat(parts...)
		check(all.Err())
		path := filepath.Join(*out, "hist_"+r.name+".csv")
		check(all.WriteCSVFile(path))
		png := filepath.Join(*out, "hist_"+r.name+".png")
		check(plot.New("Measured "+r.name+" of final attempts", r.col+" ("+r.unit+")", "tasks").
			Hist(ops.Histogram(final.Where(r.col, "not-null", nil), r.col, *bins), "").Save(png))
		fmt.Println("wrote", path, "and", png)
	}
}

// histogram prints and returns the histogram of col over the rows of pop
// that measured it, with columns population, category, lo, hi, count.
func histogram(population, category string, pop *frame.Frame, col, unit string, bins int) *frame.Frame {
	vals := pop.Where(col, "not-null", nil)
	h := ops.Histogram(vals, col, bins)
	check(h.Err())
	title := fmt.Sprintf("%s (%s), %s", col, unit, population)
	if category != "*" {
		title += ", category " + category
	}
	if vals.NumRows() == 0 {
		fmt.Printf("\n%s: no values\n", title)
		return h
	}
	sum := vals.GroupBy().Agg(frame.Max(col).As("max"), frame.Mean(col).As("mean"))
	mx, _, _ := sum.Float64s("max")
	mean, _, _ := sum.Float64s("mean")
	counts, _, _ := h.Int64s("count")
	c := make([]string, len(counts))
	for i, n := range counts {
		c[i] = fmt.Sprint(n)
	}
	fmt.Printf("\n%s: n = %d, max %g, mean %.3f\n  counts [%s]\n", title, vals.NumRows(), mx[0], mean[0], strings.Join(c, ","))
	n := h.NumRows()
	pops, cs := make([]string, n), make([]string, n)
	for i := range pops {
		pops[i], cs[i] = population, category
	}
	return h.WithColumn("population", pops).WithColumn("category", cs).Select("population", "category", "lo", "hi", "count")
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
