package htcondor

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSpanOnlySkimsEvents: the bundled job event logs, strict (a log
// may fail, skimmed or not) and lenient, count their events for their
// span alone when SpanOnly asks it (sourcetest.SkimsEvents); the events
// are kept when SpanOnly lists a column of theirs; eventColumn names
// every column of the events frame, whose list SpanOnly is judged on.
func TestSpanOnlySkimsEvents(t *testing.T) {
	load := func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) }
	for _, name := range []string{"htcondor_htcondor_python_bindings_test_log.txt", "htcondor_htcondor_test_condor.log", "htcondor_job_core_macros_sched.log", "htcondor_test_event_reader.log"} {
		raw, err := os.ReadFile(sourcetest.Bundled("htcondor/" + name))
		if err != nil {
			t.Fatal(err)
		}
		sourcetest.SkimsEvents(t, string(raw), load, source.Options{})
		if !sourcetest.SkimsEvents(t, string(raw), load, source.Options{Lenient: true}) {
			t.Errorf("%s: the lenient load failed", name)
		}
		whole, err := load(string(raw), source.Options{Lenient: true})
		if err != nil {
			t.Fatal(err)
		}
		sourcetest.ColumnsListed(t, whole, schema.Events, eventColumn)
		d, err := load(string(raw), source.Options{Lenient: true, SpanOnly: map[string][]string{schema.Events: {"code"}}})
		if err != nil || d.Frames[schema.Events].NumRows() != whole.Frames[schema.Events].NumRows() || d.Skimmed.OK {
			t.Errorf("%s, SpanOnly listing the events' code: %v, skimmed %+v; want them kept", name, err, d.Skimmed)
		}
	}
}
