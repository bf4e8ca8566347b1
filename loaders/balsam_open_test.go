package loaders

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestBalsamSample checks the facts of shared/data/README.md (balsam/).
func TestBalsamSample(t *testing.T) {
	d, err := Open(sourcetest.Bundled("balsam"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != "balsam" || len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0].String(), "analytics_output.txt: skipped") {
		t.Fatalf("%s %v", d.Source, d.Warnings)
	}
	ev := sourcetest.Frame(t, d, schema.Events)
	if ev.NumRows() != 337 {
		t.Fatalf("%d events", ev.NumRows())
	}
	// API default order: timestamp DESC, id ASC.
	us, _, _ := ev.Micros("time")
	ids, _, _ := ev.Int64s("id")
	for i := 1; i < len(us); i++ {
		if us[i] > us[i-1] || (us[i] == us[i-1] && ids[i] < ids[i-1]) {
			t.Fatalf("row %d out of API order", i)
		}
	}
	if ev.Names()[0] != "run" || ev.FormatValue(1, len(us)-1) != "2021-03-10T12:00:01.123456Z" || ev.FormatValue(1, 0) != "2021-03-10T12:59:37.068411Z" {
		t.Fatal("span")
	}
	want := "FAILED:1 JOB_FINISHED:59 POSTPROCESSED:4 PREPROCESSED:60 READY:6 RESTART_READY:9 RUNNING:69 RUN_DONE:59 RUN_ERROR:7 RUN_TIMEOUT:3 STAGED_IN:60"
	if got := sourcetest.Render(sourcetest.GroupCounts(t, ev, "to_state")); got != want {
		t.Fatalf("to_state\n got %s\nwant %s", got, want)
	}
	if got := sourcetest.Render(sourcetest.GroupCounts(t, ev.Where("to_state", "==", "RUNNING"), "num_nodes")); got != "0.25:35 1.0:32 2.0:2" {
		t.Fatal(got)
	}
	if got := sourcetest.Render(sourcetest.GroupCounts(t, ev, "data")); !strings.Contains(got, "{}:206") || !strings.Contains(got, `{"message":"Skipped stage out"}:55`) {
		t.Fatal(got)
	}
	if n := ev.Where("returncode", "not-null", nil).Where("error", "not-null", nil).NumRows(); n != 7 {
		t.Fatalf("%d RUN_ERROR data", n)
	}
	// Filters of the README: the join to job tags and batch jobs.
	if n := ev.Where("from_state", "==", "RESTART_READY").Where("to_state", "==", "RUNNING").NumRows(); n != 9 {
		t.Fatal(n)
	}
	if n := ev.Where("batch_job", "==", 1).NumRows(); n != 101 {
		t.Fatal(n)
	}
	foo := ev.Where("tag.experiment", "==", "foo")
	if foo.NumRows() != 177 {
		t.Fatal(foo.NumRows())
	}
	if n := foo.Where("time", ">=", "2021-03-10T12:30:00Z").Where("time", "<=", "2021-03-10T12:40:00Z").NumRows(); n != 20 {
		t.Fatal(n)
	}
	// Creation events of the foo and bar jobs share two timestamps.
	if got := sourcetest.Render(sourcetest.GroupCounts(t, ev.Where("from_state", "==", "CREATED"), "time")); got != "2021-03-10T12:00:01.123456Z:30 2021-03-10T12:01:31.654321Z:30" {
		t.Fatal(got)
	}

	jobs := sourcetest.Frame(t, d, schema.Jobs)
	if got := sourcetest.Render(sourcetest.GroupCounts(t, jobs, "state")); got != "FAILED:1 JOB_FINISHED:59" {
		t.Fatal(got)
	}
	if got := sourcetest.Render(sourcetest.GroupCounts(t, jobs, "batch_job")); got != "1:18 2:42" {
		t.Fatal(got)
	}
	if got := sourcetest.Cells(t, jobs, "state", "FAILED", "job")[0]; got != "53" {
		t.Fatal(got)
	}
	if got := sourcetest.Cells(t, jobs, "job", "1", "last_update")[0]; got != "2021-03-10T12:16:09.416569Z" {
		t.Fatal(got) // +00:00 offset honoured
	}
	tasks := sourcetest.Frame(t, d, schema.Tasks)
	if got := sourcetest.Render(sourcetest.GroupCounts(t, tasks, "state")); got != "failed:7 success:59 timeout:3" {
		t.Fatal(got)
	}
	multi := tasks.Where("tag.experiment", "==", "foo").GroupBy("task").Agg(frame.Count().As("runs")).Where("runs", ">", 1)
	if got := sourcetest.Render(sourcetest.GroupCounts(t, multi, "task", "runs")); got != "14 2:1 22 2:1 27 2:1 30 2:1 4 2:1 9 3:1" {
		t.Fatal(got)
	}
	al := sourcetest.Frame(t, d, schema.Allocations)
	if got := strings.Join(sourcetest.Cells(t, al, "id", "1", "job_mode", "nodes", "filter_tags", "start", "end"), ""); got != "mpi 4 experiment:foo 2021-03-10T12:05:00.000000Z 2021-03-10T12:33:00.000000Z" {
		t.Fatal(got)
	}
	if got := strings.Join(sourcetest.Cells(t, al, "id", "2", "job_mode", "nodes", "filter_tags", "end"), ""); got != "serial 8  2021-03-10T13:20:00.000000Z" {
		t.Fatal(got)
	}
}

// TestBalsamBadNodeCounts: an event's num_nodes that is negative or not a
// number is a bad record naming its line and field (it used to be a
// negative node count, or silently null); lenient, the event is skipped
// and counted.
func TestBalsamBadNodeCounts(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"synthetic_events.json", "synthetic_jobs.json", "synthetic_batchjobs.json"} {
		b, err := os.ReadFile(sourcetest.Bundled("balsam/" + f))
		if err != nil {
			t.Fatal(err)
		}
		if f == "synthetic_events.json" {
			// the first event with a node count: "num_nodes": 0.25 or 1.0 ...
			i := bytes.Index(b, []byte(`"num_nodes": `))
			if i < 0 {
				t.Fatal("no num_nodes in the sample")
			}
			j := i + len(`"num_nodes": `)
			k := j + bytes.IndexAny(b[j:], ",}")
			b = append(append(append([]byte{}, b[:j]...), []byte("-5")...), b[k:]...)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := OpenWith(source.Options{}, dir)
	if err == nil || !strings.Contains(err.Error(), `field data.num_nodes: got "-5", want a number of nodes >= 0`) {
		t.Fatalf("strict: %v", err)
	}
	d, err := OpenWith(source.Options{Lenient: true}, dir)
	if err != nil {
		t.Fatal(err)
	}
	if ev := sourcetest.Frame(t, d, "events"); ev.NumRows() != 336 {
		t.Errorf("%d events, want the 337 less the bad one", ev.NumRows())
	}
}
