package hyperqueue

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestSpillKeepsTheWholeLoad loads journals spilling the ended attempts
// at the head every few lines and never: every frame must be the same,
// row for row, with the same warnings, strict and lenient. The journals:
// the bundled one, the golden cut and corrupt one, and (with
// ../shared/bench) generated ones of 30,000 tasks whose workers are lost
// and tasks restarted.
func TestSpillKeepsTheWholeLoad(t *testing.T) {
	inputs := map[string][]byte{}
	for _, p := range []string{sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), "testdata/golden/cut-and-corrupt/journal.jsonl"} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs[filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p)] = b
	}
	if !testing.Short() {
		inputs = generated(t, inputs)
	}
	for name, in := range inputs {
		for _, lenient := range []bool{false, true} {
			o := source.Options{Name: name, Lenient: lenient}
			// and with only some columns of the placements, tasks and
			// events built
			p := o
			p.Columns = map[string][]string{schema.Placements: {"worker", "start", "end", "cpus"},
				schema.Tasks: {"job", "task", "start", "end", "state", "exit_code"}, schema.Events: {"time", "worker"}}
			for _, o := range []source.Options{o, p} {
				whole := describe(t, in, o, 1<<62)
				for _, every := range []int{1, 2, 7, 100, 5000} {
					if got := describe(t, in, o, every); got != whole {
						t.Fatalf("%s (lenient %v, columns %v), spilling every %d lines:\n%s\nwant\n%s", name, lenient, o.Columns, every, got, whole)
					}
				}
			}
		}
	}
}

// generated adds journals from ../shared/bench's generator, when it is
// there.
func generated(t *testing.T, inputs map[string][]byte) map[string][]byte {
	if _, err := os.Stat(filepath.Join("..", "..", "..", "shared", "bench", "gen", "main.go")); err != nil {
		t.Log("../shared/bench is absent: only the bundled journals")
		return inputs
	}
	dir := t.TempDir()
	_, gen := sourcetest.Benchgen(t, dir)
	for _, seed := range []string{"3", "4"} {
		out := filepath.Join(dir, "hq"+seed+".jsonl")
		if b, err := exec.Command(gen, "hq", "-tasks", "30000", "-workers", "20", "-seed", seed, "-o", out).CombinedOutput(); err != nil {
			t.Fatalf("benchgen: %v\n%s", err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		inputs["generated-"+seed] = b
	}
	return inputs
}

// describe loads in spilling every `every` lines and describes the
// dataset (every frame's values), or the error.
func describe(t testing.TB, in []byte, o source.Options, every int) string {
	d, err := loadSpilling(bytes.NewReader(in), o, every)
	if err != nil {
		return "error: " + err.Error()
	}
	return sourcetest.Describe(t, d)
}

// TestSpillCountsAttemptsOn: a task whose attempt was lost, spilled and
// forgotten, starts again as attempt 2, as in a load that never spills.
func TestSpillCountsAttemptsOn(t *testing.T) {
	b, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	head := bytes.SplitAfterN(b, []byte("\n"), 6)[:5] // server start, workers 1 and 2, a queue, job 1
	journal := string(bytes.Join(head, nil)) +
		`{"event":{"instance":0,"job":1,"task":7,"type":"task-started","worker":1},"time":"2026-08-04T09:00:20Z"}` + "\n" +
		`{"event":{"id":1,"reason":"ConnectionLost","type":"worker-lost"},"time":"2026-08-04T09:00:30Z"}` + "\n" +
		`{"event":{"instance":1,"job":1,"task":7,"type":"task-started","worker":2},"time":"2026-08-04T09:00:31Z"}` + "\n" +
		`{"event":{"job":1,"task":7,"type":"task-finished"},"time":"2026-08-04T09:00:40Z"}` + "\n"
	for _, every := range []int{1, 1 << 62} {
		d, err := loadSpilling(bytes.NewReader([]byte(journal)), source.Options{}, every)
		if err != nil {
			t.Fatal(err)
		}
		if got := sourcetest.CSV(t, d.Frames["tasks"].Select("task", "attempt", "state", "worker")); got != "task,attempt,state,worker\n7,1,lost,1\n7,2,success,2\n" {
			t.Errorf("spilling every %d lines:\n%s", every, got)
		}
	}
}
