package parsl

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// FuzzLoadParsl: any bytes load or fail with an error (the loaders'
// contract), from the 2024 database of the Parsl repository and the
// two-run database made here: damaged pages, counts and records reach
// SQLite's own checks and the table readers'.
func FuzzLoadParsl(f *testing.F) {
	for _, p := range []string{"parsl/Parsl_parsl_pr3248_runinfo_monitoring.db", "parsl/run-here/parsl_2025.03.03_threads_2runs_monitoring.db"} {
		if b, err := os.ReadFile(sourcetest.Bundled(p)); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		load := func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) }
		sourcetest.Contract(t, in, load)
		// building only some columns gives the whole load's, selected
		sourcetest.Projects(t, in, load, map[string][]string{schema.Samples: {"time", "mem_mb", "process_status"},
			schema.Tasks: {"task", "worker", "end"}, schema.Events: {"time"}, schema.Workers: {"worker", "cpus"}})
	})
}
