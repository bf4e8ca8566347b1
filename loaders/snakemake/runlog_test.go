package snakemake

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestLogGolden loads every case of testdata/golden-log (go test -run
// Golden -update rewrites them).
func TestLogGolden(t *testing.T) { sourcetest.Golden(t, LogFormat(), "testdata/golden-log") }

// TestRunLog reads the first log of the run made here (Snakemake 7.21,
// testdata/snakemake/run-here) and checks what it says, read by hand:
// 10 starts of 9 jobs (job 8, flaky, failed with exit 3, was restarted
// and finished), job 10 (broken) failed, the run stopped after 8 of 11
// steps with 2 cores.
func TestRunLog(t *testing.T) {
	path := sourcetest.Bundled("snakemake/run-here/2026-11-28T042021.455478.snakemake.log")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !sniffLog("-", b) || !sniffLog(path, nil) {
		t.Fatal("not sniffed as a run log")
	}
	d, err := LoadLog(strings.NewReader(string(b)), source.Options{Name: path, TimeZone: "UTC"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := d.Frames["tasks"]
	ids, _, _ := tasks.Int64s("task")
	att, _, _ := tasks.Int64s("attempt")
	state, _, _ := tasks.Strings("state")
	cpus, _, _ := tasks.Float64s("req_cpus")
	wild, _, _ := tasks.Strings("wildcards")
	sourcetest.SameJSON(t, "attempts", []any{ids, att, state, cpus, wild[0]},
		[]any{[]int64{6, 2, 10, 4, 8, 8, 5, 3, 1, 7}, []int64{1, 1, 1, 1, 1, 2, 1, 1, 1, 1},
			[]string{"success", "success", "failed", "success", "failed", "success", "success", "success", "success", "success"},
			[]float64{1, 1, 1, 1, 1, 1, 2, 2, 2, 1}, "s=c"})
	jobs := d.Frames["jobs"]
	st, _, _ := jobs.Strings("state")
	done, _, _ := jobs.Int64s("steps_done")
	total, _, _ := jobs.Int64s("steps_total")
	cores, _, _ := jobs.Int64s("cores")
	sourcetest.SameJSON(t, "run", []any{st[0], done[0], total[0], cores[0], d.Frames["events"].NumRows()}, []any{"failed", 8, 11, 2, 21})
}

// TestRunLog8: Snakemake 8's forms, as its logs print them: Finished
// jobid: N (Rule: NAME), localrule, "Execute 1 jobs...", and the SLURM
// executor's submission line giving the batch job id; a log that stops
// with a job running leaves it running.
func TestRunLog8(t *testing.T) {
	in := `Assuming unrestricted shared filesystem usage.
host: n01
Building DAG of jobs...
Provided cores: 4
Select jobs to execute...
Execute 1 jobs...

[Fri May 30 03:30:27 2025]
localrule hello_world:
    output: hello_world.txt
    jobid: 1
    reason: Missing output files: hello_world.txt
    threads: 4
    resources: tmpdir=/tmp

Job 1 has been submitted with SLURM jobid 4242 (log: /work/.snakemake/slurm_logs/rule_hello_world/4242.log).
[Fri May 30 03:30:29 2025]
Finished jobid: 1 (Rule: hello_world)
1 of 2 steps (50%) done
Select jobs to execute...

[Fri May 30 03:30:30 2025]
localrule all:
    input: hello_world.txt
    jobid: 0
    reason: Input files updated by another job: hello_world.txt
    resources: tmpdir=/tmp
`
	d, err := LoadLog(strings.NewReader(in), source.Options{Name: "x.snakemake.log", TimeZone: "UTC"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := d.Frames["tasks"]
	state, _, _ := tasks.Strings("state")
	ext, _, _ := tasks.Strings("backend_job_id")
	wall, wallOK, _ := tasks.Float64s("wall_time_s")
	cpus, _, _ := tasks.Float64s("req_cpus")
	jstate, _, _ := d.Frames["jobs"].Strings("state")
	sourcetest.SameJSON(t, "Snakemake 8", []any{state, ext[0], wall[0], wallOK[1], cpus, jstate[0]},
		[]any{[]string{"success", "running"}, "4242", 2.0, false, []float64{4, 1}, "incomplete"})
}

// TestRunLogBad: a job's record without its jobid, a jobid that is no
// number, a time that is not a date, threads that are no count and a
// count past 64 bits name their line and field in strict mode; lenient
// mode skips them.
func TestRunLogBad(t *testing.T) {
	start := "Building DAG of jobs...\n\n[Sat Nov 28 04:20:21 2026]\nrule make:\n    output: raw/c.txt\n"
	for _, c := range []struct{ name, in, want string }{
		{"no jobid", start + "    wildcards: s=c\n\n[Sat Nov 28 04:20:22 2026]\nFinished job 6.\n", `x.snakemake.log:4: field jobid: got "make", want a jobid: line`},
		{"jobid", start + "    jobid: six\n", `x.snakemake.log:6: field jobid: got "six", want a job id`},
		{"time", "Building DAG of jobs...\n[Sat Nov 31 04:20:21 2026]\n", `x.snakemake.log:2: field time: got "[Sat Nov 31 04:20:21 2026]", want a time as Python's ctime writes it`},
		{"threads", start + "    jobid: 6\n    threads: many\n", `x.snakemake.log:7: field threads: got "many", want a count of threads`},
		{"count", "Building DAG of jobs...\nProvided cores: 99999999999999999999\n", `x.snakemake.log:2: field cores: got "Provided cores: 99999999999999999999", want a whole number that fits 64 bits`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadLog(strings.NewReader(c.in), source.Options{Name: "x.snakemake.log"})
			var pe *source.ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %s", err, c.want)
			}
			d, err := LoadLog(strings.NewReader(c.in), source.Options{Name: "x.snakemake.log", Lenient: true})
			if err != nil || !strings.Contains(d.Warnings[len(d.Warnings)-1].Msg, "1 bad records skipped") {
				t.Fatalf("lenient: %v %v", err, d.Warnings)
			}
		})
	}
}

// FuzzLoadSnakemakeLog: any run log loads or fails with an error (the
// loaders' contract), from the three logs of the run made here.
func FuzzLoadSnakemakeLog(f *testing.F) {
	for _, p := range []string{"snakemake/run-here/2026-11-28T042021.455478.snakemake.log", "snakemake/run-here/2026-11-28T042057.690728.snakemake.log"} {
		if b, err := os.ReadFile(sourcetest.Bundled(p)); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		load := func(s string, o source.Options) (*source.Dataset, error) { return LoadLog(strings.NewReader(s), o) }
		sourcetest.Contract(t, in, load)
		// building only some columns gives the whole load's, selected
		sourcetest.Projects(t, in, load, map[string][]string{schema.Jobs: {"job", "cores"}, schema.Tasks: {"task", "inputs", "reason"},
			schema.Events: {"time", "category"}})
	})
}
