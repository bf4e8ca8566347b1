package slurm

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func load(t *testing.T, name string) *source.Dataset {
	t.Helper()
	d := sourcetest.LoadFile(t, sourcetest.Bundled("slurm/"+name), Load, source.Options{})
	sourcetest.Conform(t, d)
	return d
}

func floats(t *testing.T, d *source.Dataset, frame, col string) (sum, mx float64) {
	t.Helper()
	return sourcetest.SumMax(t, sourcetest.Frame(t, d, frame), col)
}

// TestFiguresOfTheExports checks the tdhock exports against
// testdata/slurm/figures.py, which reads the raw files with no jobframe
// code (/usr/bin/python3 testdata/slurm/figures.py testdata/slurm/tdhock_*).
func TestFiguresOfTheExports(t *testing.T) {
	for _, c := range []struct {
		file           string
		jobs, steps    int
		states         string
		elapsed, maxMB string
	}{
		{"tdhock_sacct-allcols.txt", 1, 2, "TIMEOUT:1", "7216", "1785.3477"},
		{"tdhock_sacct-job13936577.txt", 236, 472, "COMPLETED:231 FAILED:5", "4323164", "405.3076"},
		{"tdhock_sacct-multistep.txt", 76, 150, "PENDING:1 RUNNING:75", "33598", "0.0000"},
		// "" for an empty MaxRSS throughout (rewritten by R's data.table)
		{"tdhock_sacct-2019-11-21.txt", 86, 128, "COMPLETED:28 OUT_OF_MEMORY:2 PENDING:22 RUNNING:34", "96626", "1999.9922"},
		{"tdhock_sacct-manyfields.txt", 1, 2, "TIMEOUT:1", "7261", "270.3799"},
		{"tdhock_sacct-multitype.txt", 3, 2, "COMPLETED:1 PENDING:2", "50971", "385.7031"},
		{"tdhock_sacct-PENDING.txt", 1, 0, "PENDING:1", "0", "0.0000"},
	} {
		d := load(t, c.file)
		jobs, steps := sourcetest.Frame(t, d, "jobs"), sourcetest.Frame(t, d, "tasks")
		if jobs.NumRows() != c.jobs || steps.NumRows() != c.steps {
			t.Errorf("%s: %d jobs, %d steps; want %d, %d", c.file, jobs.NumRows(), steps.NumRows(), c.jobs, c.steps)
		}
		if got := sourcetest.Counts(t, jobs, "state"); got != c.states {
			t.Errorf("%s: job states %s, want %s", c.file, got, c.states)
		}
		sum, _ := floats(t, d, "tasks", "wall_time_s")
		_, mx := floats(t, d, "tasks", "mem_mb")
		if got := fmt.Sprintf("%.0f", sum); got != c.elapsed {
			t.Errorf("%s: step Elapsed sums to %s s, want %s", c.file, got, c.elapsed)
		}
		if got := fmt.Sprintf("%.4f", mx); got != c.maxMB {
			t.Errorf("%s: largest step MaxRSS %s MiB, want %s", c.file, got, c.maxMB)
		}
	}
}

// TestDelimitersInFreeText checks the slurmsim dumps, counted by hand:
// dump2110 has 7 records (the job 7957382, its .batch and .extern, and
// four copies of the job with | in Constraints and JobName); the
// SubmitLine of the job holds two |, and 9067954's SubmitLine in the
// multiline file spans lines 8-12.
func TestDelimitersInFreeText(t *testing.T) {
	d := load(t, "slurmsim_sacct_dump2110.log")
	jobs := sourcetest.Frame(t, d, "jobs")
	// Where empty fields border the free text, the extra | could go to
	// either: the earlier field takes it (records 4 and 5).
	want := []string{
		"qlogin null 1",
		"qlogin cpu-a|cpu-b 2",
		"qlo|gin cpu-a|cpu-b 3",
		"qlogin| cpu-a|cpu-b|gpu 4",
		"qlo|gin| cpu-a|cpu-b|gpu| 5",
	}
	got := sourcetest.Cells(t, jobs, "job", "7957382", "name", "constraints", "attempt")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("names and constraints:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	lines, _, _ := jobs.Strings("submit_line")
	for _, l := range lines {
		if l != "sbatch -M cluster001 -p partition001 --qos=qos001 --time=24:00:00 --nodes=1 --ntasks=1 --mem=4000 -J qlogin --wrap=env | grep SLURM | sed 's/^/export /g'; sleep 24h" {
			t.Errorf("SubmitLine %q", l)
		}
	}
	if got := sourcetest.Counts(t, sourcetest.Frame(t, d, "tasks"), "step"); got != "batch:1 extern:1" {
		t.Errorf("steps %s", got)
	}

	d = load(t, "slurmsim_sacct_submitline_multiline.log")
	jobs = sourcetest.Frame(t, d, "jobs")
	got = sourcetest.Cells(t, jobs, "job", "9067954", "line", "nnodes", "alloc_cpus")
	if strings.Join(got, ";") != "4 16 576" {
		t.Errorf("9067954: %v", got)
	}
	steps := sourcetest.Frame(t, d, "tasks")
	if got := sourcetest.Counts(t, steps, "step"); got != "0:1 1:1 2:1 batch:2 extern:2" {
		t.Errorf("steps %s", got)
	}
	sub := sourcetest.Cells(t, steps, "step", "1", "line", "submit_line")
	if len(sub) != 1 || !strings.HasPrefix(sub[0], "8 srun --nodes=16") || !strings.Contains(sub[0], "\n     mkdir -p \"/scratch/9067954\"\n   fi") {
		t.Errorf("step 1's SubmitLine: %q", sub)
	}
	// 9067954's NodeList names 16 nodes: .extern, .0 and .1 run on all
	// of them, .batch and .2 on the first; 7957382's steps on one.
	if n := sourcetest.Frame(t, d, "placements").NumRows(); n != 16*3+2+2 {
		t.Errorf("%d placements, want 52", n)
	}
}

// TestSimpleParsable2 checks the 26-field file: JobName holds ||, | and
// a trailing |; NTasks is empty.
func TestSimpleParsable2(t *testing.T) {
	d := load(t, "slurmsim_sacct_simple.log")
	names, _, _ := sourcetest.Frame(t, d, "jobs").Strings("name")
	if strings.Join(names, ",") != "job_00001,job_0||0002,job_0|0003,job_|00004" {
		t.Errorf("names %q", names)
	}
	al := sourcetest.Frame(t, d, "allocations")
	// Job 3 was submitted at 14:23:28 and started at 14:23:31; job 1
	// asked for 500G and job 2 for 187000M.
	if got := sourcetest.Cells(t, al, "id", "3", "wait_s", "queue_s", "nodes", "cpus"); strings.Join(got, "") != "3.0 3.0 2 18.0" {
		t.Errorf("job 3: %v", got)
	}
	if got := sourcetest.Cells(t, sourcetest.Frame(t, d, "jobs"), "job", "2", "req_mem_mb", "wall_time_s", "req_time_s"); strings.Join(got, "") != "187000.0 12688.0 259200.0" {
		t.Errorf("job 2: %v", got)
	}
}

// TestStepTimeLimits: sacct prints Timelimit on the job row only (line 2:
// job 7957382, 1-00:00:00; line 4: job 9067954, 05:00:00; the step rows'
// field is empty); the steps' req_time_s is their job's, in seconds.
func TestStepTimeLimits(t *testing.T) {
	d := load(t, "slurmsim_sacct_submitline_multiline.log")
	tasks := sourcetest.Frame(t, d, "tasks")
	got := sourcetest.CSV(t, tasks.Select("job", "step", "req_time_s"))
	want := "job,step,req_time_s\n7957382,batch,86400\n9067954,batch,18000\n9067954,extern,18000\n9067954,0,18000\n9067954,1,18000\n9067954,2,18000\n7957382,extern,86400\n"
	if got != want {
		t.Errorf("steps' limits:\n%s\nwant\n%s", got, want)
	}
}

// TestJobsAcrossBatches loads a generated file of 1,500 jobs, long enough
// that the loader reads it in several batches on several goroutines, so
// that jobs and their steps, and records whose SubmitLine holds a
// newline, fall on both sides of batch boundaries. Every 7th job is
// requeued (printed twice, as sacct --duplicates does, each run with its
// own steps and limit); every 21st prints both its job rows before the
// steps of either run; every 13th has a step whose job row is not in the
// file; every 17th has a SubmitLine whose second line reads as a record
// of its own. The generator knows each figure: a job's mem_mb is the
// largest MaxRSS of its run's steps, a step's req_time_s its run's
// Timelimit (null for the orphans), attempts count the runs.
func TestJobsAcrossBatches(t *testing.T) {
	var in strings.Builder
	in.WriteString("JobID|State|Timelimit|SubmitLine|MaxRSS\n") // SubmitLine the one free text
	var (
		wantJobMem                  []string // per job row: mem_mb
		wantJobAttempt              []int64
		wantSub                     []string
		wantStepLimit, wantStepJobs []string // per step row
	)
	for j := 1; j <= 1500; j++ {
		runs := 1
		if j%7 == 0 {
			runs = 2
		}
		var steps []string // the step rows of each run, printed after its job row or after all
		for run := 1; run <= runs; run++ {
			limit := j + 1000*(run-1) // minutes
			sub := "sbatch run.sh"
			switch {
			case j%17 == 0:
				sub = "sbatch --wrap='x\n99|COMPLETED|5|z'" // the second line reads as job 99
			case j%11 == 0:
				sub = "sbatch --wrap='a\nb'" // the record spans two lines
			}
			fmt.Fprintf(&in, "%d|COMPLETED|%d|%s|\n", j, limit, sub)
			wantSub = append(wantSub, sub)
			var rows strings.Builder
			peak := 0
			for k := 0; k < j%5; k++ {
				rss := (k + 1) * j * run * 1024 // KiB: (k+1)*j*run MiB
				peak = max(peak, rss)
				fmt.Fprintf(&rows, "%d.%d|COMPLETED|||%dK\n", j, k, rss)
				wantStepLimit = append(wantStepLimit, fmt.Sprint(limit*60))
				wantStepJobs = append(wantStepJobs, fmt.Sprint(j))
			}
			if j%21 == 0 {
				steps = append(steps, rows.String())
			} else {
				in.WriteString(rows.String())
			}
			if peak == 0 {
				wantJobMem = append(wantJobMem, "null")
			} else {
				wantJobMem = append(wantJobMem, fmt.Sprint(peak/1024))
			}
			wantJobAttempt = append(wantJobAttempt, int64(run))
		}
		in.WriteString(strings.Join(steps, ""))
		if j%13 == 0 {
			fmt.Fprintf(&in, "%d.batch|COMPLETED|||1K\n", 100000+j)
			wantStepLimit = append(wantStepLimit, "null")
			wantStepJobs = append(wantStepJobs, fmt.Sprint(100000+j))
		}
	}
	d, err := Load(strings.NewReader(in.String()), source.Options{Name: "gen.txt"})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings) > 0 {
		t.Fatalf("warnings: %v", d.Warnings)
	}
	jobs, tasks := sourcetest.Frame(t, d, "jobs"), sourcetest.Frame(t, d, "tasks")
	column := func(f *frame.Frame, name string) []string { // numbers as %v, null as null
		out := make([]string, f.NumRows())
		if ty, _ := f.Type(name); ty == frame.String {
			v, _, _ := f.Strings(name)
			return v
		}
		v, ok, err := f.Float64s(name)
		if err != nil {
			t.Fatal(err)
		}
		for i := range out {
			out[i] = "null"
			if ok == nil || ok[i] {
				out[i] = fmt.Sprint(v[i])
			}
		}
		return out
	}
	for _, c := range []struct {
		what      string
		got, want []string
	}{
		{"jobs' mem_mb", column(jobs, "mem_mb"), wantJobMem},
		{"steps' req_time_s", column(tasks, "req_time_s"), wantStepLimit},
		{"steps' job", column(tasks, "job"), wantStepJobs},
	} {
		if !slices.Equal(c.got, c.want) {
			for i := range min(len(c.got), len(c.want)) {
				if c.got[i] != c.want[i] {
					t.Fatalf("%s: row %d is %s, want %s (%d rows, want %d)", c.what, i, c.got[i], c.want[i], len(c.got), len(c.want))
				}
			}
			t.Fatalf("%s: %d rows, want %d", c.what, len(c.got), len(c.want))
		}
	}
	attempts, _, _ := jobs.Int64s("attempt")
	if !slices.Equal(attempts, wantJobAttempt) {
		t.Fatalf("jobs' attempts differ")
	}
	if got := column(jobs, "submit_line"); !slices.Equal(got, wantSub) {
		t.Fatalf("SubmitLines differ")
	}
}

// TestBreakAndBarInOneField checks a free text that holds both a line
// break and the delimiter: sacct writes neither escaped, so the record
// spans lines and has more fields than the header; the text is joined
// back whole, with its newlines and its |.
func TestBreakAndBarInOneField(t *testing.T) {
	in := "JobID|JobName|State|SubmitLine|Elapsed\n" +
		"100|x|COMPLETED|sbatch --wrap='sort a\n | uniq -c\n | head'|00:00:07\n" +
		"101|y|FAILED|sbatch y.sh|00:00:01\n"
	d, err := Load(strings.NewReader(in), source.Options{Name: "mixed.txt"})
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.Conform(t, d)
	jobs := sourcetest.Frame(t, d, "jobs")
	got := sourcetest.Cells(t, jobs, "job", "100", "line", "submit_line", "wall_time_s")
	want := []string{"2 sbatch --wrap='sort a\n | uniq -c\n | head' 7.0"}
	if !slices.Equal(got, want) {
		t.Errorf("job 100: %q, want %q", got, want)
	}
	if got := sourcetest.Cells(t, jobs, "job", "101", "line", "state"); !slices.Equal(got, []string{"5 FAILED"}) {
		t.Errorf("job 101: %q", got)
	}
	// A record that never reads, however far it is joined, is one bad
	// record naming its first line, how far it was joined and its
	// field count.
	bad := "JobID|JobName|State|SubmitLine|Elapsed\n" +
		"100|x|COMPLETED|sbatch --wrap='sort a\n | uniq -c|soon\n | head'|later\n"
	_, err = Load(strings.NewReader(bad), source.Options{Name: "mixed.txt"})
	if err == nil || !strings.Contains(err.Error(), "mixed.txt:2:") || !strings.Contains(err.Error(), "up to 4 as one record") || !strings.Contains(err.Error(), "it has 8") {
		t.Errorf("strict: %v", err)
	}
}
