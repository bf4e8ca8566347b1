package lake

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestHelperIngest is the child process of the large-input tests: it
// ingests $JOBFRAME_LAKE_INPUT into $JOBFRAME_LAKE_DIR and exits.
func TestHelperIngest(t *testing.T) {
	dir, in := os.Getenv("JOBFRAME_LAKE_DIR"), os.Getenv("JOBFRAME_LAKE_INPUT")
	if dir == "" {
		t.Skip("the child process of TestIngestLargeJournal")
	}
	if _, err := Ingest(context.Background(), dir, []string{in}, Options{}); err != nil {
		t.Fatal(err)
	}
}

// TestIngestLargeJournal ingests a 2,000,000-task HyperQueue journal that
// ../shared/bench/gen writes (about 420 MB) in a child process, killed
// with SIGKILL while it writes: the lake then holds nothing of it and
// its manifest no entry. A second child ingests it whole in less memory
// than the journal's size. DuckDB then runs scripts/sql/hq.sql on the lake
// and ../shared/bench/duckdb/hq.mjs on the raw journal: the fingerprints
// must be equal. A last ingest skips the journal.
func TestIngestLargeJournal(t *testing.T) {
	bench, tmp, gen := benchSetup(t)
	journal := filepath.Join(tmp, "hq.jsonl")
	size := generate(t, gen, journal, "hq", "-tasks", "2000000", "-workers", "64", "-seed", "5")
	dir := filepath.Join(tmp, "lake")

	// Killed while it writes.
	child := ingestChild(t, dir, journal)
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for len(parquetFiles(t, filepath.Join(dir, stagingDir))) < 3 {
		if time.Now().After(deadline) {
			child.Process.Kill()
			t.Fatal("the child wrote no staged files in 2 minutes")
		}
		time.Sleep(5 * time.Millisecond)
	}
	child.Process.Signal(syscall.SIGKILL)
	child.Wait()
	m, err := manifest.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Inputs) != 0 {
		t.Fatalf("after the kill the manifest lists %+v", m.Inputs)
	}
	for _, p := range parquetFiles(t, dir) {
		if !strings.Contains(p, stagingDir) {
			t.Fatalf("after the kill %s is visible", p)
		}
	}

	// Run again: it cleans up and ingests, in bounded memory, and DuckDB
	// finds on the lake what it finds in the journal.
	ingestBounded(t, dir, journal, size)
	sameFingerprint(t, bench, dir, journal, "hq", "HQ workers=")

	res, err := Ingest(context.Background(), dir, []string{journal}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Action != Skipped {
		t.Errorf("a third ingest: %s, want skipped", res[0].Action)
	}
}

// TestIngestLargeWorkQueueLog ingests a 300,000-task Work Queue log from
// ../shared/bench/gen (about 750 MB; every task is queued before the
// first runs, as the generator's manager does) in a child process, in
// less memory than the log's size and under 512 MB (read whole, the
// same log took about 3 GB), and DuckDB's scripts/sql/wq.sql on the lake
// gives the fingerprint of ../shared/bench/duckdb/wq.mjs on the log.
func TestIngestLargeWorkQueueLog(t *testing.T) {
	bench, tmp, gen := benchSetup(t)
	log := filepath.Join(tmp, "wq.log")
	size := generate(t, gen, log, "wq", "-tasks", "300000", "-workers", "60", "-seed", "6")
	dir := filepath.Join(tmp, "lake")
	ingestBounded(t, dir, log, size)
	sameFingerprint(t, bench, dir, log, "wq", "WQ rows=")
}

// TestIngestLargeBalsam ingests a 200,000-job Balsam dump from
// ../shared/bench/gen (about 250 MB: 1.07 million events) in a child
// process under 512 MB (read whole, it took about 700 MB: the events
// now stream, and only the columns their attempts are read from stay
// to the end), and DuckDB's scripts/sql/balsam.sql on the lake gives
// the fingerprint of ../shared/bench/duckdb/balsam.mjs on the dump.
func TestIngestLargeBalsam(t *testing.T) {
	bench, tmp, gen := benchSetup(t)
	dump := filepath.Join(tmp, "balsam")
	if b, err := exec.Command(gen, "balsam", "-jobs", "200000", "-seed", "7", "-dir", dump).CombinedOutput(); err != nil {
		t.Fatalf("benchgen: %v\n%s", err, b)
	}
	var size int64
	for _, f := range []string{"events.json", "jobs.json", "batchjobs.json"} {
		st, err := os.Stat(filepath.Join(dump, f))
		if err != nil {
			t.Fatal(err)
		}
		size += st.Size()
	}
	dir := filepath.Join(tmp, "lake")
	ingestUnder(t, dir, dump, size, 512<<20)
	sameFingerprint(t, bench, dir, dump, "balsam", "BALSAM events=")
}

// ingestBounded ingests in (size bytes) into dir in a child process
// and fails unless its peak RSS is under size and under 512 MB.
func ingestBounded(t *testing.T, dir, in string, size int64) {
	ingestUnder(t, dir, in, size, min(size, 512<<20))
}

// ingestUnder ingests in (size bytes) into dir in a child process and
// fails unless its peak RSS is under limit bytes.
func ingestUnder(t *testing.T, dir, in string, size, limit int64) {
	child := ingestChild(t, dir, in)
	if out, err := child.CombinedOutput(); err != nil {
		t.Fatalf("ingest: %v\n%s", err, out)
	}
	rss := child.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024 // bytes (Linux: KiB)
	t.Logf("ingest of %d MB: peak RSS %d MB", size>>20, rss>>20)
	if rss >= limit {
		t.Errorf("ingest peak RSS %d MB, want under %d MB (the input is %d MB)", rss>>20, limit>>20, size>>20)
	}
	if _, err := os.Stat(filepath.Join(dir, stagingDir)); !os.IsNotExist(err) {
		t.Errorf("staging left behind: %v", err)
	}
}

// sameFingerprint runs scripts/sql/NAME.sql on the lake dir and the
// benchmark's duckdb/NAME.mjs on the raw input: the fingerprints, which
// start with prefix, must be equal.
func sameFingerprint(t *testing.T, bench, dir, input, name, prefix string) {
	got := nodeLine(t, filepath.Join(interopDir(), "sql.mjs"), dir, filepath.Join(repoRoot(), "scripts", "sql", name+".sql"))
	want := nodeLine(t, benchScript(t, bench, name+".mjs"), input)
	if got != want || !strings.HasPrefix(want, prefix) {
		t.Fatalf("fingerprints differ\nlake (scripts/sql/%s.sql) %s\nraw (bench %s.mjs)    %s", name, got, name, want)
	}
}

// ingestChild returns the command of a child ingesting in into dir.
func ingestChild(t *testing.T, dir, in string) *exec.Cmd {
	c := exec.Command(os.Args[0], "-test.run=^TestHelperIngest$", "-test.count=1")
	c.Env = append(os.Environ(), "JOBFRAME_LAKE_DIR="+dir, "JOBFRAME_LAKE_INPUT="+in)
	return c
}

// parquetFiles lists the Parquet files under dir.
func parquetFiles(t *testing.T, dir string) []string {
	var out []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() && strings.HasSuffix(p, ".parquet") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// repoRoot is the repository's folder.
func repoRoot() string { return filepath.Dir(sourcetest.Bundled(".")) }

// interopDir holds the pinned DuckDB and Arrow JS of the interop tests.
func interopDir() string { return sourcetest.Bundled("interop") }

// needNode needs node and the pinned @duckdb/node-api.
func needNode(t *testing.T) {
	_, err := exec.LookPath("node")
	_, statErr := os.Stat(filepath.Join(interopDir(), "node_modules", "@duckdb", "node-api"))
	sourcetest.Need(t, err == nil && statErr == nil, "node with @duckdb/node-api in testdata/interop/node_modules", "run .ci/run (or npm install in testdata/interop)")
}

// benchSetup skips under -short, needs ../shared/bench and node, and
// returns the bench folder, a temporary folder and benchgen built in it.
func benchSetup(t *testing.T) (bench, tmp, gen string) {
	if testing.Short() {
		t.Skip("-short")
	}
	needNode(t)
	tmp = t.TempDir()
	bench, gen = sourcetest.Benchgen(t, tmp)
	return bench, tmp, gen
}

// generate runs benchgen with args and -o out and returns out's size.
func generate(t *testing.T, gen, out string, args ...string) int64 {
	if b, err := exec.Command(gen, append(args, "-o", out)...).CombinedOutput(); err != nil {
		t.Fatalf("benchgen: %v\n%s", err, b)
	}
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// benchScript copies a DuckDB baseline of ../shared/bench/duckdb (with
// its common.mjs) into a folder whose node_modules is the interop
// tests', so that it runs on the pinned DuckDB, and returns its path.
func benchScript(t *testing.T, bench, name string) string {
	dir := t.TempDir()
	for _, f := range []string{name, "common.mjs"} {
		b, err := os.ReadFile(filepath.Join(bench, "duckdb", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(interopDir(), "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, name)
}

// nodeLine runs a node script and returns the last line of its stdout.
func nodeLine(t *testing.T, script string, args ...string) string {
	out, err := exec.Command("node", append([]string{script}, args...)...).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("node %s: %v\n%s", script, err, ee.Stderr)
		}
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
