package slurm

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// The benchmark's input: sacct --parsable2 output of a generated cluster
// history, one job and its .batch, .extern and .0 steps at a time, with
// the 30 fields of a typical accounting query. Some JobNames hold a |
// (1 in 50) and some SubmitLines a pipeline, as real ones do. The
// generator is deterministic (seed 1); the file is cached in the
// temporary directory.
//
//	go test ./loaders/slurm -run '^$' -bench Load -benchtime 5x
//
// The MB/s column is input bytes per second.

const benchHeader = "JobID|JobIDRaw|JobName|Partition|Account|User|UID|Group|Submit|Eligible|Start|End|Elapsed|TotalCPU|CPUTime|State|ExitCode|NNodes|NCPUS|AllocCPUS|ReqCPUS|ReqMem|ReqTRES|AllocTRES|MaxRSS|MaxVMSize|AveCPU|Timelimit|NodeList|SubmitLine"

// genSacct writes records (rows) of sacct output to w.
func genSacct(w io.Writer, records int) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	rng := rand.New(rand.NewSource(1))
	fmt.Fprintln(bw, benchHeader)
	t := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	states := []string{"COMPLETED", "COMPLETED", "COMPLETED", "FAILED", "TIMEOUT", "CANCELLED by 1001", "OUT_OF_MEMORY"}
	hms := func(s int) string { return fmt.Sprintf("%02d:%02d:%02d", s/3600, s%3600/60, s%60) }
	ts := func(t time.Time) string { return t.Format("2006-01-02T15:04:05") }
	for job, n := 1, 0; n < records; job++ {
		t = t.Add(time.Duration(rng.Intn(20)) * time.Second)
		wait, run := rng.Intn(3600), 1+rng.Intn(20000)
		start, end := t.Add(time.Duration(wait)*time.Second), t.Add(time.Duration(wait+run)*time.Second)
		nodes := 1 + rng.Intn(4)*rng.Intn(2)
		cpus := nodes * 32
		name := fmt.Sprintf("sim_%d", rng.Intn(500))
		if rng.Intn(50) == 0 {
			name += "|post"
		}
		first := 100 + rng.Intn(800)
		list := fmt.Sprintf("cn%04d", first)
		if nodes > 1 {
			list = fmt.Sprintf("cn[%04d-%04d]", first, first+nodes-1)
		}
		state := states[rng.Intn(len(states))]
		user := rng.Intn(200)
		common := fmt.Sprintf("compute|proj%03d|user%03d|%d|grp%02d|%s|%s|%s|%s", user%40, user, 10000+user, user%10, ts(t), ts(t), ts(start), ts(end))
		sub := fmt.Sprintf("sbatch -N %d --mem=%dG run.sh", nodes, 4*nodes)
		if rng.Intn(10) == 0 {
			sub = "sbatch --wrap=cat in.txt | sort | uniq -c"
		}
		tres := fmt.Sprintf("billing=%d,cpu=%d,mem=%dG,node=%d", cpus, cpus, 4*nodes, nodes)
		// JobID..End | Elapsed TotalCPU CPUTime State ExitCode | NNodes NCPUS AllocCPUS ReqCPUS | ReqMem ReqTRES AllocTRES | MaxRSS MaxVMSize AveCPU | Timelimit NodeList SubmitLine
		fmt.Fprintf(bw, "%d|%d|%s|%s|%s|%s|%s|%s|0:0|%d|%d|%d|%d|%dG|%s|%s||||2-00:00:00|%s|%s\n",
			job, job, name, common, hms(run), hms(run*cpus/2), hms(run*cpus), state, nodes, cpus, cpus, cpus, 4*nodes, tres, tres, list, sub)
		for _, step := range []string{"batch", "extern", "0"} {
			rss := 1000 + rng.Intn(4000000)
			fmt.Fprintf(bw, "%d.%s|%d.%s|%s|%s|%s|%s|%s|%s|0:0|%d|%d|%d|%d|||cpu=%d,mem=%dG,node=%d|%dK|%dK|%s||%s|\n",
				job, step, job, step, step, common, hms(run), hms(run/3), hms(run*cpus), state, nodes, cpus, cpus, cpus, cpus, 4*nodes, nodes, rss, rss*3, hms(run/4), list)
		}
		n += 4
	}
	return bw.Flush()
}

// benchFile returns the path of the generated input of n records.
func benchFile(b *testing.B, n int) string {
	return sourcetest.CachedInput(b, fmt.Sprintf("jobframe-sacct-%d.txt", n), func(w io.Writer) error { return genSacct(w, n) })
}

func BenchmarkLoadSlurm(b *testing.B) {
	sourcetest.BenchLoad(b, benchFile(b, 1_000_000), Load, "tasks", 750_000)
}

// BenchmarkLoadSlurmFewColumns loads the same input keeping a few
// columns of the jobs and tasks, as a report or an analysis does: the
// fields it leaves out (Partition, Account, UID, Group, CPUTime, NNodes,
// MaxVMSize, AveCPU, SubmitLine, ...) are checked but not stored.
func BenchmarkLoadSlurmFewColumns(b *testing.B) {
	few := map[string][]string{schema.Tasks: {"job", "task", "start", "end", "state", "cpu_time_s", "mem_mb"}, schema.Jobs: {"job", "start", "end", "status"}}
	sourcetest.BenchLoad(b, benchFile(b, 1_000_000), func(r io.Reader, o source.Options) (*source.Dataset, error) {
		o.Columns = few
		return Load(r, o)
	}, "tasks", 750_000)
}

// TestGeneratedInputLoads checks the benchmark's generator against the
// loader on a small input: every record reads, and the jobs with a | in
// their name keep it.
func TestGeneratedInputLoads(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sacct.txt")
	f, _ := os.Create(p)
	if err := genSacct(f, 4000); err != nil {
		t.Fatal(err)
	}
	f.Close()
	f, _ = os.Open(p)
	defer f.Close()
	d, err := Load(f, source.Options{Name: p})
	if err != nil {
		t.Fatal(err)
	}
	if n := d.Frames["jobs"].NumRows(); n != 1000 {
		t.Fatalf("%d jobs", n)
	}
	names, _, _ := d.Frames["jobs"].Strings("name")
	piped := 0
	for _, n := range names {
		if len(n) > 5 && n[len(n)-5:] == "|post" {
			piped++
		}
	}
	if piped == 0 {
		t.Error("no JobName with | in the generated input")
	}
	// Every step has its node list and an empty SubmitLine.
	sub, ok, _ := d.Frames["tasks"].Strings("submit_line")
	workers, wok, _ := d.Frames["tasks"].Strings("worker")
	for i := range sub {
		if ok[i] || !wok[i] || workers[i] == "" {
			t.Fatalf("step %d: SubmitLine %q, worker %q", i, sub[i], workers[i])
		}
	}
}
