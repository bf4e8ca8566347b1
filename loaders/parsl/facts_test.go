package parsl

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// loadFile loads the database at path as loaders.Open gives it: a plain
// file of known size, read where it lies.
func loadFile(t *testing.T, path string, o source.Options) *source.Dataset {
	t.Helper()
	d, err := loadPath(path, o)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestFacts loads each bundled database of shared/data and checks the
// figures its figures.py computed with Python's sqlite3 module
// (testdata/parsl/expected.json): the runs of the workflow table, the
// tasks, the tries, each task's final status (its last status row), the
// resource rows, the sum over tries of their last sample's user+system
// CPU time, the peak resident memory and the earliest time_began and
// latest time_completed as the table writes them.
func TestFacts(t *testing.T) {
	type figures struct {
		CPU       float64        `json:"cpu_seconds"`
		Began     string         `json:"earliest_time_began"`
		Completed string         `json:"latest_time_completed"`
		MaxRSS    float64        `json:"max_rss_bytes"`
		Resources int            `json:"resource_rows"`
		Tables    map[string]int `json:"tables"`
		Final     map[string]int `json:"task_final_status"`
		Tasks     int            `json:"tasks"`
		Tries     *int           `json:"tries"`
		Workflows int            `json:"workflows"`
	}
	sourcetest.Expected(t, "parsl", 2, func(t *testing.T, name, path string, w figures) {
		d := loadFile(t, path, source.Options{})
		jobs, tasks, samples := d.Frames["jobs"], d.Frames["tasks"], d.Frames["samples"]
		_, startOK, _ := jobs.Micros("start")
		listed := 0 // runs with a workflow row: time_began is NOT NULL there
		for _, ok := range startOK {
			if ok {
				listed++
			}
		}
		final := finalStates(t, tasks)
		var tries *int
		if w.Tries != nil {
			n := tasks.NumRows()
			tries = &n
		}
		cpu, cpuOK, _ := tasks.Float64s("process_cpu_s") // figures.py sums each try's last reading
		mem, _, _ := samples.Float64s("mem_mb")
		total := 0.0
		for i := range cpu {
			if cpuOK[i] {
				total += cpu[i]
			}
		}
		sourcetest.SameJSON(t, "runs, tasks, tries, final statuses, events, samples", []any{listed, len(final.byTask), tries, final.counts, d.Frames["events"].NumRows(), samples.NumRows()},
			[]any{w.Workflows, w.Tasks, w.Tries, w.Final, w.Tables["status"], w.Resources})
		sourcetest.SameJSON(t, "CPU seconds (to the cs), peak RSS bytes", []any{math.Round(total * 100), slices.Max(mem) * mib},
			[]any{math.Round(w.CPU * 100), w.MaxRSS})
		start, _, _ := jobs.Micros("start")
		end, endOK, _ := jobs.Micros("end")
		first, last := int64(math.MaxInt64), int64(math.MinInt64)
		for i := range start {
			if startOK[i] {
				first = min(first, start[i])
			}
			if endOK[i] {
				last = max(last, end[i])
			}
		}
		sourcetest.SameJSON(t, "earliest time_began, latest time_completed (µs)", []any{first, last}, []any{rawMicros(t, w.Began), rawMicros(t, w.Completed)})
	})
}

// rawMicros reads a time as the workflow table writes it: seconds since
// the epoch (2019) or a UTC date and time (the test loads without a
// zone, on data with no epoch time to infer one from).
func rawMicros(t *testing.T, s string) int64 {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return int64(math.Round(f * 1e6))
	}
	tm, err := time.Parse("2006-01-02 15:04:05.999999", s)
	if err != nil {
		t.Fatal(err)
	}
	return tm.UnixMicro()
}

// taskStates are the final states of a load's tasks: the raw state of
// each task's highest try, by (job, task), and their counts.
type taskStates struct {
	byTask map[string]string
	counts map[string]int
}

func finalStates(t *testing.T, tasks interface {
	Strings(string) ([]string, []bool, error)
	Int64s(string) ([]int64, []bool, error)
}) taskStates {
	t.Helper()
	jobs, _, err1 := tasks.Strings("job")
	ids, _, err2 := tasks.Int64s("task")
	raw, rawOK, err3 := tasks.Strings("raw_state")
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	s := taskStates{byTask: map[string]string{}, counts: map[string]int{}}
	for i := range ids { // rows are in job, task, try order: the last try wins
		if rawOK[i] {
			s.byTask[jobs[i]+"/"+strconv.FormatInt(ids[i], 10)] = raw[i]
		}
	}
	for _, r := range s.byTask {
		s.counts[r]++
	}
	return s
}

// TestRunHere checks the database of two runs of Parsl 2025.03.03 made
// here (testdata/parsl/run-here: workflow.py run twice) against the
// figures of Python's sqlite3 over its tables, by the queries quoted:
// each try's last status (ORDER BY timestamp, rowid), the tries
// (SELECT count(*) FROM try), the seconds from running to returned
// (datetime.fromisoformat differences: 17.756286 s) and the tasks with
// task_depends.
func TestRunHere(t *testing.T) {
	d := loadFile(t, sourcetest.Bundled("parsl/run-here/parsl_2025.03.03_threads_2runs_monitoring.db"), source.Options{})
	tasks := d.Frames["tasks"]
	raw, _, _ := tasks.Strings("raw_state")
	state, _, _ := tasks.Strings("state")
	byRaw, byState := map[string]int{}, map[string]int{}
	for i := range raw {
		byRaw[raw[i]]++
		byState[state[i]]++
	}
	wall, wallOK, _ := tasks.Float64s("wall_time_s")
	secs := 0.0
	for i := range wall {
		if wallOK[i] {
			secs += wall[i]
		}
	}
	sourcetest.SameJSON(t, "runs, tries, last statuses, states, running-to-returned ms, dependencies",
		[]any{d.Frames["jobs"].NumRows(), tasks.NumRows(), byRaw, byState, math.Round(secs * 1000), d.Frames["dependencies"].NumRows()},
		[]any{2, 24, map[string]int{"exec_done": 14, "fail_retryable": 4, "dep_fail": 2, "failed": 2, "memo_done": 2},
			map[string]int{"success": 16, "failed": 6, "canceled": 2}, 17756.0, 4})
	// the machine's zone was UTC: the one warning says times were read so
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0].Msg, "read as UTC") {
		t.Errorf("warnings: %v", d.Warnings)
	}
}
