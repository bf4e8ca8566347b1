package loaders

import (
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestNextflowTraceWithTimeline: a trace and the timeline page of the
// same run are one run of one row per task (not one per file), whose
// start and end are the page's (testdata/nextflow/figures.py: the
// jianhong page's last instant is 1613575333710 ms, its 275 entries
// those of the trace's 275 records), in either order and under a
// projection that leaves out the names the matching needs.
func TestNextflowTraceWithTimeline(t *testing.T) {
	trace := sourcetest.Bundled("nextflow/jianhong_chipseq_execution_trace.txt")
	page := sourcetest.Bundled("nextflow/jianhong_chipseq_execution_timeline.html")
	for _, c := range []struct {
		name  string
		paths []string
		o     source.Options
	}{
		{"trace first", []string{trace, page}, source.Options{}},
		{"page first", []string{page, trace}, source.Options{}},
		{"projected", []string{trace, page}, source.Options{Columns: map[string][]string{schema.Tasks: {"task", "end"}}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := OpenWith(c.o, c.paths...)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Runs) != 1 || len(d.Runs[0].Files) != 2 || len(d.Warnings) != 0 {
				t.Fatalf("runs %+v, warnings %v", d.Runs, d.Warnings)
			}
			tasks := sourcetest.Frame(t, d, schema.Tasks)
			if tasks.NumRows() != 275 {
				t.Fatalf("%d rows, want 275", tasks.NumRows())
			}
			end, ok, err := tasks.Micros("end")
			if err != nil {
				t.Fatal(err)
			}
			var hi int64
			for i := range end {
				if !ok[i] {
					t.Fatalf("row %d has no end", i)
				}
				hi = max(hi, end[i])
			}
			if got, want := frame.FormatMicros(hi), frame.FormatMicros(1613575333710*1000); got != want {
				t.Errorf("latest end %s, want the page's %s", got, want)
			}
			if c.o.Columns == nil {
				if n := tasks.Where("times_derived", "==", true).NumRows(); n != 0 {
					t.Errorf("%d rows keep derived times", n)
				}
			}
		})
	}
}
