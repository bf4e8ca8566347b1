package loaders

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSnakemakeLogsWithBenchmarks: the three run logs of the run made
// here and the benchmark files its rules wrote are three runs, not four:
// each benchmark joins the latest run whose log names it (the third ran
// make and sort again, and its files are that run's: make_b.tsv holds s
// 1.0338 and max_rss 10.85), the older runs' attempts keep no
// measurement, and no benchmark row is counted as an attempt of its own;
// so under a projection too.
func TestSnakemakeLogsWithBenchmarks(t *testing.T) {
	dir := sourcetest.Bundled("snakemake/run-here")
	for _, o := range []source.Options{{TimeZone: "UTC"}, {TimeZone: "UTC", Columns: map[string][]string{schema.Tasks: {"job", "task", "wall_time_s", "mem_mb"}}}} {
		d, err := OpenWith(o, dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Runs) != 3 {
			t.Fatalf("%d runs: %+v", len(d.Runs), d.Runs)
		}
		tasks := sourcetest.Frame(t, d, schema.Tasks)
		job, _, _ := tasks.Strings("job")
		task, _, _ := tasks.Int64s("task")
		wall, _, _ := tasks.Float64s("wall_time_s")
		mem, memOK, _ := tasks.Float64s("mem_mb")
		joined := 0
		for i := range job {
			if memOK[i] {
				joined++
				if job[i] != "2026-11-28T042057.690728" {
					t.Errorf("row %d (%s, job %d) has a benchmark: only the third run's attempts do", i, job[i], task[i])
				}
			}
			if job[i] == "2026-11-28T042057.690728" && task[i] == 4 && (wall[i] != 1.0338 || mem[i] != 10.85) {
				t.Errorf("make b: wall %v, mem %v; want 1.0338, 10.85 (bench/make_b.tsv)", wall[i], mem[i])
			}
		}
		if tasks.NumRows() != 22 || joined != 6 {
			t.Fatalf("%d attempts, %d with a benchmark; want 22 and 6", tasks.NumRows(), joined)
		}
	}
}

// TestSnakemakeBenchmarkOfItsFolder: a log under a workflow's
// .snakemake/log takes the benchmark file of that workflow's folder, not
// a file of the same name elsewhere in the load; a benchmark of two
// repeats, or whose wall time is not the attempt's, stays a row of its
// own.
func TestSnakemakeBenchmarkOfItsFolder(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	block := func(id, rule, bench, t0, t1 string) string {
		return "[" + t0 + "]\nrule " + rule + ":\n    output: out/" + id + "\n    jobid: " + id + "\n    benchmark: " + bench + "\n\n[" + t1 + "]\nFinished job " + id + ".\n"
	}
	log := write("wf/.snakemake/log/2026-01-01T000000.000000.snakemake.log", "Building DAG of jobs...\nProvided cores: 1\n\n"+
		block("1", "a", "bench/a.tsv", "Thu Jan  1 00:00:00 2026", "Thu Jan  1 00:00:10 2026")+
		block("2", "b", "bench/b.tsv", "Thu Jan  1 00:00:10 2026", "Thu Jan  1 00:00:20 2026")+
		block("3", "c", "bench/c.tsv", "Thu Jan  1 00:00:20 2026", "Thu Jan  1 00:00:30 2026"))
	head := "s\th:m:s\tmax_rss\tmax_vms\tmax_uss\tmax_pss\tio_in\tio_out\tmean_load\tcpu_time\n"
	write("wf/bench/a.tsv", head+"10.2\t0:00:10\t100\t200\t1\t1\t0\t0\t90\t9\n")
	write("wf/bench/b.tsv", head+"5.1\t0:00:05\t100\t200\t1\t1\t0\t0\t90\t4\n5.2\t0:00:05\t100\t200\t1\t1\t0\t0\t90\t4\n")
	write("wf/bench/c.tsv", head+"99.0\t0:01:39\t100\t200\t1\t1\t0\t0\t90\t9\n")
	write("other/bench/a.tsv", head+"10.0\t0:00:10\t555\t600\t1\t1\t0\t0\t90\t9\n")
	d, err := OpenWith(source.Options{TimeZone: "UTC"}, log, filepath.Join(root, "wf/bench"), filepath.Join(root, "other/bench"))
	if err != nil {
		t.Fatal(err)
	}
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	job, _, _ := tasks.Strings("job")
	mem, memOK, _ := tasks.Float64s("mem_mb")
	var got []string
	for i := range job {
		m := "-"
		if memOK[i] {
			m = strconv.FormatFloat(mem[i], 'g', -1, 64)
		}
		got = append(got, filepath.Base(filepath.Dir(job[i]))+"/"+filepath.Base(job[i])+":"+m)
	}
	sort.Strings(got)
	want := "./2026-01-01T000000.000000:- ./2026-01-01T000000.000000:- ./2026-01-01T000000.000000:100 bench/a.tsv:555 bench/b.tsv:100 bench/b.tsv:100 bench/c.tsv:100"
	if strings.Join(got, " ") != want {
		t.Fatalf("rows\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
}
