package report

import (
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

// additiveFacts are the report's figures that add up over runs: counts
// and sums of time, work and data, by section and name.
var additiveFacts = map[string][]string{
	"summary": {"tasks", "attempts", "successes", "failures", "CPU-hours of ended attempts", "node-hours of ended attempts", "goodput", "badput",
		"workers", "allocations", "jobs", "processes", "process cpu time", "warnings"},
	"utilization":      {"CPU-hours allocated", "CPU-hours offered"},
	"throughput":       {"attempts ended", "succeeded", "jobs finished", "jobs ended", "jobs completed"},
	"tasks-per-worker": {"workers with attempts"},
	"efficiency": {"attempts with cpu time and cores", "core-hours held", "core-hours used", "core-hours held idle",
		"attempts with memory measured and requested", "attempts over their memory request"},
	"data-movement": {"INPUT transfers", "INPUT data", "INPUT transfer time", "OUTPUT transfers", "OUTPUT data",
		"OUTPUT transfer time", "transfers of cacheable files", "cache updates", "data entering worker caches"},
	"failures":     {"tasks with more than one attempt"},
	"outliers":     {"attempts tested"},
	"ops-costs":    {"jobs' cpu time"},
	"process-tree": {"processes"},
}

// peakFacts are the figures that are the highest point of a series.
var peakFacts = map[string][]string{
	"utilization": {"peak CPUs in use", "peak CPUs offered", "peak nodes in use"},
	"concurrency": {"peak running", "peak waiting"},
}

// otherRuns are, for the formats with a second bundled sample, a run
// of the same format at another time (so the runs do not overlap), with
// task ids that repeat those of the first.
var otherRuns = map[string]string{
	"taskvine":  "taskvine/cctools-test_2025-04-25_transactions.log",
	"epmt":      "epmt/615503",
	"slurm":     "slurm/slurmsim_sacct_simple.log",
	"nextflow":  "nextflow/wfcommons_nfcore_trace.txt",
	"wfcommons": "wfcommons/srasearch-chameleon-10a-001.json",
}

// TestRunsAddUp is the property of several runs in one load, for every
// bundled format: a load of runs A and B reports, for every figure that
// adds up, A's plus B's, and peaks within [max, sum] of theirs (exactly
// twice when B is A again, at the same times and with the same ids); no
// step series steps back in time; the per-run table repeats each run's
// own figures. The same run twice overlaps in time and reuses every task,
// job and worker id; the second bundled sample of a format does not
// overlap and reuses task ids.
func TestRunsAddUp(t *testing.T) {
	for name, rel := range jsonSources {
		t.Run(name+"/twice", func(t *testing.T) {
			a := copyTo(t, "a", testdata(rel[0]))
			b := copyTo(t, "b", testdata(rel[0]))
			fa, da := reportFacts(t, a)
			fab, d := reportFacts(t, a, b)
			checkRuns(t, d, 2*len(da.Runs)) // a Parsl database holds several runs
			compareFacts(t, fab, fa, fa, twice)
		})
		if shift, ok := shifters[name]; ok {
			for _, by := range []time.Duration{time.Hour, 20 * time.Second} {
				t.Run(fmt.Sprintf("%s/shifted-%v", name, by), func(t *testing.T) {
					src, err := os.ReadFile(testdata(rel[0]))
					if err != nil {
						t.Fatal(err)
					}
					a := copyTo(t, "a", testdata(rel[0]))
					b := filepath.Join(t.TempDir(), filepath.Base(rel[0]))
					if err := os.WriteFile(b, shift(t, src, by), 0o644); err != nil {
						t.Fatal(err)
					}
					fa, da := reportFacts(t, a)
					fb, db := reportFacts(t, b)
					fab, d := reportFacts(t, a, b)
					checkRuns(t, d, 2)
					overlap := partly
					if by == time.Hour {
						overlap = apart
						checkApart(t, d, da, db)
					}
					compareFacts(t, fab, fa, fb, overlap)
					if fa["summary/tasks"] != fb["summary/tasks"] {
						t.Fatalf("the shifted copy reads otherwise: %v tasks, want %v", fb["summary/tasks"], fa["summary/tasks"])
					}
				})
			}
		}
		if other, ok := otherRuns[name]; ok {
			t.Run(name+"/other", func(t *testing.T) {
				fa, _ := reportFacts(t, testdata(rel[0]))
				fb, _ := reportFacts(t, testdata(other))
				fab, d := reportFacts(t, testdata(rel[0]), testdata(other))
				checkRuns(t, d, 2)
				compareFacts(t, fab, fa, fb, apart)
			})
		}
	}
}

// shifters rewrite a log with every time moved by a duration: the same
// run later, overlapping the first (a shift shorter than its span) or
// not, its lines interleaving the first's in time.
var shifters = map[string]func(*testing.T, []byte, time.Duration) []byte{
	"hyperqueue": shiftRFC3339,
	"workqueue":  shiftFirstField,
	"taskvine":   shiftFirstField,
}

// rfc3339 matches the UTC timestamps of a HyperQueue journal.
var rfc3339 = regexp.MustCompile(`"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"`)

// shiftRFC3339 moves every quoted RFC 3339 UTC time of src by d.
func shiftRFC3339(t *testing.T, src []byte, d time.Duration) []byte {
	return rfc3339.ReplaceAllFunc(src, func(m []byte) []byte {
		ts, err := time.Parse(time.RFC3339Nano, string(m[1:len(m)-1]))
		if err != nil {
			t.Fatal(err)
		}
		return []byte(`"` + ts.Add(d).Format(time.RFC3339Nano) + `"`)
	})
}

// shiftFirstField moves the leading µs timestamp of every record line
// of a cctools log by d ('#' lines are comments).
func shiftFirstField(t *testing.T, src []byte, d time.Duration) []byte {
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		if l == "" || l[0] == '#' {
			continue
		}
		first, rest, _ := strings.Cut(l, " ")
		us, err := strconv.ParseInt(first, 10, 64)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		lines[i] = strconv.FormatInt(us+d.Microseconds(), 10) + " " + rest
	}
	return []byte(strings.Join(lines, "\n"))
}

// overlap is how two runs of a load lie in time.
type overlap int

const (
	twice  overlap = iota // the same run twice, at the same times
	apart                 // one after the other
	partly                // overlapping in part
)

// compareFacts checks the combined figures ab against those of the
// runs a and b: sums for the additive ones; peaks twice a's for a run
// twice, the larger of the two for runs apart, and between the larger
// and the sum for runs that overlap.
func compareFacts(t *testing.T, ab, a, b map[string]float64, how overlap) {
	t.Helper()
	checked := 0
	for sec, names := range additiveFacts {
		for _, n := range names {
			key := sec + "/" + n
			va, okA := a[key]
			vb, okB := b[key]
			if !okA && !okB {
				continue
			}
			got, ok := ab[key]
			if !ok {
				t.Errorf("%s: in a run's report (%v, %v) but not in the combined one", key, va, vb)
				continue
			}
			checked++
			if want := va + vb; !agree(got, want) {
				t.Errorf("%s = %v, want %v + %v = %v", key, got, va, vb, want)
			}
		}
	}
	for sec, names := range peakFacts {
		for _, n := range names {
			key := sec + "/" + n
			got, ok := ab[key]
			va, vb := a[key], b[key]
			if !ok {
				continue
			}
			checked++
			switch how {
			case twice:
				if !agree(got, 2*va) {
					t.Errorf("%s = %v, want twice %v", key, got, va)
				}
			case apart:
				if !agree(got, max(va, vb)) {
					t.Errorf("%s = %v, want the larger of %v and %v", key, got, va, vb)
				}
			default:
				if got < max(va, vb)-1e-9 || got > va+vb+1e-9 {
					t.Errorf("%s = %v, want within [%v, %v]", key, got, max(va, vb), va+vb)
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no figure checked")
	}
}

// agree reports whether x and y agree to 1e-9 relative (sums in another
// order).
func agree(x, y float64) bool {
	return x == y || math.Abs(x-y) <= 1e-9*math.Max(math.Abs(x), math.Abs(y))
}

// reportFacts loads paths and returns the numeric facts of their report
// by "section/name", and the dataset.
func reportFacts(t *testing.T, paths ...string) (map[string]float64, *loaders.Dataset) {
	t.Helper()
	d, err := loaders.OpenWith(loaders.Options{Lenient: true}, paths...)
	if err != nil {
		t.Fatal(err)
	}
	doc := Build(d, Options{})
	out := map[string]float64{}
	for _, s := range doc.Sections {
		for _, f := range s.Facts {
			if f.Value != nil {
				out[s.ID+"/"+f.Name] = *f.Value
			}
		}
	}
	return out, d
}

// checkRuns checks a load of n runs: its runs, every frame's run
// column, the series in time order, and the summary's table of runs.
func checkRuns(t *testing.T, d *loaders.Dataset, n int) {
	t.Helper()
	if len(d.Runs) != n {
		t.Fatalf("%d runs, want %d: %+v", len(d.Runs), n, d.Runs)
	}
	for name, f := range d.Frames {
		if !f.Has("run") || f.Names()[0] != "run" {
			t.Errorf("frame %s has no leading run column: %v", name, f.Names())
		}
	}
	var series []*frame.Frame
	if p, ok := d.Frames[schema.Placements]; ok && hasAll(p, "start", "end", "cpus") {
		series = append(series, ops.Busy(p, "cpus"))
	}
	if w, ok := d.Frames[schema.Workers]; ok && hasAll(w, "connected", "lost", "cpus") {
		series = append(series, ops.Capacity(w, "cpus"))
	}
	if tk, ok := d.Frames[schema.Tasks]; ok && hasAll(tk, "start", "end") {
		series = append(series, ops.Steps(tk, "start", "end", ""), ops.Throughput(tk, "end"))
		if hasAll(tk, "task", "attempt", "submit") {
			series = append(series, ops.StateCounts(tk))
		}
	}
	for k, s := range series {
		if s.Err() != nil {
			t.Fatalf("series %d: %v", k, s.Err())
		}
		times, _, _ := s.Micros("time")
		for i := 1; i < len(times); i++ {
			if times[i] < times[i-1] {
				t.Fatalf("series %d steps back in time at point %d: %d after %d", k, i, times[i], times[i-1])
			}
		}
	}
}

// checkApart checks the busy and capacity series of d, a load of the
// runs da and db (each loaded alone) one after the other: its points are
// da's series (then, where da ends above 0, a point that drops its last
// value), then db's series, point for point.
func checkApart(t *testing.T, d, da, db *loaders.Dataset) {
	t.Helper()
	for _, c := range []struct {
		frame string
		op    func(*frame.Frame) *frame.Frame
	}{
		{schema.Placements, func(f *frame.Frame) *frame.Frame { return ops.Busy(f, "cpus") }},
		{schema.Workers, func(f *frame.Frame) *frame.Frame { return ops.Capacity(f, "cpus") }},
	} {
		got := points(t, c.op(d.Frames[c.frame]))
		want := points(t, c.op(da.Frames[c.frame]))
		if last := want[len(want)-1]; last.v != 0 {
			want = append(want, point{last.t, 0})
		}
		want = append(want, points(t, c.op(db.Frames[c.frame]))...)
		if len(got) != len(want) {
			t.Fatalf("%s: %d points, want %d", c.frame, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: point %d is %+v, want %+v", c.frame, i, got[i], want[i])
			}
		}
	}
}

// point is one point of a step series.
type point struct {
	t int64
	v float64
}

// points returns the points of a step series.
func points(t *testing.T, s *frame.Frame) []point {
	t.Helper()
	times, _, err1 := s.Micros("time")
	values, _, err2 := s.Float64s("value")
	if err1 != nil || err2 != nil || len(times) == 0 {
		t.Fatalf("not a series: %v %v (%d points)", err1, err2, len(times))
	}
	out := make([]point, len(times))
	for i := range times {
		out[i] = point{times[i], values[i]}
	}
	return out
}

// copyTo copies the file or folder src into a new folder dir of the
// test's temporary folder and returns the copy's path: the same run
// under another path.
func copyTo(t *testing.T, dir, src string) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), dir)
	dst := filepath.Join(root, filepath.Base(src))
	err := filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestRunWithoutWorkers: a load of a run with worker records and one
// without says which run the utilization figures leave out, and they are
// those of the run with workers.
func TestRunWithoutWorkers(t *testing.T) {
	hq, _ := reportFacts(t, testdata("hq/synthetic_v0.26_journal.jsonl"))
	d, err := loaders.OpenWith(loaders.Options{}, testdata("hq/synthetic_v0.26_journal.jsonl"), testdata("nextflow/openproblems_2021-03_trace.txt"))
	if err != nil {
		t.Fatal(err)
	}
	doc := Build(d, Options{})
	for _, s := range doc.Sections {
		if s.ID != "utilization" {
			continue
		}
		if len(s.Notes) != 1 || s.Notes[0] != "1 run has no worker records: openproblems_2021-03_trace.txt is not in these figures, which are those of the other runs." {
			t.Errorf("notes %q", s.Notes)
		}
		for _, f := range s.Facts {
			if f.Name == "CPU-hours allocated" && *f.Value != hq["utilization/CPU-hours allocated"] {
				t.Errorf("CPU-hours allocated %v, the journal's alone %v", *f.Value, hq["utilization/CPU-hours allocated"])
			}
		}
	}
}
