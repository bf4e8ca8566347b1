package ops

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// reference is one section of analytics_output.txt: its point count,
// the points it lists (index -> "time value"), and its summary line.
type reference struct {
	n       int
	points  map[int]string
	summary string
}

// readAnalytics parses testdata/balsam/analytics_output.txt, the output
// of Balsam's own analytics functions on the sample (shared/data).
func readAnalytics(t *testing.T) map[string]*reference {
	t.Helper()
	fh, err := os.Open(bundled("balsam/analytics_output.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	head := regexp.MustCompile(`^== (.*?): (\d+) points`)
	point := regexp.MustCompile(`^\s+\[\s*(\d+)\] (\S+)\s+(\S+)$`)
	out := map[string]*reference{}
	var cur *reference
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if m := head.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[2])
			cur = &reference{n: n, points: map[int]string{}}
			out[m[1]] = cur
			continue
		}
		if cur == nil {
			continue
		}
		if m := point.FindStringSubmatch(line); m != nil {
			i, _ := strconv.Atoi(m[1])
			cur.points[i] = m[2] + " " + m[3]
		} else if strings.Contains(line, "peak =") || strings.Contains(line, "total finished") {
			cur.summary = strings.TrimSpace(line)
		}
	}
	return out
}

// naive formats a µs time as Balsam prints it: naive ISO, microseconds
// only when non-zero.
func naive(us int64) string {
	s := frame.FormatMicros(us)
	s = strings.TrimSuffix(s, "Z")
	return strings.TrimSuffix(s, ".000000")
}

func checkSeries(t *testing.T, name string, ref *reference, s *frame.Frame, valueCol string, format func(int) string) {
	t.Helper()
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
	if ref == nil || len(ref.points) < 4 {
		t.Fatalf("%s: the reference lists no points (parser out of step with analytics_output.txt?)", name)
	}
	if s.NumRows() != ref.n {
		t.Fatalf("%s: %d points, want %d", name, s.NumRows(), ref.n)
	}
	us, _, _ := s.Micros("time")
	for i, want := range ref.points {
		if got := naive(us[i]) + " " + format(i); got != want {
			t.Errorf("%s point %d: %q, want %q", name, i, got, want)
		}
	}
}

func TestBalsamAnalytics(t *testing.T) {
	ref := readAnalytics(t)
	d := load(t, bundled("balsam"))
	events := frameOf(t, d, "events").Where("tag.experiment", "==", "foo")
	if events.NumRows() != 177 {
		t.Fatalf("%d foo events", events.NumRows())
	}
	tp := ThroughputReport(events, "JOB_FINISHED")
	counts, _, _ := tp.Int64s("value")
	checkSeries(t, "throughput", ref["throughput_report(foo, to_state=JOB_FINISHED)"], tp, "value", func(i int) string { return strconv.FormatInt(counts[i], 10) })
	if n := ThroughputReport(events, "RUNNING").NumRows(); n != ref["throughput_report(foo, to_state=RUNNING)"].n {
		t.Fatal(n)
	}
	for _, weighted := range []bool{true, false} {
		name := fmt.Sprintf("utilization_report(foo, node_weighting=%s)", map[bool]string{true: "True", false: "False"}[weighted])
		u := UtilizationReport(events, weighted)
		v, _, _ := u.Float64s("value")
		checkSeries(t, name, ref[name], u, "value", func(i int) string { return strconv.FormatFloat(v[i], 'f', -1, 64) + pyFloatSuffix(v[i]) })
		peak := v[0]
		for _, x := range v {
			peak = max(peak, x)
		}
		area, err := Integral(u, "time", "value")
		if err != nil {
			t.Fatal(err)
		}
		unit := map[bool]string{true: "node", false: "job"}[weighted]
		got := fmt.Sprintf("peak = %.1f; final = %.1f; %s-minutes = %.6f", peak, v[len(v)-1], unit, area/60)
		if ref[name].summary == "" || got != ref[name].summary {
			t.Errorf("%s: %q, want %q", name, got, ref[name].summary)
		}
	}
	al := frameOf(t, d, "allocations")
	for name, sel := range map[string]*frame.Frame{
		"available_nodes(BatchJob filter_tags experiment:foo)  [docs idiom: JSONB containment]": al.Where("filter_tags", "==", "experiment:foo"),
		"available_nodes(BatchJob id in [1, 2])  [batch jobs whose Jobs include foo]":           al.Where("id", "in", []int64{1, 2}),
	} {
		s, skipped := AvailableNodes(sel)
		nodes, _, _ := s.Int64s("value")
		// the reference prints "time<spaces>nodes"; compare fields
		r := ref[name]
		if r == nil || len(r.points) < 2 || r.summary == "" || skipped != 0 {
			t.Fatalf("no reference %q (skipped %d)", name, skipped)
		}
		us, _, _ := s.Micros("time")
		if s.NumRows() != r.n {
			t.Fatalf("%s: %d points", name, s.NumRows())
		}
		for i, want := range r.points {
			if got := naive(us[i]) + " " + strconv.FormatInt(nodes[i], 10); strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(want), " ") {
				t.Errorf("%s point %d: %q, want %q", name, i, got, want)
			}
		}
		area, _ := Integral(s.WithColumn("value", toFloats(nodes)), "time", "value")
		peak := int64(0)
		for _, x := range nodes {
			peak = max(peak, x)
		}
		if got := fmt.Sprintf("peak = %d; node-minutes = %.6f", peak, area/60); got != r.summary {
			t.Errorf("%s: %q, want %q", name, got, r.summary)
		}
	}
}

// pyFloatSuffix makes Go's shortest float text print like Python's
// repr for whole numbers ("2" -> "2.0").
func pyFloatSuffix(v float64) string {
	if v == float64(int64(v)) {
		return ".0"
	}
	return ""
}

func toFloats(v []int64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

// The worked example of docs/semantics.md#utilization: ties broken by value, last
// write wins, and the 1.0 default for a job without its RUNNING event.
func TestUtilizationWorkedExample(t *testing.T) {
	at := func(hm string) int64 {
		us, err := frame.ParseMicros("2021-01-01T" + hm + ":00Z")
		if err != nil {
			t.Fatal(err)
		}
		return us
	}
	ev := frame.New(
		frame.Int64Col("id", []int64{1, 2, 3, 4, 5, 6}, nil),
		frame.StringCol("job", []string{"1", "2", "1", "1", "2", "1"}, nil),
		frame.MicrosCol("time", []int64{at("10:00"), at("10:00"), at("10:05"), at("10:05"), at("10:10"), at("10:20")}, nil),
		frame.StringCol("from_state", []string{"PREPROCESSED", "PREPROCESSED", "RUNNING", "RESTART_READY", "RUNNING", "RUNNING"}, nil),
		frame.StringCol("to_state", []string{"RUNNING", "RUNNING", "RUN_ERROR", "RUNNING", "RUN_DONE", "RUN_DONE"}, nil),
		frame.Float64Col("num_nodes", []float64{2, 0.5, 0, 1, 0, 0}, []bool{true, true, false, true, false, false}),
	)
	if got := column(t, UtilizationReport(ev, true), "value"); got != "0.5 2.5 0.5 1.5 1.0 -1.0" {
		t.Fatal(got)
	}
	if got := column(t, UtilizationReport(ev, false), "value"); got != "1.0 2.0 1.0 2.0 1.0 0.0" {
		t.Fatal(got)
	}
	late := ev.Where("time", ">=", "2021-01-01T10:04:00Z")
	if got := column(t, UtilizationReport(late, true), "value"); got != "-1.0 0.0 -1.0 -2.0" {
		t.Fatal(got)
	}
	// The weights by job are held by id for integer ids of a moderate
	// range (jobWeights), else by text: the same jobs named otherwise
	// give the same series.
	for _, names := range [][2]string{{"j1", "j2"}, {"01", "2"}, {"900000000000000001", "2"}, {"7", "70000"}, {"", "2"}} {
		jobs := []string{names[0], names[1], names[0], names[0], names[1], names[0]}
		renamed := ev.Drop("job").WithColumn("job", jobs)
		if got := column(t, UtilizationReport(renamed, true), "value"); got != "0.5 2.5 0.5 1.5 1.0 -1.0" {
			t.Errorf("jobs %q: %s", names, got)
		}
	}
}

func TestDecimalID(t *testing.T) {
	for s, want := range map[string]int64{"0": 0, "7": 7, "123456789012345678": 123456789012345678} {
		if got, ok := decimalID(s); !ok || got != want {
			t.Errorf("decimalID(%q) = %d, %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "01", "-1", "+1", "1.0", "1e3", "1234567890123456789", "12a", " 1"} {
		if _, ok := decimalID(s); ok {
			t.Errorf("decimalID(%q) reads as an id", s)
		}
	}
}
