package cctools

import (
	"bytes"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func FuzzLoadCctools(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"), 25)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"), 25)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/cctools-test_2025-04-25_transactions.log"), 25)
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) { return loadCctools(strings.NewReader(s), o) })
	})
}

func FuzzLoadPerfLog(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("workqueue/realrun_wq_7.17.1_performance.log"), 4)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/realrun_vine_7.17.1_performance.log"), 6)
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) { return LoadPerfLog(strings.NewReader(s), o) })
	})
}

// FuzzStreamCctools: loaded in batches, any log gives the whole load's
// rows, warnings and error (sourcetest.Streams), strict and lenient,
// unless the log is one a stream reads differently by design and says
// so: a record of a task after its DONE or CANCELED, or TaskVine
// markers only after the first batch. Batches of one record, tried
// first, show every such case the larger batches can.
func FuzzStreamCctools(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"), 25)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"), 25)
	sourcetest.SeedLines(f, sourcetest.Bundled("taskvine/cctools-test_2025-04-25_transactions.log"), 25)
	f.Fuzz(func(t *testing.T, in string) {
		for _, lenient := range []bool{false, true} {
			o := source.Options{Lenient: lenient}
			probe := o
			probe.BatchRows, probe.Batch = 1, func(*source.Dataset) error { return nil }
			if d, err := loadCctools(strings.NewReader(in), probe); err == nil && streamsDiffer(d.Warnings) {
				continue
			}
			sourcetest.Streams(t, Transactions(), []source.Input{{Name: "fuzz.log", R: bytes.NewReader([]byte(in))}}, o)
		}
	})
}

// streamsDiffer reports whether a streamed load's warnings say it read
// the log differently from a whole load.
func streamsDiffer(ws []source.Warning) bool {
	for _, w := range ws {
		if strings.Contains(w.Msg, "handed over in an earlier batch") || strings.Contains(w.Msg, "after the first batch") {
			return true
		}
	}
	return false
}
