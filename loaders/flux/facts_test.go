package flux

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestFacts loads each Flux file of shared/data and checks the figures
// its figures.py computed from the raw lines with Python's standard
// library (testdata/flux/expected.json): for an eventlog, its events by
// name, first and last times, the start and finish (start and finish,
// or starting and complete), their difference and the wait status; for
// job-list records, the records and ids, the jobs by state and the
// inactive ones by result, the earliest submit and run, the latest
// inactive time, the run time of the inactive jobs (t_cleanup - t_run)
// and the exceptions.
func TestFacts(t *testing.T) {
	sourcetest.Expected(t, "flux", 4, func(t *testing.T, name, path string, w map[string]json.RawMessage) {
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		if strings.Contains(name, "eventlog") {
			d, err := LoadEventlog(fh, source.Options{Name: name})
			if err != nil {
				t.Fatal(err)
			}
			eventlogFacts(t, d, w)
			return
		}
		d, err := LoadJobs(fh, source.Options{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		jobsFacts(t, d, fh, w)
	})
}

func eventlogFacts(t *testing.T, d *source.Dataset, w map[string]json.RawMessage) {
	t.Helper()
	ev := d.Frames["events"]
	names, _, _ := ev.Strings("type")
	times, _, _ := ev.Micros("time")
	byName := map[string]int{}
	for _, n := range names {
		byName[n]++
	}
	tasks := d.Frames["tasks"]
	start, _, _ := tasks.Micros("start")
	end, _, _ := tasks.Micros("end")
	run, _, _ := tasks.Float64s("wall_time_s")
	exit, _, _ := tasks.Int64s("exit_code")
	equal(t, "events", len(names), w["events"])
	equal(t, "events by name", byName, w["events_by_name"])
	near(t, "first, last", []float64{sec(times[0]), sec(times[len(times)-1])}, w["first_timestamp"], w["last_timestamp"])
	near(t, "start, finish", []float64{sec(start[0]), sec(end[0])}, w["t_start"], w["t_finish"])
	near(t, "run seconds", []float64{run[0]}, w["run_seconds"])
	equal(t, "status", exit[0], w["status"])
}

func jobsFacts(t *testing.T, d *source.Dataset, fh *os.File, w map[string]json.RawMessage) {
	t.Helper()
	raw, err := os.ReadFile(fh.Name())
	if err != nil {
		t.Fatal(err)
	}
	records := strings.Count(strings.TrimSpace(string(raw)), "\n") + 1
	if n := d.Frames["events"].NumRows(); n != records {
		t.Errorf("%d records in the events frame, %d lines", n, records)
	}
	jobs := d.Frames["jobs"]
	states, _, _ := jobs.Strings("state")
	submit, _, _ := jobs.Micros("submit")
	inactive, inOK, _ := jobs.Micros("inactive")
	exc, excOK, _ := jobs.Strings("exception_type")
	byState, byResult := map[string]int{}, map[string]int{}
	recStates, _, _ := d.Frames["events"].Strings("state")
	for _, s := range recStates { // every record, a job's earlier snapshots too
		byState[s]++
	}
	var exceptions []string
	firstSubmit, lastInactive := int64(math.MaxInt64), int64(0)
	for i, s := range states {
		if inOK[i] { // inactive: state holds its result
			byResult[s]++
			lastInactive = max(lastInactive, inactive[i])
		}
		firstSubmit = min(firstSubmit, submit[i])
		if excOK[i] {
			exceptions = append(exceptions, exc[i])
		}
	}
	tasks := d.Frames["tasks"]
	start, _, _ := tasks.Micros("start")
	wall, wallOK, _ := tasks.Float64s("wall_time_s")
	firstRun, taskSeconds := int64(math.MaxInt64), 0.0
	for i := range start {
		firstRun = min(firstRun, start[i])
		if wallOK[i] {
			taskSeconds += wall[i]
		}
	}
	if exceptions == nil {
		exceptions = []string{}
	}
	equal(t, "records, ids", []int{records, jobs.NumRows()}, w["records"], w["distinct_ids"])
	equal(t, "by state", byState, w["by_state"])
	equal(t, "inactive by result", byResult, w["inactive_by_result"])
	equal(t, "exceptions", exceptions, w["exceptions"])
	near(t, "earliest submit, run; latest inactive", []float64{sec(firstSubmit), sec(firstRun), sec(lastInactive)},
		w["earliest_t_submit"], w["earliest_t_run"], w["latest_t_inactive"])
	near(t, "task seconds", []float64{taskSeconds}, w["task_seconds"])
}

func sec(us int64) float64 { return float64(us) / 1e6 }

// equal compares got with the JSON of want (several wants: an array).
func equal(t *testing.T, what string, got any, want ...json.RawMessage) {
	t.Helper()
	g, _ := json.Marshal(got)
	var w []byte
	if len(want) == 1 {
		w = want[0]
	} else {
		parts := make([]string, len(want))
		for i, x := range want {
			parts[i] = string(x)
		}
		w = []byte("[" + strings.Join(parts, ",") + "]")
	}
	var a, b any
	if json.Unmarshal(g, &a) != nil || json.Unmarshal(w, &b) != nil {
		t.Fatalf("%s: %s or %s is no JSON", what, g, w)
	}
	ga, _ := json.Marshal(a)
	wb, _ := json.Marshal(b)
	if string(ga) != string(wb) {
		t.Errorf("%s: %s, want %s", what, ga, wb)
	}
}

// near compares times and durations in seconds to the µs the frames
// keep.
func near(t *testing.T, what string, got []float64, want ...json.RawMessage) {
	t.Helper()
	for i, x := range want {
		var w float64
		if err := json.Unmarshal(x, &w); err != nil {
			t.Fatalf("%s: %s: %v", what, x, err)
		}
		if math.Abs(got[i]-w) > 1.5e-6 {
			t.Errorf("%s [%d]: %.7f, want %.7f", what, i, got[i], w)
		}
	}
}

// check compares got and want as JSON.
func check(t *testing.T, what string, got, want any) {
	t.Helper()
	sourcetest.SameJSON(t, what, got, want)
}
