package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders"
)

// The data movement section's figures against
// testdata/efficiency/transfers_figures.py over the raw logs: transfers,
// MB and transfer time per direction, TaskVine's cache updates; a source
// without transfers says why.
func TestReportDataMovement(t *testing.T) {
	for _, log := range []string{"workqueue/realrun_wq_7.17.1_transactions.log", "taskvine/realrun_vine_7.17.1_transactions.log"} {
		var want struct {
			Direction map[string]struct {
				Transfers, Bytes float64
				Wall             float64 `json:"wall_s"`
			}
			Cache struct{ Count, Bytes float64 } `json:"cache_updates"`
		}
		if err := json.Unmarshal([]byte(python(t, "efficiency/transfers_figures.py", testdata(log))), &want); err != nil {
			t.Fatal(err)
		}
		b := build(t, loaders.Options{}, testdata(log))
		for d, x := range want.Direction {
			for name, v := range map[string]float64{d + " transfers": x.Transfers, d + " data": x.Bytes / (1 << 20), d + " transfer time": x.Wall} {
				if got := b.value(t, "data-movement", name); !near(got, v) {
					t.Errorf("%s: %s = %.12g, want %.12g", log, name, got, v)
				}
			}
		}
		if want.Cache.Count > 0 {
			if got := b.value(t, "data-movement", "cache updates"); got != want.Cache.Count {
				t.Errorf("%s: cache updates %g, want %g", log, got, want.Cache.Count)
			}
			if got := b.value(t, "data-movement", "data entering worker caches"); !near(got, want.Cache.Bytes/(1<<20)) {
				t.Errorf("%s: cached MB %g, want %g", log, got, want.Cache.Bytes/(1<<20))
			}
		}
		if b.charts(t, "data-movement") == 0 || !strings.Contains(b.cells(t, "data-movement"), "|20|") {
			t.Errorf("%s: no chart, or no 20 MB file among the largest:\n%s", log, b.cells(t, "data-movement"))
		}
	}
	b := build(t, loaders.Options{}, testdata("hq/synthetic_v0.26_journal.jsonl"))
	if r := b.reason(t, "data-movement"); !strings.Contains(r, "no file transfers") {
		t.Errorf("HyperQueue's data movement reason %q", r)
	}
}
