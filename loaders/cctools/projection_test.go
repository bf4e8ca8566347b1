package cctools

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestEventsBuildOnlyWhatTheyKeep loads the bundled Work Queue and
// TaskVine logs keeping some columns of the events (Options.Columns,
// Omit): the others must not be built at all, so each is listed in
// Dataset.Unbuilt; the line is built with the records' text, whose cut
// names it. The frame kept is the whole load's, projected.
func TestEventsBuildOnlyWhatTheyKeep(t *testing.T) {
	for _, path := range []string{"workqueue/realrun_wq_7.17.1_transactions.log", "taskvine/realrun_vine_7.17.1_transactions.log"} {
		b, err := os.ReadFile(sourcetest.Bundled(path))
		if err != nil {
			t.Fatal(err)
		}
		whole, err := loadCctools(strings.NewReader(string(b)), source.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []source.Options{
			{Columns: map[string][]string{schema.Events: {"time"}}},
			{Columns: map[string][]string{schema.Events: {"data", "state"}}},
			{Omit: map[string][]string{schema.Events: {"data", "run"}}},
		} {
			d, err := o.Project(loadCctools(strings.NewReader(string(b)), o))
			if err != nil {
				t.Fatal(err)
			}
			sourcetest.Unbuilt(t, whole, d, o, sourcetest.LineWithData(o), schema.Events)
			kept := sourcetest.Frame(t, d, schema.Events)
			if g, w := sourcetest.CSV(t, kept), sourcetest.CSV(t, sourcetest.Frame(t, whole, schema.Events).Select(kept.Names()...)); g != w {
				t.Errorf("%s: columns %v, omit %v: the events differ from the whole load's", path, o.Columns, o.Omit)
			}
		}
	}
}
