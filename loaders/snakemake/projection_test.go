package snakemake

import (
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The columns a load of a run log leaves out of each frame are not
// built: each is listed in Dataset.Unbuilt.
func TestLogFramesBuildOnlyWhatTheyKeep(t *testing.T) {
	o := source.Options{Columns: map[string][]string{schema.Jobs: {"job", "cores"}, schema.Events: {"time"}},
		Omit: map[string][]string{schema.Tasks: {"inputs", "outputs", "reason"}}}
	load := func(o source.Options) *source.Dataset {
		return sourcetest.LoadFile(t, sourcetest.Bundled("snakemake/run-here/2026-11-28T042057.690728.snakemake.log"), LoadLog, o)
	}
	sourcetest.Unbuilt(t, load(source.Options{}), load(o), o, nil, schema.Jobs, schema.Tasks, schema.Events)
}
