package main

import (
	"bytes"
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/report"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake"
	"github.com/jobframe/jobframe/loaders/source"
)

// TestReportColumns: the report of a load projected onto report.Columns
// and report.Omit, the events read only for their span but Balsam's
// (report.SpanOnly: what jobframe report loads) is the report of the
// whole load, byte for byte, on every bundled sample, on the seeds' logs
// (Balsam's events are the ones the report reads), on all of those
// loaded together, on a lake of the seeds and on lakes of the HyperQueue
// journal and the Work Queue log alone (whose events span them), the
// two of them compared (--compare), and with the columns a --where
// reads kept.
func TestReportColumns(t *testing.T) {
	data, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{"hq/synthetic_v0.26_journal.jsonl", "workqueue/realrun_wq_7.17.1_transactions.log", "taskvine/realrun_vine_7.17.1_transactions.log",
		"balsam", "epmt/804280", "nextflow/openproblems_2021-03_trace.txt", "wfcommons/bacass-dirt02-001.json"}
	paths = append(paths, samples(t, data)...)
	var all []string
	same := func(name string, o report.Options, cols map[string][]string, srcs ...string) {
		t.Helper()
		full, err := loaders.OpenWith(loaders.Options{Lenient: true}, srcs...)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		some, err := loaders.OpenWith(loaders.Options{Lenient: true, Columns: cols, Omit: report.Omit(), SpanOnly: report.SpanOnly()}, srcs...)
		if err != nil {
			t.Fatalf("%s: projected: %v", name, err)
		}
		var a, b bytes.Buffer
		if err := report.Encode(&a, report.Build(full, o)); err != nil {
			t.Fatal(err)
		}
		if err := report.Encode(&b, report.Build(some, o)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: the report of the projected load differs (%d bytes against %d)", name, b.Len(), a.Len())
		}
	}
	for _, p := range paths {
		path := filepath.Join(data, p)
		all = append(all, path)
		same(p, report.Options{}, report.Columns(), path)
	}
	same("all together", report.Options{}, report.Columns(), all...)
	// four EPMT jobs or more: the outliers section tests the jobs on
	// duration_us, cpu_time and num_procs, a path no sample takes
	jobs := t.TempDir()
	for _, id := range []string{"804280", "804281", "804282", "804283"} {
		epmtJobCopy(t, filepath.Join(data, "epmt/804280"), filepath.Join(jobs, id), "804280", id)
	}
	same("four EPMT jobs", report.Options{}, report.Columns(), jobs)
	// a lake's reader leaves the columns out of what it decodes
	dir := filepath.Join(t.TempDir(), "lake")
	for _, p := range all[:7] {
		if _, err := lake.Ingest(context.Background(), dir, []string{p}, lake.Options{BatchRows: 50}); err != nil {
			t.Fatal(err)
		}
	}
	same("the seeds' lake", report.Options{}, report.Columns(), dir)
	// the events of a HyperQueue journal and of a Work Queue log reach
	// past their other frames' times: a lake of each alone gives their
	// span from its footers
	var runs [2][]report.Run // --compare's runs, loaded whole and as the report loads them
	for _, p := range all[:2] {
		one := filepath.Join(t.TempDir(), "lake")
		if _, err := lake.Ingest(context.Background(), one, []string{p}, lake.Options{BatchRows: 50}); err != nil {
			t.Fatal(err)
		}
		same(filepath.Base(p)+"'s lake", report.Options{}, report.Columns(), one)
		if d, err := loaders.OpenWith(loaders.Options{Columns: report.Columns(), SpanOnly: report.SpanOnly()}, one); err != nil || !d.Skimmed.OK {
			t.Errorf("%s's lake read with report.SpanOnly: %v; skimmed %+v", p, err, d.Skimmed)
		}
		for i, o := range []loaders.Options{{}, {Columns: report.Columns(), SpanOnly: report.SpanOnly()}} {
			d, err := loaders.OpenWith(o, one)
			if err != nil {
				t.Fatal(err)
			}
			runs[i] = append(runs[i], report.Run{Name: filepath.Base(p), Data: d})
		}
	}
	var whole, some bytes.Buffer
	if err := errors.Join(report.Encode(&whole, report.Compare(runs[0], report.Options{})), report.Encode(&some, report.Compare(runs[1], report.Options{}))); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(whole.Bytes(), some.Bytes()) {
		t.Errorf("--compare of the two lakes: the report of what it loads differs from the whole load's (%d bytes against %d)", some.Len(), whole.Len())
	}
	if d, err := loaders.OpenWith(loaders.Options{Omit: report.Omit()}, dir); err != nil || d.Frames["tasks"].Has("raw_state") || !d.Frames["tasks"].Has("state") {
		t.Errorf("the lake read with report.Omit: %v, tasks columns %v", err, d.Frames["tasks"].Names())
	}
	// a --where on an events column keeps it: it cuts the frames it cuts
	// in the whole load
	rf := &rowFlags{wheres: multiFlag{`line > 10`}}
	cut := func(cols map[string][]string) string {
		d, err := loaders.OpenWith(loaders.Options{Columns: cols}, filepath.Join(data, paths[0]))
		if err != nil {
			t.Fatal(err)
		}
		on, err := rf.cutDataset(d)
		if err != nil {
			t.Fatal(err)
		}
		return on
	}
	if got, want := cut(report.Columns(readColumns(nil, rf.withs, rf.wheres)...)), cut(nil); got != want || want != "line > 10, on events, perf" {
		t.Errorf("--where on the projected events: %q, on the whole load %q", got, want)
	}
}

// TestReportColumnsListed: every column name that the report's code or
// the ops' quote, and that a bundled sample's tasks, jobs or
// allocations hold, is in report.Columns' projection of that frame. So
// a column a section reads on a path no sample takes (the outliers of
// four EPMT jobs or more, a source's fallback) is not left out of a
// load unseen; TestReportColumns holds the projection to the reports of
// the samples.
func TestReportColumnsListed(t *testing.T) {
	data, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	quoted := map[string]bool{}
	for _, dir := range []string{"internal/report", "../../ops"} {
		for s := range stringLiterals(t, dir) {
			quoted[s] = true
		}
	}
	allow := report.Columns()
	held := map[string]map[string][]string{} // frame, column: the samples
	for _, p := range samples(t, data) {
		d, err := loaders.OpenWith(loaders.Options{Lenient: true}, filepath.Join(data, p))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for name, f := range d.Frames {
			if !slices.Contains([]string{schema.Tasks, schema.Jobs, schema.Allocations}, name) {
				continue // the events' projection is their times and Balsam's transitions, which two sections read
			}
			for _, c := range f.Names() {
				if quoted[c] && !slices.Contains(allow[name], source.Optional(c)) {
					if held[name] == nil {
						held[name] = map[string][]string{}
					}
					held[name][c] = append(held[name][c], p)
				}
			}
		}
	}
	for name, cols := range held {
		for c, in := range cols {
			t.Errorf("the %s column %s (%s) is quoted in the report's or the ops' code, and report.Columns leaves it out", name, c, in[0])
		}
	}
}

// stringLiterals returns the string literals of the Go files of dir but
// its tests.
func stringLiterals(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					out[s] = true
				}
			}
			return true
		})
	}
	if len(out) == 0 {
		t.Fatalf("%s: no string literals", dir)
	}
	return out
}

// epmtJobCopy copies the EPMT job folder from to a folder to, as job id:
// every from in its files' names and job_metadata's text is id.
func epmtJobCopy(t *testing.T, from, to, old, id string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == "job_metadata" {
			b = bytes.ReplaceAll(b, []byte(old), []byte(id))
		}
		if err := os.WriteFile(filepath.Join(to, strings.ReplaceAll(e.Name(), old, id)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReportFramesUnread: the report's code names none of the frames
// report.Columns reads of their run and time columns alone (EPMT's
// threads, the resource monitor's samples, cctools' categories) but in
// columns.go, which lists them: a section that comes to read one fails
// this test until that frame leaves the list.
func TestReportFramesUnread(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("internal/report/*.go")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || filepath.Base(name) == "columns.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		seen++
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "schema" && slices.Contains([]string{"Threads", "Samples", "Categories"}, sel.Sel.Name) {
					t.Errorf("%s: the report reads schema.%s, which report.Columns reads of its times alone", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && slices.Contains([]string{`"threads"`, `"categories"`}, lit.Value) {
				t.Errorf("%s: the report names the frame %s, which report.Columns reads of its times alone", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
	}
	if seen < 10 {
		t.Fatalf("%d files of the report's code parsed", seen)
	}
}
