package lsf

import (
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The columns a load leaves out of each frame are not built: each is
// listed in Dataset.Unbuilt, in the frame's order.
func TestFramesBuildOnlyWhatTheyKeep(t *testing.T) {
	load := func(o source.Options) *source.Dataset {
		return sourcetest.LoadFile(t, sourcetest.Bundled("lsf/ubccr_xdmod_accounting-logs.log"), Load, o)
	}
	o := source.Options{Columns: map[string][]string{schema.Jobs: {"job", "command"}, schema.Events: {"time"}},
		Omit: map[string][]string{schema.Tasks: {"exec_host", "worker"}, schema.Allocations: {"wait_s"}}}
	sourcetest.Unbuilt(t, load(source.Options{}), load(o), o, nil, schema.Jobs, schema.Tasks, schema.Events, schema.Allocations, schema.Placements)
}
