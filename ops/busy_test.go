package ops

import (
	"fmt"
	"testing"
)

// The corrected busy-CPU series of docs/semantics.md#busy-cpus on the HyperQueue
// sample: 110 points including (0, 0); peak 28 first at t = 69.884 s;
// 24 -> 20 at the loss of worker 3 (t = 110.377); job 2 ends at t =
// 346.738 with 0; job 3 gives 24 at t = 346.766; last (443.884, 0).
func TestBusyHyperQueue(t *testing.T) {
	d := load(t, bundled("hq/synthetic_v0.26_journal.jsonl"))
	b := Busy(frameOf(t, d, "placements"), "cpus")
	if b.Err() != nil {
		t.Fatal(b.Err())
	}
	if b.NumRows()+1 != 110 {
		t.Fatalf("%d points + (0,0), want 110", b.NumRows())
	}
	origin, _, _ := frameOf(t, d, "events").Micros("time")
	us, _, _ := b.Micros("time")
	v, _, _ := b.Float64s("value")
	sec := func(i int) string { return fmt.Sprintf("%.3f", float64(us[i]-origin[0])/1e6) }
	first := ""
	for i := 0; i < 5; i++ {
		first += fmt.Sprintf("(%s, %v) ", sec(i), v[i])
	}
	if first != "(20.008, 1) (20.011, 2) (20.011, 3) (20.012, 4) (20.015, 5) " {
		t.Fatal(first)
	}
	peak, at := 0.0, -1
	for i, x := range v {
		if x > peak {
			peak, at = x, i
		}
	}
	if peak != 28 || sec(at) != "69.884" {
		t.Fatalf("peak %v at %s", peak, sec(at))
	}
	checks := map[string]string{}
	for i := range v {
		checks[sec(i)] = fmt.Sprint(v[i])
	}
	for ts, want := range map[string]string{"110.377": "20", "106.713": "24", "346.738": "0", "346.766": "24"} {
		if checks[ts] != want {
			t.Errorf("at %s: %s, want %s", ts, checks[ts], want)
		}
	}
	if last := len(v) - 1; sec(last) != "443.884" || v[last] != 0 {
		t.Fatalf("last (%s, %v)", sec(last), v[last])
	}
}

func TestTasksPerWorkerHyperQueue(t *testing.T) {
	d := load(t, bundled("hq/synthetic_v0.26_journal.jsonl"))
	// docs/semantics.md#tasks-per-worker: workers in connect order, 36, 17 and 4 entries.
	tw := TasksPerWorker(frameOf(t, d, "placements"), frameOf(t, d, "workers"))
	if got := column(t, tw, "worker") + " | " + column(t, tw, "count"); got != "1 2 3 | 36 17 4" {
		t.Fatal(got)
	}
	// Without workers, in order of first start (1@21 on worker 2 is first).
	if got := column(t, TasksPerWorker(frameOf(t, d, "placements"), nil), "worker"); got != "2 1 3" {
		t.Fatal(got)
	}
	if got := column(t, tw.Where("worker", "==", "2"), "tasks")[:24]; got != "1@21 1@19 1@23 1@18 1@17" {
		t.Fatal(got)
	}
	if got := column(t, tw.Where("worker", "==", "3"), "tasks"); got != "1@36 1@35 1@38 1@37" {
		t.Fatal(got)
	}
	tasks := column(t, tw.Where("worker", "==", "1"), "tasks")
	if tasks[:22] != "1@5 1@6 1@11 1@16 1@15" {
		t.Fatal(tasks[:40])
	}
	if err := TasksPerWorker(frameOf(t, d, "workers"), nil).Err(); err == nil {
		t.Fatal("want a missing-columns error")
	}
}

func TestBusyByWorkerHyperQueue(t *testing.T) {
	d := load(t, bundled("hq/synthetic_v0.26_journal.jsonl"))
	b := BusyByWorker(frameOf(t, d, "placements"), "cpus")
	// Worker 3 (4 cpus) runs four 1-cpu tasks, then is lost: 1 2 3 4 0.
	if got := column(t, b.Where("worker", "==", "3"), "value"); got != "1.0 2.0 3.0 4.0 0.0" {
		t.Errorf("worker 3: %s", got)
	}
	// Each worker's peak is at most its cpus (16, 8, 4), and the whole
	// series' peak 28 is the sum of the workers' values at that moment.
	for w, cpus := range map[string]float64{"1": 16, "2": 8, "3": 4} {
		v, _, _ := b.Where("worker", "==", w).Float64s("value")
		peak := 0.0
		for _, x := range v {
			peak = max(peak, x)
		}
		if peak != cpus {
			t.Errorf("worker %s peaks at %v, has %v cpus", w, peak, cpus)
		}
	}
}
