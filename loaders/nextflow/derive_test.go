package nextflow

import (
	"bytes"
	"os"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestDerivedTimes checks the times of default-field traces (submit,
// duration and realtime, no start or complete) against
// testdata/nextflow/figures.py, which places each task from the raw
// text as Nextflow's report does: the latest submit + duration and the
// earliest submit + duration − realtime.
func TestDerivedTimes(t *testing.T) {
	for _, c := range []struct {
		path                string
		latestEnd, earliest string
	}{
		{"nextflow/openproblems_2021-03_trace.txt", "2021-03-04T22:15:43.871000Z", "2021-03-04T21:06:19.025000Z"},
		{"nextflow/jianhong_chipseq_execution_trace.txt", "2021-02-17T15:22:13.705000Z", "2021-02-17T14:50:26.928000Z"},
	} {
		tasks := sourcetest.Frame(t, loadTrace(t, sourcetest.Input(t, c.path)), "tasks")
		end, endOK, err := tasks.Micros("end")
		if err != nil {
			t.Fatal(err)
		}
		start, startOK, err := tasks.Micros("start")
		if err != nil {
			t.Fatal(err)
		}
		derived, _, err := tasks.Bools("times_derived")
		if err != nil {
			t.Fatal(err)
		}
		var hi, lo int64 = 0, 1 << 62
		for i := range end {
			if endOK[i] != derived[i] {
				t.Errorf("%s row %d: end valid %v, times_derived %v", c.path, i, endOK[i], derived[i])
			}
			if endOK[i] {
				hi = max(hi, end[i])
			}
			if startOK[i] {
				lo = min(lo, start[i])
			}
		}
		if got := frame.FormatMicros(hi); got != c.latestEnd {
			t.Errorf("%s: latest end %s, want %s", c.path, got, c.latestEnd)
		}
		if got := frame.FormatMicros(lo); got != c.earliest {
			t.Errorf("%s: earliest start %s, want %s", c.path, got, c.earliest)
		}
	}
}

// TestSeveralDataBlocks: a page whose template holds an empty data block
// before the run's (var data=[]; then the real one) reads the block that
// holds tasks: the jianhong page's 275 entries (figures.py), not 0.
func TestSeveralDataBlocks(t *testing.T) {
	page, err := os.ReadFile(sourcetest.Bundled("nextflow/jianhong_chipseq_execution_timeline.html"))
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(page, []byte("<script"))
	if i < 0 {
		t.Fatal("no script in the page")
	}
	two := append(append(append([]byte{}, page[:i]...), []byte("<script>var data=[];</script>\n")...), page[i:]...)
	for name, p := range map[string][]byte{"as written": page, "an empty block first": two} {
		d, err := LoadTimeline(bytes.NewReader(p), source.Options{Name: "timeline.html"})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n := d.Frames["tasks"].NumRows(); n != 275 {
			t.Errorf("%s: %d tasks, want 275", name, n)
		}
	}
}
