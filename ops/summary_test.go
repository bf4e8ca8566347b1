package ops

import (
	"strconv"
	"testing"
)

func TestDurationsHand(t *testing.T) {
	d := Durations(handTasks())
	if got, want := column(t, d, "wait_s"), "10.0 40.0 15.0 null"; got != want {
		t.Errorf("wait_s %s, want %s", got, want)
	}
	if got, want := column(t, d, "run_s"), "20.0 20.0 null null"; got != want {
		t.Errorf("run_s %s, want %s", got, want)
	}
}

func TestSummaryWorkQueue(t *testing.T) {
	d := load(t, bundled("workqueue/realrun_wq_7.17.1_transactions.log"))
	s := Summary(frameOf(t, d, "tasks"), []string{"category"})
	// pandas/numpy on the same tasks: mem_mb of category sim has 17 values,
	// mean 617.3529411764706, median 460, 95th percentile 1413, max 1413;
	// run_s 19 values, mean 7.789563263157895, p95 11.9476987.
	sim := s.Where("category", "==", "sim")
	for col, want := range map[string]string{
		"mem_mb_count": "17", "mem_mb_mean": "617.3529411764706", "mem_mb_median": "460", "mem_mb_p95": "1413", "mem_mb_max": "1413",
		"run_s_count": "19", "run_s_mean": "7.789563263157895", "run_s_p95": "11.9476987",
	} {
		v, _, err := sim.Float64s(col)
		if err != nil || len(v) != 1 {
			t.Fatalf("%s: %v", col, err)
		}
		if got := strconv.FormatFloat(v[0], 'g', -1, 64); got != want {
			t.Errorf("sim %s = %s, want %s", col, got, want)
		}
	}
	if got := column(t, s, "category"); got != "fixed sim" {
		t.Errorf("categories %s", got)
	}
	all := Summary(frameOf(t, d, "tasks"), nil, "mem_mb")
	if got := column(t, all, "mem_mb_count") + " " + column(t, all, "mem_mb_max"); got != "18 1413.0" {
		t.Errorf("whole frame: %s", got)
	}
	if err := Summary(frameOf(t, d, "events"), nil).Err(); err == nil {
		t.Error("a frame without default columns gave no error")
	}
}

func TestGanttHyperQueue(t *testing.T) {
	d := load(t, bundled("hq/synthetic_v0.26_journal.jsonl"))
	g := Gantt(frameOf(t, d, "placements"))
	w3 := g.Where("worker", "==", "3")
	// Worker 3 ran tasks 36, 35, 38, 37 of job 1 until it was lost.
	if got := column(t, w3, "task") + " | " + column(t, w3, "state") + " | " + column(t, w3.Head(1), "end"); got != "36 35 38 37 | lost lost lost lost | 2026-08-04T09:01:50.377000Z" {
		t.Errorf("worker 3 bars: %s", got)
	}
	// The multi-node task 3@0 has a bar on worker 1 and one on worker 2.
	if got := column(t, g.Where("job", "==", "3"), "worker"); got != "1 2" {
		t.Errorf("job 3 on workers %s", got)
	}
	if g.NumRows() != 57 {
		t.Errorf("%d bars, want 57", g.NumRows())
	}
}
