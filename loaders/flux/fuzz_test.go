package flux

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
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
		load := func(s string, o source.Options) (*source.Dataset, error) { return LoadJobs(strings.NewReader(s), o) }
		sourcetest.Contract(t, in, load)
		// building only some columns gives the whole load's, selected
		sourcetest.Projects(t, in, load, map[string][]string{schema.Jobs: {"job", "nodelist", "exception_note"},
			schema.Tasks: {"task", "worker", "end"}, schema.Events: {"time", "result"}, schema.Placements: {"worker", "rank"}})
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
		load := func(s string, o source.Options) (*source.Dataset, error) {
			return LoadEventlog(strings.NewReader(s), o)
		}
		sourcetest.Contract(t, in, load)
		sourcetest.Projects(t, in, load, map[string][]string{schema.Jobs: {"job", "resources"}, schema.Tasks: {"task", "end", "resources"},
			schema.Events: {"time", "context"}})
	})
}

// FuzzJobDecoder: what the hand decoder of job-list records reads,
// encoding/json reads into the same record; the rest goes to the
// general path. Seeds: flux-core's records, the benchmark's, and the
// cases at the edges of the path (case-folded and escaped names,
// nulls, a list given twice, numbers out of range).
func FuzzJobDecoder(f *testing.F) {
	if b, err := os.ReadFile(sourcetest.Bundled("flux/flux-framework_flux-core_flux-jobs_contextual_info_input.jsonl")); err == nil {
		for line := range strings.SplitSeq(string(b), "\n") {
			f.Add(line)
		}
	}
	for line := range strings.SplitSeq(string(jobLines(20)), "\n") {
		f.Add(line)
	}
	for _, s := range []string{`{"ID": 1, "T_SUBMIT": 2.5}`, `{"i\u0064": 1, "name": "a\"b\u00e9"}`, `{"id": 1, "id": null}`,
		`{"id": 1, "dependencies": ["a", null], "dependencies": [null]}`, `{"id": 1, "dependencies": []}`, `{"id": -1}`,
		`{"id": 18446744073709551616}`, `{"id": 1, "t_run": 1e400}`, `{"id": 1, "success": null, "ncores": 4.0}`,
		`{"id": 1, "name": "\xff"}`, `{"ſuccess": true}`, `null`, ` {"id": 1} `, `{"id": 1}{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var d jobDecoder
		sourcetest.SameAsEncodingJSON(t, in, d.decode)
	})
}
