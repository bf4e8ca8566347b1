package flux

import (
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The columns a load of job-list records or of an eventlog leaves out
// of each frame are not built: each is listed in Dataset.Unbuilt.
func TestFramesBuildOnlyWhatTheyKeep(t *testing.T) {
	o := source.Options{Columns: map[string][]string{schema.Jobs: {"job", "state"}, schema.Events: {"time"}},
		Omit: map[string][]string{schema.Tasks: {"worker", "queue", "resources"}, schema.Placements: {"rank"}}}
	load := func(o source.Options) *source.Dataset {
		return sourcetest.LoadFile(t, sourcetest.Bundled("flux/flux-framework_flux-core_flux-jobs_contextual_info_input.jsonl"), LoadJobs, o)
	}
	sourcetest.Unbuilt(t, load(source.Options{}), load(o), o, nil, schema.Jobs, schema.Tasks, schema.Events, schema.Placements)
	load = func(o source.Options) *source.Dataset {
		return sourcetest.LoadFile(t, sourcetest.Bundled("flux/flux-framework_flux-core_dump-0.46.0_job_eventlog.jsonl"), LoadEventlog, o)
	}
	sourcetest.Unbuilt(t, load(source.Options{}), load(o), o, nil, schema.Jobs, schema.Tasks, schema.Events)
}
