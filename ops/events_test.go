package ops

import (
	"testing"
	"time"
)

// Figures from the raw JSON of testdata/balsam with a Python loop (jobs
// joined on job_id, batch jobs on batch_job_id).
func TestEventsBalsam(t *testing.T) {
	d := load(t, bundled("balsam"))
	ev, alloc := frameOf(t, d, "events"), frameOf(t, d, "allocations")
	at := func(s string) time.Time { v, _ := time.Parse(time.RFC3339, s); return v }
	for _, c := range []struct {
		name string
		q    EventQuery
		want int
	}{
		{"all", EventQuery{}, 337},
		{"to RUN_DONE", EventQuery{ToState: "RUN_DONE"}, 59},
		{"from RUNNING", EventQuery{FromState: "RUNNING"}, 69},
		{"tag experiment:foo to RUN_DONE", EventQuery{ToState: "RUN_DONE", Tags: []string{"experiment:foo"}}, 30},
		{"scheduler 101 to RUN_DONE", EventQuery{ToState: "RUN_DONE", SchedulerID: "101"}, 18},
		{"batch job 1 to RUN_DONE", EventQuery{ToState: "RUN_DONE", BatchJob: "1"}, 18},
		{"scheduler 102", EventQuery{SchedulerID: "102"}, 236},
		{"jobs 3 and 7", EventQuery{Jobs: []string{"3", "7"}}, 11},
		{"12:20 to 12:30 inclusive", EventQuery{After: at("2021-03-10T12:20:00Z"), Before: at("2021-03-10T12:30:00Z")}, 58},
		{"limit", EventQuery{Limit: 5}, 5},
	} {
		got := Events(ev, alloc, c.q)
		if got.Err() != nil {
			t.Errorf("%s: %v", c.name, got.Err())
			continue
		}
		if got.NumRows() != c.want {
			t.Errorf("%s: %d events, want %d", c.name, got.NumRows(), c.want)
		}
	}
	newest := Events(ev, alloc, EventQuery{Newest: true, Limit: 3})
	if got := column(t, newest, "id"); got != "337 336 335" {
		t.Errorf("newest first: %s", got)
	}
	if err := Events(ev, nil, EventQuery{SchedulerID: "101"}).Err(); err == nil {
		t.Error("a scheduler id without allocations gave no error")
	}
}

func TestEventsOtherSources(t *testing.T) {
	hq := load(t, bundled("hq/synthetic_v0.26_journal.jsonl"))
	// HyperQueue events are tested on type: the journal has 3 task-failed
	// records (two exit 1, one SIGKILL; grep -c).
	if n := Events(frameOf(t, hq, "events"), nil, EventQuery{ToState: "task-failed"}).NumRows(); n != 3 {
		t.Errorf("HQ task-failed: %d", n)
	}
	if err := Events(frameOf(t, hq, "events"), nil, EventQuery{Tags: []string{"a:b"}}).Err(); err == nil {
		t.Error("a tag query on events without tags gave no error")
	}
}
