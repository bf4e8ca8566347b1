package ops

import (
	"fmt"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

func TestProcsHistogram804280(t *testing.T) {
	d := load(t, bundled("epmt/804280"))
	procs := frameOf(t, d, "procs")
	h := ProcsHistogram(procs, "", "")
	// docs/semantics.md#timeline-and-process-histograms: 37 distinct exenames; top five tcsh 124, cut 36,
	// which 30, perl 27, uuidgen 16.
	if h.NumRows() != 37 {
		t.Errorf("%d exenames, want 37", h.NumRows())
	}
	top := h.Sort("-count").Head(5)
	if got := column(t, top, "exename") + " | " + column(t, top, "count"); got != "tcsh cut which perl uuidgen | 124 36 30 27 16" {
		t.Errorf("top five: %s", got)
	}
	// First-occurrence order: the first process (by start) names the first key.
	if got, want := column(t, h.Head(1), "exename"), column(t, Timeline(procs, 1), "exename"); got != want {
		t.Errorf("first key %s, first process %s", got, want)
	}
	// With a metric the values are sums: they add up to the job's cpu time.
	m := ProcsHistogram(procs, "exename", "cpu_time")
	cpu, _, _ := m.Float64s("cpu_time")
	total := 0.0
	for _, v := range cpu {
		total += v
	}
	if total != 13084584 {
		t.Errorf("Σ cpu_time = %v, want the job's 13084584", total)
	}
	if n := Timeline(procs, 10).NumRows(); n != 10 {
		t.Errorf("timeline limit: %d rows", n)
	}
	if got := column(t, Root(procs), "start"); got != column(t, Timeline(procs, 1), "start") {
		t.Errorf("root starts %s", got)
	}
}

func TestOpRootsHand(t *testing.T) {
	// A (untagged root) → B (op:x) → E (op:x); A → C (untagged) → D (op:x);
	// F (op:x) has no parent in the job.
	p := frame.New(
		frame.StringCol("job", []string{"j", "j", "j", "j", "j", "j"}, nil), frame.StringCol("host", []string{"h", "h", "h", "h", "h", "h"}, nil),
		frame.StringCol("name", []string{"A", "B", "C", "D", "E", "F"}, nil),
		frame.Int64Col("pid", []int64{1, 2, 3, 4, 5, 6}, nil), frame.Int64Col("ppid", []int64{0, 1, 1, 3, 2, 99}, nil),
		frame.MicrosCol("start", []int64{0, 5, 1, 2, 6, 3}, nil), frame.MicrosCol("end", []int64{10, 9, 9, 9, 9, 9}, nil),
		frame.Int64Col("cpu_time", []int64{1, 1, 1, 1, 1, 1}, nil),
		frame.StringCol("tags", []string{"", "op:x;i:1", "", "op:x;i:2", "op:x;i:1", "op:x"}, nil),
	)
	tree, _ := ProcessTree(p)
	if got := column(t, OpRoots(tree, "op:x"), "name"); got != "D B" {
		t.Errorf("op roots %s, want D B (start order)", got)
	}
	if got := column(t, OpRoots(tree, "op:x;i:1"), "name"); got != "B" {
		t.Errorf("op roots of i:1: %s", got)
	}
	if err := OpRoots(tree, "").Err(); err == nil {
		t.Error("an empty tag was accepted")
	}
}

func TestOpsCosts804280(t *testing.T) {
	d := load(t, bundled("epmt/804280"))
	procs, jobs := frameOf(t, d, "procs"), frameOf(t, d, "jobs")
	// Only op:hsmget of the eight default tags occurs: Σ cpu_time 11794861
	// of the job's 13084584 µs (numpy: round(100·11794861/13084584, 3) =
	// 90.143, round() = 90); duration: the union 696856201 of 3150704527 µs
	// (22.117, 22).
	for _, c := range []struct {
		metric, percent, dm, pct string
		total                    float64
	}{
		{"cpu_time", "90.143", "11794861", "90", 13084584},
		{"duration", "22.117", "696856201", "22", 3150704527},
	} {
		r, err := OpsCosts(procs, jobs, c.metric, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := fmt.Sprintf("%v %v %v %v", r.Percent, column(t, r.ByJob, "dm_"+c.metric), column(t, r.ByJob, "dm_"+c.metric+"%"), r.JobsMetric)
		if want := fmt.Sprintf("%s %s.0 %s.0 %v", c.percent, c.dm, c.pct, c.total); got != want {
			t.Errorf("%s: got %s, want %s", c.metric, got, want)
		}
		if names := r.Ops.Names(); names[0] != "jobid" || names[1] != "tags" || names[2] != c.metric || r.Ops.NumRows() != 1 {
			t.Errorf("%s: ops columns %v, %d rows", c.metric, names[:3], r.Ops.NumRows())
		}
	}
	if _, err := OpsCosts(procs, jobs, "rss", nil); err == nil {
		t.Error("unknown metric accepted")
	}
	// A job without any matching process costs 0 (EPMT raises KeyError).
	r, err := OpsCosts(procs, jobs, "cpu_time", []string{"op:nothing"})
	if err != nil || r.Percent != 0 || r.Ops.NumRows() != 0 {
		t.Errorf("no matches: %v %v %d", err, r.Percent, r.Ops.NumRows())
	}
}

func TestFoldTags(t *testing.T) {
	j := frame.New(frame.StringCol("tags", []string{"exp_name:E;exp_time:18840101", "exp_name:E;exp_time:18890101", ""}, nil))
	f := FoldTags(j)
	// docs/semantics.md#job-tags's example.
	if got := column(t, f, "key") + " | " + column(t, f, "value") + " | " + column(t, f, "values"); got != "exp_name exp_time | E null | E 18840101, 18890101" {
		t.Errorf("folded: %s", got)
	}
	d := load(t, bundled("epmt/804280"))
	if got := column(t, FoldTags(frameOf(t, d, "jobs")).Where("key", "==", "exp_time"), "value"); got != "19090101" {
		t.Errorf("804280 exp_time %s", got)
	}
}
