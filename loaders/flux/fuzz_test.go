package flux

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// FuzzLoadJobs: any job-list input loads or fails with an error (the
// loaders' contract), from flux-core's records as lines and as a
// document.
func FuzzLoadJobs(f *testing.F) {
	if b, err := os.ReadFile(sourcetest.Bundled("flux/flux-framework_flux-core_flux-jobs_contextual_info_input.jsonl")); err == nil {
		f.Add(string(b))
		f.Add("{\"jobs\": [" + strings.ReplaceAll(strings.TrimSpace(string(b)), "\n", ",") + "]}")
	}
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) { return LoadJobs(strings.NewReader(s), o) })
	})
}

// FuzzLoadEventlog: any eventlog loads or fails with an error, from
// flux-core's job and exec eventlogs.
func FuzzLoadEventlog(f *testing.F) {
	for _, p := range []string{"flux/flux-framework_flux-core_dump-0.46.0_job_eventlog.jsonl", "flux/flux-framework_flux-core_dump-0.46.0_exec_eventlog.jsonl"} {
		if b, err := os.ReadFile(sourcetest.Bundled(p)); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return LoadEventlog(strings.NewReader(s), o)
		})
	})
}
