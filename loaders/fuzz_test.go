package loaders

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// seedLines adds the file's lines, in chunks, as fuzz seeds.
func seedLines(f *testing.F, path string, chunk int) {
	b, err := os.ReadFile(path)
	if err != nil {
		return
	}
	lines := bytes.SplitAfter(b, []byte("\n"))
	for i := 0; i < len(lines); i += chunk {
		f.Add(string(bytes.Join(lines[i:min(i+chunk, len(lines))], nil)))
	}
}

// checkLoad runs a loader in both modes: strict may only fail with a
// *ParseError; lenient must not fail at all on in-memory input.
func checkLoad(t *testing.T, in string, load func(string, Options) (*Dataset, error)) {
	d, err := load(in, Options{Name: "fuzz"})
	var pe *ParseError
	if err != nil && !errors.As(err, &pe) {
		t.Fatalf("strict: error is not a *ParseError: %v", err)
	}
	if err == nil {
		for name, f := range d.Frames {
			if f.Err() != nil {
				t.Fatalf("frame %s: %v", name, f.Err())
			}
		}
	}
	if _, err := load(in, Options{Name: "fuzz", Lenient: true}); err != nil {
		t.Fatalf("lenient: %v", err)
	}
}

func FuzzLoadHyperQueue(f *testing.F) {
	seedLines(f, bundled("hq/synthetic_v0.26_journal.jsonl"), 10)
	f.Add(hqRules)
	f.Fuzz(func(t *testing.T, in string) {
		checkLoad(t, in, func(s string, o Options) (*Dataset, error) { return LoadHyperQueue(strings.NewReader(s), o) })
	})
}

func FuzzLoadCctools(f *testing.F) {
	seedLines(f, bundled("workqueue/realrun_wq_7.17.1_transactions.log"), 25)
	seedLines(f, bundled("taskvine/realrun_vine_7.17.1_transactions.log"), 25)
	seedLines(f, bundled("taskvine/cctools-test_2025-04-25_transactions.log"), 25)
	f.Fuzz(func(t *testing.T, in string) {
		checkLoad(t, in, func(s string, o Options) (*Dataset, error) { return loadCctools(strings.NewReader(s), o) })
	})
}

func FuzzLoadPerfLog(f *testing.F) {
	seedLines(f, bundled("workqueue/realrun_wq_7.17.1_performance.log"), 4)
	seedLines(f, bundled("taskvine/realrun_vine_7.17.1_performance.log"), 6)
	f.Fuzz(func(t *testing.T, in string) {
		checkLoad(t, in, func(s string, o Options) (*Dataset, error) { return LoadPerfLog(strings.NewReader(s), o) })
	})
}

func FuzzLoadBalsam(f *testing.F) {
	b, _ := os.ReadFile(bundled("balsam/synthetic_events.json"))
	f.Add(string(b[:2000]) + "]")
	f.Add(`{"count": 1, "results": [{"id": 1, "job_id": 1, "timestamp": "2021-03-10T12:00:01", "from_state": "CREATED", "to_state": "RUNNING", "data": {"num_nodes": 0.25}}]}`)
	f.Add(`{"id": 1, "job_id": 1, "timestamp": "2021-03-10T12:00:01.5", "from_state": "RUNNING", "to_state": "RUN_ERROR", "data": {"returncode": 1, "error": "x"}}` + "\n")
	jobs, _ := os.ReadFile(bundled("balsam/synthetic_jobs.json"))
	f.Fuzz(func(t *testing.T, in string) {
		checkLoad(t, in, func(s string, o Options) (*Dataset, error) {
			return LoadBalsam(BalsamFiles{Events: strings.NewReader(s), Jobs: bytes.NewReader(jobs)}, o)
		})
	})
}
