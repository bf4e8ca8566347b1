package loaders

import (
	"bytes"
	"errors"
	"os"

	"reflect"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/source"
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
// *ParseError (or say the input is in another format); lenient must not
// fail at all on in-memory input of its format.
func checkLoad(t *testing.T, in string, load func(string, source.Options) (*source.Dataset, error)) {
	d, err := load(in, source.Options{Name: "fuzz"})
	var pe *source.ParseError
	var uf *source.UnknownFormatError
	if errors.As(err, &uf) {
		return
	}
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
	// Lenient mode skips bad records; it can only fail on a bad header,
	// without which no record can be read.
	if _, err := load(in, source.Options{Name: "fuzz", Lenient: true}); err != nil && !errors.Is(err, source.ErrBadHeader) {
		t.Fatalf("lenient: %v", err)
	}
}

func FuzzLoadHyperQueue(f *testing.F) {
	seedLines(f, bundled("hq/synthetic_v0.26_journal.jsonl"), 10)
	f.Add(hqRules)
	f.Fuzz(func(t *testing.T, in string) {
		checkLoad(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return LoadHyperQueue(strings.NewReader(s), o)
		})
	})
}

func FuzzLoadCctools(f *testing.F) {
	seedLines(f, bundled("workqueue/realrun_wq_7.17.1_transactions.log"), 25)
	seedLines(f, bundled("taskvine/realrun_vine_7.17.1_transactions.log"), 25)
	seedLines(f, bundled("taskvine/cctools-test_2025-04-25_transactions.log"), 25)
	f.Fuzz(func(t *testing.T, in string) {
		checkLoad(t, in, func(s string, o source.Options) (*source.Dataset, error) { return loadCctools(strings.NewReader(s), o) })
	})
}

func FuzzLoadPerfLog(f *testing.F) {
	seedLines(f, bundled("workqueue/realrun_wq_7.17.1_performance.log"), 4)
	seedLines(f, bundled("taskvine/realrun_vine_7.17.1_performance.log"), 6)
	f.Fuzz(func(t *testing.T, in string) {
		checkLoad(t, in, func(s string, o source.Options) (*source.Dataset, error) { return LoadPerfLog(strings.NewReader(s), o) })
	})
}

func FuzzLoadBalsam(f *testing.F) {
	b, _ := os.ReadFile(bundled("balsam/synthetic_events.json"))
	f.Add(string(b[:2000]) + "]")
	f.Add(`{"count": 1, "results": [{"id": 1, "job_id": 1, "timestamp": "2021-03-10T12:00:01", "from_state": "CREATED", "to_state": "RUNNING", "data": {"num_nodes": 0.25}}]}`)
	f.Add(`{"id": 1, "job_id": 1, "timestamp": "2021-03-10T12:00:01.5", "from_state": "RUNNING", "to_state": "RUN_ERROR", "data": {"returncode": 1, "error": "x"}}` + "\n")
	jobs, _ := os.ReadFile(bundled("balsam/synthetic_jobs.json"))
	f.Fuzz(func(t *testing.T, in string) {
		checkLoad(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return LoadBalsam(BalsamFiles{Events: strings.NewReader(s), Jobs: bytes.NewReader(jobs)}, o)
		})
	})
}

func FuzzLoadEPMTCSV(f *testing.F) {
	seedLines(f, bundled("epmt/615503/pp053-papiex-615503-0.csv"), 3)
	b, _ := os.ReadFile(bundled("epmt/804280/pp075-collated-papiex-804280-0.PARTIAL-first435of6039procs.csv"))
	f.Add(string(b[:6000]))
	f.Fuzz(func(t *testing.T, in string) {
		checkLoad(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return LoadEPMT([]EPMTFile{{Name: "h-collated-papiex-1-0.csv", R: strings.NewReader(s)}}, o)
		})
	})
}

func FuzzLoadEPMTTSV(f *testing.F) {
	header, _ := os.ReadFile(bundled("epmt/12340/perftools.org-papiex-header.tsv"))
	seedLines(f, bundled("epmt/12340/perftools.org-papiex.tsv"), 4)
	f.Fuzz(func(t *testing.T, in string) {
		checkLoad(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return LoadEPMT([]EPMTFile{{Name: "j/h-papiex-header.tsv", R: bytes.NewReader(header)}, {Name: "j/h-papiex.tsv", R: strings.NewReader(s)}}, o)
		})
	})
}

func FuzzDecodePickle(f *testing.F) {
	for _, p := range []string{bundled("epmt/804280/job_metadata"), "testdata/pickle/meta_p0.pkl", "testdata/pickle/meta_p2.pkl", "testdata/pickle/meta_p4.pkl", "testdata/pickle/evil_reduce.pkl"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	// The property: no input panics or hangs the decoder (it runs nothing
	// by construction; TestPickleRefusesCode checks the refusals).
	f.Fuzz(func(t *testing.T, in []byte) {
		decodePickle(bytes.NewReader(in))
	})
}

// FuzzHQFlat: a line the flat fast path accepts decodes exactly as the
// full decoder decodes it.
func FuzzHQFlat(f *testing.F) {
	seedLines(f, bundled("hq/synthetic_v0.26_journal.jsonl"), 1)
	f.Add(`{"event":{"error":"x\u00e9\"","job":1,"task":54,"type":"task-failed"},"time":"2026-08-04T09:00:22.813Z"}`)
	f.Add(`{"event":{"instance":null,"job":-1,"task":5934,"type":"task-started","worker":192,"variant":0},"time":"2026-08-04T09:02:44Z"}`)
	// the line's own object as decodeHQFlat walks it: spacing, a trailing
	// or missing comma, duplicate members, bytes that are not UTF-8
	f.Add(` { "time" : "2026-08-04T09:00:22Z" , "event" : { "job" : 1 , "task" : 2 , "type" : "task-finished" } } `)
	f.Add(`{"event":{"job":1,"task":2,"type":"task-finished"},"time":"2026-08-04T09:00:22Z",}`)
	f.Add(`{"event":{"job":1,"task":2,"type":"task-finished"} "time":"2026-08-04T09:00:22Z"}`)
	f.Add(`{"event":{"job":1,"task":2,"type":"task-finished"},"event":{"task":3},"time":"2026-08-04T09:00:22Z"}`)
	f.Add("{\"event\":{\"error\":\"bad \xff byte\",\"job\":1,\"task\":2,\"type\":\"task-failed\"},\"time\":\"2026-08-04T09:00:22Z\"}")
	f.Add(`{"ev\u0065nt":{"job":1,"task":2,"type":"task-finished"},"time":"2026-08-04T09:00:22Z"}`)
	f.Fuzz(func(t *testing.T, in string) {
		var fast hqFlat
		if !decodeHQFlat([]byte(in), &fast) {
			return
		}
		var full hqLine
		if err := jsontext.Unmarshal([]byte(in), &full); err != nil {
			t.Fatalf("%s: the fast path accepted what the decoder rejects: %v", in, err)
		}
		ev := fast.event([]byte(in))
		if full.Event == nil || !reflect.DeepEqual(ev, *full.Event) {
			t.Fatalf("%s:\nfast %+v\nfull %+v", in, ev, full.Event)
		}
		if tm, err := frame.ParseMicros(full.Time); err != nil || tm != fast.t {
			t.Fatalf("%s: fast time %d, full %q = %d (%v)", in, fast.t, full.Time, tm, err)
		}
	})
}
