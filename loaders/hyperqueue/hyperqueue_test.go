package hyperqueue

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func loadHQ(t testing.TB, path string) *source.Dataset {
	return sourcetest.LoadFile(t, path, Load, source.Options{})
}

func loadString(t testing.TB, text string, o source.Options) (*source.Dataset, error) {
	t.Helper()
	if o.Name == "" {
		o.Name = "journal.jsonl"
	}
	return Load(strings.NewReader(text), o)
}

// TestHyperQueueSample checks the facts of ../shared/data/README.md (hq/).
func TestHyperQueueSample(t *testing.T) {
	d := loadHQ(t, sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if len(d.Warnings) != 0 {
		t.Fatalf("warnings: %v", d.Warnings)
	}
	ev := sourcetest.Frame(t, d, schema.Events)
	if ev.NumRows() != 133 {
		t.Fatalf("%d events, want 133 lines", ev.NumRows())
	}
	wantTypes := "autoalloc-allocation-finished:1 autoalloc-allocation-queued:1 autoalloc-allocation-started:1 autoalloc-queue-created:1 autoalloc-queue-removed:1 job-cancel:1 job-completed:3 job-created:3 server-start:1 server-stop:1 task-canceled:1 task-failed:3 task-finished:48 task-started:56 worker-connected:3 worker-lost:1 worker-overview:7"
	if got := sourcetest.Counts(t, ev, "type"); got != wantTypes {
		t.Fatalf("event types\n got %s\nwant %s", got, wantTypes)
	}
	// The first line's time has no fraction.
	if got := ev.FormatValue(0, 0); got != "2026-08-04T09:00:00.000000Z" {
		t.Fatal(got)
	}
	// The log's span: its first line (server-start) and last (server-stop).
	if got := frame.FormatMicros(d.LogStart) + " " + frame.FormatMicros(d.LogEnd); !d.HasLogSpan || got != "2026-08-04T09:00:00.000000Z 2026-08-04T09:07:54.890000Z" {
		t.Fatalf("log span %v %s", d.HasLogSpan, got)
	}

	tasks := sourcetest.Frame(t, d, schema.Tasks)
	if tasks.NumRows() != 56 {
		t.Fatalf("%d attempts, want 56 task-started", tasks.NumRows())
	}
	if got := sourcetest.Counts(t, tasks, "state"); got != "canceled:1 failed:3 lost:4 success:48" {
		t.Fatal(got)
	}
	failed := sourcetest.Cells(t, tasks, "state", "failed", "job", "task", "exit_code")
	if strings.Join(failed, ",") != "1 23 1,1 7 1,1 41 137" && strings.Join(failed, ",") != "1 7 1,1 23 1,1 41 137" {
		// order is start order; accept it as found, but the set is fixed
		t.Fatalf("failed %v", failed)
	}
	// Worker 3 was lost with (1,35..38) running; they restarted with
	// instance 1 on workers 1 and 2.
	lost := sourcetest.Cells(t, tasks, "state", "lost", "task", "worker", "instance", "end", "reason")
	for _, l := range lost {
		f := strings.Fields(l)
		if f[1] != "3" || f[2] != "0" || f[3] != "2026-08-04T09:01:50.377000Z" || f[4] != "ConnectionLost" {
			t.Fatalf("lost attempt %q", l)
		}
	}
	restarts := sourcetest.Cells(t, tasks.Where("instance", "==", 1), "job", "1", "task", "attempt", "worker")
	if strings.Join(restarts, ",") != "38 2 1,37 2 1,35 2 2,36 2 2" {
		t.Fatalf("restarts %v", restarts)
	}
	// Job 2: "All" cpus on the 16-CPU worker 1, priority 5, limit 1800 s.
	if got := sourcetest.Cells(t, tasks, "job", "2", "policy", "req_cpus", "worker"); got[0] != "All 16.0 1" {
		t.Fatal(got)
	}
	// Job 3: --nodes 2 on workers [1, 2], whole workers (16 + 8 CPUs).
	if got := sourcetest.Cells(t, tasks, "job", "3", "workers", "req_nodes", "req_cpus", "state"); got[0] != "1,2 2.0 24.0 canceled" {
		t.Fatal(got)
	}
	if got := sourcetest.Counts(t, tasks, "req_estimated"); got != "false:56" {
		t.Fatal("no estimated starts in the sample:", got)
	}

	// Tasks per worker (docs/semantics.md#tasks-per-worker): 36, 17 and 4 entries.
	pl := sourcetest.Frame(t, d, schema.Placements)
	if got := sourcetest.Counts(t, pl, "worker"); got != "1:36 2:17 3:4" {
		t.Fatal(got)
	}

	w := sourcetest.Frame(t, d, schema.Workers)
	rows := []string{}
	for _, id := range []string{"1", "2", "3"} {
		rows = append(rows, strings.Join(sourcetest.Cells(t, w, "worker", id, "host", "cpus", "gpus", "allocation", "manager", "reason"), ""))
	}
	want := []string{"cn101 16.0 2.0 null null server-stop", "cn102 8.0 0.0 null null server-stop", "cn203 4.0 0.0 4410231 Slurm ConnectionLost"}
	if strings.Join(rows, "|") != strings.Join(want, "|") {
		t.Fatalf("workers\n got %q\nwant %q", rows, want)
	}
	if got := sourcetest.Cells(t, w, "worker", "3", "lost")[0]; got != "2026-08-04T09:01:50.377000Z" {
		t.Fatal(got)
	}

	jobs := sourcetest.Frame(t, d, schema.Jobs)
	if got := sourcetest.Cells(t, jobs, "job", "1", "n_tasks", "crash_limit", "state"); got[0] != `50 {"MaxCrashes":5} completed` {
		t.Fatal(got)
	}
	if got := sourcetest.Cells(t, jobs, "job", "2", "priority", "time_limit_s"); got[0] != "5 1800.0" {
		t.Fatal(got)
	}
	if got := sourcetest.Cells(t, jobs, "job", "3", "crash_limit", "state", "cancel_reason"); got[0] != "NeverRestart canceled wrong input deck" {
		t.Fatal(got)
	}
	if a := sourcetest.Frame(t, d, schema.Allocations); a.NumRows() != 1 || a.FormatValue(0, 0) != "4410231" {
		t.Fatal(a)
	}
	if p := sourcetest.Frame(t, d, schema.Perf); p.NumRows() != 7 {
		t.Fatalf("%d overview samples, want 7", p.NumRows())
	}
}

// A hand-written journal for the rules the sample does not exercise.
const rulesJournal = `{"event":{"type":"server-start","server_uid":"x"},"time":"2026-01-01T00:00:00Z"}
{"event":{"type":"worker-connected","id":1,"configuration":{"hostname":"a","resources":{"resources":[{"name":"cpus","kind":{"Range":{"start":0,"end":7}}},{"name":"gpus/amd","kind":{"List":{"values":["0","1","2"]}}},{"name":"mem","kind":{"Sum":{"size":10240000}}}]}}},"time":"2026-01-01T00:00:01Z"}
{"event":{"type":"worker-connected","id":2,"configuration":{"hostname":"b","resources":{"resources":[{"name":"cpus","kind":{"Sum":{"size":40000}}}]}}},"time":"2026-01-01T00:00:01.5Z"}
{"event":{"type":"job-created","job":1,"closed_job":false,"job_desc":{"name":"j","max_fails":2},"submit_desc":{"submit_dir":"/d","task_desc":{"ids":{"ranges":[{"start":10,"count":5,"step":2}]},"resources":{"variants":[{"n_nodes":0,"resources":[{"policy":{"ForceTight":25000},"resource":"cpus"},{"policy":"All","resource":"gpus/amd"},{"policy":{"Compact":5000000},"resource":"mem"}]},{"n_nodes":0,"resources":[{"policy":{"Scatter":10000},"resource":"cpus"}]}]},"priority":0,"time_limit":null,"crash_limit":"Unlimited"}}},"time":"2026-01-01T00:00:02Z"}
{"event":{"type":"job-created","job":1,"closed_job":false,"job_desc":{"name":"j","max_fails":2},"submit_desc":{"submit_dir":"/d","task_desc":{"n_tasks":3}}},"time":"2026-01-01T00:00:03Z"}
{"event":{"type":"job-created","job":2,"closed_job":true,"job_desc":{"name":"mpi"},"submit_desc":{"submit_dir":"/d","task_desc":{"ids":{"ranges":[{"start":0,"count":1,"step":1}]},"resources":{"variants":[{"n_nodes":2,"resources":[{"policy":{"Compact":10000},"resource":"cpus"}]}]}}}},"time":"2026-01-01T00:00:03Z"}
{"event":{"type":"task-started","job":1,"task":12,"instance":0,"worker":1},"time":"2026-01-01T00:00:04Z"}
{"event":{"type":"task-started","job":1,"task":14,"instance":0,"worker":2,"variant":1},"time":"2026-01-01T00:00:04Z"}
{"event":{"type":"task-started","job":1,"task":11,"instance":0,"worker":2},"time":"2026-01-01T00:00:05Z"}
{"event":{"type":"task-started","job":2,"task":0,"instance":0,"workers":[2,1]},"time":"2026-01-01T00:00:06Z"}
{"event":{"job_id":1},"time":"2026-01-01T00:00:06.5Z"}
{"event":{"type":"worker-lost","id":1,"reason":"HeartbeatLost"},"time":"2026-01-01T00:00:07Z"}
{"event":{"type":"task-failed","job":1,"task":12,"error":"lost too often"},"time":"2026-01-01T00:00:07Z"}
{"event":{"type":"task-started","job":1,"task":14,"instance":2,"worker":2},"time":"2026-01-01T00:00:08Z"}
{"event":{"type":"task-aborted","tasks":[{"job_id":1,"job_task_id":11}]},"time":"2026-01-01T00:00:09Z"}
{"event":{"type":"job-frobnicated","job":9},"time":"2026-01-01T00:00:09Z"}
{"event":{"type":"server-stop"},"time":"2026-01-01T00:00:10Z"}
`

func TestHyperQueueRules(t *testing.T) {
	d, err := loadString(t, rulesJournal, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	cols := []string{"task", "attempt", "worker", "workers", "req_cpus", "req_gpus", "req_mem_mb", "policy", "req_estimated", "state", "end"}
	got := map[string]string{}
	for i := 0; i < tasks.NumRows(); i++ {
		var row []string
		for _, c := range cols {
			row = append(row, tasks.Take([]int{i}).Select(c).FormatValue(0, 0))
		}
		got[tasks.FormatValue(1, i)+"/"+row[0]+"/"+row[1]] = strings.Join(row[2:], " ")
	}
	want := map[string]string{
		// variant 0: ForceTight 2.5 cpus, All gpus/amd on worker 1 (3), Compact 500 MiB
		"1/12/1": "1 1 2.5 3.0 500.0 ForceTight false lost 2026-01-01T00:00:07.000000Z",
		// variant 1: Scatter 1 cpu; restarted at 00:08 (same worker, the
		// journal showed no loss): the first attempt ends as lost then
		"1/14/1": "2 2 1.0 0.0 0.0 Scatter false lost 2026-01-01T00:00:08.000000Z",
		// the restart names no variant, so variant 0 applies this time
		// (All gpus/amd on worker 2 is 0)
		"1/14/2": "2 2 2.5 0.0 500.0 ForceTight false lost 2026-01-01T00:00:10.000000Z",
		// 11 is not in range 10,12,14 (count is the span): it belongs to the
		// later graph submit, so its request is unknown -> 1 cpu estimated
		"1/11/1": "2 2 1.0 0.0 0.0 null true canceled 2026-01-01T00:00:09.000000Z",
		// multi-node: whole workers 2 (4 cpus) + 1 (8 cpus); worker 1 is not
		// the root, so its loss leaves the task running on worker 2
		// (mem: 0 on worker 2 + 1024 MiB on worker 1; gpus: worker 1's 3)
		"2/0/1": "2 2,1 12.0 3.0 1024.0 nodes false lost 2026-01-01T00:00:10.000000Z",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("attempt %s\n got %s\nwant %s", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("attempts %v", got)
	}
	pl := sourcetest.Frame(t, d, schema.Placements).Where("job", "==", "2")
	if c := pl.Select("worker", "state", "end"); c.NumRows() != 2 || c.FormatValue(1, 1) != "lost" || c.FormatValue(2, 1) != "2026-01-01T00:00:07.000000Z" || c.FormatValue(2, 0) != "2026-01-01T00:00:10.000000Z" {
		t.Fatalf("multi-node placements\n%s", c)
	}
	// The task-failed after the loss refers to a task no longer running.
	if got := sourcetest.Cells(t, tasks, "state", "failed", "task"); len(got) != 0 {
		t.Fatal(got)
	}
	jobs := sourcetest.Frame(t, d, schema.Jobs)
	if got := sourcetest.Cells(t, jobs, "job", "1", "submits", "n_tasks", "graph", "max_fails", "crash_limit", "state"); got[0] != "2 6 true 2 Unlimited open" {
		t.Fatal(got)
	}
	// An unknown event type is kept with its raw text and counted.
	ev := sourcetest.Frame(t, d, schema.Events)
	if got := sourcetest.Cells(t, ev, "type", "job-frobnicated", "job", "data"); len(got) != 1 || !strings.Contains(got[0], `"job":9`) {
		t.Fatal(got)
	}
	if got := sourcetest.Cells(t, ev, "type", "(untyped)", "job"); len(got) != 1 {
		t.Fatal(got)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0].String(), "1 events of an unknown type") {
		t.Fatal(d.Warnings)
	}
	// mem Sum 10240000 = 1024 MiB; gpus from the gpus/amd List
	if got := sourcetest.Cells(t, sourcetest.Frame(t, d, schema.Workers), "worker", "1", "cpus", "gpus", "mem_mb", "reason"); got[0] != "8.0 3.0 1024.0 HeartbeatLost" {
		t.Fatal(got)
	}
}

// Shapes of v0.19-0.23: "desc" instead of submit_desc, worker -1, no
// instance, a single-task task-canceled.
func TestHyperQueueOldShapes(t *testing.T) {
	old := `{"event":{"type":"job-created","job":1,"desc":{"name":"old"}},"time":"2023-01-01T00:00:00.100Z"}
{"event":{"type":"task-started","job":1,"task":0,"worker":-1},"time":"2023-01-01T00:00:01Z"}
{"event":{"type":"task-started","job":1,"task":1,"worker":-1},"time":"2023-01-01T00:00:01Z"}
{"event":{"type":"task-finished","job":1,"task":0},"time":"2023-01-01T00:00:02Z"}
{"event":{"type":"task-canceled","job":1,"task":1},"time":"2023-01-01T00:00:03Z"}
{"event":{"type":"job-completed","job":1},"time":"2023-01-01T00:00:03Z"}
`
	d, err := loadString(t, old, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	got := strings.Join(sourcetest.Cells(t, tasks, "job", "1", "task", "worker", "instance", "state", "req_estimated", "submit"), "|")
	if got != "0 null null success true 2023-01-01T00:00:00.100000Z|1 null null canceled true 2023-01-01T00:00:00.100000Z" {
		t.Fatal(got)
	}
}

func TestHyperQueueBadInput(t *testing.T) {
	good := `{"event":{"type":"server-start"},"time":"2026-01-01T00:00:00Z"}` + "\n"
	_, err := loadString(t, good+`{"event":{"type":"task-started","job":1},"time":"2026-01-01T00:00:01Z"}`+"\n", source.Options{})
	sourcetest.MustContain(t, err, "journal.jsonl:2:", `field task`, `want a "task" field in a task-started event`)
	_, err = loadString(t, good+`{"event":{"type":"server-stop"},"time":"yesterday"}`+"\n", source.Options{})
	sourcetest.MustContain(t, err, "journal.jsonl:2: field time", `got "yesterday"`, "RFC 3339")
	_, err = loadString(t, good+"not json\n"+good, source.Options{})
	sourcetest.MustContain(t, err, "journal.jsonl:2:", "want a JSON object")
	if pe, ok := sourcetest.ParseError(err); !ok || pe.Line != 2 {
		t.Fatalf("want a *ParseError at line 2, got %v", err)
	}
	// Lenient: every bad line is listed, plus a total.
	d, err := loadString(t, good+"not json\n"+good+`{"event":{},"time":"bad"}`+"\n", source.Options{Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings) != 3 || d.Warnings[0].Line != 2 || d.Warnings[1].Line != 4 || !strings.Contains(d.Warnings[2].Msg, "2 bad records skipped") {
		t.Fatal(d.Warnings)
	}
	if sourcetest.Frame(t, d, schema.Events).NumRows() != 2 {
		t.Fatal("the good lines are kept")
	}
	// A worker whose cpus are an inverted Range would offer -2 CPUs: a
	// bad record naming the field, not a negative capacity.
	inverted := `{"event":{"type":"worker-connected","id":1,"configuration":{"hostname":"cn1","resources":{"resources":[{"name":"cpus","kind":{"Range":{"start":5,"end":2}}}]}}},"time":"2026-01-01T00:00:01Z"}` + "\n"
	_, err = loadString(t, good+inverted, source.Options{})
	sourcetest.MustContain(t, err, "journal.jsonl:2: field configuration.resources.resources[0].kind.Range", `got "{\"start\":5,\"end\":2}"`, "a resource amount >= 0")
	d, err = loadString(t, good+inverted, source.Options{Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	if w := sourcetest.Frame(t, d, schema.Workers); w.NumRows() != 0 {
		t.Fatalf("the bad worker record made %d workers", w.NumRows())
	}
	// A truncated last line (a journal still being written) is a warning
	// even in strict mode.
	d, err = loadString(t, good+`{"event":{"type":"task-sta`, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0].String(), "journal.jsonl:2: truncated last line") {
		t.Fatal(d.Warnings)
	}
}

// TestHQFlatShapes: which lines the flat fast path takes (the rest go to
// the full decoder, which reports what is wrong); FuzzHQFlat checks that
// what it takes it reads as the full decoder does.
func TestHQFlatShapes(t *testing.T) {
	for _, c := range []struct {
		line string
		flat bool
	}{
		{`{"event":{"instance":0,"job":1,"task":1,"type":"task-started","worker":3},"time":"2026-08-04T09:00:15.511Z"}`, true},
		{` { "time" : "2026-08-04T09:00:22Z" , "event" : { "job" : 1 , "task" : 2 , "type" : "task-finished" } } `, true},
		{`{"event":{"job":1,"task":2,"type":"task-finished"},"event":{"task":3},"time":"2026-08-04T09:00:22Z"}`, true},
		{`{"event":{"error":"x\u00e9\"","job":1,"task":54,"type":"task-failed"},"time":"2026-08-04T09:00:22.813Z"}`, true},
		{`{"event":{"job":1,"task":2,"type":"task-finished"},"time":"2026-08-04T09:00:22Z",}`, false},  // trailing comma
		{`{"event":{"job":1,"task":2,"type":"task-finished"} "time":"2026-08-04T09:00:22Z"}`, false},   // missing comma
		{`{"event":{"job":1,"task":2,"type":"task-finished"},"time":"2026-08-04T09:00:22Z"} x`, false}, // trailing text
		{"{\"event\":{\"error\":\"\xff\",\"job\":1,\"task\":2,\"type\":\"task-failed\"},\"time\":\"2026-08-04T09:00:22Z\"}", false},
		{`{"ev\u0065nt":{"job":1,"task":2,"type":"task-finished"},"time":"2026-08-04T09:00:22Z"}`, false}, // escaped key
		{`{"event":{"job":1,"type":"job-completed"},"time":"2026-08-04T09:00:22Z"}`, false},               // not a task event
		{`{"event":{"job":1,"task":2,"type":"task-finished"},"time":"yesterday"}`, false},
		{`{"event":{"job":1,"task":2,"type":"task-finished"}}`, false},
		{`{}`, false},
	} {
		var f flatEvent
		if got := decodeFlat([]byte(c.line), &f); got != c.flat {
			t.Errorf("decodeFlat(%s) = %v, want %v", c.line, got, c.flat)
		}
	}
}

// openLists finds each worker's list whether its id is small (slice) or
// not (map), and drop and clear forget them.
func TestHQOpenLists(t *testing.T) {
	var l openLists
	ids := []int64{0, 3, maxSmallWorker - 1, maxSmallWorker, 1 << 40, -5}
	for _, id := range ids {
		l.of(id).add(&attemptState{worker: id})
	}
	for _, id := range ids {
		o := l.get(id)
		if o == nil || len(o.list) != 1 || o.list[0].worker != id || l.of(id) != o {
			t.Fatalf("worker %d: list %+v", id, o)
		}
	}
	if l.get(1) != nil || l.get(maxSmallWorker+1) != nil {
		t.Fatal("a list for a worker never added")
	}
	l.drop(3)
	l.drop(1 << 40)
	if l.get(3) != nil || l.get(1<<40) != nil || l.get(0) == nil {
		t.Fatal("drop")
	}
	l.clear()
	for _, id := range ids {
		if l.get(id) != nil {
			t.Fatalf("worker %d kept after clear", id)
		}
	}
}

// TestHyperQueueIntegralFloats: JSON has one number type, and a journal
// whose hw-state lines write a byte count as 244318208000.0 loads in
// strict mode exactly as with 244318208000; a fraction is a bad record
// naming its line and field.
func TestHyperQueueIntegralFloats(t *testing.T) {
	b, err := os.ReadFile(sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	first := regexp.MustCompile(`"free":([0-9]+)`)
	m := first.FindSubmatchIndex(b)
	if m == nil {
		t.Fatal(`no "free" member in the bundled journal`)
	}
	line := bytes.Count(b[:m[0]], []byte("\n")) + 1
	with := func(repl string) []byte {
		return append(append(append([]byte(nil), b[:m[2]]...), repl...), b[m[3]:]...)
	}
	value := string(b[m[2]:m[3]])
	want, err := loadString(t, string(b), source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{value + ".0", value + "0e-1", value[:1] + "." + value[1:] + "e" + strconv.Itoa(len(value)-1)} {
		got, err := loadString(t, string(with(v)), source.Options{})
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		for _, name := range want.Names() {
			if g, w := sourcetest.CSV(t, sourcetest.Frame(t, got, name)), sourcetest.CSV(t, sourcetest.Frame(t, want, name)); g != w && name != schema.Events {
				t.Errorf("%s: the %s frame differs", v, name)
			}
		}
	}
	_, err = loadString(t, string(with(value+".5")), source.Options{})
	sourcetest.MustContain(t, err, fmt.Sprintf("journal.jsonl:%d: field free:", line), value+".5", "want an integer")
}
