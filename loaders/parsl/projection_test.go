package parsl

import (
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The columns a load leaves out of each frame are not built: each is
// listed in Dataset.Unbuilt, in the frame's order (a report keeps the
// psutil samples' run and time alone).
func TestFramesBuildOnlyWhatTheyKeep(t *testing.T) {
	load := func(o source.Options) *source.Dataset {
		return sourcetest.LoadFile(t, sourcetest.Bundled("parsl/Parsl_parsl_monitoring_2019-02-18.db"), Load, o)
	}
	o := source.Options{Columns: map[string][]string{schema.Samples: {"run", "time"}, schema.Events: {"time", "type"}},
		Omit: map[string][]string{schema.Tasks: {"stdout", "stderr", "hashsum"}, schema.Workers: {"cpus"}}}
	sourcetest.Unbuilt(t, load(source.Options{}), load(o), o, nil, schema.Jobs, schema.Tasks, schema.Placements,
		schema.Events, schema.Samples, schema.Workers, schema.Allocations, schema.Dependencies)
}
