package cromwell

import (
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The columns a load leaves out of each frame are not built: each is
// listed in Dataset.Unbuilt.
func TestFramesBuildOnlyWhatTheyKeep(t *testing.T) {
	o := source.Options{Columns: map[string][]string{schema.Jobs: {"job", "state"}, schema.Events: {"time"}},
		Omit: map[string][]string{schema.Tasks: {"record", "zone", "failure"}}}
	load := func(o source.Options) *source.Dataset {
		return sourcetest.LoadFile(t, sourcetest.Bundled("cromwell/broadinstitute_cromshell_GetZmwCounts.metadata.json"), Load, o)
	}
	sourcetest.Unbuilt(t, load(source.Options{}), load(o), o, nil, schema.Jobs, schema.Tasks, schema.Events)
}
