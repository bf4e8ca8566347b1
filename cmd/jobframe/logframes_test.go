package main

import (
	"flag"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestAnalysesOfLogsBuildWhatTheyRead: of logs without a window, an
// analysis reads the frames it uses of their columns (loadColumns' logs)
// and the others of their run and time columns alone (thinned), and the
// frames it uses are those the load of every column gives, projected
// alike, with the same frames listed, warnings and runs: the loads of
// busy, capacity, tasks-per-worker, hist, intervals and allocations, on every
// bundled sample and on the seeds loaded together.
func TestAnalysesOfLogsBuildWhatTheyRead(t *testing.T) {
	data, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	rf := &rowFlags{}
	loads := []struct {
		name string
		rd   reads
	}{
		{"busy", busyReads("cpus", rf)}, {"capacity", capacityReads()}, {"tasks-per-worker", tasksPerWorkerReads(rf)},
		{"hist", histReads(schema.Tasks, "req_cpus", nil, nil)}, {"hist of the jobs", histReads(schema.Jobs, "cpus", nil, nil)},
		{"intervals", intervalsReads("", []string{"tags"}, nil, nil)}, {"intervals of the placements", intervalsReads(schema.Placements, []string{"worker"}, nil, nil)},
		{"allocations", allocationsReads(rf).reads},
	}
	sets := [][]string{{filepath.Join(data, "hq/synthetic_v0.26_journal.jsonl"), filepath.Join(data, "workqueue/realrun_wq_7.17.1_transactions.log"),
		filepath.Join(data, "balsam"), filepath.Join(data, "epmt/804280")}}
	for _, p := range samples(t, data) {
		sets = append(sets, []string{filepath.Join(data, p)})
	}
	built := 0
	for _, paths := range sets {
		for _, l := range loads {
			fs := flag.NewFlagSet("analysis", flag.ContinueOnError)
			af := addAnalysisFlags(fs)
			if err := fs.Parse([]string{"--lenient"}); err != nil {
				t.Fatal(err)
			}
			d, _, err := af.loadColumns(paths, io.Discard, l.rd.lake, l.rd.logs)
			if err != nil {
				t.Fatalf("%s of %v: %v", l.name, paths, err)
			}
			projected := map[string][]string{} // as loadBy projects: a nil list is the frame whole
			for name, c := range l.rd.logs {
				if c != nil {
					projected[name] = c
				}
			}
			all, err := loadWith(paths, loaders.Options{Lenient: true, Columns: projected}, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(d.Warnings, all.Warnings) || !slices.Equal(runNames(d), runNames(all)) || !slices.Equal(d.Names(), all.Names()) {
				t.Errorf("%s of %v: warnings %q, runs %v, frames %v; every column: %q, %v, %v", l.name, paths, d.Warnings, runNames(d), d.Names(), all.Warnings, runNames(all), all.Names())
			}
			for name, f := range d.Frames {
				if _, read := l.rd.logs[name]; !read {
					if f.NumCols() < all.Frames[name].NumCols() {
						built++
					}
					continue
				}
				if g, w := sourcetest.CSV(t, f), sourcetest.CSV(t, all.Frames[name]); g != w {
					t.Errorf("%s of %v: the %s frame differs from the load of every column's", l.name, paths, name)
				}
			}
		}
	}
	if built == 0 {
		t.Error("no frame was thinned: the test tests nothing")
	}
}

// runNames returns the names of d's runs.
func runNames(d *loaders.Dataset) []string {
	var out []string
	for _, r := range d.Runs {
		out = append(out, r.Name)
	}
	return out
}

// TestExportOfLogsReadsOneFrame: jobframe export of one frame of logs,
// which reads the other frames of their run and time columns alone,
// writes that frame of the logs loaded whole, row for row, for every
// frame of the seeds loaded together and of every bundled Slurm, PBS
// and Parsl sample (whose runs are counted on several frames).
func TestExportOfLogsReadsOneFrame(t *testing.T) {
	data, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	sets := [][]string{{filepath.Join(data, "hq/synthetic_v0.26_journal.jsonl"), filepath.Join(data, "workqueue/realrun_wq_7.17.1_transactions.log"),
		filepath.Join(data, "balsam"), filepath.Join(data, "epmt/804280")}}
	for _, p := range samples(t, data) {
		if strings.HasPrefix(p, "slurm/") || strings.HasPrefix(p, "pbs/") || strings.HasPrefix(p, "parsl/") {
			sets = append(sets, []string{filepath.Join(data, p)})
		}
	}
	for _, paths := range sets {
		whole, err := loadWith(paths, loaders.Options{Lenient: true}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		exportsEveryFrame(t, whole, paths, "--lenient")
	}
}
