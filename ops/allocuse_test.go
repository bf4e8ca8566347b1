package ops

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestAllocationUseAcrossSources joins the hand-written sacct file
// testdata/slurm/allocations_sacct.txt (Slurm jobs with the allocation
// ids of the bundled HyperQueue journal, Balsam batch jobs and EPMT job)
// to the work of the three sources, against
// testdata/slurm/allocations_figures.py, which reads the raw files with
// no jobframe code (/usr/bin/python3 testdata/slurm/allocations_figures.py).
func TestAllocationUseAcrossSources(t *testing.T) {
	slurm := frameOf(t, load(t, bundled("slurm/allocations_sacct.txt")), "allocations")
	hq := load(t, bundled("hq/synthetic_v0.26_journal.jsonl"))
	balsam := load(t, bundled("balsam")) // analytics_output.txt is skipped with a warning
	epmt := load(t, bundled("epmt/804280"))
	u := AllocationUse(slurm,
		WorkerAllocationWork(frameOf(t, hq, "placements"), frameOf(t, hq, "workers")),
		BatchJobWork(frameOf(t, balsam, "tasks"), frameOf(t, balsam, "allocations")),
		ProcessWork(frameOf(t, epmt, "procs")))
	want := `4410231 43.00000000 43.00000000 48.00000000 192.00000000 48.00000000 4 161.99200000 - - 0.84370833 - -
4410232 - - - - - 0 0.00000000 0.00000000 0.00000000 - - -
101 270.00000000 270.00000000 1680.00000000 430080.00000000 6720.00000000 21 - 4842.36025000 - - 0.72058932 -
102 600.00000000 1140.00000000 3600.00000000 1843200.00000000 28800.00000000 48 - 16998.84151125 - - 0.59023755 -
804280 1031.00000000 1031.00000000 3152.00000000 25216.00000000 3152.00000000 435 - - 13.08458400 - - 0.00051890
`
	if got := useRows(t, u); got != want {
		t.Errorf("got\n%s\nwant (allocations_figures.py)\n%s", got, want)
	}
}

// useRows renders AllocationUse's figures as allocations_figures.py
// prints them.
func useRows(t *testing.T, u *frame.Frame) string {
	t.Helper()
	if err := u.Err(); err != nil {
		t.Fatal(err)
	}
	cols := []string{"wait_s", "queue_s", "elapsed_s", "core_s", "node_s", "attempts", "busy_core_s", "busy_node_s", "cpu_s", "busy_share", "node_share", "cpu_share"}
	ids, idOK, err := u.Strings("id")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := range ids {
		id := ids[i]
		if !idOK[i] {
			id = "null"
		}
		b.WriteString(id)
		for _, c := range cols {
			v, ok, err := u.Float64s(c)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case !ok[i]:
				b.WriteString(" -")
			case c == "attempts":
				fmt.Fprintf(&b, " %d", int64(v[i]))
			default:
				fmt.Fprintf(&b, " %.8f", v[i])
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestAllocationUseByHand: requeued runs under one id, work outside any
// allocation, an open end, and a work frame that knows no cpus.
func TestAllocationUseByHand(t *testing.T) {
	s := func(sec int64) int64 { return sec * 1e6 }
	batch := frame.New(
		frame.Int64Col("id", []int64{7, 7, 8}, nil), // sacct --duplicates: job 7 ran twice
		frame.MicrosCol("queued", []int64{s(0), s(0), s(5)}, nil),
		frame.MicrosCol("eligible", []int64{s(10), s(10), 0}, []bool{true, true, false}),
		frame.MicrosCol("start", []int64{s(100), s(300), s(50)}, nil),
		frame.MicrosCol("end", []int64{s(200), s(400), 0}, []bool{true, true, false}), // 8 still runs
		frame.Float64Col("cpus", []float64{4, 4, 2}, nil),
	)
	work := frame.New(
		frame.StringCol("allocation", []string{"7", "7", "7", "9", ""}, []bool{true, true, true, true, false}),
		frame.MicrosCol("start", []int64{s(90), s(310), s(150), s(0), s(0)}, nil),
		frame.MicrosCol("end", []int64{s(150), 0, s(250), s(30), s(10)}, []bool{true, false, true, true, true}),
		frame.Float64Col("cpus", []float64{2, 1, 3, 1, 1}, nil),
	)
	// Row 1 (7, first run): work 1 starts before any run (the earliest
	// takes it), clipped to 100..150 → 2×50; work 3 starts at 150, in
	// this run, clipped to 150..200 → 3×50: 250 of 4×100 core-s.
	// Row 2 (7, requeued): work 2 open-ended → 310..400 × 1 = 90 of 400.
	// Row 3 (8): no work, no end: elapsed and shares null, busy 0.
	// Extra rows: id 9 (not in batch) 30 core-s unclipped; the null id 10.
	want := `7 90.00000000 100.00000000 100.00000000 400.00000000 - 2 250.00000000 - - 0.62500000 - -
7 290.00000000 300.00000000 100.00000000 400.00000000 - 1 90.00000000 - - 0.22500000 - -
8 - 45.00000000 - - - 0 0.00000000 - - - - -
9 - - - - - 1 30.00000000 - - - - -
null - - - - - 1 10.00000000 - - - - -
`
	if got := useRows(t, AllocationUse(batch, work)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := AllocationUse(batch, work.Select("allocation", "start")).Err(); err == nil || !strings.Contains(err.Error(), "end") {
		t.Errorf("a work frame without end: %v", err)
	}
}
