package cctools

import (
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
