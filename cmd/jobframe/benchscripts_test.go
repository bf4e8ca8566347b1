package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestBenchScriptsMatchPandas runs the benchmark scripts of scripts/bench
// and the pandas reference scripts of ../shared/bench/pandas on inputs
// that ../shared/bench/gen (benchgen) makes with a seed other than the
// bundled inputs', and wants equal fingerprints: an independent check
// beyond the golden lines of testdata/script/bench.txtar. It skips
// without ../shared or pandas, unless JOBFRAME_REQUIRE_INTEROP=1 (.ci/run).
func TestBenchScriptsMatchPandas(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	py := "/usr/bin/python3"
	sourcetest.Need(t, exec.Command(py, "-c", "import pandas, numpy").Run() == nil, "Debian's python3-pandas for /usr/bin/python3", "skipping the cross-check with pandas")
	dir := t.TempDir()
	bench, gen := sourcetest.Benchgen(t, dir)
	// HQ at 8,000 tasks: the first size of seed 3 with a cancelled job.
	// WQ at 20,000 tasks: four batches of the loader, enough for wq.go to
	// merge its counts of distinct values (summary.compact) for both
	// columns.
	inputs := map[string][]string{
		"hq":     {"hq", "-tasks", "8000", "-workers", "6", "-seed", "3", "-o", filepath.Join(dir, "hq.jsonl")},
		"wq":     {"wq", "-tasks", "20000", "-workers", "6", "-seed", "3", "-o", filepath.Join(dir, "wq.log")},
		"balsam": {"balsam", "-jobs", "600", "-seed", "3", "-dir", filepath.Join(dir, "balsam")},
		"epmt":   {"epmt", "-procs", "600", "-seed", "3", "-o", filepath.Join(dir, "epmt.csv")},
	}
	for _, name := range []string{"hq", "wq", "balsam", "epmt"} {
		t.Run(name, func(t *testing.T) {
			args := inputs[name]
			if out, err := exec.Command(gen, args...).CombinedOutput(); err != nil {
				t.Fatalf("benchgen %v: %v\n%s", args, err, out)
			}
			input := args[len(args)-1]
			ref, err := exec.Command(py, filepath.Join(bench, "pandas", name+"_seed.py"), input).Output()
			if err != nil {
				t.Fatalf("pandas %s: %v", name, err)
			}
			var stdout, stderr bytes.Buffer
			if code := run([]string{"run", filepath.Join("..", "..", "scripts", "bench", name+".go"), input}, &stdout, &stderr); code != 0 {
				t.Fatalf("jobframe run %s.go: status %d\n%s", name, code, stderr.String())
			}
			want, got := lastLine(string(ref)), lastLine(stdout.String())
			if got != want || want == "" {
				t.Fatalf("fingerprints differ\njobframe %s\npandas   %s", got, want)
			}
		})
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
