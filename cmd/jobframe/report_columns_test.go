package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/report"
	"github.com/jobframe/jobframe/loaders"
)

// TestReportColumns: the report of a load projected onto report.Columns
// (what jobframe report loads) is the report of the whole load, byte for
// byte, on every bundled sample, on the seeds' logs (Balsam's events are
// the ones the report reads) and on all of those loaded together, and
// with the columns a --where reads kept.
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
		some, err := loaders.OpenWith(loaders.Options{Lenient: true, Columns: cols}, srcs...)
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
