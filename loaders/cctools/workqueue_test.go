package cctools

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// A file holding two appended runs: ids restart, every row has its run.
func TestWorkQueueAppendedRuns(t *testing.T) {
	b, err := os.ReadFile(sourcetest.Bundled("workqueue/realrun_wq_7.17.1_transactions.log"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := LoadWorkQueue(bytes.NewReader(append(append([]byte(nil), b...), b...)), source.Options{Name: "twice.log"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	if got := sourcetest.Render(sourcetest.GroupCounts(t, tasks, "run")); got != "0:20 1:20" {
		t.Fatal(got)
	}
	if n := tasks.GroupBy("run", "task").NumGroups(); n != 32 {
		t.Fatalf("%d tasks, want 16 per run", n)
	}
	if got := sourcetest.Render(sourcetest.GroupCounts(t, sourcetest.Frame(t, d, schema.Workers), "run")); got != "0:3 1:3" {
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
	d, err := LoadWorkQueue(strings.NewReader(log), source.Options{Name: "old.log"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != "workqueue" {
		t.Fatal(d.Source)
	}
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	got := strings.Join(sourcetest.Cells(t, tasks, "task", "1", "worker", "state", "exit_code", "final", "req_cpus", "req_mem_mb", "measured_start", "measured_end", "wall_time_s", "mem_mb"), "")
	if got != "worker-1 success null true 2.0 512.0 2017-07-14T02:40:00.000300Z 2017-07-14T02:40:02.500300Z 2.5 100.0" {
		t.Fatal(got)
	}
	if got := strings.Join(sourcetest.Cells(t, tasks, "task", "2", "attempt", "state", "done_result"), ""); got != "0 canceled CANCELED" {
		t.Fatal(got)
	}
}

// TestWorkQueueMeasuredRows checks that measured resources land on their
// attempt's row when attempts end out of order, that a DONE keeps the
// RETRIEVED's values, that a DONE without a RETRIEVED supplies them, and
// measured_fallback (wall time without cpu time).
func TestWorkQueueMeasuredRows(t *testing.T) {
	log := strings.Join([]string{
		`100 1 MANAGER START`,
		`110 1 TASK 1 WAITING c FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`111 1 TASK 2 WAITING c FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`112 1 TASK 3 WAITING c FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`120 1 TASK 1 RUNNING w1 FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`121 1 TASK 2 RUNNING w1 FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`122 1 TASK 3 RUNNING w1 FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`130 1 TASK 2 RETRIEVED SUCCESS 0 {} {"memory":[5,"MB"],"wall_time":[2,"s"],"cpu_time":[1,"s"]}`,
		`131 1 TASK 2 DONE SUCCESS 0 {} {"memory":[5,"MB"],"wall_time":[2,"s"],"cpu_time":[1,"s"]}`,
		`140 1 TASK 1 RETRIEVED SUCCESS 0 {} {"memory":[7,"MB"],"wall_time":[3,"s"]}`,
		`141 1 TASK 1 DONE SUCCESS 0 {} {"memory":[7,"MB"],"wall_time":[3,"s"]}`,
		`150 1 TASK 3 DONE SUCCESS 0 {} {"memory":[9,"MB"],"bandwidth":[4.5,"Mbps"],"start":[1500000,"us"]}`,
		`160 1 MANAGER END`,
	}, "\n") + "\n"
	d, err := LoadWorkQueue(strings.NewReader(log), source.Options{Name: "measured.log"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	want := map[int64]string{
		1: "7.0 3.0 null true null null",
		2: "5.0 2.0 1.0 false null null",
		3: "9.0 null null false 4.5 1970-01-01T00:00:01.500000Z",
	}
	for task, w := range want {
		got := row(t, tasks, task, "mem_mb", "wall_time_s", "cpu_time_s", "measured_fallback", "bandwidth_mbps", "measured_start")
		if len(got) != 1 || got[0] != w {
			t.Errorf("task %d: got %q, want %q", task, got, w)
		}
	}
}

// TestRepeatedResourceObjects checks the reuse of a resource object
// repeated from the line before (a DONE after its RETRIEVED): each
// record still gets its own text's values and problems, when the line
// before was skipped before its objects were read, when it was bad, and
// when the two lines are of different tasks.
func TestRepeatedResourceObjects(t *testing.T) {
	const dup = `{"memory":[1,"MB"],"memory":[2,"MB"]}`
	log := strings.Join([]string{
		`100 1 MANAGER START`,
		`110 1 TASK 1 RUNNING w1 FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`111 1 TASK 2 RUNNING w1 FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`112 1 TASK 3 RUNNING w1 FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`113 1 TASK 4 RUNNING w1 FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`114 1 TASK 5 RUNNING w1 FIRST_RESOURCES {"cores":[1,"cores"]}`,
		`120 1 TASK 1 RETRIEVED SUCCESS 0 {} {"memory":[10,"MB"]}`,
		`121 1 TASK 2 RETRIEVED SUCCESS x {} {"memory":[20,"MB"]}`, // line 8: bad exit code, objects not read
		`122 1 TASK 3 RETRIEVED SUCCESS 0 {} {"memory":[20,"MB"]}`,
		`123 1 TASK 5 RETRIEVED SUCCESS 0 {} {"memory":[20,"MB"]}`,
		`130 1 TASK 4 RETRIEVED SUCCESS 0 {} ` + dup, // line 11
		`131 1 TASK 4 DONE SUCCESS 0 {} ` + dup,      // line 12
		`140 1 TASK 1 DONE SUCCESS 0 {} {"memory":[10,"MB"]}`,
		`160 1 MANAGER END`,
	}, "\n") + "\n"
	d, err := LoadWorkQueue(strings.NewReader(log), source.Options{Name: "repeat.log", Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	for task, w := range map[int64]string{1: "10.0", 3: "20.0", 5: "20.0", 4: "null"} {
		if got := row(t, tasks, task, "mem_mb"); len(got) != 1 || got[0] != w {
			t.Errorf("task %d: mem_mb %q, want %q", task, got, w)
		}
	}
	var bad []string
	for _, w := range d.Warnings {
		if w.Line > 0 {
			bad = append(bad, fmt.Sprintf("%d %s", w.Line, w.Field))
		}
	}
	if want := []string{"8 exit_code", "11 resources_measured", "12 resources_measured"}; !slices.Equal(bad, want) {
		t.Errorf("warnings %q, want %q", bad, want)
	}
}

// TestDecodeRepeatedObjects: a line whose object repeats the line
// before's at the same place takes that decoding, marked in repeats; the
// result equals decoding it alone.
func TestDecodeRepeatedObjects(t *testing.T) {
	lines := []string{
		`1 1 TASK 1 RETRIEVED SUCCESS 0 {"memory":[4000,"MB"]} {"memory":[5,"MB"],"x":[1.5,"s"]}`,
		`2 1 TASK 1 DONE SUCCESS 0 {} {"memory":[5,"MB"],"x":[1.5,"s"]}`,
		`3 1 TASK 2 DONE SUCCESS 0 {} {"memory":[5,"MB"],"x":[1.5,"s"],"y":[1,"s"]}`,
		`4 1 TASK 2 DONE SUCCESS 0 {} {"memory":[5,"MB"],"x":[1.5,"s"],"y":[1,"s"]} {bad`,
		`5 1 TASK 2 DONE SUCCESS 0 {} {"memory":[5,"MB"],"x":[1.5,"s"],"y":[1,"s"]} {bad`,
	}
	wantRepeats := []uint64{0, 0b10, 0b01, 0b11, 0b111}
	var prev *txnLine
	d := newLineDecoder()
	for i, s := range lines {
		var l, alone txnLine
		d.decode([]byte(s), &l, prev)
		d.decode([]byte(s), &alone, nil)
		if l.repeats != wantRepeats[i] || alone.repeats != 0 {
			t.Errorf("line %d: repeats %b (alone %b), want %b", i+1, l.repeats, alone.repeats, wantRepeats[i])
		}
		if !slices.Equal(l.tail, alone.tail) || !slices.Equal(l.res, alone.res) || !slices.Equal(l.ends, alone.ends) || !slices.Equal(l.bad, alone.bad) {
			t.Errorf("line %d: decoded %+v after the line before, %+v alone", i+1, l, alone)
		}
		prev = &l
	}
}

// A bad record stops a strict load with its line and field, and a
// lenient load skips it, counted, and keeps the rest: the records the
// decode goroutines read for the loader (a TRANSFER's numbers, the
// manager's pid) as well as the others. Blank lines and comments are
// no records.
func TestWorkQueueBadRecords(t *testing.T) {
	const head = "1500000000000000 7 MANAGER START\n\n# a comment\n  \t\n"
	const good = "1500000000000100 7 TRANSFER INPUT 1 0 1.5 0.25 in.txt\n"
	const xfer = "want TRANSFER INPUT|OUTPUT <task> <cache flag> <size MB> <seconds> <name>"
	for _, c := range []struct{ line, err string }{
		{"1500000000000200 7 TRANSFER INPUT 1 0 1.5x 0.25 in.txt", `got "1500000000000200 7 TRANSFER INPUT 1 0 1.5x 0.25 in.txt", ` + xfer},
		{"1500000000000200 7 TRANSFER INPUT one 0 1.5 0.25 in.txt", `got "1500000000000200 7 TRANSFER INPUT one 0 1.5 0.25 in.txt", ` + xfer},
		{"1500000000000200 7 TRANSFER INPUT 1 0 1.5 0.25", `got "1500000000000200 7 TRANSFER INPUT 1 0 1.5 0.25", ` + xfer},
		{"1500000000000200 7x TRANSFER INPUT 1 0 1.5 0.25 in.txt", `field manager_pid: got "7x", want the manager's pid (an integer) (strconv.ParseInt: parsing "7x": invalid syntax)`},
		{"1500000000000200 seven TASK 1 WAITING default FIRST_RESOURCES {}", `field manager_pid: got "seven", want the manager's pid (an integer) (strconv.ParseInt: parsing "seven": invalid syntax)`},
		{"1500000000000200 7", `got "1500000000000200 7", want <time µs> <manager pid> <record>`},
		{"1500000000000200 7 TASK one WAITING default FIRST_RESOURCES {}", `field task_id: got "one", want an integer task id (strconv.ParseInt: parsing "one": invalid syntax)`},
		{"1500000000000200 7 TASK 1 SLEEPING", `field state: got "SLEEPING", want a task state (WAITING READY RUNNING WAITING_RETRIEVAL RETRIEVED DONE CANCELED UNKNOWN)`},
		{"1500000000000200 7 TASK 1 RETRIEVED SUCCESS 0x {} {}", `field exit_code: got "0x", want an integer exit code (strconv.ParseInt: parsing "0x": invalid syntax)`},
		{`1500000000000200 7 TASK 1 RETRIEVED SUCCESS 0 {"memory":[1,"MB"],"memory":[2,"MB"]} {}`, `field limits_exceeded: got "{\"memory\":[1,\"MB\"],\"memory\":[2,\"MB\"]}", want a resource object {"key":[value,"unit"],...} of finite amounts >= 0, memory in MB`},
		// No silent wrong value: a negative amount, NaN and inf (not
		// JSON), memory in an unknown unit (it would be read as MB).
		{`1500000000000200 7 TASK 1 RETRIEVED SUCCESS 0 {} {"cores":[-4,"cores"]}`, `field resources_measured: got "{\"cores\":[-4,\"cores\"]}", want a resource object {"key":[value,"unit"],...} of finite amounts >= 0, memory in MB`},
		{`1500000000000200 7 TASK 1 RETRIEVED SUCCESS 0 {} {"wall_time":[NaN,"s"]}`, `field resources_measured: got "{\"wall_time\":[NaN,\"s\"]}", want a resource object {"key":[value,"unit"],...} of finite amounts >= 0, memory in MB`},
		{`1500000000000200 7 TASK 1 RETRIEVED SUCCESS 0 {} {"cpu_time":[inf,"s"]}`, `field resources_measured: got "{\"cpu_time\":[inf,\"s\"]}", want a resource object {"key":[value,"unit"],...} of finite amounts >= 0, memory in MB`},
		{`1500000000000200 7 TASK 1 RETRIEVED SUCCESS 0 {} {"memory":[1000,"furlongs"]}`, `field resources_measured: got "{\"memory\":[1000,\"furlongs\"]}", want a resource object {"key":[value,"unit"],...} of finite amounts >= 0, memory in MB`},
	} {
		log := head + good + c.line + "\n" + good
		_, err := LoadWorkQueue(strings.NewReader(log), source.Options{Name: "bad.log"})
		if want := "bad.log:6: " + c.err; fmt.Sprint(err) != want {
			t.Errorf("strict load: %v\nwant %s", err, want)
		}
		d, err := LoadWorkQueue(strings.NewReader(log), source.Options{Name: "bad.log", Lenient: true})
		if err != nil {
			t.Fatalf("%s: lenient load: %v", c.line, err)
		}
		if len(d.Warnings) != 2 || d.Warnings[0].Line != 6 || !strings.HasPrefix(d.Warnings[0].Msg, "skipped: ") ||
			d.Warnings[1].String() != "bad.log: 1 bad records skipped in total (lenient mode)" {
			t.Errorf("%s: lenient load's warnings %v, want line 6 skipped", c.line, d.Warnings)
		}
		if n := sourcetest.Frame(t, d, schema.Transfers).NumRows(); n != 2 {
			t.Errorf("%s: %d transfers, want the 2 good ones", c.line, n)
		}
	}
}

// A result the decoders do not know by name is read from the line; an
// empty {limits} object, with spaces or without, gives no limits, and
// one with entries gives them.
func TestWorkQueueResultWords(t *testing.T) {
	log := `1500000000000000 7 MANAGER START
1500000000000001 7 WORKER w1 10.0.0.1:9000 CONNECTION
1500000000000002 7 TASK 1 WAITING default FIRST_RESOURCES {"cores":[1,"cores"]}
1500000000000003 7 TASK 2 WAITING default FIRST_RESOURCES {"cores":[1,"cores"]}
1500000000000004 7 TASK 3 WAITING default FIRST_RESOURCES {"cores":[1,"cores"]}
1500000000000005 7 TASK 1 RUNNING 10.0.0.1:9000 FIRST_RESOURCES {"cores":[1,"cores"]}
1500000000000006 7 TASK 2 RUNNING 10.0.0.1:9000 FIRST_RESOURCES {"cores":[1,"cores"]}
1500000000000007 7 TASK 3 RUNNING 10.0.0.1:9000 FIRST_RESOURCES {"cores":[1,"cores"]}
1500000000000008 7 TASK 1 RETRIEVED NEW_KIND_OF_END 3 { } {"memory":[5,"MB"]}
1500000000000009 7 TASK 2 RETRIEVED RESOURCE_EXHAUSTION 0 {"memory":[100,"MB"]} {"memory":[101,"MB"]}
1500000000000010 7 TASK 3 RETRIEVED SUCCESS 0 {} {"memory":[7,"MB"]}
`
	d, err := LoadWorkQueue(strings.NewReader(log), source.Options{Name: "words.log"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	got := sourcetest.CSV(t, tasks.Select("task", "raw_state", "state", "exit_code", "limits_exceeded", "mem_mb"))
	want := "task,raw_state,state,exit_code,limits_exceeded,mem_mb\n1,NEW_KIND_OF_END,failed,3,,5\n2,RESOURCE_EXHAUSTION,exhausted,0,memory:100 MB,101\n3,SUCCESS,success,0,,7\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}
