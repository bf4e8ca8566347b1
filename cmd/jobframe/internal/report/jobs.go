package report

import (
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// schedulerJobs returns the jobs frame when its rows are a batch
// scheduler's jobs with run times: a status in the canonical states
// (schema.States) beside start and end, as sacct gives them. Such jobs
// are the unit a scheduler's users count their work in, so the
// throughput and duration sections draw them beside the attempts (the
// jobs' steps). A workflow system's jobs (HyperQueue's, Balsam's) carry
// no status and are left to their own sections.
func (b *builder) schedulerJobs() (*frame.Frame, bool) {
	j, ok := b.frameOf(schema.Jobs)
	if !ok || !hasAll(j, "start", "end", "status") {
		return nil, false
	}
	return j, true
}

// jobThroughput draws the scheduler's jobs ended, cumulative, into s;
// it reports whether it drew anything.
func (b *builder) jobThroughput(s *Section) bool {
	jobs, ok := b.schedulerJobs()
	if !ok {
		return false
	}
	ended := b.endedIn(jobs)
	if ended.NumRows() == 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("none of the %d jobs has ended", jobs.NumRows()))
		return false
	}
	done := ended.Where("status", "==", "success")
	if err := firstErr(ended, done); err != nil {
		s.Notes = append(s.Notes, failed("the jobs ended", err))
		return false
	}
	f := b.figure("Jobs ended", "", "jobs (cumulative)").Step(b.series(ops.Throughput(ended, "end")), "time", "value", "ended")
	if done.NumRows() > 0 {
		f.Step(b.series(ops.Throughput(done, "end")), "time", "value", "completed")
	}
	chart(s, f, 900, 340)
	s.Facts = append(s.Facts, countFact("jobs ended", ended.NumRows()), countFact("jobs completed", done.NumRows()))
	return true
}

// jobDurations draws the scheduler's jobs' run times (start to end) and
// queue waits (submission to start) by partition into s; it reports
// whether it drew anything.
func (b *builder) jobDurations(s *Section) bool {
	jobs, ok := b.schedulerJobs()
	if !ok {
		return false
	}
	dur := ops.Durations(jobs)
	if err := dur.Err(); err != nil {
		s.Notes = append(s.Notes, failed("the jobs' durations", err))
		return false
	}
	by := "all"
	if dur.Has("partition") {
		by = "partition"
	} else {
		dur = dur.WithColumn(by, make([]string, dur.NumRows()))
	}
	top, note := topCategories(dur, by)
	if note != "" {
		s.Notes = append(s.Notes, "Jobs drawn: "+strings.Replace(note, "attempts", "jobs", 1)+".")
	}
	drew := false
	for _, c := range []struct{ col, title string }{{"run_s", "Job run time"}, {"wait_s", "Job queue wait"}} {
		if v := top.Where(c.col, "not-null", nil); v.NumRows() > 0 {
			chart(s, plot.New(c.title+" by "+by, by, strings.ToLower(c.title)+" (s)").Box(v, by, c.col, ""), 900, 360)
			drew = true
		}
	}
	if !drew {
		s.Notes = append(s.Notes, "no job has both a start and an end (nor a submission and a start)")
		return false
	}
	if all := ops.Summary(dur, nil, "run_s", "wait_s"); all.Err() == nil {
		for _, m := range []struct{ col, name string }{{"run_s_median", "median job run time"}, {"wait_s_median", "median job queue wait"}} {
			if v, ok, err := all.Float64s(m.col); err == nil && len(ok) == 1 && ok[0] {
				s.Facts = append(s.Facts, durationFact(m.name, v[0], ""))
			}
		}
	}
	if sum := ops.Summary(dur, []string{by}, "run_s", "wait_s"); sum.Err() == nil {
		s.Tables = append(s.Tables, b.table("jobs' run_s (start to end) and wait_s (submission to start) by "+by+" (s)", sum))
	}
	return true
}
