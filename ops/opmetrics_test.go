package ops

import (
	"fmt"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// opRow renders the columns of OpMetrics' table in docs/semantics.md#op-metrics.
func opRows804280(t *testing.T, f *frame.Frame) []string {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	tags, _, _ := f.Strings("tags")
	np, _, _ := f.Int64s("num_procs")
	nt, _, _ := f.Int64s("numtids")
	cpu, _, _ := f.Float64s("cpu_time")
	dur, _, _ := f.Float64s("duration")
	out := make([]string, len(tags))
	for i := range tags {
		out[i] = fmt.Sprintf("%s %d %d %.1f %.1f", tags[i], np[i], nt[i], cpu[i], dur[i])
	}
	return out
}

func TestOpMetrics804280(t *testing.T) {
	d := load(t, bundled("epmt/804280"))
	procs, jobs := frameOf(t, d, "procs"), frameOf(t, d, "jobs")
	// docs/semantics.md#op-metrics: grouped by tag, default tags, the three methods.
	want := map[string][]string{
		"sum": {
			"op:hsmget;op_instance:1;op_sequence:1 108 117 4918147.0 418016352.0",
			"op:hsmget;op_instance:1;op_sequence:3 95 104 4141276.0 349415712.0",
			"op:hsmget;op_instance:3;op_sequence:2 90 99 2298569.0 23216771.0",
			"op:hsmget;op_instance:3;op_sequence:4 65 71 436869.0 1102188.0",
		},
		"sum-minus-overlap": {
			"op:hsmget;op_instance:1;op_sequence:1 108 117 4918147.0 378980050.0",
			"op:hsmget;op_instance:1;op_sequence:3 95 104 4141276.0 310234778.0",
			"op:hsmget;op_instance:3;op_sequence:2 90 99 2298569.0 7157727.0",
			"op:hsmget;op_instance:3;op_sequence:4 65 71 436869.0 483646.0",
		},
		"finish-minus-start": {
			"op:hsmget;op_instance:1;op_sequence:1 108 117 4918147.0 379082932.0",
			"op:hsmget;op_instance:1;op_sequence:3 95 104 4141276.0 310279298.0",
			"op:hsmget;op_instance:3;op_sequence:2 90 99 2298569.0 7195455.0",
			"op:hsmget;op_instance:3;op_sequence:4 65 71 436869.0 4305139.0",
		},
	}
	for method, rows := range want {
		got := opRows804280(t, OpMetrics(procs, OpMetricsOptions{GroupByTag: true, Method: method, Jobs: jobs}))
		if fmt.Sprint(got) != fmt.Sprint(rows) {
			t.Errorf("%s:\n got %q\nwant %q", method, got, rows)
		}
	}
	// docs/semantics.md#operations: explicit superset tags.
	for tag, row := range map[string]string{
		"op:hsmget":               "op:hsmget 358 391 11794861.0 %s",
		"op_sequence:1":           "op_sequence:1 108 117 4918147.0 %s",
		"op:hsmget;op_instance:1": "op:hsmget;op_instance:1 203 221 9059423.0 %s",
	} {
		durs := map[string][3]string{
			"op:hsmget":               {"791751023.0", "696856201.0", "700988375.0"},
			"op_sequence:1":           {"418016352.0", "378980050.0", "379082932.0"},
			"op:hsmget;op_instance:1": {"767432064.0", "689214828.0", "696608285.0"},
		}[tag]
		for k, method := range []string{"sum", "sum-minus-overlap", "finish-minus-start"} {
			got := opRows804280(t, OpMetrics(procs, OpMetricsOptions{Tags: []string{tag}, Method: method}))
			if w := fmt.Sprintf(row, durs[k]); len(got) != 1 || got[0] != w {
				t.Errorf("%s %s: got %q, want %q", tag, method, got, w)
			}
		}
	}
	// Per job (not grouped) the job column leads; exact matching of a
	// partial tag finds nothing.
	perJob := OpMetrics(procs, OpMetricsOptions{})
	if got := column(t, perJob.Head(1), "job"); got != "804280" || perJob.NumRows() != 4 {
		t.Errorf("per job: %s, %d rows", got, perJob.NumRows())
	}
	if n := OpMetrics(procs, OpMetricsOptions{Tags: []string{"op:hsmget"}, Exact: true}).NumRows(); n != 0 {
		t.Errorf("exact partial tag matched %d rows", n)
	}
	// The summed papiex metrics: usertime + systemtime is cpu_time.
	g := OpMetrics(procs, OpMetricsOptions{Tags: []string{"op:hsmget"}})
	u, _, _ := g.Int64s("usertime")
	s, _, _ := g.Int64s("systemtime")
	if len(u) != 1 || u[0]+s[0] != 11794861 {
		t.Errorf("usertime + systemtime = %v + %v", u, s)
	}
	if g.Has("num_threads") || g.Has("pid") || g.Has("tag.op") {
		t.Errorf("per-process fields summed: %v", g.Names())
	}
	if err := OpMetrics(procs, OpMetricsOptions{Method: "median"}).Err(); err == nil {
		t.Error("unknown method accepted")
	}
}

func TestMatchTags(t *testing.T) {
	f := frame.New(frame.StringCol("tags", []string{"a:1;b:2", "a:1", "", "b:2"}, []bool{true, true, true, false}))
	for _, c := range []struct {
		exact bool
		tags  []string
		want  int
	}{
		{false, []string{"a:1"}, 2},
		{true, []string{"a:1"}, 1},
		{false, []string{""}, 2}, // "" and null are untagged
		{false, []string{"a:1;b:2", "b:2"}, 1},
		{false, []string{"a:2"}, 0},
	} {
		if got := MatchTags(f, c.exact, c.tags...).NumRows(); got != c.want {
			t.Errorf("MatchTags(exact=%v, %q) = %d rows, want %d", c.exact, c.tags, got, c.want)
		}
	}
}

func TestTagJSON(t *testing.T) {
	// Python: json.dumps({"op": "hsmget", "op_instance": "1", "é": "\n"}, sort_keys=True)
	got := tagJSON(map[string]string{"op": "hsmget", "op_instance": "1", "é": "\n\x7f😀"})
	want := `{"op": "hsmget", "op_instance": "1", "\u00e9": "\n\u007f\ud83d\ude00"}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
