package ops

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestCriticalPathOfInstances checks the path lengths of the WfCommons
// instances against testdata/wfcommons/figures.py (its own longest-chain
// computation over the raw JSON), and that each path follows edges.
func TestCriticalPathOfInstances(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{bundled("wfcommons/bacass-dirt02-001.json"), "2150.000000"},
		{bundled("wfcommons/blast-chameleon-small-001.json"), "10.413171"},
		{bundled("wfcommons/blast-chameleon-small-001_schema1.4.json"), "10.413171"},
		{bundled("wfcommons/srasearch-chameleon-10a-001.json"), "1005.858000"},
		{bundled("wfcommons/epigenomics-chameleon-hep-1seq-100k-001.json"), "104.822000"},
		{bundled("wfcommons/1000genome-chameleon-2ch-100k-001.json"), "204.686000"},
		{bundled("wfcommons/helloworld-forkjoin-10-chameleon.json"), "307.360000"},
	} {
		d := load(t, c.path)
		deps := d.Frames["dependencies"]
		cp := CriticalPath(d.Frames["tasks"], deps)
		if cp.Err() != nil {
			t.Fatal(cp.Err())
		}
		lengths, _, _ := cp.Float64s("path_s")
		if got := fmt.Sprintf("%.6f", lengths[len(lengths)-1]); got != c.want {
			t.Errorf("%s: critical path %s s, want %s", c.path, got, c.want)
		}
		edges := map[[2]int64]bool{}
		p, _, _ := deps.Int64s("parent")
		ch, _, _ := deps.Int64s("child")
		for i := range p {
			edges[[2]int64{p[i], ch[i]}] = true
		}
		ids, _, _ := cp.Int64s("task")
		for i := 1; i < len(ids); i++ {
			if !edges[[2]int64{ids[i-1], ids[i]}] {
				t.Errorf("%s: step %d→%d is not an edge", c.path, ids[i-1], ids[i])
			}
		}
	}
}

// TestCriticalPathByHand: two jobs; in job a the chain 1→2→4 (3+5+1 s)
// beats 1→3→4 (3+2+1 s); task 4's second attempt (1 s) counts, not its
// first (9 s); task 5 is absent from tasks and counts 0, so the path
// ending at 4 ties with the one through 5 and the first seen (4) is
// taken. Job b's tasks
// have start and end only. A cycle is an error.
func TestCriticalPathByHand(t *testing.T) {
	tasks := frame.New(
		frame.StringCol("job", []string{"a", "a", "a", "a", "a", "b", "b"}, nil),
		frame.Int64Col("task", []int64{1, 2, 3, 4, 4, 1, 2}, nil),
		frame.Int64Col("attempt", []int64{1, 1, 1, 1, 2, 1, 1}, nil),
		frame.Float64Col("wall_time_s", []float64{3, 5, 2, 9, 1, 0, 0}, []bool{true, true, true, true, true, false, false}),
		frame.MicrosCol("start", []int64{0, 0, 0, 0, 0, 1e6, 2e6}, nil),
		frame.MicrosCol("end", []int64{0, 0, 0, 0, 0, 3e6, 7e6}, nil),
	)
	deps := frame.New(
		frame.StringCol("job", []string{"a", "a", "a", "a", "a", "b"}, nil),
		frame.Int64Col("parent", []int64{1, 1, 2, 3, 4, 1}, nil),
		frame.Int64Col("child", []int64{2, 3, 4, 4, 5, 2}, nil),
	)
	cp := CriticalPath(tasks, deps)
	if cp.Err() != nil {
		t.Fatal(cp.Err())
	}
	var b strings.Builder
	if err := cp.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	want := "job,step,task,run_s,path_s\na,1,1,3,3\na,2,2,5,8\na,3,4,1,9\nb,1,1,2,2\nb,2,2,5,7\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	cyc := frame.New(frame.Int64Col("parent", []int64{1, 2}, nil), frame.Int64Col("child", []int64{2, 1}, nil))
	if err := CriticalPath(tasks, cyc).Err(); err == nil || !strings.Contains(err.Error(), "cycle through task 1") {
		t.Errorf("cycle: error %v", err)
	}
	// 1 → 2 → 3 → 2, and 3 → 4: the task named is on the cycle (2 or
	// 3), never 4, which the cycle only leads to; the error says which.
	loop := frame.New(frame.Int64Col("parent", []int64{1, 2, 3, 3}, nil), frame.Int64Col("child", []int64{2, 3, 2, 4}, nil))
	var ce *CycleError
	if err := CriticalPath(tasks, loop).Err(); !errors.As(err, &ce) || (ce.Task != 2 && ce.Task != 3) {
		t.Errorf("cycle 2-3 with 4 below it: %v", err)
	}
}
