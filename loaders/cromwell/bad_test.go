package cromwell

import (
	"errors"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

const doc = `{"id": "w1", "workflowName": "Main", "status": "Failed", "start": "2022-03-10T13:24:54.464Z", "end": "2022-03-10T13:30:00Z",
 "calls": {"Main.align": [
   {"shardIndex": 0, "attempt": 1, "executionStatus": "RetryableFailure", "start": "2022-03-10T13:25:00Z", "end": "2022-03-10T13:26:00Z",
    "runtimeAttributes": {"cpu": "4", "memory": "2 GiB"}, "preemptible": true},
   {"shardIndex": 0, "attempt": 2, "executionStatus": "Done", "start": "2022-03-10T13:26:00Z", "end": "2022-03-10T13:28:00Z",
    "runtimeAttributes": {"cpu": 4, "memory": "2.5 GB"}, "callCaching": {"hit": false}},
   {"shardIndex": 1, "attempt": 1, "executionStatus": "STATUS", "start": "2022-03-10T13:25:00Z", "end": "2022-03-10T13:27:00Z"}],
  "Main.sub": [{"shardIndex": -1, "attempt": 1, "executionStatus": "Done",
    "subWorkflowMetadata": {"id": "w2", "workflowName": "Sub", "status": "Succeeded",
      "calls": {"Sub.step": [{"shardIndex": -1, "attempt": 1, "executionStatus": "Done", "start": "2022-03-10T13:28:00Z", "end": "2022-03-10T13:29:00Z"}]}}}]}}`

// TestCalls: shards and attempts, a preempted attempt lost and its retry
// a success, memory in GiB and GB, a subworkflow flattened with its path.
func TestCalls(t *testing.T) {
	d, err := Load(strings.NewReader(strings.Replace(doc, `"STATUS"`, `"Failed"`, 1)), source.Options{Name: "m.json"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := d.Frames["tasks"]
	cat, _, _ := tasks.Strings("category")
	task, _, _ := tasks.Int64s("task")
	state, _, _ := tasks.Strings("state")
	mem, _, _ := tasks.Float64s("req_mem_mb")
	path, _, _ := tasks.Strings("subworkflow")
	sourcetest.SameJSON(t, "calls", []any{cat, task, state, mem[:2], path[3]},
		[]any{[]string{"Main.align", "Main.align", "Main.align", "Sub.step"}, []int64{0, 0, 1, 2}, []string{"lost", "success", "failed", "success"},
			[]float64{2048, 2.5e9 / (1 << 20)}, "Main.sub"})
	parents, _, _ := d.Frames["jobs"].Strings("parent")
	sourcetest.SameJSON(t, "workflows", parents, []string{"", "w1"})
}

// TestBadDocuments: a status Cromwell does not define is named by its
// place; a document that is not JSON, or not a workflow's metadata, is
// refused; a workflow without calls loads with the note that it has no
// tasks.
func TestBadDocuments(t *testing.T) {
	_, err := Load(strings.NewReader(doc), source.Options{Name: "m.json"})
	var pe *source.ParseError
	if !errors.As(err, &pe) || pe.Field != `calls["Main.align"][2].executionStatus` {
		t.Errorf("%v, want the unknown status named by its place", err)
	}
	d, err := Load(strings.NewReader(doc), source.Options{Name: "m.json", Lenient: true})
	if err != nil || d.Frames["tasks"].NumRows() != 3 {
		t.Errorf("lenient: %v", err)
	}
	for _, bad := range []string{`{"calls": {"A.b": [ {"executionStatus": `, `[1, 2]`, `{"other": 1}`} {
		if _, err := Load(strings.NewReader(bad), source.Options{Name: "m.json"}); !errors.Is(err, source.ErrBadHeader) {
			t.Errorf("%q: %v, want a refusal", bad, err)
		}
	}
	d, err = Load(strings.NewReader(`{"id": "w3", "workflowName": "Empty", "status": "Succeeded", "calls": {}}`), source.Options{Name: "m.json"})
	if err != nil || d.Frames["tasks"].NumRows() != 0 || len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0].Msg, "no tasks") {
		t.Errorf("%v %v, want no tasks, said as such", err, d)
	}
}

// TestMemory reads WDL's sizes.
func TestMemory(t *testing.T) {
	for in, want := range map[string]float64{"131.072 GB": 131.072e9 / (1 << 20), "2 GiB": 2048, "512 MiB": 512, "1048576": 1, "3 Gi": 3072} {
		if got, ok := memoryMB(in); !ok || got != want {
			t.Errorf("%q: %v %v, want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"lots", "2 XB", "-1 GB"} {
		if _, ok := memoryMB(in); ok {
			t.Errorf("%q: accepted", in)
		}
	}
}
