package ops

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// The pid-reuse example of docs/semantics.md#the-process-tree.
func TestProcessTreeWorkedExample(t *testing.T) {
	p := frame.New(
		frame.StringCol("job", []string{"j", "j", "j", "j"}, nil), frame.StringCol("host", []string{"h", "h", "h", "h"}, nil),
		frame.StringCol("name", []string{"A", "B", "C", "D"}, nil),
		frame.Int64Col("pid", []int64{100, 200, 200, 300}, nil), frame.Int64Col("ppid", []int64{1, 100, 100, 200}, nil),
		frame.MicrosCol("start", []int64{0, 10, 60, 65}, nil), frame.MicrosCol("end", []int64{100, 50, 90, 70}, nil),
		frame.Int64Col("cpu_time", []int64{10, 1, 2, 4}, nil),
	)
	tree, unresolved := ProcessTree(p)
	if unresolved != 0 {
		t.Fatal(unresolved)
	}
	got := strings.Join([]string{column(t, tree, "parent_row"), column(t, tree, "depth"), column(t, tree, "children"),
		column(t, tree, "descendants"), column(t, tree, "inclusive_cpu_time")}, " | ")
	if got != "null 0 0 2 | 0 1 1 2 | 2 0 1 0 | 3 0 1 0 | 17.0 1.0 6.0 4.0" {
		t.Fatal(got)
	}
	if got := column(t, Roots(tree), "name"); got != "A" {
		t.Fatal(got)
	}
}

// The partial 804280 job (shared/data/README.md): 65 roots by ppid, the
// depth histogram, and the process with the largest inclusive cpu time.
func TestProcessTree804280(t *testing.T) {
	procs := frameOf(t, load(t, bundled("epmt/804280")), "procs")
	tree, unresolved := ProcessTree(procs)
	if unresolved != 0 {
		t.Fatal(unresolved)
	}
	roots := Roots(tree)
	if roots.NumRows() != 65 {
		t.Fatal(roots.NumRows())
	}
	vc := roots.ValueCounts("ppid")
	var parts []string
	for i := 0; i < vc.NumRows(); i++ {
		parts = append(parts, vc.FormatValue(0, i)+"x"+vc.FormatValue(1, i))
	}
	sort.Strings(parts)
	if got := strings.Join(parts, " "); got != "19656x42 1x3 21874x4 21930x4 21951x2 21954x1 21956x9" {
		t.Fatal(got)
	}
	dh := tree.GroupBy("depth").Agg(frame.Count())
	if got := column(t, dh, "depth") + " | " + column(t, dh, "count"); got != "0 1 2 3 4 5 6 | 65 105 58 117 33 51 6" {
		t.Fatal(got)
	}
	top := tree.Sort("-inclusive_cpu_time").Head(1)
	got := fmt.Sprint(column(t, top, "exename"), " ", column(t, top, "pid"), " ", column(t, top, "inclusive_cpu_time"), " ",
		column(t, top, "descendants"), " ", column(t, top, "children"))
	if got != "perl 19734 4669209.0 85 5" {
		t.Fatal(got)
	}
	if _, n := ProcessTree(procs.Drop("ppid")); n != 0 {
		t.Fatal("a missing column is an error, not unresolved processes")
	}
	if err := Roots(procs).Err(); err == nil || !strings.Contains(err.Error(), "parent_row") {
		t.Fatal(err)
	}
}
