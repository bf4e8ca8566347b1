package hyperqueue

import (
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestProjectionBuildsOnlyWhatItKeeps loads the bundled journal keeping
// some columns of the tasks, placements and events (Options.Columns,
// Omit): the others must not be built at all, so each is listed in
// Dataset.Unbuilt, the error a column asked for names; the events'
// line is built with their JSON, whose cut names it.
func TestProjectionBuildsOnlyWhatItKeeps(t *testing.T) {
	load := func(o source.Options) *source.Dataset {
		return sourcetest.LoadFile(t, sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), Load, o)
	}
	for _, o := range []source.Options{
		{Columns: map[string][]string{schema.Tasks: {"state", "start"}, schema.Events: {"time"}}},
		{Omit: map[string][]string{schema.Tasks: {"instance", "workers", "raw_state"}, schema.Placements: {"gpus", "root"}, schema.Events: {"line", "type"}}},
		{Columns: map[string][]string{schema.Events: {"data"}}, Omit: map[string][]string{schema.Tasks: {"state"}}},
	} {
		sourcetest.Unbuilt(t, load(source.Options{}), load(o), o, sourcetest.LineWithData(o), schema.Tasks, schema.Placements, schema.Events)
	}
}
