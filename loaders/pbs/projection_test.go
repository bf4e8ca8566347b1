package pbs

import (
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The columns a load leaves out of each frame are not built: each is
// listed in Dataset.Unbuilt, in the frame's order, the jobs' other
// attributes among them.
func TestFramesBuildOnlyWhatTheyKeep(t *testing.T) {
	load := func(o source.Options) *source.Dataset {
		return sourcetest.LoadFile(t, sourcetest.Bundled("pbs/gjbex_vsc-tools-lib_20160601"), Load, o)
	}
	for _, o := range []source.Options{
		{Columns: map[string][]string{schema.Jobs: {"job", "session", "exec_host"}, schema.Events: {"time"}},
			Omit: map[string][]string{schema.Tasks: {"exec_host", "worker"}, schema.Allocations: {"wait_s"}}},
		{Omit: map[string][]string{schema.Jobs: {"session", "resource_list_pmem"}, schema.Placements: {"cpus"}}},
	} {
		sourcetest.Unbuilt(t, load(source.Options{}), load(o), o, nil, schema.Jobs, schema.Tasks, schema.Events, schema.Allocations, schema.Placements)
	}
}
