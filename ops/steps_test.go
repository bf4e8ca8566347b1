package ops

import (
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
