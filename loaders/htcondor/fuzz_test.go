package htcondor

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// FuzzLoadHTCondor: any log loads or fails with an error (the loaders'
// contract: no panic, errors name the input), from the bundled logs and
// a log of HTCondor 23's shape.
func FuzzLoadHTCondor(f *testing.F) {
	for _, p := range []string{"htcondor/htcondor_job_core_macros_sched.log", "htcondor/htcondor_test_event_reader.log"} {
		if b, err := os.ReadFile(sourcetest.Bundled(p)); err == nil {
			f.Add(string(b))
		}
	}
	f.Add(modern)
	f.Fuzz(func(t *testing.T, in string) {
		load := func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) }
		sourcetest.Contract(t, in, load)
		// building only some columns gives the whole load's, selected:
		// the events without their text, and with it
		sourcetest.Projects(t, in, load, map[string][]string{schema.Events: {"time", "type", "job"}, schema.Jobs: {"job", "state", "hold_reason"},
			schema.Tasks: {"task", "slot", "bytes_sent"}, schema.Placements: {"worker", "cpus"}})
		sourcetest.Projects(t, in, load, map[string][]string{schema.Events: {"text", "detail", "line"}})
		// the events asked for their span alone are counted and spanned,
		// and nothing else changes
		for _, lenient := range []bool{false, true} {
			sourcetest.SkimsEvents(t, in, load, source.Options{Lenient: lenient})
		}
	})
}
