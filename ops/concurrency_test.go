package ops

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders"

	"github.com/jobframe/jobframe/frame"
)

func sec(s ...int64) []int64 {
	for i := range s {
		s[i] *= 1_000_000
	}
	return s
}

// handTasks: task 1 fails at its first attempt and succeeds at its second;
// task 2 is still running when the log ends; task 3 is canceled before it
// starts. Times in seconds.
func handTasks() *frame.Frame {
	return frame.New(
		frame.Int64Col("task", []int64{1, 1, 2, 3}, nil),
		frame.Int64Col("attempt", []int64{1, 2, 1, 1}, nil),
		frame.StringCol("worker", []string{"a", "b", "a", ""}, []bool{true, true, true, false}),
		frame.MicrosCol("submit", sec(0, 0, 5, 5), nil),
		frame.MicrosCol("start", sec(10, 40, 20, 0), []bool{true, true, true, false}),
		frame.MicrosCol("end", sec(30, 60, 0, 25), []bool{true, true, false, true}),
		frame.StringCol("state", []string{"failed", "success", "running", "canceled"}, nil),
		frame.Float64Col("req_cpus", []float64{2, 2, 1, 4}, nil),
	)
}

func secs(t *testing.T, f *frame.Frame) string {
	t.Helper()
	us, _, err := f.Micros("time")
	if err != nil {
		t.Fatal(err)
	}
	s := ""
	for i, v := range us {
		if i > 0 {
			s += " "
		}
		s += time.Duration(v * 1000).String()
	}
	return s
}

func TestStateCounts(t *testing.T) {
	s := StateCounts(handTasks())
	// ready: t1a1 at 0, t2 and t3 at 5, t1a2 at 30 (end of t1a1); t3 stops
	// waiting when canceled at 25.
	if got, want := secs(t, s), "0s 5s 10s 20s 25s 30s 40s 1m0s"; got != want {
		t.Errorf("times %s, want %s", got, want)
	}
	if got, want := column(t, s, "waiting"), "1.0 3.0 2.0 1.0 0.0 1.0 0.0 0.0"; got != want {
		t.Errorf("waiting %s, want %s", got, want)
	}
	if got, want := column(t, s, "running"), "0.0 0.0 1.0 2.0 2.0 1.0 2.0 1.0"; got != want {
		t.Errorf("running %s, want %s", got, want)
	}
}

func TestConcurrencyByState(t *testing.T) {
	c := Concurrency(handTasks(), "state")
	if got, want := column(t, c, "state"), "failed failed running success success"; got != want {
		t.Errorf("state %s, want %s", got, want)
	}
	if got, want := secs(t, c), "10s 30s 20s 40s 1m0s"; got != want {
		t.Errorf("times %s, want %s", got, want)
	}
	if got, want := column(t, c, "value"), "1.0 0.0 1.0 1.0 0.0"; got != want {
		t.Errorf("values %s, want %s", got, want)
	}
	if e := Concurrency(handTasks().Head(0), "state"); e.Err() != nil || e.NumRows() != 0 {
		t.Errorf("empty: %v", e.Err())
	}
}

func TestThroughput(t *testing.T) {
	th := Throughput(handTasks(), "end")
	if got := secs(t, th) + " | " + column(t, th, "value"); got != "25s 30s 1m0s | 1.0 2.0 3.0" {
		t.Errorf("throughput %s", got)
	}
	if got := column(t, Throughput(handTasks().Where("state", "==", "success"), "end"), "value"); got != "1.0" {
		t.Errorf("successes %s", got)
	}
}

func TestResample(t *testing.T) {
	// 1 from 0s; 5 and at once 2 at 10s; 0 at 25s.
	s := frame.New(frame.MicrosCol("time", sec(0, 10, 10, 25), nil), frame.Float64Col("value", []float64{1, 5, 2, 0}, nil))
	for how, want := range map[string]string{
		"last": "1.0 2.0 2.0",
		"max":  "1.0 2.0 2.0", // the 5 is replaced at the same instant
		"mean": "1.0 2.0 2.0",
	} {
		r := Resample(s, "time", "value", 10*time.Second, how)
		if got := secs(t, r) + " | " + column(t, r, "value"); got != "0s 10s 20s | "+want {
			t.Errorf("%s: %s", how, got)
		}
	}
	// A peak shorter than the bin survives "max"; "mean" weighs it.
	p := frame.New(frame.MicrosCol("time", sec(0, 2, 3, 10), nil), frame.Float64Col("value", []float64{0, 8, 0, 4}, nil))
	for how, want := range map[string]string{"last": "0.0 4.0", "max": "8.0 4.0", "mean": "0.8 4.0"} {
		if got := column(t, Resample(p, "time", "value", 10*time.Second, how), "value"); got != want {
			t.Errorf("peak %s: %s, want %s", how, got, want)
		}
	}
	if err := Resample(p, "time", "value", 0, "max").Err(); err == nil {
		t.Error("a zero step was accepted")
	}
	if err := Resample(p, "time", "value", time.Second, "median").Err(); err == nil {
		t.Error("an unknown method was accepted")
	}
}

// pointSink holds every point a StepSink receives (one or two values).
type pointSink struct {
	times            []int64
	waiting, running []float64
}

func (s *pointSink) Add(t int64, v []float64) {
	s.times, s.waiting = append(s.times, t), append(s.waiting, v[0])
	if len(v) > 1 {
		s.running = append(s.running, v[1])
	}
}

// TestStateCountsTo: the points StateCountsTo hands its sink are
// StateCounts' rows, announced by their number and first and last times,
// on every bundled source's attempts with submit times, one run at a
// time; and it declines several runs, which StateCounts merges.
func TestStateCountsTo(t *testing.T) {
	checked := 0
	for _, paths := range [][]string{{"hq/synthetic_v0.26_journal.jsonl"}, {"taskvine/realrun_vine_7.17.1_transactions.log"},
		{"taskvine/cctools-test_2025-04-25_transactions.log"}, {"nextflow/openproblems_2021-03_trace.txt"},
		{"slurm/slurmsim_sacct_simple.log"}, {"hq/synthetic_v0.26_journal.jsonl", "taskvine/realrun_vine_7.17.1_transactions.log"}} {
		for i := range paths {
			paths[i] = bundled(paths[i])
		}
		name := strings.Join(paths, " + ")
		d, err := loaders.Open(paths...)
		if err != nil {
			t.Fatal(err)
		}
		tasks := frameOf(t, d, "tasks")
		want := StateCounts(tasks)
		var sink pointSink
		var announced int
		var first, last int64
		ok, err := StateCountsTo(tasks, func(n int, a, b int64) StepSink {
			announced, first, last = n, a, b
			return &sink
		})
		if err != nil || want.Err() != nil {
			t.Fatalf("%s: %v, %v", name, err, want.Err())
		}
		if severalRuns(tasks) {
			if ok || sink.times != nil {
				t.Errorf("%s: several runs handed to the sink", name)
			}
			continue
		}
		at, _, _ := want.Micros("time")
		w, _, _ := want.Float64s("waiting")
		r, _, _ := want.Float64s("running")
		if !ok || !slices.Equal(sink.times, at) || !slices.Equal(sink.waiting, w) || !slices.Equal(sink.running, r) {
			t.Errorf("%s: the sink received %d points, StateCounts has %d, or other values", name, len(sink.times), len(at))
		}
		if announced != len(at) || len(at) > 0 && (first != at[0] || last != at[len(at)-1]) {
			t.Errorf("%s: announced %d points from %d to %d, the series %d", name, announced, first, last, len(at))
		}
		checked++
	}
	if checked < 4 {
		t.Fatalf("%d bundled sources checked: want the attempts of five, one run each", checked)
	}
}

// TestThroughputTo: the points ThroughputTo hands its sink are
// Throughput's rows, announced by their number and first and last
// times, on the ends of bundled sources' attempts (several runs at
// once: a count needs no runs) and on a frame with none.
func TestThroughputTo(t *testing.T) {
	paths := []string{bundled("hq/synthetic_v0.26_journal.jsonl"), bundled("taskvine/realrun_vine_7.17.1_transactions.log"), bundled("nextflow/openproblems_2021-03_trace.txt")}
	tasks := frameOf(t, load(t, paths[0]), "tasks")
	d, err := loaders.Open(paths...)
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]*frame.Frame{"one run": tasks, "three": frameOf(t, d, "tasks"), "none": tasks.Take(nil)} {
		want := Throughput(f, "end")
		at, _, _ := want.Micros("time")
		v, _, _ := want.Float64s("value")
		var sink pointSink
		var announced int
		var first, last int64
		err := ThroughputTo(f, "end", func(n int, a, b int64) StepSink {
			announced, first, last = n, a, b
			return &sink
		})
		if err != nil || want.Err() != nil {
			t.Fatalf("%s: %v, %v", name, err, want.Err())
		}
		if !slices.Equal(sink.times, at) || !slices.Equal(sink.waiting, v) {
			t.Errorf("%s: the sink received %d points, Throughput has %d, or other values", name, len(sink.times), len(at))
		}
		if announced != len(at) || len(at) > 0 && (first != at[0] || last != at[len(at)-1]) {
			t.Errorf("%s: announced %d points from %d to %d, the series %d", name, announced, first, last, len(at))
		}
		if name != "none" && len(at) < 10 {
			t.Errorf("%s: %d points: too few to tell", name, len(at))
		}
	}
}
