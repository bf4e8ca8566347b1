package report

import (
	"fmt"
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// maxWarnings is the number of load warnings listed; the rest are
// counted.
const maxWarnings = 100

// warnings lists what the load noticed or skipped.
func (b *builder) warnings() Section {
	s := Section{ID: "warnings", Title: "Load warnings"}
	if len(b.d.Warnings) == 0 {
		s.Intro = "None: every record was read."
		return s
	}
	s.Intro = fmt.Sprintf("%s while loading (bad lines skipped in lenient mode, a truncated last line, unknown record kinds kept in events).", plural(len(b.d.Warnings), "warning"))
	t := Table{Caption: "warnings", Head: []string{"file", "line", "field", "message", "text"}}
	for i, w := range b.d.Warnings {
		if i == maxWarnings {
			t.More = len(b.d.Warnings) - maxWarnings
			break
		}
		line := ""
		if w.Line > 0 {
			line = fmt.Sprint(w.Line)
		}
		t.Rows = append(t.Rows, []string{w.File, line, w.Field, w.Msg, w.Text})
	}
	s.Tables = append(s.Tables, t)
	return s
}

// failures tabulates the attempts that did not succeed.
func (b *builder) failures() Section {
	s := Section{ID: "failures", Title: "Failures"}
	tasks, ok := b.frameOf(schema.Tasks)
	switch {
	case !ok || !hasAll(tasks, "task", "attempt"):
		s.Reason = "no task attempts in this source"
		if jobs, failedJobs := b.jobFailures(); failedJobs > 0 { // a sacct -X dump: jobs, no steps
			s.Reason, s.Intro = "", "The batch system's jobs that ended in a failure, by state and exit code, with the first such job as an example; the source has no steps or attempts."
			s.Facts = append(s.Facts, countFact("failed jobs", failedJobs))
			s.Tables = append(s.Tables, b.table("failed jobs (the batch system's own state of each job)", jobs))
		} else if j, ok := b.frameOf(schema.Jobs); ok && j.Has("status") {
			s.Reason = "no failures: no job failed of " + plural(j.NumRows(), "job") + " (the source has no steps or attempts)"
		}
		return s
	case !tasks.Has("state"):
		s.Reason = b.noStates()
		return s
	}
	// the attempts, as the summary counts them, of the columns read here
	// (ops.Failures and retried): not a copy of every column
	tasks = startedRows(narrow(tasks, "source", "run", "job", "task", "attempt", "state", "reason", "exit_code", "start"))
	f := ops.Failures(tasks)
	if err := f.Err(); err != nil {
		s.Reason = failed("the failures", err)
		return s
	}
	jobs, failedJobs := b.jobFailures()
	if f.NumRows() == 0 && failedJobs == 0 {
		s.Reason = "no failures: every attempt that ended succeeded"
		if _, _, text, err := stateCounts(tasks); err == nil && !anyEnded(tasks) {
			s.Reason = "no attempt has ended in this source (" + text + ")"
		}
		return s
	}
	s.Intro = "Attempts that ended in another state than success, by state, reason and exit code, with the first such attempt as an example (job@task#attempt)."
	if f.NumRows() > 0 {
		s.Tables = append(s.Tables, b.table("failed attempts", f))
	}
	if failedJobs > 0 { // Slurm: a job's state is not its steps' (a TIMEOUT job's batch step is CANCELLED)
		s.Facts = append(s.Facts, countFact("failed jobs", failedJobs))
		s.Tables = append(s.Tables, b.table("failed jobs (the batch system's own state of each job)", jobs))
	}
	s.Facts = append(s.Facts, countFact("tasks with more than one attempt", retried(tasks)))
	return s
}

// retried counts the tasks of more than one attempt: the groups of the
// task keys with more than one row, as ops.Retries's attempts > 1
// counts them, without its table of every task (10M rows at 10M tasks);
// only the rows of those tasks are grouped (frame.Repeated).
func retried(tasks *frame.Frame) int {
	keys := taskKeyCols(tasks)
	rows, err := tasks.Repeated(keys...)
	if err != nil {
		return 0
	}
	return tasks.Select(keys...).Take(rows).GroupBy(keys...).NumGroups()
}

// jobFailures tabulates the jobs of a batch system (a jobs frame with a
// status in the state vocabulary, as Slurm's) that ended in a failure:
// columns state (as the source words it), status, exit_code where
// present, count and example (the first such job), most first; and the
// number of such jobs (0, and no table, when there are none).
func (b *builder) jobFailures() (*frame.Frame, int) {
	jobs, ok := b.frameOf(schema.Jobs)
	if !ok || !hasAll(jobs, "job", "status", "state") {
		return nil, 0
	}
	status, valid, err := jobs.Strings("status")
	if err != nil {
		return nil, 0
	}
	var rows []int
	for i, st := range status {
		if valid[i] && schema.Failure(st) {
			rows = append(rows, i)
		}
	}
	if len(rows) == 0 {
		return nil, 0
	}
	by := []string{"state", "status"}
	if jobs.Has("exit_code") {
		by = append(by, "exit_code")
	}
	t := jobs.Take(rows).GroupBy(by...).Agg(frame.Count().As("count"), frame.First("job").As("example")).Sort("-count")
	if t.Err() != nil {
		return nil, 0
	}
	return t, len(rows)
}

// anyEnded reports whether some row of tasks has an ended state.
func anyEnded(tasks *frame.Frame) bool {
	state, ok, err := tasks.Strings("state")
	if err != nil {
		return false
	}
	for i, st := range state {
		if ok[i] && schema.Ended(st) {
			return true
		}
	}
	return false
}

// outliers flags unusual attempts (or, for EPMT, jobs and operations).
func (b *builder) outliers() Section {
	s := Section{ID: "outliers", Title: "Outliers"}
	if _, ok := b.frameOf(schema.Procs); ok && b.durations == nil {
		return b.epmtOutliers(s) // processes and jobs, not task attempts
	}
	if b.durations == nil {
		s.Reason = "no task attempts with run times in this source"
		return s
	}
	by := category(b.durations)
	rows, what, err := b.outlierRows(&s)
	if err != nil {
		s.Reason = failed("the run times", err)
		return s
	}
	if rows == nil {
		s.Reason = "no task attempts with run times in this source"
		return s
	}
	if len(rows) < 4 {
		s.Reason = fmt.Sprintf("%s: at least 4 are needed to compare", plural(len(rows), what))
		return s
	}
	// the attempts flagged by all three tests, with their scores: the
	// others' scores are not held; the rows tested are read where they
	// are, numbered by their row in b.durations
	opts := ops.OutlierOptions{RowID: true, Rows: rows, Features: []string{"run_s"}, MinMethods: 3}
	if by != "" {
		opts.By = []string{by}
	}
	flagged := ops.Outliers(narrow(b.durations, "run_s", by), opts)
	if err := flagged.Err(); err != nil {
		s.Reason = failed("the outliers", err)
		return s
	}
	where := ""
	if by != "" {
		where = " among the attempts of the same " + by
	}
	s.Intro = fmt.Sprintf("Successful attempts whose run time stands out%s by all three of EPMT's univariate tests (IQR fences, modified z-score > 3.5, z-score > 3).", where)
	s.Facts = append(s.Facts, countFact("attempts tested", len(rows)), countFact("flagged by all three", flagged.NumRows()))
	if flagged.NumRows() == 0 {
		s.Notes = append(s.Notes, "no attempt is flagged by all three tests")
		return s
	}
	t, err := b.flaggedTable(flagged, by)
	if err != nil {
		s.Reason = failed("the outliers", err)
		return s
	}
	s.Tables = append(s.Tables, t)
	return s
}

// outlierRows returns the rows of b.durations the outlier tests
// compare, ascending, and what they are, with s's note when the source
// records no states: the successful attempts with a run time (every
// attempt with one without states), found in one pass (4 bytes a row
// tested); nil when no attempt has a run time.
func (b *builder) outlierRows(s *Section) (rows []int32, what string, err error) {
	_, timed, err := b.durations.Float64s("run_s")
	if err != nil {
		return nil, "", err
	}
	if !slices.Contains(timed, true) {
		return nil, "", nil
	}
	tested, what := timed, "attempt"
	if b.durations.Has("state") {
		ok, err := b.durations.Matches("state", func(s string) bool { return s == "success" })
		if err != nil {
			return nil, "", err
		}
		for i := range ok {
			ok[i] = ok[i] && timed[i]
		}
		tested, what = ok, "successful attempt"
	} else {
		s.Notes = append(s.Notes, b.noStates()+": every attempt with a run time is compared")
	}
	n := 0
	for _, t := range tested {
		if t {
			n++
		}
	}
	rows = make([]int32, 0, n)
	for i, t := range tested {
		if t {
			rows = append(rows, int32(i))
		}
	}
	return rows, what, nil
}

// flaggedTable lists the attempts flagged (scores: the rows of
// ops.Outliers's result, whose row column numbers b.durations' rows),
// longest first, with their names, category (by) and scores.
func (b *builder) flaggedTable(scores *frame.Frame, by string) (Table, error) {
	at, _, err := scores.Int64s("row")
	if err != nil {
		return Table{}, err
	}
	attempts := make([]int, len(at))
	for i, r := range at {
		attempts[i] = int(r)
	}
	flagged := narrow(b.durations, "run_s", by, "run", "job", "task", "attempt").Take(attempts)
	ids, err := attemptIDs(flagged)
	if err != nil {
		return Table{}, fmt.Errorf("the attempt names: %w", err)
	}
	flagged = flagged.WithColumn("id", ids)
	for _, c := range []string{"run_s_iqr", "run_s_modified_z_score", "run_s_z_score"} {
		v, valid, err := scores.Float64s(c)
		if err != nil {
			return Table{}, err
		}
		flagged = flagged.WithColumn(c, frame.Float64Col(c, v, valid))
	}
	flagged = flagged.Sort("-run_s")
	if err := flagged.Err(); err != nil {
		return Table{}, err
	}
	cols := []string{"id"}
	if by != "" && by != "id" {
		cols = append(cols, by)
	}
	cols = append(cols, "run_s", "run_s_iqr", "run_s_modified_z_score", "run_s_z_score")
	return b.table("flagged attempts, longest first", flagged, cols...), nil
}

// attemptIDs names each attempt of f as "run:job@task#attempt", without
// the parts the frame lacks.
func attemptIDs(f *frame.Frame) ([]string, error) {
	ids := make([]string, f.NumRows())
	for _, part := range []struct{ col, before, after string }{{"run", "", ":"}, {"job", "", "@"}, {"task", "", ""}, {"attempt", "#", ""}} {
		if !f.Has(part.col) {
			continue
		}
		v, err := f.Texts(part.col)
		if err != nil {
			return nil, err
		}
		for i := range ids {
			if v[i] != "" {
				ids[i] += part.before + v[i] + part.after
			}
		}
	}
	return ids, nil
}

// epmtOutliers tests the jobs when there are enough, else the operations.
func (b *builder) epmtOutliers(s Section) Section {
	jobs, _ := b.frameOf(schema.Jobs)
	procs, ok := b.frameOf(schema.Procs)
	if jobs != nil && jobs.NumRows() >= 4 {
		o := ops.Outliers(jobs, ops.OutlierOptions{})
		if err := o.Err(); err != nil {
			s.Reason = failed("the outlier jobs", err)
			return s
		}
		s.Intro = "Jobs tested by EPMT's univariate classifiers on duration, cpu_time and num_procs (detect_outlier_jobs); outlier_methods counts the tests that flag a job."
		s.Tables = append(s.Tables, b.table("jobs, most flagged first", o.Sort("-outlier_methods")))
		return s
	}
	if !ok {
		s.Reason = "fewer than 4 jobs and no processes: nothing to compare"
		return s
	}
	m := ops.OpMetrics(procs, ops.OpMetricsOptions{GroupByTag: true, Method: "sum-minus-overlap", Jobs: jobs})
	if err := m.Err(); err != nil {
		s.Reason = failed("the operations", err)
		return s
	}
	if m.NumRows() < 4 {
		s.Reason = fmt.Sprintf("fewer than 4 jobs and %s: at least 4 are needed to compare", plural(m.NumRows(), "operation"))
		return s
	}
	o := ops.Outliers(m, ops.OutlierOptions{ID: "tags"})
	if err := o.Err(); err != nil {
		s.Reason = failed("the outlier operations", err)
		return s
	}
	s.Intro = "Fewer than 4 jobs, so the operations (processes sharing a tag) are tested instead, by EPMT's univariate classifiers (detect_outlier_ops); outlier_methods counts the tests that flag an operation."
	s.Tables = append(s.Tables, b.table("operations, most flagged first", o.Sort("-outlier_methods")))
	return s
}
