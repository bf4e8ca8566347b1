package hyperqueue

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func FuzzLoadHyperQueue(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), 10)
	f.Add(rulesJournal)
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return Load(strings.NewReader(s), o)
		})
		// spilling the ended attempts at every line changes nothing
		for _, lenient := range []bool{false, true} {
			o := source.Options{Lenient: lenient}
			if got, want := describe(t, []byte(in), o, 1), describe(t, []byte(in), o, 1<<62); got != want {
				t.Fatalf("lenient %v, spilling every line:\n%s\nwant\n%s", lenient, got, want)
			}
		}
		// building only some columns gives the whole load's, selected
		sourcetest.Projects(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return Load(strings.NewReader(s), o)
		}, fuzzColumns)
		// the events asked for their span alone are counted and spanned,
		// and nothing else changes
		for _, lenient := range []bool{false, true} {
			skims(t, in, source.Options{Lenient: lenient})
		}
		// resumed from its checkpoints, a load of batches of 3 lines gives
		// what a load from the start gives
		o := source.Options{Lenient: true, Name: "fuzz.jsonl"}
		if whole, err := Load(strings.NewReader(in), o); err == nil {
			o.BatchRows = 3
			sourcetest.Resumes(t, Format(), source.Input{Name: "fuzz.jsonl", R: bytes.NewReader([]byte(in))}, o, whole)
		}
	})
}

// fuzzColumns are the columns FuzzLoadHyperQueue loads alone: some of
// each frame whose columns a load builds only when kept, the events'
// JSON among them.
var fuzzColumns = map[string][]string{
	schema.Tasks:      {"job", "task", "state", "reason", "exit_code", "end", "workers"},
	schema.Placements: {"worker", "end", "cpus"},
	schema.Events:     {"time", "data", "worker"},
}

// FuzzHQFlat: a line the flat fast path accepts decodes exactly as the
// full decoder decodes it.
func FuzzHQFlat(f *testing.F) {
	sourcetest.SeedLines(f, sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), 1)
	f.Add(`{"event":{"error":"x\u00e9\"","job":1,"task":54,"type":"task-failed"},"time":"2026-08-04T09:00:22.813Z"}`)
	f.Add(`{"event":{"instance":null,"job":-1,"task":5934,"type":"task-started","worker":192,"variant":0},"time":"2026-08-04T09:02:44Z"}`)
	// the line's own object as decodeFlat walks it: spacing, a trailing
	// or missing comma, duplicate members, bytes that are not UTF-8
	f.Add(` { "time" : "2026-08-04T09:00:22Z" , "event" : { "job" : 1 , "task" : 2 , "type" : "task-finished" } } `)
	f.Add(`{"event":{"job":1,"task":2,"type":"task-finished"},"time":"2026-08-04T09:00:22Z",}`)
	f.Add(`{"event":{"job":1,"task":2,"type":"task-finished"} "time":"2026-08-04T09:00:22Z"}`)
	f.Add(`{"event":{"job":1,"task":2,"type":"task-finished"},"event":{"task":3},"time":"2026-08-04T09:00:22Z"}`)
	f.Add("{\"event\":{\"error\":\"bad \xff byte\",\"job\":1,\"task\":2,\"type\":\"task-failed\"},\"time\":\"2026-08-04T09:00:22Z\"}")
	f.Add(`{"ev\u0065nt":{"job":1,"task":2,"type":"task-finished"},"time":"2026-08-04T09:00:22Z"}`)
	f.Fuzz(func(t *testing.T, in string) {
		var fast flatEvent
		if !decodeFlat([]byte(in), &fast) {
			return
		}
		var full journalLine
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
