package loaders

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestReadersGrowLinearly loads an input of every format at n, 4n and 16n
// records in one run (a bundled sample's records repeated, in lenient
// mode, as repeats may be bad records) and asserts that from 4n to 16n
// the bytes allocated grow at most 6 times and the time (the best of
// five loads, where 16n takes 20 ms or more) at most 8 times: 4 is
// linear, 16 quadratic. An
// unterminated sacct SubmitLine, which joined lines quadratically (400k
// lines took 156 s), is one of the inputs, short of the 10,000 lines
// a record may span. The bytes allocated are
// counted by the runtime, so that bound does not depend on the machine's
// load; the time's is loose enough for a shared machine.
func TestReadersGrowLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: loads inputs of several MB")
	}
	for _, c := range linearCases() {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			var alloc [3]uint64
			var best [3]time.Duration
			for i, k := range []int{1, 4, 16} {
				in := c.make(t, filepath.Join(dir, fmt.Sprint(k)), c.n*k)
				alloc[i], best[i] = measureLoad(t, in)
			}
			ra, rt := float64(alloc[2])/float64(alloc[1]), best[2].Seconds()/best[1].Seconds()
			t.Logf("n=%d: allocated %d, %d, %d KB; %v, %v, %v; 4n to 16n: x%.1f bytes, x%.1f time", c.n,
				alloc[0]>>10, alloc[1]>>10, alloc[2]>>10, best[0], best[1], best[2], ra, rt)
			if ra > 6 {
				t.Errorf("from 4n to 16n records the load allocates x%.1f (want <= 6)", ra)
			}
			// A time of a few ms is the machine's noise as much as the
			// load's: the time's bound holds where 16n takes 20 ms or more
			// (a quadratic path does: the SubmitLine's took 156 s at 400k
			// lines, some 90 ms at 16n here).
			if rt > 8 && best[2] > 20*time.Millisecond {
				t.Errorf("from 4n to 16n records the load takes x%.1f the time (want <= 8)", rt)
			}
		})
	}
}

// measureLoad loads in (lenient) five times, and returns the bytes the
// last load allocated and the best time.
func measureLoad(t *testing.T, in string) (uint64, time.Duration) {
	var best time.Duration
	var alloc uint64
	for range 5 {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		t0 := time.Now()
		if _, err := OpenWith(source.Options{Lenient: true}, in); err != nil {
			t.Fatal(err)
		}
		d := time.Since(t0)
		runtime.ReadMemStats(&m1)
		alloc = m1.TotalAlloc - m0.TotalAlloc
		if best == 0 || d < best {
			best = d
		}
	}
	return alloc, best
}

// linearCase makes an input of n records of one format at path
// (a file or a folder) and returns what to load.
type linearCase struct {
	name string
	n    int // records at 1x
	make func(t *testing.T, path string, n int) string
}

func linearCases() []linearCase {
	lines := func(sample string, n int, head func(string) bool) linearCase {
		return linearCase{name: sample, n: n, make: func(t *testing.T, path string, n int) string {
			return repeatLines(t, sourcetest.Bundled(sample), path, n, head, "\n")
		}}
	}
	comment := func(l string) bool { return strings.HasPrefix(l, "#") }
	first := func() func(string) bool { // the first line, a header
		seen := false
		return func(string) bool { r := !seen; seen = true; return r }
	}
	return []linearCase{
		lines("hq/synthetic_v0.26_journal.jsonl", 2000, func(string) bool { return false }),
		lines("workqueue/realrun_wq_7.17.1_transactions.log", 2000, comment),
		lines("taskvine/realrun_vine_7.17.1_transactions.log", 2000, comment),
		lines("workqueue/realrun_wq_7.17.1_performance.log", 2000, comment),
		lines("taskvine/realrun_vine_7.17.1_taskgraph.txt", 2000, comment),
		lines("taskvine/time-series/vine-task-1.series", 2000, comment),
		{name: "slurm/tdhock_sacct-multistep.txt", n: 2000, make: func(t *testing.T, path string, n int) string {
			return repeatLines(t, sourcetest.Bundled("slurm/tdhock_sacct-multistep.txt"), path, n, first(), "\n")
		}},
		{name: "nextflow/openproblems_2021-03_trace.txt", n: 2000, make: func(t *testing.T, path string, n int) string {
			return repeatLines(t, sourcetest.Bundled("nextflow/openproblems_2021-03_trace.txt"), path, n, first(), "\n")
		}},
		{name: "nextflow/openproblems_2021-03_timeline.html", n: 1000, make: timelineOf},
		{name: "epmt/804280", n: 4000, make: epmtOf},
		{name: "balsam", n: 2000, make: balsamOf},
		{name: "wfcommons/blast-chameleon-small-001.json", n: 1000, make: wfcommonsOf},
		{name: "sacct unterminated SubmitLine", n: 600, make: submitLineOf},
	}
}

// repeatLines writes to path the lines of src that head keeps (its
// header: those it says true of, up to the first it says false of) and
// then its other lines, again and again, n lines in all, joined by sep.
func repeatLines(t *testing.T, src, path string, n int, head func(string) bool, sep string) string {
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	k := 0
	for k < len(all) && head(all[k]) {
		k++
	}
	var out strings.Builder
	for _, l := range all[:k] {
		out.WriteString(l + "\n")
	}
	body := all[k:]
	for i := range n {
		if i > 0 {
			out.WriteString(sep)
		}
		out.WriteString(body[i%len(body)])
	}
	out.WriteString("\n")
	writeTestFile(t, path+filepath.Ext(src), out.String())
	return path + filepath.Ext(src)
}

// timelineOf repeats the processes of a Nextflow timeline page.
func timelineOf(t *testing.T, path string, n int) string {
	b, err := os.ReadFile(sourcetest.Bundled("nextflow/openproblems_2021-03_timeline.html"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	open := strings.Index(s, "var data=[\n") + len("var data=[\n")
	end := open + strings.Index(s[open:], "\n]")
	var procs []string
	for _, l := range strings.Split(s[open:end], "\n") {
		procs = append(procs, strings.TrimSuffix(l, ","))
	}
	var out []string
	for i := range n {
		out = append(out, procs[i%len(procs)])
	}
	writeTestFile(t, path+".html", s[:open]+strings.Join(out, ",\n")+s[end:])
	return path + ".html"
}

// epmtOf repeats the processes of the bundled EPMT job's papiex file,
// beside its job_metadata.
func epmtOf(t *testing.T, path string, n int) string {
	src := sourcetest.Bundled("epmt/804280")
	meta, err := os.ReadFile(filepath.Join(src, "job_metadata"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(path, "job_metadata"), string(meta))
	name := "pp075-collated-papiex-804280-0.PARTIAL-first435of6039procs.csv"
	seen := false
	repeatLines(t, filepath.Join(src, name), filepath.Join(path, strings.TrimSuffix(name, ".csv")), n,
		func(string) bool { r := !seen; seen = true; return r }, "\n")
	return path
}

// balsamOf repeats the bundled Balsam folder's jobs and events (n
// events, and jobs in proportion), their ids made new for each copy.
func balsamOf(t *testing.T, path string, n int) string {
	src := sourcetest.Bundled("balsam")
	read := func(name string) []map[string]any {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		var v []map[string]any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	jobs, events, batch := read("synthetic_jobs.json"), read("synthetic_events.json"), read("synthetic_batchjobs.json")
	copies := max(1, n/len(events))
	var outJobs, outEvents []map[string]any
	for c := range copies {
		off := float64(c * 1000000)
		for _, j := range jobs {
			k := clone(j)
			k["id"] = j["id"].(float64) + off
			outJobs = append(outJobs, k)
		}
		for _, e := range events {
			k := clone(e)
			k["id"], k["job_id"] = e["id"].(float64)+off, e["job_id"].(float64)+off
			outEvents = append(outEvents, k)
		}
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]any{"synthetic_jobs.json": outJobs, "synthetic_events.json": outEvents, "synthetic_batchjobs.json": batch} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(path, name), string(b))
	}
	return path
}

// wfcommonsOf repeats the tasks of a WfCommons instance (specification
// and execution), each copy's names and links suffixed with its number.
func wfcommonsOf(t *testing.T, path string, n int) string {
	b, err := os.ReadFile(sourcetest.Bundled("wfcommons/blast-chameleon-small-001.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	w := doc["workflow"].(map[string]any)
	for _, part := range []string{"specification", "execution"} {
		p := w[part].(map[string]any)
		tasks := p["tasks"].([]any)
		var out []any
		for c := 0; len(out) < n; c++ {
			for _, x := range tasks {
				k := clone(x.(map[string]any))
				for _, key := range []string{"name", "id"} {
					if s, ok := k[key].(string); ok {
						k[key] = fmt.Sprintf("%s-%d", s, c)
					}
				}
				for _, key := range []string{"parents", "children"} {
					if l, ok := k[key].([]any); ok {
						var m []any
						for _, s := range l {
							m = append(m, fmt.Sprintf("%s-%d", s, c))
						}
						k[key] = m
					}
				}
				out = append(out, k)
			}
		}
		p["tasks"] = out
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, path+".json", string(out))
	return path + ".json"
}

// submitLineOf writes a sacct dump whose one job's SubmitLine opens a
// quote that n lines of script never close.
func submitLineOf(t *testing.T, path string, n int) string {
	var b bytes.Buffer
	b.WriteString("JobID|JobName|State|Elapsed|SubmitLine\n")
	b.WriteString("1|a|COMPLETED|00:00:01|sbatch --wrap=\"\n")
	for i := range n {
		fmt.Fprintf(&b, "echo line %d of a script\n", i)
	}
	writeTestFile(t, path+".txt", b.String())
	return path + ".txt"
}

// clone copies a JSON object one level deep.
func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// writeTestFile writes s to path.
func writeTestFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
