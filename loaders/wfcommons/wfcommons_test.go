package wfcommons

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func load(t *testing.T, path string) *source.Dataset {
	t.Helper()
	d := sourcetest.LoadFile(t, path, Load, source.Options{})
	sourcetest.Conform(t, d)
	return d
}

func stats(t *testing.T, d *source.Dataset, frame, col string) (sum, mx float64) {
	t.Helper()
	return sourcetest.SumMax(t, sourcetest.Frame(t, d, frame), col)
}

// TestFiguresOfTheInstances checks every instance against
// testdata/wfcommons/figures.py, which reads the JSON with no jobframe
// code (/usr/bin/python3 testdata/wfcommons/figures.py FILES).
func TestFiguresOfTheInstances(t *testing.T) {
	for _, c := range []struct {
		path                         string
		tasks, machines, cores, deps int
		runtime, mem, makespan, in   string
	}{
		{"wfcommons/bacass-dirt02-001.json", 11, 1, 1, 14, "3961.870000", "1061.2617", "4243", "687785202"},
		{"wfcommons/blast-chameleon-small-001.json", 43, 2, 48, 120, "382.912720", "902.1759", "1279.3", "204497333919"},
		{"wfcommons/blast-chameleon-small-001_schema1.4.json", 43, 2, 48, 120, "382.912720", "902.1759", "1279.3", "204497333919"},
		{"wfcommons/srasearch-chameleon-10a-001.json", 22, 1, 48, 30, "6996.779000", "310.2341", "", "10763558852"},
		// executedAt in ISO 8601's basic form (20200408T154143+0000)
		{"wfcommons/epigenomics-chameleon-hep-1seq-100k-001.json", 41, 1, 48, 48, "539.307000", "0.0000", "594", "941180492"},
		{"wfcommons/1000genome-chameleon-2ch-100k-001.json", 52, 1, 48, 76, "2771.295000", "0.0000", "776", "20850551475"},
		// WfFormat 1.6; executedAt "05-04-23T10:46:27Z" is no ISO 8601 time (a warning)
		{"wfcommons/helloworld-forkjoin-10-chameleon.json", 10, 1, 64, 16, "1028.704000", "0.6911", "437", "154545470"},
		{"shared:other/wfinstances/blast-chameleon-large-001.json", 103, 4, 96, 300, "154331.155807", "1194.9539", "3908.44", "511692766592"},
		{"shared:other/wfinstances/bwa-chameleon-small-001.json", 104, 4, 96, 400, "379.989466", "140.1901", "689.9", "38005117"},
	} {
		t.Run(c.path, func(t *testing.T) {
			d := load(t, sourcetest.Input(t, c.path))
			got := fmt.Sprintf("%d %d %d", sourcetest.Frame(t, d, "tasks").NumRows(), sourcetest.Frame(t, d, "workers").NumRows(), sourcetest.Frame(t, d, "dependencies").NumRows())
			if want := fmt.Sprintf("%d %d %d", c.tasks, c.machines, c.deps); got != want {
				t.Errorf("%s: tasks, machines, edges %s, want %s", c.path, got, want)
			}
			rt, _ := stats(t, d, "tasks", "wall_time_s")
			_, mem := stats(t, d, "tasks", "mem_mb")
			cores, _ := stats(t, d, "workers", "cpus")
			in, _ := stats(t, d, "tasks", "input_bytes")
			if got, want := fmt.Sprintf("%.6f %.4f %.0f %.0f", rt, mem, cores, in), fmt.Sprintf("%s %s %d %s", c.runtime, c.mem, c.cores, c.in); got != want {
				t.Errorf("%s: runtime, memory, cores, input bytes %s, want %s", c.path, got, want)
			}
			if got := strings.Join(sourcetest.Cells(t, sourcetest.Frame(t, d, "jobs"), "tasks", fmt.Sprint(c.tasks), "makespan_s"), ""); strings.TrimSuffix(got, ".0") != c.makespan && c.makespan != "" {
				t.Errorf("%s: makespan %s, want %s", c.path, got, c.makespan)
			}
		})
	}
}

// TestVersionsAgree: the same run in WfFormat 1.4 and 1.5 loads into the
// same tasks and edges.
func TestVersionsAgree(t *testing.T) {
	a := load(t, sourcetest.Bundled("wfcommons/blast-chameleon-small-001_schema1.4.json"))
	b := load(t, sourcetest.Bundled("wfcommons/blast-chameleon-small-001.json"))
	for _, c := range []struct{ frame, cols string }{
		{"tasks", "task,category,worker,req_cpus,wall_time_s,cpu_time_s,mem_mb,read_bytes,written_bytes,program,arguments,input_files,output_files,output_bytes"},
		{"dependencies", "parent,child"},
		{"workers", "worker,cpus"},
		{"placements", "task,worker,cpus"},
	} {
		cols := strings.Split(c.cols, ",")
		x := sourcetest.CSV(t, sourcetest.Frame(t, a, c.frame).Select(cols...).Sort(cols[:2]...))
		y := sourcetest.CSV(t, sourcetest.Frame(t, b, c.frame).Select(cols...).Sort(cols[:2]...))
		if x != y {
			t.Errorf("%s differ between 1.4 and 1.5:\n%s\n%s", c.frame, clip(x), clip(y))
		}
	}
}

func clip(s string) string { return s[:min(len(s), 600)] }

// example16 is the example instance of WfFormat's README (1.6), with the
// parent declared on one end only and a third task that did not run.
const example16 = `{
  "name": "my-workflow-instance",
  "schemaVersion": "1.6",
  "runtimeSystem": {"name": "pegasus", "version": "5.0.6"},
  "workflow": {
    "specification": {
      "tasks": [
        {"name": "split", "id": "ID0000001", "parents": [], "children": ["ID0000002"], "inputFiles": ["input.txt"], "outputFiles": ["chunk.txt"]},
        {"name": "analyze", "id": "ID0000002", "parents": [], "children": [], "inputFiles": ["chunk.txt"], "outputFiles": ["result.txt"]},
        {"name": "report", "id": "ID0000003", "parents": ["ID0000002"], "children": []}
      ],
      "files": [{"id": "input.txt", "sizeInBytes": 1024}, {"id": "chunk.txt", "sizeInBytes": 512}, {"id": "result.txt", "sizeInBytes": 128}]
    },
    "execution": {
      "makespanInSeconds": 14.2,
      "executedAt": "2026-08-04T15:20:00-08:00",
      "tasks": [
        {"id": "ID0000001", "runtimeInSeconds": 4.2, "executedAt": "2026-08-04T15:20:00-08:00", "command": {"program": "split", "arguments": ["-n", "2", "input.txt"]}, "coreCount": 1, "avgCPU": 93.78, "memoryInBytes": 4194304, "machines": ["node01.example.org"]},
        {"id": "ID0000002", "runtimeInSeconds": 10.0, "executedAt": "2026-08-04T15:20:04-08:00", "coreCount": 4, "machines": ["node01.example.org", "node02.example.org"]}
      ],
      "machines": [{"nodeName": "node01.example.org", "memoryInBytes": 34359738368, "cpu": {"coreCount": 8, "speedInMHz": 3600, "vendor": "AMD"}}]
    }
  }
}`

// TestExample16 reads the instance above; figures by hand: start
// 23:20:00Z and 23:20:04Z, ends 4.2 s and 10 s later, cpu_time_s 0.9378 *
// 4.2 = 3.93876 s, memory 4 MiB, task 2 split over two machines (2 cores
// each), edges 1→2 and 2→3, the run 23:20:00Z to 23:20:14.2Z.
func TestExample16(t *testing.T) {
	d, err := Load(strings.NewReader(example16), source.Options{Name: "example.json"})
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.Conform(t, d)
	for _, c := range []struct{ frame, cols, want string }{
		{"tasks", "task,task_id,category,attempt,worker,start,end,req_cpus,cpu_time_s,mem_mb,program,arguments,input_files,input_bytes,output_bytes",
			"1,ID0000001,split,1,node01.example.org,2026-08-04T23:20:00.000000Z,2026-08-04T23:20:04.200000Z,1,3.93876,4,split,-n 2 input.txt,1,1024,512\n" +
				"2,ID0000002,analyze,1,node01.example.org,2026-08-04T23:20:04.000000Z,2026-08-04T23:20:14.000000Z,4,,,,,1,512,128\n" +
				"3,ID0000003,report,,,,,,,,,,0,0,0\n"},
		{"dependencies", "job,parent,child,file_id", "my-workflow-instance,1,2,\nmy-workflow-instance,2,3,\n"},
		{"placements", "task,worker,root,cpus", "1,node01.example.org,true,1\n2,node01.example.org,true,2\n2,node02.example.org,false,2\n"},
		{"jobs", "job,start,end,makespan_s,tasks,runtime_system,schema_version", "my-workflow-instance,2026-08-04T23:20:00.000000Z,2026-08-04T23:20:14.200000Z,14.2,3,pegasus,1.6\n"},
		{"workers", "worker,cpus,mem_mb,speed_mhz,vendor", "node01.example.org,8,32768,3600,AMD\n"},
	} {
		cols := strings.Split(c.cols, ",")
		got := sourcetest.CSV(t, sourcetest.Frame(t, d, c.frame).Select(cols...))
		if want := c.cols + "\n" + c.want; got != want {
			t.Errorf("%s:\n got %s\nwant %s", c.frame, got, want)
		}
	}
}

// TestBadInstances: what does not read names its place.
func TestBadInstances(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [{"id": "a", "name": "a", "parents": ["zz"], "children": []}]}}}`,
			`x.json: field workflow.specification.tasks[0].parents: got "zz", want the id of a task of the workflow`},
		{`{"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [{"id": "a", "name": "a", "parents": [], "children": []}]}, "execution": {"tasks": [{"id": "b", "runtimeInSeconds": 1}]}}}`,
			`x.json: field workflow.execution.tasks[0].id: got "b", want the id of a specification task`},
		{`{"schemaVersion": "1.3", "workflow": {"tasks": []}}`, "want WfFormat 1.4, 1.5 or 1.6 (migrate older instances"},
		{"{\"schemaVersion\": \"1.5\",\n \"workflow\": {\"specification\": {\"tasks\": [{\"id\": \"a\", \"runtimeInSeconds\": \"long\"}]}}}", "x.json:2: field workflow.specification.tasks[0].runtimeInSeconds: got \"string\", want a JSON number (WfFormat)"},
		// The task lists decode on every core: a bad task far down is
		// still named by its index and line.
		{"{\"schemaVersion\": \"1.4\", \"workflow\": {\"tasks\": [\n" + strings.Repeat("{\"name\": \"t\"},\n", 1000) + "{\"name\": \"t\", \"cores\": [1]}]}}",
			"x.json:1002: field workflow.tasks[1000].cores: got \"array\", want a JSON number (WfFormat)"},
		{"{\"schemaVersion\": \"1.5\",\n \"workflow\": {\"specification\": {\"tasks\": {\"id\": \"a\"}}}}", "x.json:2: field workflow.specification.tasks: got \"\", want a list of tasks"},
		{"{\"schemaVersion\": \"1.5\", \"workflow\": {\"execution\": {\"tasks\": [1]}}}", "field workflow.execution.tasks[0]: got \"number\", want a JSON object (WfFormat)"},
		{"{\"schemaVersion\": \"1.5\",\n \"workflow\": {", "x.json:2: got \"\", want a WfFormat JSON document (unexpected end of JSON input)"},
	} {
		_, err := Load(strings.NewReader(c.in), source.Options{Name: "x.json"})
		sourcetest.MustContain(t, err, c.want)
	}
	d, err := Load(strings.NewReader(`{"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [{"id": "a", "name": "a", "parents": ["zz"], "children": []}]}}}`), source.Options{Name: "x.json", Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := sourcetest.Frame(t, d, "tasks").NumRows(); n != 1 || len(d.Warnings) != 2 {
		t.Errorf("lenient: %d tasks, warnings %v; want 1 task, the edge skipped", n, d.Warnings)
	}
}

// TestTrimIDSuffix checks the category rule against the regular
// expression it replaces, _ID\d+$.
func TestTrimIDSuffix(t *testing.T) {
	re := regexp.MustCompile(`_ID\d+$`)
	for _, name := range []string{"", "blastall_ID0000001", "split_fasta_ID1", "a_ID", "_ID7", "ID7", "a_ID1_ID22", "a_ID1x", "a_id12", "x_ID٣", "7", "a__ID00"} {
		if got, want := trimIDSuffix(name), re.ReplaceAllString(name, ""); got != want {
			t.Errorf("%q: %q, want %q", name, got, want)
		}
	}
}

// TestMalformedMemberRefused: a member the loader does not read must
// still be JSON (the fast decoder skips such members unchecked).
func TestMalformedMemberRefused(t *testing.T) {
	for _, in := range []string{
		`{"schemaVersion": "1.4", "extra": [1,,2], "workflow": {"tasks": [{"name": "a"}]}}`,
		`{"schemaVersion": "1.4", "workflow": {"tasks": [{"name": "a"}], "x": {"a" 1}}}`,
		`{"schemaVersion": "1.4", "workflow": {"tasks": [{"name": "a"}]}} trailing`,
	} {
		if _, err := Load(strings.NewReader(in), source.Options{Name: "x.json"}); err == nil {
			t.Errorf("%s: read", in)
		} else {
			sourcetest.MustContain(t, err, "want a WfFormat JSON document")
		}
	}
}

// scanSeeds are documents the one-scan reading takes, and some it
// leaves to encoding/json.
var scanSeeds = []string{
	example16,
	`{"schemaVersion": "1.4", "workflow": {"makespanInSeconds": 3, "tasks": [{"name": "x_ID01", "id": "ID01", "children": ["y"], "cores": 1}, {"name": "y"}], "machines": [{"nodeName": "n"}]}}`,
	`{"WORKFLOW": {"Specification": {"TASKS": [{"id": "a"}], "files": [{"id": "f", "sizeInBytes": 3}]}, "execution": {"tasks": null}}, "tasks": [1]}`,
	`{"workflow": {"specification": null, "execution": {"tasks": []}}}`,
	`{"workflow": {"tasks": [{"id": "a"}], "tasks": []}}`,              // a list twice
	`{"workflow": {}, "workflow": {"tasks": []}}`,                      // an object twice
	`{"workflow": {"taſks": [{"id": "a"}]}}`,                           // folds to tasks
	`{"workflow": {"tasks": {"id": "a"}}}`,                             // not a list
	`{"workflow": {"tasks": [{"id": 1}]}}`,                             // a task of another type
	`{"workflow": {"execution": {"tasks": [{"id": "a"}]}, "x": [1,]}}`, // bad syntax after a list
}

// checkScanInstance compares scanInstance's reading of in with
// encoding/json's.
func checkScanInstance(t *testing.T, in string) {
	fast := scanInstance([]byte(in))
	if fast == nil {
		return
	}
	std, err := decodeInstance([]byte(in), json.Unmarshal, stdTasks)
	if err != nil {
		t.Fatalf("%s: read in one scan; encoding/json: %v", in, err)
	}
	for k, pick := range []func(*instance) *jsontext.Array[task]{flatTasks, specTasks, execTasks} {
		a, b := pick(fast), pick(std)
		if (a == nil) != (b == nil) || a != nil && !reflect.DeepEqual(a.Items(), b.Items()) {
			t.Fatalf("%s: list %d: one scan and encoding/json read other tasks", in, k)
		}
		if a != nil {
			*a, *b = jsontext.Array[task]{}, jsontext.Array[task]{}
		}
	}
	if !reflect.DeepEqual(fast, std) {
		t.Fatalf("%s: one scan\n%+v\nencoding/json\n%+v", in, fast, std)
	}
}

func flatTasks(in *instance) *jsontext.Array[task] { return &in.Workflow.Tasks }

func specTasks(in *instance) *jsontext.Array[task] {
	if s := in.Workflow.Specification; s != nil {
		return &s.Tasks
	}
	return nil
}

func execTasks(in *instance) *jsontext.Array[task] {
	if e := in.Workflow.Execution; e != nil {
		return &e.Tasks
	}
	return nil
}

// TestScanInstance: the one-scan reading reads what encoding/json reads,
// and leaves to it what it might read otherwise.
func TestScanInstance(t *testing.T) {
	for i, in := range scanSeeds {
		checkScanInstance(t, in)
		if got, want := scanInstance([]byte(in)) != nil, i < 4; got != want {
			t.Errorf("%s: read in one scan: %v, want %v", in, got, want)
		}
	}
}

// TestMemberOf checks the switch of memberOf against taskMembers: every
// name exactly and in other cases, and names task does not have.
func TestMemberOf(t *testing.T) {
	for i := range taskMembers {
		name := taskMembers[i].name
		for _, key := range []string{name, strings.ToUpper(name), strings.ToLower(name)} {
			if m := memberOf([]byte(key)); m != &taskMembers[i] {
				t.Errorf("memberOf(%q) is not member %d (%s)", key, i, name)
			}
		}
	}
	for _, key := range []string{"", "ids", "nam", "runtimeinseconds2", "machines "} {
		if m := memberOf([]byte(key)); m != nil {
			t.Errorf("memberOf(%q) = %s", key, m.name)
		}
	}
}

// TestBasicISOTimes: Pegasus instances write executedAt in ISO 8601's
// basic form; the run starts then and ends makespan later (Python's
// strptime('%Y%m%dT%H%M%S%z') of the raw text: 2020-04-08T15:41:43Z
// and 594 s later).
func TestBasicISOTimes(t *testing.T) {
	d := load(t, sourcetest.Bundled("wfcommons/epigenomics-chameleon-hep-1seq-100k-001.json"))
	got := sourcetest.Cells(t, sourcetest.Frame(t, d, "jobs"), "tasks", "41", "start", "end")
	if want := "2020-04-08T15:41:43.000000Z 2020-04-08T15:51:37.000000Z"; strings.Join(got, "") != want {
		t.Errorf("start and end %q, want %q", got, want)
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings %v", d.Warnings)
	}
}
