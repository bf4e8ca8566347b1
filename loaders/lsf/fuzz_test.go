package lsf

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// FuzzLoadLSF: any log loads or fails with an error (the loaders'
// contract: no panic, errors name the input), from the bundled logs and
// records of every type, list and length.
func FuzzLoadLSF(f *testing.F) {
	for _, p := range []string{"lsf/ubccr_xdmod_accounting-logs.log", "lsf/aws-samples_hpc-cost-simulator_lsb.acct"} {
		if b, err := os.ReadFile(sourcetest.Bundled(p)); err == nil {
			f.Add(string(b))
		}
	}
	f.Add(finish(nil, "") + finish(map[string]string{"idx": "3", "jStatus": "32", "exitInfo": "16"}, "energy") +
		finish(map[string]string{"numGPURusages": `1 "n1" 1 "gpu_ut" "50"`}, "") +
		`"JOB_RESIZE" "10.108" 1700000050 42 0` + "\n" + `"EVENT_ADRSV_FINISH" "10.108" 1700000060 1` + "\n")
	f.Fuzz(func(t *testing.T, in string) {
		load := func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) }
		sourcetest.Contract(t, in, load)
		// building only some columns gives the whole load's, selected
		sourcetest.Projects(t, in, load, map[string][]string{schema.Jobs: {"job", "state", "command", "runs"}, schema.Tasks: {"task", "worker", "end"},
			schema.Events: {"time", "status"}, schema.Allocations: {"id", "wait_s"}, schema.Placements: {"worker", "cpus"}})
		// the records asked for their span alone are counted and spanned,
		// and nothing else changes
		for _, lenient := range []bool{false, true} {
			sourcetest.SkimsEvents(t, in, load, source.Options{Lenient: lenient})
		}
	})
}
