package ops

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

func TestBadputHand(t *testing.T) {
	b := Badput(handTasks())
	// Ended: t1a1 failed after 20 s, t1a2 succeeded in 20 s, t3 canceled
	// before starting (0 s). t2 is still running and not counted.
	for col, want := range map[string]string{"attempts": "3", "failed": "2", "goodput_s": "20.0", "badput_s": "20.0", "badput_fraction": "0.5", "badput_cpu_s": "40.0"} {
		if got := column(t, b, col); got != want {
			t.Errorf("%s = %s, want %s", col, got, want)
		}
	}
	byWorker := Badput(handTasks(), "worker")
	if got := column(t, byWorker, "worker") + " | " + column(t, byWorker, "badput_s") + " | " + column(t, byWorker, "badput_fraction"); got != "a b null | 20.0 0.0 0.0 | 1.0 0.0 null" {
		t.Errorf("by worker: %s", got)
	}
}

func TestBadputHyperQueue(t *testing.T) {
	d := load(t, bundled("hq/synthetic_v0.26_journal.jsonl"))
	b := Badput(frameOf(t, d, "tasks"), "worker")
	// pandas: ended attempts per (root) worker, Σ (end − start) by success.
	want := "1 36 2200.148000 110.217000|2 16 872.456000 7.254000|3 4 0.000000 161.992000|"
	got := ""
	ws, _, _ := b.Strings("worker")
	n, _, _ := b.Int64s("attempts")
	g, _, _ := b.Float64s("goodput_s")
	bad, _, _ := b.Float64s("badput_s")
	for i := range ws {
		got += fmt.Sprintf("%s %d %.6f %.6f|", ws[i], n[i], g[i], bad[i])
	}
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestFailuresHyperQueue(t *testing.T) {
	d := load(t, bundled("hq/synthetic_v0.26_journal.jsonl"))
	f := Failures(frameOf(t, d, "tasks"))
	if got, want := column(t, f, "state"), "lost failed canceled failed"; got != want {
		t.Errorf("states %s, want %s", got, want)
	}
	if got, want := column(t, f, "count"), "4 2 1 1"; got != want {
		t.Errorf("counts %s, want %s", got, want)
	}
	if got, want := column(t, f, "exit_code"), "null 1 null 137"; got != want {
		t.Errorf("exit codes %s, want %s", got, want)
	}
	if got, want := column(t, f.Head(1), "example"), "1@36#1"; got != want {
		t.Errorf("example %s, want %s", got, want)
	}
}

func TestRetriesWorkQueue(t *testing.T) {
	d := load(t, bundled("workqueue/realrun_wq_7.17.1_transactions.log"))
	r := Retries(frameOf(t, d, "tasks"))
	if r.NumRows() != 16 {
		t.Fatalf("%d tasks, want 16", r.NumRows())
	}
	again := r.Where("attempts", ">", 1)
	// Tasks 4 and 11 exhausted their memory and 9 and 12 lost their worker
	// on the first attempt; all four succeeded on the second.
	if got := column(t, again, "task") + " | " + column(t, again, "failed_attempts") + " | " + column(t, again, "final_state"); got != "4 9 11 12 | 1 1 1 1 | success success success success" {
		t.Errorf("retried: %s", got)
	}
	if got := column(t, r.Where("task", "==", 6), "final_state"); got != "exhausted" {
		t.Errorf("task 6 ends %s", got)
	}
}

// badputByAgg is Badput as first written: a column per sum, summed by
// GroupBy's Agg (over a column of one value when by is empty).
func badputByAgg(tasks *frame.Frame, by ...string) *frame.Frame {
	if err := requireFrame("Badput", tasks, schema.Tasks, append([]string{"state", "start", "end"}, by...)...); err != nil {
		return frame.WithErr(err)
	}
	ended := tasks.Where("end", "not-null", nil).Where("state", "!=", schema.LibraryExit)
	st, stOK, err1 := ended.Micros("start")
	en, _, err2 := ended.Micros("end")
	isFailed, err3 := ended.Matches("state", schema.Failure)
	if err := firstErr(err1, err2, err3); err != nil {
		return frame.WithErr(fmt.Errorf("Badput: %w", err))
	}
	var cpus []float64
	var cpusOK []bool
	if ended.Has("req_cpus") {
		var err error
		if cpus, cpusOK, err = ended.Float64s("req_cpus"); err != nil {
			return frame.WithErr(fmt.Errorf("Badput: %w", err))
		}
	}
	n := len(st)
	good, bad, failed, badCPU := make([]float64, n), make([]float64, n), make([]int64, n), make([]float64, n)
	for i := range n {
		run := 0.0
		if stOK[i] {
			run = float64(en[i]-st[i]) / 1e6
		}
		if !isFailed[i] {
			good[i] = run
			continue
		}
		bad[i], failed[i] = run, 1
		if cpus != nil && cpusOK[i] {
			badCPU[i] = run * cpus[i]
		}
	}
	g := ended.WithColumn("_good", good).WithColumn("_bad", bad).WithColumn("_failed", failed)
	aggs := []frame.Aggregation{frame.Count().As("attempts"), frame.Sum("_failed").As("failed"), frame.Sum("_good").As("goodput_s"), frame.Sum("_bad").As("badput_s")}
	if cpus != nil {
		g = g.WithColumn("_badcpu", badCPU)
		aggs = append(aggs, frame.Sum("_badcpu").As("badput_cpu_s"))
	}
	keys := by
	if len(keys) == 0 {
		g = g.WithColumn("_all", make([]bool, n))
		keys = []string{"_all"}
	}
	out := g.GroupBy(keys...).Agg(aggs...)
	if len(by) == 0 {
		out = out.Drop("_all")
	}
	gs, _, _ := out.Float64s("goodput_s")
	bs, _, _ := out.Float64s("badput_s")
	frac, fracOK := make([]float64, len(gs)), make([]bool, len(gs))
	for i := range gs {
		if tot := gs[i] + bs[i]; tot > 0 {
			frac[i], fracOK[i] = bs[i]/tot, true
		}
	}
	return wrap("Badput", out.WithColumn("badput_fraction", frame.Float64Col("badput_fraction", frac, fracOK)))
}

// TestBadputSums holds Badput to badputByAgg, column for column, on
// random attempts (starts, ends and CPUs null at times, successes,
// failures and library exits), whole and by one and two keys, and on
// frames of no row.
func TestBadputSums(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 3))
	for c := range 30 {
		n := r.IntN(200) * (c % 5) / 4
		worker, state, cat := make([]string, n), make([]string, n), make([]int64, n)
		st, en, cpus := make([]int64, n), make([]int64, n), make([]float64, n)
		stOK, enOK, cpusOK, workerOK := make([]bool, n), make([]bool, n), make([]bool, n), make([]bool, n)
		for i := range n {
			worker[i], workerOK[i] = []string{"w1", "w2", "w3"}[r.IntN(3)], r.IntN(8) != 0
			state[i] = []string{"success", "failed", "lost", "canceled", schema.LibraryExit}[r.IntN(5)]
			cat[i] = int64(r.IntN(4))
			st[i], stOK[i] = int64(r.IntN(1_000_000_000)), r.IntN(6) != 0
			en[i], enOK[i] = st[i]+int64(r.IntN(100_000_000)), r.IntN(7) != 0
			cpus[i], cpusOK[i] = float64(1+r.IntN(8))/2, r.IntN(5) != 0
		}
		f := frame.New(frame.StringCol("worker", worker, workerOK), frame.StringCol("state", state, nil), frame.Int64Col("category", cat, nil),
			frame.MicrosCol("start", st, stOK), frame.MicrosCol("end", en, enOK), frame.Float64Col("req_cpus", cpus, cpusOK))
		for _, by := range [][]string{nil, {"worker"}, {"category", "worker"}} {
			for _, in := range []*frame.Frame{f, f.Drop("req_cpus")} {
				got, want := Badput(in, by...), badputByAgg(in, by...)
				if err := firstErr(got.Err(), want.Err()); err != nil {
					t.Fatal(err)
				}
				if g, w := csvText(t, got), csvText(t, want); g != w || g == "" {
					t.Fatalf("case %d, %d rows, by %v:\n%s\nwant\n%s", c, n, by, g, w)
				}
			}
		}
	}
}

// csvText is f as CSV.
func csvText(t *testing.T, f *frame.Frame) string {
	t.Helper()
	var b strings.Builder
	if err := f.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
