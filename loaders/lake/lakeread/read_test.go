package lakeread_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake"
	"github.com/jobframe/jobframe/loaders/lake/lakeread"
	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// inputs are bundled logs of every kind of source: streaming logs
// written in batches, folders read as one group, a database of two runs,
// documents.
var inputs = []string{
	"hq/synthetic_v0.26_journal.jsonl",
	"workqueue/realrun_wq_7.17.1_transactions.log",
	"taskvine/realrun_vine_7.17.1_performance.log",
	"balsam",
	"epmt/804280",
	"slurm/tdhock_sacct-multistep.txt",
	"pbs/days",
	"htcondor/htcondor_job_core_macros_sched.log",
	"parsl/run-here/parsl_2025.03.03_threads_2runs_monitoring.db",
	"nextflow/openproblems_2021-03_trace.txt",
	"wfcommons/bacass-dirt02-001.json",
}

func paths() []string {
	out := make([]string, len(inputs))
	for i, rel := range inputs {
		out[i] = sourcetest.Bundled(rel)
	}
	return out
}

// ingested returns a lake of the inputs, ingested in small batches (so
// that frames span several files), each input on its own.
func ingested(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, p := range paths() {
		if _, err := lake.Ingest(context.Background(), dir, []string{p}, lake.Options{BatchRows: 7}); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	return dir
}

// TestOpenLake: the lake opened reads as the logs it holds opened
// together: every frame's rows (in any order), the runs and the files.
func TestOpenLake(t *testing.T) {
	dir := ingested(t)
	got, err := loaders.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	want, err := loaders.Open(paths()...)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range want.Names() {
		w := want.Frames[name]
		g, ok := got.Frames[name]
		if !ok {
			if w.NumRows() > 0 {
				t.Errorf("the lake has no %s frame; the logs %d rows", name, w.NumRows())
			}
			continue
		}
		if gr, wr := sourcetest.Rows(t, g), sourcetest.Rows(t, w); !slices.Equal(gr, wr) {
			t.Errorf("%s: the lake gives %d rows, the logs %d, or other values", name, len(gr), len(wr))
		}
	}
	sourcetest.SameJSON(t, "files", got.Files, want.Files)
	sourcetest.SameJSON(t, "runs", got.Runs, want.Runs)
	// the frames, from the manifest alone (the REPL's lazy variables)
	frames, ok, err := loaders.LakeFrames(dir)
	if err != nil || !ok {
		t.Fatalf("LakeFrames: %v, %v", ok, err)
	}
	sourcetest.SameJSON(t, "LakeFrames", frames, got.Names())
	if _, ok, err := loaders.LakeFrames(paths()[0]); ok || err != nil {
		t.Errorf("LakeFrames of a log: %v, %v", ok, err)
	}
	if got.Source != want.Source || len(got.Runs) != len(inputs)+1 { // the database holds two runs
		t.Errorf("source %q, %d runs; want %q, %d", got.Source, len(got.Runs), want.Source, len(inputs)+1)
	}
}

// TestProjection: only the frames and columns asked for are read, and
// the values and runs are the logs' (a database of two runs is one run
// when its run column is not asked for, as a loader reads it).
func TestProjection(t *testing.T) {
	dir := ingested(t)
	o := source.Options{Columns: map[string][]string{"tasks": {"job", "attempt"}}, Frames: []string{"tasks"}}
	got, err := loaders.OpenWith(o, dir)
	if err != nil {
		t.Fatal(err)
	}
	want, err := loaders.OpenWith(o, paths()...)
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.SameJSON(t, "frames", got.Names(), []string{"tasks"})
	sourcetest.SameJSON(t, "columns", got.Frames["tasks"].Names(), want.Frames["tasks"].Names())
	if gr, wr := sourcetest.Rows(t, got.Frames["tasks"]), sourcetest.Rows(t, want.Frames["tasks"]); !slices.Equal(gr, wr) {
		t.Errorf("tasks: %d rows, want %d, or other values", len(gr), len(wr))
		for i := range gr {
			if gr[i] != wr[i] {
				t.Logf("%q\n%q", gr[i], wr[i])
				break
			}
		}
	}
	// the reader decodes only those columns: the dataset of an entry
	// holds the job, and the source put back from the folder's name
	l, err := lakeread.Read(dir, lakeread.Options{Frames: []string{"tasks"}, Columns: map[string][]string{"tasks": {"job"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range l.Sets {
		if f, ok := d.Frames["tasks"]; ok && !slices.Equal(f.Names(), []string{"source", "job"}) {
			t.Errorf("%s: tasks read with columns %v", d.Source, f.Names())
		}
		if len(d.Frames) > 1 {
			t.Errorf("%s: frames %v read", d.Source, d.Names())
		}
	}
}

// TestPrune: sources and days prune what is read. The journal's 133
// lines fall on 2026-08-04 (grep -c '"time":"2026-08-04' gives 133) and
// the Nextflow trace's tasks all ran on 2021-03-04 (its submit column).
func TestPrune(t *testing.T) {
	dir := ingested(t)
	l, err := lakeread.Read(dir, lakeread.Options{Sources: []string{"hyperqueue", "nextflow"}})
	if err != nil {
		t.Fatal(err)
	}
	sets := l.Sets
	sourcetest.SameJSON(t, "formats", l.Formats, []string{"hyperqueue", "nextflow-trace"})
	var srcs []string
	for _, d := range sets {
		srcs = append(srcs, d.Source)
	}
	sourcetest.SameJSON(t, "sources", srcs, []string{"hyperqueue", "nextflow"})
	hq, nf := sets[0].Frames["tasks"].NumRows(), sets[1].Frames["tasks"].NumRows()
	for _, c := range []struct {
		from, to string
		hq, nf   int
	}{{"2026-08-04", "2026-08-04", hq, 0}, {"2021-03-04", "2021-03-04", 0, nf}, {"2021-03-05", "2026-08-03", 0, 0}, {"", "2021-03-04", 0, nf}, {"2021-03-04", "", hq, nf}} {
		l, err := lakeread.Read(dir, lakeread.Options{Sources: []string{"hyperqueue", "nextflow"}, FromDay: c.from, ToDay: c.to})
		if err != nil {
			t.Fatal(err)
		}
		sets := l.Sets
		if n, m := rows(sets[0], "tasks"), rows(sets[1], "tasks"); n != c.hq || m != c.nf {
			t.Errorf("days %q to %q: %d and %d tasks, want %d and %d", c.from, c.to, n, m, c.hq, c.nf)
		}
	}
	if _, err := lakeread.Read(dir, lakeread.Options{FromDay: "2024-13-01"}); err == nil || !strings.Contains(err.Error(), "YYYY-MM-DD") {
		t.Errorf("a bad day bound: %v", err)
	}
}

func rows(d *source.Dataset, name string) int {
	if f, ok := d.Frames[name]; ok {
		return f.NumRows()
	}
	return 0
}

// TestNotCommitted: a file no entry lists is not read and is named; an
// entry left committing is not read and said so; a part out of the
// layout is an error; a manifest of a newer jobframe is refused.
func TestNotCommitted(t *testing.T) {
	dir := t.TempDir()
	in := sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl")
	if _, err := lake.Ingest(context.Background(), dir, []string{in}, lake.Options{}); err != nil {
		t.Fatal(err)
	}
	before, err := loaders.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	part := m.File(dir, m.Inputs[0].Parts[0])
	stray := filepath.Join(filepath.Dir(part), "part-00000000000000ff-000001.parquet")
	data, err := os.ReadFile(part)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stray, data[:len(data)/2], 0o644); err != nil { // half a file
		t.Fatal(err)
	}
	after, err := loaders.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sourcetest.Rows(t, after.Frames["tasks"]), sourcetest.Rows(t, before.Frames["tasks"])) {
		t.Error("the stray file's rows were read")
	}
	if !hasWarning(after.Warnings, stray, "not in the lake's manifest") {
		t.Errorf("warnings %v, want one naming %s", after.Warnings, stray)
	}
	edit := func(change func(m map[string]any)) {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, manifest.Name))
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]any
		if err := json.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		change(raw)
		if b, err = json.Marshal(raw); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, manifest.Name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit(func(m map[string]any) { m["inputs"].([]any)[0].(map[string]any)["state"] = manifest.Committing })
	if _, err := loaders.Open(dir); err == nil || !strings.Contains(err.Error(), "no committed input") {
		t.Errorf("a lake of one entry left committing: %v", err)
	}
	l, err := lakeread.Read(dir, lakeread.Options{})
	if err != nil || !hasWarning(l.Warnings, filepath.Join(dir, manifest.Name), "interrupted ingest") {
		t.Errorf("warnings %v (%v), want the committing entry named", l, err)
	}
	edit(func(m map[string]any) {
		e := m["inputs"].([]any)[0].(map[string]any)
		e["state"] = manifest.Committed
		e["parts"] = append(e["parts"].([]any), "tasks/stray.parquet")
	})
	if _, err := loaders.Open(dir); err == nil || !strings.Contains(err.Error(), `part "tasks/stray.parquet" is not FRAME/source=SOURCE/day=DAY/FILE`) {
		t.Errorf("a part out of the layout: %v", err)
	}
	edit(func(m map[string]any) { m["version"] = manifest.Version + 1 })
	if _, err := loaders.Open(dir); err == nil || !strings.Contains(err.Error(), "newer jobframe") {
		t.Errorf("a manifest of a newer version: %v", err)
	}
}

func hasWarning(ws []source.Warning, file, msg string) bool {
	for _, w := range ws {
		if w.File == file && strings.Contains(w.Msg, msg) {
			return true
		}
	}
	return false
}
