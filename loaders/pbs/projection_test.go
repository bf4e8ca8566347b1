package pbs

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The columns a load leaves out of each frame are not built: each is
// listed in Dataset.Unbuilt, in the frame's order, the jobs' other
// attributes among them.
func TestFramesBuildOnlyWhatTheyKeep(t *testing.T) {
	b, err := os.ReadFile(sourcetest.Bundled("pbs/gjbex_vsc-tools-lib_20160601"))
	if err != nil {
		t.Fatal(err)
	}
	whole, err := Load(strings.NewReader(string(b)), source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	o := source.Options{Columns: map[string][]string{schema.Jobs: {"job", "session", "exec_host"}, schema.Events: {"time"}},
		Omit: map[string][]string{schema.Tasks: {"exec_host", "worker"}, schema.Allocations: {"wait_s"}}}
	d, err := Load(strings.NewReader(string(b)), o)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{schema.Jobs, schema.Tasks, schema.Events, schema.Allocations, schema.Placements} {
		var want []string
		for _, c := range sourcetest.Frame(t, whole, name).Names() {
			if !o.Keeps(name, c) {
				want = append(want, c)
			}
		}
		if got := d.Unbuilt[name]; !slices.Equal(got, want) {
			t.Errorf("%s not built %v, want %v", name, got, want)
		}
	}
}
