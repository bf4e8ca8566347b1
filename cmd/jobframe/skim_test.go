package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestAnalysesReadWhatTheyNeed: an analysis of a lake reads the frames
// it needs and the others from their footers alone (skimmed): the frames
// it reads, cut to the window, are those of the whole load, row for row,
// every frame is there with its columns, and the window (and with none,
// the data's span) is the same, with no window and with windows relative to the
// data's start or end (which count the skimmed frames' times), on a lake
// of six systems in row groups of 16 rows.
func TestAnalysesReadWhatTheyNeed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lake")
	o := lake.Options{Lenient: true, BatchRows: 1000, Parquet: frame.ParquetOptions{RowGroupRows: 16}}
	for _, p := range []string{"hq/synthetic_v0.26_journal.jsonl", "workqueue/realrun_wq_7.17.1_transactions.log",
		"taskvine/cctools-test_2025-04-25_transactions.log", "balsam", "epmt/804280", "slurm/allocations_sacct.txt"} {
		if _, err := lake.Ingest(context.Background(), dir, []string{sourcetest.Bundled(p)}, o); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	needs := [][]string{
		{schema.Placements},                  // busy (then the tasks, without placements of the resource)
		{schema.Workers, schema.Allocations}, // capacity
		{schema.Placements, schema.Workers},  // tasks-per-worker
		{schema.Tasks},                       // hist
		{schema.Procs},                       // intervals (then the tasks, without procs)
		{schema.Allocations, schema.Workers}, // allocations (then the frames it joins)
	}
	skims := 0
	for _, window := range [][]string{nil, {"--from", "+1m"}, {"--to", "-30s"}, {"--from", "+10s", "--to", "+5m"}} {
		fs := flag.NewFlagSet("analysis", flag.ContinueOnError)
		af := addAnalysisFlags(fs)
		if err := fs.Parse(append(slices.Clone(window), "--lenient")); err != nil {
			t.Fatal(err)
		}
		whole, err := loadWarnWith([]string{dir}, af.window.options(true), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		wantWindow, err := af.window.cut(whole)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi, _ := whole.Span()
		for _, need := range needs {
			d, w, err := af.load([]string{dir}, io.Discard, need...)
			if err != nil {
				t.Fatalf("%v %v: %v", window, need, err)
			}
			if w != wantWindow {
				t.Errorf("%v %v: window %v, want %v", window, need, w, wantWindow)
			}
			// (cut, the skimmed frames' span is the data's before the cut:
			// what the window counts from, and the window is the same)
			if l, h, _ := d.Span(); window == nil && (l != lo || h != hi) {
				t.Errorf("%v %v: span [%d, %d], want [%d, %d]", window, need, l, h, lo, hi)
			}
			if got, want := slices.Sorted(maps.Keys(d.Frames)), slices.Sorted(maps.Keys(whole.Frames)); !slices.Equal(got, want) {
				t.Errorf("%v %v: frames %v, want %v", window, need, got, want)
			}
			for name, f := range d.Frames {
				if !slices.Equal(f.Names(), whole.Frames[name].Names()) {
					t.Errorf("%v %v: the %s frame's columns %v, want %v", window, need, name, f.Names(), whole.Frames[name].Names())
				}
				if slices.Contains(need, name) && sourcetest.CSV(t, f) != sourcetest.CSV(t, whole.Frames[name]) {
					t.Errorf("%v %v: the %s frame differs from the whole load's", window, need, name)
				}
				skims += d.SkimmedRows[name]
			}
		}
	}
	if skims == 0 {
		t.Error("no analysis skimmed a frame: the test tests nothing")
	}
}

// TestExportOfLakeReadsOneFrame: jobframe export of one frame of a lake,
// which reads the other frames from their footers alone, writes that
// frame of the lake loaded whole, row for row, for every frame of a lake
// of six systems.
func TestExportOfLakeReadsOneFrame(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lake")
	for _, p := range []string{"hq/synthetic_v0.26_journal.jsonl", "balsam", "epmt/804280", "slurm/allocations_sacct.txt"} {
		if _, err := lake.Ingest(context.Background(), dir, []string{sourcetest.Bundled(p)}, lake.Options{Lenient: true}); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	whole, err := loadWith([]string{dir}, loaders.Options{}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	exportsEveryFrame(t, whole, []string{dir})
}

// exportsEveryFrame runs jobframe export of each frame of whole (the
// sources loaded whole) with more flags, and finds it writes that frame
// of whole, row for row.
func exportsEveryFrame(t *testing.T, whole *loaders.Dataset, sources []string, flags ...string) {
	t.Helper()
	for _, name := range whole.Names() {
		out := filepath.Join(t.TempDir(), name+".csv")
		var stderr bytes.Buffer
		args := slices.Concat([]string{"export", "--frame", name, "-o", out}, flags, sources)
		if code := run(args, &bytes.Buffer{}, &stderr); code != 0 {
			t.Fatalf("export --frame %s of %v: exit %d: %s", name, sources, code, stderr.String())
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if want := sourcetest.CSV(t, whole.Frames[name]); string(got) != want {
			t.Errorf("export --frame %s of %v (%d bytes) differs from the frame of the whole load (%d bytes)", name, sources, len(got), len(want))
		}
	}
}
