package htcondor

import (
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSpanOnlySkimsEvents: the bundled job event logs, strict (a log
// may fail, skimmed or not) and lenient, count their events for their
// span alone when SpanOnly asks it (sourcetest.SkimsSamples); the events
// are kept when SpanOnly lists a column of theirs; eventColumn names
// every column of the events frame, whose list SpanOnly is judged on.
func TestSpanOnlySkimsEvents(t *testing.T) {
	load := func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) }
	var paths []string
	for _, name := range []string{"htcondor_htcondor_python_bindings_test_log.txt", "htcondor_htcondor_test_condor.log", "htcondor_job_core_macros_sched.log", "htcondor_test_event_reader.log"} {
		paths = append(paths, sourcetest.Bundled("htcondor/"+name))
	}
	sourcetest.SkimsSamples(t, load, eventColumn, "code", false, paths...)
}
