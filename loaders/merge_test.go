package loaders

import (
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestEverySourceInOneDataset: the bundled logs of all five systems open
// as one dataset whose frames conform to the canonical schema; an id that
// one source holds as an integer (Balsam's batch jobs, events) and
// another as text (HyperQueue's allocations, Work Queue's events) is text
// in the merged frame.
func TestEverySourceInOneDataset(t *testing.T) {
	d, err := Open(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"),
		sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"), sourcetest.Bundled("balsam"),
		sourcetest.Bundled("epmt/615503"), sourcetest.Bundled("workqueue/realrun_wq_7.17.1_performance.log"),
		sourcetest.Bundled("slurm/tdhock_sacct-allcols.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != "balsam+epmt+hyperqueue+slurm+taskvine+workqueue" {
		t.Fatalf("source %s", d.Source)
	}
	sourcetest.Conform(t, d)
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	// each source's attempts, as its package's tests count them: HyperQueue
	// 56 starts (48 success, 4 lost, 3 failed, 1 canceled), Work Queue 20
	// (15, 3 exhausted, 2 lost), TaskVine 20 (15, 3 exhausted, 2
	// forsaken), Balsam 69 runs (59, 7 failed, 3 timeout), Slurm 2 steps
	// (.batch and .extern of one job)
	if got := sourcetest.Counts(t, tasks, "source"); got != "balsam:69 hyperqueue:56 slurm:2 taskvine:20 workqueue:20" {
		t.Fatalf("tasks by source: %s", got)
	}
	al := sourcetest.Frame(t, d, schema.Allocations)
	if ty, _ := al.Type("id"); ty.String() != "string" {
		t.Fatalf("allocations id is %s", ty)
	}
	if got := sourcetest.Cells(t, al, "id", "1", "nodes"); len(got) != 1 {
		t.Fatalf("Balsam batch job 1 as text: %v", got)
	}
}
