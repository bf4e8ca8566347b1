package balsam

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func FuzzLoadBalsam(f *testing.F) {
	b, _ := os.ReadFile(sourcetest.Bundled("balsam/synthetic_events.json"))
	f.Add(string(b[:2000]) + "]")
	f.Add(`{"count": 1, "results": [{"id": 1, "job_id": 1, "timestamp": "2021-03-10T12:00:01", "from_state": "CREATED", "to_state": "RUNNING", "data": {"num_nodes": 0.25}}]}`)
	f.Add(`{"id": 1, "job_id": 1, "timestamp": "2021-03-10T12:00:01.5", "from_state": "RUNNING", "to_state": "RUN_ERROR", "data": {"returncode": 1, "error": "x"}}` + "\n")
	jobs, _ := os.ReadFile(sourcetest.Bundled("balsam/synthetic_jobs.json"))
	// The events stream: batches of them give the whole load's rows,
	// warnings and error (sourcetest.Streams), strict and lenient.
	events := source.Format{Streams: true, Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
		return Load(Files{Events: in[0].R, Jobs: in[1].R}, o)
	}}
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) {
			return Load(Files{Events: strings.NewReader(s), Jobs: bytes.NewReader(jobs)}, o)
		})
		for _, lenient := range []bool{false, true} {
			sourcetest.Streams(t, events, []source.Input{{Name: "events", R: bytes.NewReader([]byte(in))}, {Name: "jobs", R: bytes.NewReader(jobs)}}, source.Options{Lenient: lenient})
			// without the tasks and jobs frames the event columns restart
			// at every batch (restartEvents)
			sourcetest.Streams(t, events, []source.Input{{Name: "events", R: bytes.NewReader([]byte(in))}, {Name: "jobs", R: bytes.NewReader(jobs)}}, source.Options{Lenient: lenient, Frames: []string{schema.Events, schema.Allocations}})
		}
	})
}
