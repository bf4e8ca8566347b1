package nextflow

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func loadTrace(t *testing.T, path string) *source.Dataset {
	t.Helper()
	d := sourcetest.LoadFile(t, path, LoadTrace, source.Options{})
	sourcetest.Conform(t, d)
	return d
}

func floats(t *testing.T, d *source.Dataset, col string) (sum, mx float64) {
	t.Helper()
	return sourcetest.SumMax(t, sourcetest.Frame(t, d, "tasks"), col)
}

// TestFiguresOfTheTraces checks the traces against
// testdata/nextflow/figures.py, which reads the raw files with no
// jobframe code (/usr/bin/python3 testdata/nextflow/figures.py FILES).
func TestFiguresOfTheTraces(t *testing.T) {
	for _, c := range []struct {
		path                 string
		rows                 int
		status, exit         string
		realtime, cpu, maxMB string
	}{
		{"nextflow/openproblems_2021-03_trace.txt", 217, "COMPLETED:209 FAILED:8", "0:209 137:8", "30399.700", "79879.586", "17203.2000"},
		{"nextflow/wfcommons_nfcore_trace.txt", 29, "COMPLETED:26 FAILED:3", "0:26 139:1 1:2", "246.524", "236.666", "234.1000"},
		{"shared:other/nextflow/openproblems_2022-05_trace.txt", 1368, "COMPLETED:852 FAILED:516", "-:39 0:852 137:477", "1198714.500", "4454334.731", "23142.4000"},
	} {
		t.Run(c.path, func(t *testing.T) {
			d := loadTrace(t, sourcetest.Input(t, c.path))
			tasks := sourcetest.Frame(t, d, "tasks")
			if tasks.NumRows() != c.rows {
				t.Errorf("%s: %d rows, want %d", c.path, tasks.NumRows(), c.rows)
			}
			if got := sourcetest.Counts(t, tasks, "raw_state"); got != c.status {
				t.Errorf("%s: statuses %s, want %s", c.path, got, c.status)
			}
			got := sourcetest.Counts(t, tasks, "exit_code") // non-null values
			if _, ok, _ := tasks.Int64s("exit_code"); slices.Contains(ok, false) {
				got = fmt.Sprintf("-:%d %s", len(ok)-len(slices.DeleteFunc(slices.Clone(ok), func(v bool) bool { return !v })), got)
			}
			if got != c.exit {
				t.Errorf("%s: exits %s, want %s", c.path, got, c.exit)
			}
			real, _ := floats(t, d, "wall_time_s")
			cpu, _ := floats(t, d, "cpu_time_s")
			_, mx := floats(t, d, "mem_mb")
			if got := fmt.Sprintf("%.3f %.3f %.4f", real, cpu, mx); got != c.realtime+" "+c.cpu+" "+c.maxMB {
				t.Errorf("%s: realtime, CPU time, peak RSS %s, want %s %s %s", c.path, got, c.realtime, c.cpu, c.maxMB)
			}
		})
	}
}

// TestTraceRows pins one row of the 2021-03 trace read by hand: task 2,
// list_tasks, submitted 2021-03-04 21:06:07.625 (UTC), 13.9s, 2.5s,
// 97.8%, 218 MB, 895 MB, 28.3 MB, 468 B.
func TestTraceRows(t *testing.T) {
	d := loadTrace(t, sourcetest.Bundled("nextflow/openproblems_2021-03_trace.txt"))
	got := sourcetest.Cells(t, sourcetest.Frame(t, d, "tasks"), "task", "2",
		"task", "attempt", "category", "name", "hash", "native_id", "state", "submit", "duration_s", "wall_time_s", "cpu_pct", "cpu_time_s", "mem_mb", "peak_vmem_mb", "rchar_bytes", "wchar_bytes", "line")
	want := "2 1 list_tasks list_tasks 09/f496c9 22964 success 2021-03-04T21:06:07.625000Z 13.9 2.5 97.8 2.445 218.0 895.0 29674701 468 2"
	if len(got) != 1 || got[0] != want {
		t.Errorf("task 2:\n got %v\nwant %v", got, want)
	}
}

// TestRawAndCustomFields reads a trace written with trace.raw = true,
// trace.sep = ',' and fields of its own choice, figures by hand.
func TestRawAndCustomFields(t *testing.T) {
	in := "task_id,process,tag,status,exit,attempt,submit,start,complete,realtime,%cpu,peak_rss,memory,cpus,time,hostname\n" +
		"7,ALIGN,s1,COMPLETED,0,2,1700000000000,1700000001500,1700000061500,60000,150.0,1073741824,2147483648,2,3600000,node1\n" +
		"8,ALIGN,s2,ABORTED,-,1,1700000000250,-,-,-,-,-,2147483648,2,3600000,-\n"
	d, err := LoadTrace(strings.NewReader(in), source.Options{Name: "raw.csv"})
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.Conform(t, d)
	tasks := sourcetest.Frame(t, d, "tasks")
	got := sourcetest.CSV(t, tasks.Select("task", "attempt", "category", "state", "raw_state", "exit_code", "start", "end", "wall_time_s", "cpu_time_s", "mem_mb", "req_mem_mb", "req_cpus", "req_time_s", "worker"))
	want := "task,attempt,category,state,raw_state,exit_code,start,end,wall_time_s,cpu_time_s,mem_mb,req_mem_mb,req_cpus,req_time_s,worker\n" +
		"7,2,ALIGN,success,COMPLETED,0,2023-11-14T22:13:21.500000Z,2023-11-14T22:14:21.500000Z,60,90,1024,2048,2,3600,node1\n" +
		"8,1,ALIGN,canceled,ABORTED,,,,,,,2048,2,3600,\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestBadRecords: each kind of bad record names its line and field;
// lenient mode skips and counts them.
func TestBadRecords(t *testing.T) {
	in := "task_id\tname\tstatus\trealtime\tpeak_rss\n" +
		"1\ta (x)\tCOMPLETED\t1s\t1 MB\n" +
		"2\tb\tDONE\t1s\t1 MB\n" +
		"3\tc\tFAILED\t1 fortnight\t1 MB\n" +
		"4\td\tFAILED\t1s\t3 QB\n" +
		"5\te\tFAILED\t1s\n"
	_, err := LoadTrace(strings.NewReader(in), source.Options{Name: "bad.txt"})
	sourcetest.MustContain(t, err, "bad.txt:3: field status: got \"DONE\", want a task status")
	d, err := LoadTrace(strings.NewReader(in), source.Options{Name: "bad.txt", Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, w := range d.Warnings {
		msgs = append(msgs, w.String())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{
		"bad.txt:4: field realtime: skipped: want a duration",
		"bad.txt:5: field peak_rss: skipped: want a size such as 218.2 MB, 1016 B or bytes (not a Nextflow trace value: unknown size unit \"QB\"",
		"bad.txt:6: skipped: want 5 fields as the header has (this record has 4)",
		"4 bad records skipped in total",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings lack %q:\n%s", want, all)
		}
	}
	if got := sourcetest.Cells(t, sourcetest.Frame(t, d, "tasks"), "task", "1", "category"); len(got) != 1 || got[0] != "a" {
		t.Errorf("category of \"a (x)\" = %q, want a", got)
	}
	_, err = LoadTrace(strings.NewReader("JobID|State\n"), source.Options{Name: "x.txt"})
	sourcetest.MustContain(t, err, "x.txt:1: got \"JobID|State\", want a Nextflow trace header")
}

// TestTimeline checks the 2021-03 page against figures.py: 217 entries,
// 643 segments (209 with three), from 1614891967625 to 1614896143511 ms,
// run segments summing to 30401.151 s, largest peak RSS 17203.2 MiB.
func TestTimeline(t *testing.T) {
	d := sourcetest.LoadFile(t, sourcetest.Bundled("nextflow/openproblems_2021-03_timeline.html"), LoadTimeline, source.Options{})
	sourcetest.Conform(t, d)
	tasks := sourcetest.Frame(t, d, "tasks")
	if tasks.NumRows() != 217 {
		t.Fatalf("%d tasks, want 217", tasks.NumRows())
	}
	wall, _ := floats(t, d, "wall_time_s")
	_, mem := floats(t, d, "mem_mb")
	if got := fmt.Sprintf("%.3f %.4f", wall, mem); got != "30401.151 17203.2000" {
		t.Errorf("run time sum, peak RSS = %s, want 30401.151 17203.2000", got)
	}
	lo, hi, ok := d.Span()
	if !ok || lo != 1614891967625000 || hi != 1614896143511000 {
		t.Errorf("span %d..%d, want 1614891967625000..1614896143511000", lo, hi)
	}
	if !d.HasLogSpan || d.LogStart != 1614891958760000 || d.LogEnd != 1614896145700000 {
		t.Errorf("log span %d..%d, want beginningMillis..endingMillis", d.LogStart, d.LogEnd)
	}
	_, valid, err := tasks.Micros("end")
	if err != nil {
		t.Fatal(err)
	}
	ends := 0
	for _, ok := range valid {
		if ok {
			ends++
		}
	}
	if ends != 217 {
		t.Errorf("%d tasks with an end, want 217", ends)
	}
	got := sourcetest.Cells(t, tasks, "task", "1", "name", "category", "submit", "start", "end", "wall_time_s", "duration_s", "label_duration_s", "mem_mb")
	want := "list_tasks list_tasks 2021-03-04T21:06:07.625000Z 2021-03-04T21:06:08.898000Z 2021-03-04T21:06:21.506000Z 2.524 13.881 13.9 218.0"
	if len(got) != 1 || got[0] != want {
		t.Errorf("task 1:\n got %v\nwant %v", got, want)
	}
}

// TestTimelineJSONForm reads the page Nextflow 21.03 and later writes:
// window.data holds JSON with cached and index, and a label may be
// escaped for JavaScript (\').
func TestTimelineJSONForm(t *testing.T) {
	page := `<!doctype html><html><head><script type="text/javascript">
window.data = {
    "elapsed": "2.5s",
    "beginningMillis": 1000,
    "endingMillis": 3500,
    "processes": [
        {"label": "foo", "cached": false, "index": 0, "times": []},
        {"label": "bar (it\'s)", "cached": true, "index": 1, "times": [{"starting_time": 1100, "ending_time": 1200}, {"starting_time": 1200, "ending_time": 1300, "label": "200ms \/ 1.5 GB \/ CACHED"}]}
    ]
}
;</script></head><body>Created with Nextflow</body></html>`
	if !sniffTimeline("timeline.html", []byte(page)) {
		t.Fatal("not sniffed as a timeline")
	}
	d, err := LoadTimeline(strings.NewReader(page), source.Options{Name: "timeline.html"})
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.Conform(t, d)
	got := sourcetest.CSV(t, sourcetest.Frame(t, d, "tasks").Select("task", "name", "category", "submit", "start", "end", "wall_time_s", "mem_mb", "cached", "color_index"))
	want := "task,name,category,submit,start,end,wall_time_s,mem_mb,cached,color_index\n" +
		"1,foo,foo,,,,,,false,0\n" +
		"2,bar (it's),bar,1970-01-01T00:00:01.100000Z,1970-01-01T00:00:01.200000Z,1970-01-01T00:00:01.300000Z,0.1,1536,true,1\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	report := strings.Replace(page, `"processes"`, `"trace"`, 1)
	_, err = LoadTimeline(strings.NewReader(report), source.Options{Name: "report.html"})
	sourcetest.MustContain(t, err, "report.html:2:", "execution report rather than its timeline")
}

// TestLaterFields: a field name Nextflow does not know (yet) is kept as
// text among known ones, and one that would clash with a column the
// loader makes is prefixed.
func TestLaterFields(t *testing.T) {
	// line is derived, submit_ reads as submit (a known field's column),
	// end and worker are canonical tasks columns: each gets nf_.
	in := "task_id\tname\tstatus\taccelerator_type\tline\tsubmit_\tend\tworker\n" +
		"1\ta (x)\tCOMPLETED\tnvidia-a100\t-\tsoon\tlater\tw1\n"
	if !sniff([]byte(in)) {
		t.Fatal("not sniffed")
	}
	d, err := LoadTrace(strings.NewReader(in), source.Options{Name: "t.txt"})
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.Conform(t, d)
	got := sourcetest.CSV(t, sourcetest.Frame(t, d, "tasks").Select("task", "category", "accelerator_type", "nf_line", "line", "nf_submit", "nf_end", "nf_worker"))
	if want := "task,category,accelerator_type,nf_line,line,nf_submit,nf_end,nf_worker\n1,a,nvidia-a100,,2,soon,later,w1\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, head := range []string{"task_id\tName\n", "hash\n", "foo\tbar\tbaz\n", "status\texit\n"} {
		if sniff([]byte(head)) {
			t.Errorf("%q sniffed as a trace", head)
		}
	}
}

// timelineObjects are data objects of the 21.03+ form that the one-scan
// reading (timelineObject) takes, and some it leaves to the general path.
var timelineObjects = []string{
	`{"elapsed": "2.5s", "beginningMillis": 1000, "endingMillis": 3500, "processes": [{"label": "foo", "cached": false, "index": 0, "times": []}, {"label": "bar", "times": [{"starting_time": 1100, "ending_time": 1200}, {"starting_time": 1200, "ending_time": 1300, "label": "200ms / 1.5 GB / CACHED"}]}]}`,
	`{"Processes": [], "ELAPSED": "1s", "other": {"processes": 1}}`,
	`{"processes": [{"label": "a", "index": "3"}]}`,                    // a bad entry: encoding/json's error
	`{"processes": [{"label": "a", "times": [{"starting_time": 5}]}]}`, // a bad interval: a bad record, not an error
	`{"processes": [], "processes": []}`,                               // twice: the general path's
	`{"proceſſes": []}`,                                                // folds to processes in encoding/json
	`{"processes": null}`,
	`{"elapsed": 5, "processes": []}`,
	`{"beginningMillis": 1.5, "processes": []}`,
	`{"processes": [1,]}`,
	`{"elapsed": "1s"}`,
}

// checkTimelineObject compares the one-scan reading of the data object
// in with the general path's.
func checkTimelineObject(t *testing.T, in string) {
	src := []byte(in)
	lineOf := func(int) int { return 1 }
	fast, handRead := timelineObject(src)
	if fast == nil {
		return // the general path reads it
	}
	var fastErr error
	if !handRead {
		_, fastErr = decodeStd(fast, src, lineOf)
	}
	js, _, err := jsonOfLiteral(src)
	general := &timelineData{}
	if err == nil {
		err = json.Unmarshal(js, general) // the reading the one scan holds to
	}
	if err == nil && general.Processes.Raw == nil {
		t.Fatalf("%s: read without processes", in)
	}
	if err == nil {
		_, err = decodeEntries(general, src, lineOf)
	}
	if fmt.Sprint(err) != fmt.Sprint(fastErr) {
		t.Fatalf("%s: one scan: %v; general path: %v", in, fastErr, err)
	}
	if err != nil {
		return
	}
	if !reflect.DeepEqual(fast.Processes.Items(), general.Processes.Items()) {
		t.Fatalf("%s: one scan read the processes\n%+v\ngeneral path\n%+v", in, fast.Processes.Items(), general.Processes.Items())
	}
	fast.Processes, general.Processes = jsontext.Array[timelineEntry]{}, jsontext.Array[timelineEntry]{}
	if !reflect.DeepEqual(fast, general) {
		t.Fatalf("%s: one scan read\n%+v\ngeneral path\n%+v", in, fast, general)
	}
}

// TestTimelineObject: the one-scan reading of the data object reads what
// the general path reads, and leaves to it what it would read otherwise.
func TestTimelineObject(t *testing.T) {
	offPath := map[int]bool{4: true, 5: true, 6: true, 7: true, 8: true, 9: true, 10: true}
	for i, in := range timelineObjects {
		checkTimelineObject(t, in)
		if data, _ := timelineObject([]byte(in)); (data == nil) != offPath[i] {
			t.Errorf("%s: read in one scan: %v, want %v", in, data != nil, !offPath[i])
		}
	}
	data, handRead := timelineObject([]byte(timelineObjects[2]))
	if handRead {
		t.Fatal(`"index": "3" read by hand`)
	}
	_, err := decodeStd(data, nil, nil)
	sourcetest.MustContain(t, err, "processes[0]: json: cannot unmarshal string")
}
