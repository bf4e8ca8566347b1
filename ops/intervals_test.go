package ops

import (
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// The worked example of docs/semantics.md#operations.
func TestIntervalsWorkedExample(t *testing.T) {
	f := frame.New(frame.MicrosCol("start", []int64{0, 5, 20, 30, 2}, nil), frame.MicrosCol("end", []int64{10, 20, 25, 40, 3}, nil))
	r := Intervals(f, "start", "end")
	got := strings.Join([]string{column(t, r, "count"), column(t, r, "sum_us"), column(t, r, "sum_minus_overlap_us"),
		column(t, r, "finish_minus_start_us"), column(t, r, "runs"), column(t, r, "contiguous")}, " | ")
	if got != "5 | 41 | 35 | 40 | 2 | false" {
		t.Fatal(got)
	}
}

// The 804280 operations of shared/data/README.md and docs/semantics.md#operations.
func TestIntervals804280(t *testing.T) {
	procs := frameOf(t, load(t, bundled("epmt/804280")), "procs")
	op := Intervals(procs.Where("tag.op", "==", "hsmget"), "start", "end", "tag.op")
	got := strings.Join([]string{column(t, op, "count"), column(t, op, "sum_us"), column(t, op, "sum_minus_overlap_us"),
		column(t, op, "finish_minus_start_us"), column(t, op, "runs")}, " ")
	if got != "358 791751023 696856201 700988375 33" {
		t.Fatal(got)
	}
	// Grouped by the full tag (get_op_metrics with group_by_tag): the 4 rows.
	g := Intervals(procs.Where("tags", "!=", ""), "start", "end", "tags")
	want := []string{
		"op:hsmget;op_instance:1;op_sequence:1 108 418016352 378980050 379082932",
		"op:hsmget;op_instance:1;op_sequence:3 95 349415712 310234778 310279298",
		"op:hsmget;op_instance:3;op_sequence:2 90 23216771 7157727 7195455",
		"op:hsmget;op_instance:3;op_sequence:4 65 1102188 483646 4305139",
	}
	for i, w := range want {
		row := g.Take([]int{i})
		got := strings.Join([]string{column(t, row, "tags"), column(t, row, "count"), column(t, row, "sum_us"),
			column(t, row, "sum_minus_overlap_us"), column(t, row, "finish_minus_start_us")}, " ")
		if got != w {
			t.Errorf("row %d: %s, want %s", i, got, w)
		}
	}
	// {op_sequence:1} superset match: 108 procs, 6 runs
	s1 := Intervals(procs.Where("tag.op_sequence", "==", "1"), "start", "end")
	if got := column(t, s1, "count") + " " + column(t, s1, "runs"); got != "108 6" {
		t.Fatal(got)
	}
	if err := Intervals(procs, "start", "stop").Err(); err == nil || !strings.Contains(err.Error(), "lacks column(s) stop") {
		t.Fatal(err)
	}
}
