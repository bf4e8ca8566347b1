package watch

import (
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/report"
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
)

// newestFailures is how many failed attempts the live section lists.
const newestFailures = 10

// status is what the live section says of the watch itself.
type status struct {
	files      int
	changed    time.Time // when a change was last seen (zero: none since the start)
	what       []string  // that change
	loaded     time.Time // when the report shown was loaded
	updates    int       // reports sent since the start
	loadErr    error     // the last load's error, when it failed
	loadErrAt  time.Time
	warnings   int
	lastRecord string // the time of the log's last record, when it has one
}

// liveReads are the columns the live section reads beyond the report's
// (report.Columns): the worker of each attempt.
func liveReads() []string { return []string{"worker"} }

// liveSection is the first section of the page: the watch's status,
// attempts running now per worker and the newest failures.
func liveSection(d *loaders.Dataset, st status) report.Section {
	s := report.Section{ID: "live", Title: "Live",
		Intro: "This page follows its sources as they are written: it updates in place when they change."}
	if st.loadErr != nil {
		s.Notes = append(s.Notes, fmt.Sprintf("Not updated since %s: loading the sources again failed at %s: %v. The figures below are those of the last load that succeeded; the page goes on when the sources change again.",
			clock(st.loaded), clock(st.loadErrAt), st.loadErr))
	}
	s.Facts = append(s.Facts, report.Fact{Name: "watching", Text: plural(st.files, "file")})
	if st.changed.IsZero() {
		s.Facts = append(s.Facts, report.Fact{Name: "last change", Text: "none since the watch began"})
	} else {
		s.Facts = append(s.Facts, report.Fact{Name: "last change", Text: clock(st.changed)})
		s.Notes = append(s.Notes, st.what...)
	}
	s.Facts = append(s.Facts, report.Fact{Name: "loaded", Text: clock(st.loaded)},
		report.Fact{Name: "updates", Text: strconv.Itoa(st.updates)})
	if st.lastRecord != "" {
		s.Facts = append(s.Facts, report.Fact{Name: "last record", Text: st.lastRecord})
	}
	tasks, ok := d.Frames[schema.Tasks]
	if !ok || !tasks.Has("state") {
		s.Facts = append(s.Facts, report.Fact{Name: "running now", Text: "no tasks frame in these sources"})
		return s
	}
	running, perWorker := runningNow(tasks)
	s.Facts = append(s.Facts, report.Fact{Name: "running now", Text: fmt.Sprintf("%s on %s", plural(running, "attempt"), plural(len(perWorker), "worker"))},
		report.Fact{Name: "warnings", Text: strconv.Itoa(st.warnings)})
	if len(perWorker) > 0 {
		t := report.Table{Caption: "Attempts running now, per worker", Head: []string{"worker", "running"}}
		for _, w := range sortedWorkers(perWorker) {
			t.Rows = append(t.Rows, []string{w, strconv.Itoa(perWorker[w])})
		}
		s.Tables = append(s.Tables, t)
	}
	if t, ok := failures(tasks); ok {
		s.Tables = append(s.Tables, t)
	}
	return s
}

// runningNow counts the attempts in state running, in all and per
// worker ("(none)" for those not placed).
func runningNow(tasks *frame.Frame) (int, map[string]int) {
	states, _, err := tasks.Strings("state")
	if err != nil {
		return 0, nil
	}
	var workers []string
	var placed []bool
	if tasks.Has("worker") {
		workers, placed, _ = tasks.Strings("worker")
	}
	n, per := 0, map[string]int{}
	for i, st := range states {
		if st != schema.Running {
			continue
		}
		n++
		w := "(none)"
		if workers != nil && placed[i] {
			w = workers[i]
		}
		per[w]++
	}
	return n, per
}

// sortedWorkers are the workers by attempts running, most first, then
// by name.
func sortedWorkers(per map[string]int) []string {
	out := make([]string, 0, len(per))
	for w := range per {
		out = append(out, w)
	}
	sort.Slice(out, func(a, b int) bool {
		if per[out[a]] != per[out[b]] {
			return per[out[a]] > per[out[b]]
		}
		return out[a] < out[b]
	})
	return out
}

// failures is the table of the newest failed attempts, by end time.
func failures(tasks *frame.Frame) (report.Table, bool) {
	states, _, err := tasks.Strings("state")
	if err != nil || !tasks.Has("end") {
		return report.Table{}, false
	}
	ends, ended, err := tasks.Micros("end")
	if err != nil {
		return report.Table{}, false
	}
	var rows []int
	for i, st := range states {
		if schema.Failure(st) && ended[i] {
			rows = append(rows, i)
		}
	}
	if len(rows) == 0 {
		return report.Table{}, false
	}
	sort.SliceStable(rows, func(a, b int) bool { return ends[rows[a]] > ends[rows[b]] })
	t := report.Table{Caption: "Newest failures", Head: []string{"ended", "job", "task", "attempt", "worker", "state"}}
	if len(rows) > newestFailures {
		t.More = len(rows) - newestFailures
		rows = rows[:newestFailures]
	}
	col := func(name string) func(int) string { return textOf(tasks, name) }
	job, task, attempt, worker := col("job"), col("task"), col("attempt"), col("worker")
	for _, i := range rows {
		t.Rows = append(t.Rows, []string{frame.FormatMicros(ends[i]), job(i), task(i), attempt(i), worker(i), states[i]})
	}
	return t, true
}

// textOf returns a function giving row i of column name as text ("" for
// null, or when the frame lacks the column).
func textOf(f *frame.Frame, name string) func(int) string {
	if !f.Has(name) {
		return func(int) string { return "" }
	}
	if s, ok, err := f.Strings(name); err == nil {
		return func(i int) string {
			if ok[i] {
				return s[i]
			}
			return ""
		}
	}
	if v, ok, err := f.Int64s(name); err == nil {
		return func(i int) string {
			if ok[i] {
				return strconv.FormatInt(v[i], 10)
			}
			return ""
		}
	}
	return func(int) string { return "" }
}

// clock is a time as the page shows it (UTC, to the millisecond).
func clock(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05.000 UTC") }

func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}
