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

// FuzzEntryDecoder holds the hand decoder of timeline entries to
// encoding/json: whatever it reads, encoding/json reads the same (it may
// refuse more, which only sends the page to encoding/json).
func FuzzEntryDecoder(f *testing.F) {
	for _, s := range []string{
		`{"label": "fastqc (SRR1)", "cached": false, "index": 3, "times": [{"starting_time": 1, "ending_time": 2}, {"starting_time": 2, "ending_time": 9, "label": "7s / 1.2 GB"}]}`,
		`{"LABEL": "a", "label": null, "Cached": null, "times": [null, {"STARTING_TIME": -5}], "times": [{"label": "x"}], "index": 1.5}`,
		`{"times": [], "times": [{"ending_time": 9}], "cached": true, "extra": [1, {"a": "b"}]}`,
		`null`, `[1]`, `{"index": "3"}`, `{"times": {}}`, `{"index": 99999999999999999999}`, `{"label": "a\u00e9\t\u2028"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) { sourcetest.SameAsEncodingJSON(t, in, new(entryDecoder).decode) })
}

// FuzzTimelineObject holds the one-scan reading of the 21.03+ data object
// to the general path (check the literal, decode it with goccy/go-json or
// encoding/json, split and decode the processes): whatever it reads, the
// general path reads the same, and an entry it finds bad is the general
// path's error too.
func FuzzTimelineObject(f *testing.F) {
	for _, s := range timelineObjects {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkTimelineObject(t, in)
	})
}
