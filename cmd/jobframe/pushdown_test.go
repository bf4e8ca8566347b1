package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/report"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake"
)

// TestSourceRows: the --where filters that read the source column alone
// make the test of a system's name a lake's reader prunes by; the
// others, and a source column a --with derives, make none.
func TestSourceRows(t *testing.T) {
	systems := []string{"hyperqueue", "slurm", "workqueue"}
	cases := []struct {
		withs, wheres multiFlag
		keeps         []bool // of systems; nil: no test
	}{
		{nil, multiFlag{`source == "hyperqueue"`}, []bool{true, false, false}},
		{nil, multiFlag{`source == hyperqueue`}, []bool{true, false, false}},
		{nil, multiFlag{`source != "slurm"`}, []bool{true, false, true}},
		{nil, multiFlag{`source == "slurm" || source == "workqueue"`}, []bool{false, true, true}},
		{nil, multiFlag{`source != "slurm"`, `exit_code > 0`, `source != "workqueue"`}, []bool{true, false, false}},
		{multiFlag{`x = exit_code + 1`}, multiFlag{`source == "slurm"`}, []bool{false, true, false}},
		{nil, multiFlag{`state == "failed"`}, nil},
		{nil, multiFlag{`source == "slurm" && exit_code > 0`}, nil},
		{multiFlag{`source = category`}, multiFlag{`source == "slurm"`}, nil},
	}
	for _, c := range cases {
		rf := &rowFlags{withs: c.withs, wheres: c.wheres}
		keep := rf.sourceRows()
		if (keep == nil) != (c.keeps == nil) {
			t.Errorf("--with %v --where %v: a test: %v, want %v", c.withs, c.wheres, keep != nil, c.keeps != nil)
			continue
		}
		for i, s := range systems {
			if keep != nil && keep(s) != c.keeps[i] {
				t.Errorf("--with %v --where %v: keeps %s: %v", c.withs, c.wheres, s, keep(s))
			}
		}
	}
}

// TestReportWhereSource: the report of a lake of several systems with a
// --where on the source column, which its reader prunes partitions by,
// is byte for byte the report of the lake read whole and cut by the
// same --where.
func TestReportWhereSource(t *testing.T) {
	dir := systemsLake(t)
	for _, where := range []string{`source == "hyperqueue"`, `source != "workqueue"`} {
		got := filepath.Join(t.TempDir(), "got.json")
		var stderr bytes.Buffer
		if code := run([]string{"report", dir, "--where", where, "--json", got}, &bytes.Buffer{}, &stderr); code != 0 {
			t.Fatalf("--where %s: exit %d: %s", where, code, stderr.String())
		}
		d, err := loaders.OpenWith(loaders.Options{Columns: report.Columns("source")}, dir)
		if err != nil {
			t.Fatal(err)
		}
		rf := &rowFlags{wheres: multiFlag{where}}
		o := report.Options{CarbonIntensity: report.DefaultCarbonIntensity}
		if o.Rows, err = rf.cutDataset(d); err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := report.Encode(&want, report.Build(d, o)); err != nil {
			t.Fatal(err)
		}
		have, err := os.ReadFile(got)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, want.Bytes()) {
			t.Errorf("--where %s: the report of the pruned read (%d bytes) differs from the cut of the whole (%d bytes)", where, len(have), want.Len())
		}
	}
}

// systemsLake ingests four systems' samples into a lake, each its own
// entry and run.
func systemsLake(t *testing.T) string {
	t.Helper()
	data, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "lake")
	for _, p := range []string{"hq/synthetic_v0.26_journal.jsonl", "workqueue/realrun_wq_7.17.1_transactions.log",
		"slurm/tdhock_sacct-allcols.txt", "nextflow/openproblems_2021-03_trace.txt"} {
		if _, err := lake.Ingest(context.Background(), dir, []string{filepath.Join(data, p)}, lake.Options{BatchRows: 50}); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestExportWhereSource: an export of the tasks of a lake of several
// systems with a --where on the source column, which prunes the other
// systems' files, writes the rows, runs included, of the same filter
// judged on every row (a derived column, which is not pushed down).
func TestExportWhereSource(t *testing.T) {
	dir := systemsLake(t)
	export := func(args ...string) string {
		t.Helper()
		out := filepath.Join(t.TempDir(), "tasks.csv")
		var stderr bytes.Buffer
		args = append([]string{"export", dir, "--frame", "tasks", "--columns", "run,source,job,task,attempt,state,start,end", "-o", out}, args...)
		if code := run(args, &bytes.Buffer{}, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, sys := range []string{"hyperqueue", "slurm"} {
		got := export("--where", `source == "`+sys+`"`)
		want := export("--with", "src = source", "--where", `src == "`+sys+`"`)
		if got != want || strings.Count(got, "\n") < 3 {
			t.Errorf("%s: the pruned export (%d lines) differs from the filter on every row (%d lines)", sys, strings.Count(got, "\n"), strings.Count(want, "\n"))
		}
	}
}

// TestReportOfLakeInPasses: jobframe report of a lake of several
// systems, with no window nor --where, builds it in two passes
// (report.BuildInPasses): its JSON is the report of the lake loaded
// whole, byte for byte, and a warning of the lake's (a file its
// manifest does not list) is printed once, not once per pass. The
// memory limit the passes set is lifted when the report is done.
func TestReportOfLakeInPasses(t *testing.T) {
	dir := systemsLake(t)
	parts, err := filepath.Glob(filepath.Join(dir, "_data", "*", "tasks", "source=hyperqueue", "day=*", "*.parquet"))
	if err != nil || len(parts) == 0 {
		t.Fatalf("the lake's tasks parts: %v, %v", parts, err)
	}
	last := parts[len(parts)-1] // of the current generation, the last
	foreign := filepath.Join(filepath.Dir(last), "copied-in.parquet")
	if b, err := os.ReadFile(last); err != nil || os.WriteFile(foreign, b, 0o644) != nil {
		t.Fatal(err)
	}
	got := filepath.Join(t.TempDir(), "got.json")
	var stderr bytes.Buffer
	limit := debug.SetMemoryLimit(-1)
	if code := run([]string{"report", dir, "--json", got}, &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if after := debug.SetMemoryLimit(-1); after != limit && os.Getenv("GOMEMLIMIT") == "" {
		t.Errorf("the passes' memory limit (passHeapFactor) stayed after the report: %d, was %d", after, limit)
	}
	if n := strings.Count(stderr.String(), "copied-in.parquet"); n != 1 {
		t.Errorf("the foreign file is named %d times on stderr, want once:\n%s", n, stderr.String())
	}
	d, err := loaders.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := report.Encode(&want, report.Build(d, report.Options{CarbonIntensity: report.DefaultCarbonIntensity})); err != nil {
		t.Fatal(err)
	}
	if have, err := os.ReadFile(got); err != nil || !bytes.Equal(have, want.Bytes()) {
		t.Errorf("the report in passes (%d bytes, %v) differs from the report of the whole load (%d bytes)", len(have), err, want.Len())
	}
}
