package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake"
)

// TestInfoOfLakes: info of lakes, which counts every frame's rows and
// takes its span from the Parquet footers and reads of the tasks only
// the columns the summary reads, says byte for byte what info of the
// lakes loaded whole says, in text and in JSON: on one lake of every
// bundled folder in row groups of 16 rows, whole, with the --source of
// all but the companions (whose reads are whole) and of two systems; on
// lakes of a log
// of one run, of logs of several runs and of companions; and on two
// lakes at once.
func TestInfoOfLakes(t *testing.T) {
	data, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	o := lake.Options{Lenient: true, BatchRows: 1000, Parquet: frame.ParquetOptions{RowGroupRows: 16}}
	all := filepath.Join(t.TempDir(), "all")
	var dirs []string
	for _, folder := range []string{"hq", "workqueue", "taskvine", "balsam", "epmt/804280", "slurm", "slurm/json", "pbs",
		"lsf", "htcondor", "flux", "parsl", "snakemake/run-here", "cromwell/broadinstitute_cromshell_GetZmwCounts.metadata.json",
		"nextflow", "wfcommons"} {
		into := []string{all}
		alone := folder == "hq" || folder == "taskvine" || folder == "nextflow" // one run; logs of several; companions
		dir := filepath.Join(t.TempDir(), "lake")
		if alone {
			into = append(into, dir)
		}
		for _, to := range into {
			if _, err := lake.Ingest(context.Background(), to, []string{filepath.Join(data, folder)}, o); err != nil {
				t.Fatalf("%s: %v", folder, err)
			}
		}
		if alone {
			sameInfo(t, folder, []string{dir}, loaders.Options{Lenient: true})
			dirs = append(dirs, dir)
		}
	}
	sameInfo(t, "all", []string{all}, loaders.Options{Lenient: true})
	// but the systems with companions (a Nextflow trace's timeline, a
	// Snakemake log's benchmarks), which a lake's reader joins from rows
	// read whole
	plain := []string{"hyperqueue", "workqueue", "taskvine", "balsam", "epmt", "slurm", "pbs", "lsf", "htcondor", "flux",
		"parsl", "cromwell", "wfcommons"}
	d := sameInfo(t, "all but companions", []string{all}, loaders.Options{Lenient: true, Sources: plain})
	held, skimmed := 0, 0
	for name, f := range d.Frames {
		held += f.NumRows()
		skimmed += d.SkimmedRows[name]
	}
	if skimmed == 0 || held >= skimmed {
		t.Errorf("info of the lake of all but companions held %d rows and counted %d from the footers: the footers gave too few", held, skimmed)
	}
	sameInfo(t, "two systems", []string{all}, loaders.Options{Lenient: true, Sources: []string{"hyperqueue", "slurm"}})
	sameInfo(t, "two lakes", []string{dirs[0], dirs[len(dirs)-1]}, loaders.Options{Lenient: true})
}

// sameInfo checks info of sources (lakes) against info of their whole
// load, and returns the dataset info read.
func sameInfo(t *testing.T, name string, sources []string, o loaders.Options) *loaders.Dataset {
	t.Helper()
	say := func(d *loaders.Dataset, sum infoSummary) string {
		var text, js bytes.Buffer
		start, end, ok := d.Span()
		infoText(&text, d, sum, start, end, ok)
		if err := infoJSON(&js, d, sum, start, end, ok); err != nil {
			t.Fatal(err)
		}
		return text.String() + js.String()
	}
	d, sum, err := infoOf(sources, o, io.Discard)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	whole, wholeSum, err := infoWhole(sources, o, io.Discard)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if got, want := say(d, sum), say(whole, wholeSum); got != want {
		t.Errorf("%s: info of the lake's footers and summary columns\n%s\ndiffers from info of the whole load\n%s", name, got, want)
	} else if !strings.Contains(got, "frames:") {
		t.Errorf("%s: info says no frames:\n%s", name, got)
	}
	return d
}
