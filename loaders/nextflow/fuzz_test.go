package nextflow

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func FuzzLoadTrace(f *testing.F) {
	// Small seeds (the header and a few records of each trace) keep the
	// fuzzer's coverage runs fast.
	for _, name := range []string{"openproblems_2021-03_trace.txt", "wfcommons_nfcore_trace.txt"} {
		if b, err := os.ReadFile(sourcetest.Bundled("nextflow/" + name)); err == nil {
			lines := strings.SplitAfter(string(b), "\n")
			f.Add(strings.Join(lines[:min(len(lines), 6)], ""))
			f.Add(lines[0] + strings.Join(lines[max(1, len(lines)-4):], ""))
		}
	}
	for _, p := range []string{"testdata/golden/trace/raw-comma/trace.csv", "testdata/golden/trace/bad-records-lenient/trace.txt"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return LoadTrace(strings.NewReader(s), o)
		})
	})
}

func FuzzLoadTimeline(f *testing.F) {
	for _, p := range []string{sourcetest.Bundled("nextflow/openproblems_2021-03_timeline.html"), "testdata/golden/timeline/json-form/timeline.html"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return LoadTimeline(strings.NewReader(s), o)
		})
	})
}
