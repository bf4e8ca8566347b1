package hyperqueue

import (
	"bytes"
	"os"
	"slices"
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
	b, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	whole := describeNames(t, b, source.Options{})
	cases := []source.Options{
		{Columns: map[string][]string{schema.Tasks: {"state", "start"}, schema.Events: {"time"}}},
		{Omit: map[string][]string{schema.Tasks: {"instance", "workers", "raw_state"}, schema.Placements: {"gpus", "root"}, schema.Events: {"line", "type"}}},
		{Columns: map[string][]string{schema.Events: {"data"}}, Omit: map[string][]string{schema.Tasks: {"state"}}},
	}
	for _, o := range cases {
		d, err := Load(bytes.NewReader(b), o)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{schema.Tasks, schema.Placements, schema.Events} {
			var want []string
			for _, c := range whole[name] {
				if !o.Keeps(name, c) && !(name == schema.Events && c == "line" && o.Keeps(name, "data")) {
					want = append(want, c)
				}
			}
			if got := d.Unbuilt[name]; !slices.Equal(got, want) {
				t.Errorf("columns %v, omit %v: %s not built %v, want %v", o.Columns, o.Omit, name, got, want)
			}
		}
	}
}

// describeNames returns, by frame, the column names of a load of in.
func describeNames(t *testing.T, in []byte, o source.Options) map[string][]string {
	t.Helper()
	d, err := Load(bytes.NewReader(in), o)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for name, f := range d.Frames {
		out[name] = f.Names()
	}
	return out
}
