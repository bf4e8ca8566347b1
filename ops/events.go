package ops

import (
	"fmt"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// EventQuery selects events in the spirit of Balsam's
// EventLog.objects.filter. Zero fields do not filter.
type EventQuery struct {
	// Jobs keeps the events of these job ids.
	Jobs []string
	// BatchJob keeps the events of jobs whose batch job (Balsam's
	// Job.batch_job_id: the last one that acquired the job) has this id.
	BatchJob string
	// SchedulerID keeps the events of jobs whose batch job has this
	// scheduler id, looked up in the allocations frame (the documented
	// meaning, not the Balsam server's site-wide join).
	SchedulerID string
	// Tags are "k:v" texts that must all match the job's tags.
	Tags []string
	// FromState and ToState are equality tests on from_state and to_state;
	// sources without to_state (Work Queue, TaskVine: state; HyperQueue:
	// type) are tested on that column.
	FromState, ToState string
	// After and Before keep events with After <= time <= Before.
	After, Before time.Time
	// Newest orders newest first (Balsam's default, ties by id), else
	// oldest first; Limit keeps the first Limit events (all when 0).
	Newest bool
	Limit  int
}

// Events returns the events matching q, in time order (or newest first).
// allocations is needed only for SchedulerID (columns id, scheduler_id).
func Events(events, allocations *frame.Frame, q EventQuery) *frame.Frame {
	if err := requireFrame("Events", events, schema.Events, "time"); err != nil {
		return frame.WithErr(err)
	}
	e := events
	need := func(col string) bool {
		if !e.Has(col) && e.Err() == nil {
			e = frame.Errorf("Events: the query needs column %s, which this events frame lacks (the balsam loader joins job, batch_job and tags onto its events)", col)
		}
		return e.Err() == nil
	}
	if len(q.Jobs) > 0 && need("job") {
		e = e.Where("job", "in", q.Jobs)
	}
	if q.BatchJob != "" && need("batch_job") {
		e = whereText(e, "batch_job", q.BatchJob)
	}
	if q.SchedulerID != "" && need("batch_job") {
		if err := requireFrame("Events", allocations, schema.Allocations, "id", "scheduler_id"); err != nil {
			return frame.WithErr(err)
		}
		ids := whereText(allocations, "scheduler_id", q.SchedulerID)
		bj, _, err := ids.Int64s("id")
		if err != nil {
			return frame.WithErr(fmt.Errorf("Events: %w", err))
		}
		e = e.Where("batch_job", "in", bj)
	}
	if len(q.Tags) > 0 && need("tags") {
		want := ""
		for i, t := range q.Tags {
			if i > 0 {
				want += ";"
			}
			want += t
		}
		e = MatchTags(e, false, want)
	}
	if q.FromState != "" && need("from_state") {
		e = e.Where("from_state", "==", q.FromState)
	}
	if q.ToState != "" {
		col := "to_state"
		for _, c := range []string{"to_state", "state", "type"} {
			if e.Has(c) {
				col = c
				break
			}
		}
		if need(col) {
			e = e.Where(col, "==", q.ToState)
		}
	}
	if !q.After.IsZero() {
		e = e.Where("time", ">=", q.After)
	}
	if !q.Before.IsZero() {
		e = e.Where("time", "<=", q.Before)
	}
	order := []string{"time"}
	if q.Newest {
		order = []string{"-time"}
	}
	if e.Has("id") {
		order = append(order, "id")
	}
	e = e.Sort(order...)
	if q.Limit > 0 {
		e = e.Head(q.Limit)
	}
	return wrap("Events", e)
}

// whereText keeps the rows whose column, formatted as text, equals v (ids
// are int64 in some sources and text in others).
func whereText(f *frame.Frame, col, v string) *frame.Frame {
	if t, err := f.Type(col); err == nil && t == frame.String {
		return f.Where(col, "==", v)
	}
	idx := -1
	for i, n := range f.Names() {
		if n == col {
			idx = i
		}
	}
	if idx < 0 {
		return frame.Errorf("no column %s", col)
	}
	var rows []int
	for i := range f.NumRows() {
		if f.FormatValue(idx, i) == v {
			rows = append(rows, i)
		}
	}
	return f.Take(rows)
}
