package cromwell

import (
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestFacts loads each bundled metadata document and checks the figures
// shared/data's figures.py computed from the raw JSON with Python's
// standard library (testdata/cromwell/expected.json): the workflow's id,
// name, status, start, end and Cromwell version, its failures, the call
// entries by status and by call, the shards, the largest attempt, the
// backends, the calls' seconds (end − start), first start and last end.
func TestFacts(t *testing.T) {
	type figures struct {
		Backends []string       `json:"backends"`
		Entries  int            `json:"call_entries"`
		ByStatus map[string]int `json:"call_entries_by_executionStatus"`
		Seconds  float64        `json:"call_seconds"`
		ByName   map[string]int `json:"calls_by_fq_name"`
		Version  *string        `json:"cromwell_version"`
		First    string         `json:"earliest_call_start"`
		End      string         `json:"end"`
		Failures int            `json:"failures"`
		ID       string         `json:"id"`
		Last     string         `json:"latest_call_end"`
		MaxTry   int64          `json:"max_attempt"`
		Shards   int            `json:"shards"`
		Start    string         `json:"start"`
		Status   string         `json:"status"`
		Subs     int            `json:"subworkflow_entries"`
		Workflow string         `json:"workflowName"`
	}
	sourcetest.Expected(t, "cromwell", 2, func(t *testing.T, name, path string, w figures) {
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		d, err := Load(fh, source.Options{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		jobs, tasks := d.Frames["jobs"], d.Frames["tasks"]
		ids, _, _ := jobs.Strings("job")
		names, _, _ := jobs.Strings("name")
		states, _, _ := jobs.Strings("state")
		versions, vOK, _ := jobs.Strings("cromwell_version")
		failures, fOK, _ := jobs.Strings("failures")
		start, _, _ := jobs.Micros("start")
		end, _, _ := jobs.Micros("end")
		var version *string
		if vOK[0] {
			version = &versions[0]
		}
		nFail := 0
		if fOK[0] {
			nFail = len(strings.Split(failures[0], "; "))
		}
		iso := func(us int64) string { return time.UnixMicro(us).UTC().Format("2006-01-02T15:04:05.000Z") }
		sourcetest.SameJSON(t, "workflow", []any{ids[0], names[0], states[0], version, nFail, iso(start[0]), iso(end[0]), jobs.NumRows() - 1},
			[]any{w.ID, w.Workflow, w.Status, w.Version, w.Failures, w.Start, w.End, w.Subs})

		raw, _, _ := tasks.Strings("raw_state")
		cat, _, _ := tasks.Strings("category")
		_, shardOK, _ := tasks.Int64s("shard")
		attempts, _, _ := tasks.Int64s("attempt")
		backends, _, _ := tasks.Strings("backend")
		wall, _, _ := tasks.Float64s("wall_time_s")
		cs, _, _ := tasks.Micros("start")
		ce, _, _ := tasks.Micros("end")
		byStatus, byName := map[string]int{}, map[string]int{}
		shards, secs := 0, 0.0
		for i := range raw {
			byStatus[raw[i]]++
			byName[cat[i]]++
			if shardOK[i] {
				shards++
			}
			secs += wall[i]
		}
		slices.Sort(backends)
		isoPy := func(us int64) string { return time.UnixMicro(us).UTC().Format("2006-01-02T15:04:05.000000+00:00") }
		sourcetest.SameJSON(t, "calls", []any{len(raw), byStatus, byName, shards, slices.Max(attempts), slices.Compact(backends)},
			[]any{w.Entries, w.ByStatus, w.ByName, w.Shards, w.MaxTry, w.Backends})
		sourcetest.SameJSON(t, "call seconds (to the ms), first start, last end", []any{math.Round(secs * 1000), isoPy(slices.Min(cs)), isoPy(slices.Max(ce))},
			[]any{math.Round(w.Seconds * 1000), w.First, w.Last})
	})
}
