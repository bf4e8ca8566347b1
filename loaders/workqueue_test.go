package loaders

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// A file holding two appended runs: ids restart, every row has its run.
func TestWorkQueueAppendedRuns(t *testing.T) {
	b, err := os.ReadFile(bundled("workqueue/realrun_wq_7.17.1_transactions.log"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := LoadWorkQueue(bytes.NewReader(append(append([]byte(nil), b...), b...)), Options{Name: "twice.log"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := mustFrame(t, d, Tasks)
	if got := render(groupCounts(t, tasks, "run")); got != "0:20 1:20" {
		t.Fatal(got)
	}
	if n := tasks.GroupBy("run", "task").NumGroups(); n != 32 {
		t.Fatalf("%d tasks, want 16 per run", n)
	}
	if got := render(groupCounts(t, mustFrame(t, d, Workers), "run")); got != "0:3 1:3" {
		t.Fatal(got)
	}
}

// cctools <= 7.1: MASTER, no exit code; <= 7.2: start/end in "us".
func TestWorkQueueOldVersions(t *testing.T) {
	log := `1500000000000000 77 MASTER START
1500000000000100 77 WORKER worker-1 10.0.0.1:9123  CONNECTION
1500000000000200 77 TASK 1 WAITING default FIRST_RESOURCES {"cores":[1,"cores"]}
1500000000000300 77 TASK 1 RUNNING 10.0.0.1:9123  FIRST_RESOURCES {"cores":[2,"cores"],"memory":[512,"MB"]}
1500000000000400 77 TASK 1 WAITING_RETRIEVAL 10.0.0.1:9123 
1500000000000500 77 TASK 1 RETRIEVED SUCCESS {} {"start":[1500000000000300,"us"],"end":[1500000002500300,"us"],"wall_time":[2.5,"s"],"cores":[1,"cores"],"memory":[100,"MB"]}
1500000000000600 77 TASK 1 DONE SUCCESS {} {"start":[1500000000000300,"us"],"end":[1500000002500300,"us"],"wall_time":[2.5,"s"],"cores":[1,"cores"],"memory":[100,"MB"]}
1500000000000700 77 TASK 2 WAITING default FIRST_RESOURCES {}
1500000000000800 77 TASK 2 CANCELED
1500000000000900 77 MASTER END
`
	d, err := LoadWorkQueue(strings.NewReader(log), Options{Name: "old.log"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != "workqueue" {
		t.Fatal(d.Source)
	}
	tasks := mustFrame(t, d, Tasks)
	got := strings.Join(cells(t, tasks, "task", "1", "worker", "state", "exit_code", "final", "req_cpus", "req_mem_mb", "measured_start", "measured_end", "wall_time_s", "mem_mb"), "")
	if got != "worker-1 success null true 2.0 512.0 2017-07-14T02:40:00.000300Z 2017-07-14T02:40:02.500300Z 2.5 100.0" {
		t.Fatal(got)
	}
	if got := strings.Join(cells(t, tasks, "task", "2", "attempt", "state", "done_result"), ""); got != "0 canceled CANCELED" {
		t.Fatal(got)
	}
}
