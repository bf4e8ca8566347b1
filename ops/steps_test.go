package ops

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame"
)

// TestStepSeriesAreTimeValue: every op that returns a step series names
// its columns time and value, whatever it counts.
func TestStepSeriesAreTimeValue(t *testing.T) {
	b := load(t, bundled("balsam"))
	events, allocations := frameOf(t, b, "events"), frameOf(t, b, "allocations")
	hq := load(t, bundled("hq/synthetic_v0.26_journal.jsonl"))
	tasks, workers, placements := frameOf(t, hq, "tasks"), frameOf(t, hq, "workers"), frameOf(t, hq, "placements")
	avail, _ := AvailableNodes(allocations)
	for name, s := range map[string]*frame.Frame{
		"ThroughputReport":  ThroughputReport(events, "JOB_FINISHED"),
		"UtilizationReport": UtilizationReport(events, true),
		"AvailableNodes":    avail,
		"AllocatedNodes":    AllocatedNodes(allocations),
		"Busy":              Busy(placements, "cpus"),
		"Capacity":          Capacity(workers, "cpus"),
		"Steps":             Steps(tasks, "start", "end", "req_cpus"),
		"Throughput":        Throughput(tasks, "end"),
		"Resample":          Resample(Busy(placements, "cpus"), "time", "value", time.Minute, "mean"),
	} {
		if s.Err() != nil {
			t.Fatalf("%s: %v", name, s.Err())
		}
		if got := strings.Join(s.Names(), ","); got != "time,value" {
			t.Errorf("%s: columns %s, want time,value", name, got)
		}
	}
}

// The counting sort of keys in a small range (journal lines) gives the
// radix sort's series exactly: first times, and running totals summed in
// the same order (deltas whose float sums depend on it), with keys
// repeated, keys unused, negative keys and changes out of order.
func TestCountedStepsAsSorted(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{1, 2, 10, 1000, 50000} {
		for _, keys := range []int64{1, 5, 100, 3 * int64(n)} {
			changes := make([]change, n)
			for i := range changes {
				changes[i] = change{key: r.Int64N(keys) - keys/2, time: r.Int64N(1e12), delta: []float64{0.1, -0.3, 1e16, -1e16, 2.5}[r.IntN(5)]}
			}
			lo, hi := changes[0].key, changes[0].key
			for _, c := range changes {
				lo, hi = min(lo, c.key), max(hi, c.key)
			}
			got := countedSteps(streamOf(slices.Clone(changes)), lo, int(hi-lo)+1)
			want := sortedSteps(slices.Clone(changes))
			gt, _, _ := got.Micros("time")
			wt, _, _ := want.Micros("time")
			gv, _, _ := got.Float64s("value")
			wv, _, _ := want.Float64s("value")
			if !slices.Equal(gt, wt) || !slices.Equal(gv, wv) {
				t.Fatalf("n=%d keys=%d: %v %v, want %v %v", n, keys, gt[:min(5, len(gt))], gv[:min(5, len(gv))], wt[:min(5, len(wt))], wv[:min(5, len(wv))])
			}
		}
	}
}
