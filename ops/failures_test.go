package ops

import (
	"fmt"
	"testing"
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
