package balsam

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func balsamFiles(t *testing.T, events, jobs, batch []byte) *source.Dataset {
	t.Helper()
	d, err := Load(Files{Events: bytes.NewReader(events), Jobs: bytes.NewReader(jobs), BatchJobs: bytes.NewReader(batch)}, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func readBundled(t *testing.T, rel string) []byte {
	b, err := os.ReadFile(sourcetest.Bundled(rel))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The API page and JSON-lines forms load the same as the bare array.
func TestBalsamContainers(t *testing.T) {
	events := readBundled(t, "balsam/synthetic_events.json")
	jobs := readBundled(t, "balsam/synthetic_jobs.json")
	batch := readBundled(t, "balsam/synthetic_batchjobs.json")
	base := balsamFiles(t, events, jobs, batch)
	var recs []json.RawMessage
	if err := json.Unmarshal(events, &recs); err != nil {
		t.Fatal(err)
	}
	page, _ := json.Marshal(map[string]any{"count": len(recs), "results": recs})
	var lines bytes.Buffer
	for _, r := range recs {
		var c bytes.Buffer
		json.Compact(&c, r)
		lines.Write(c.Bytes())
		lines.WriteByte('\n')
	}
	for name, ev := range map[string][]byte{"page": page, "lines": lines.Bytes()} {
		d := balsamFiles(t, ev, jobs, batch)
		for _, f := range []string{schema.Events, schema.Tasks, schema.Jobs} {
			a, b := sourcetest.Frame(t, base, f), sourcetest.Frame(t, d, f)
			if a.NumRows() != b.NumRows() || a.Drop("data").String() != b.Drop("data").String() {
				t.Fatalf("%s: %s frame differs", name, f)
			}
		}
	}
}

func TestBalsamBadInput(t *testing.T) {
	ev := "[\n{\"id\": 1, \"job_id\": 1, \"timestamp\": \"2021-03-10T12:00:01\", \"from_state\": \"CREATED\", \"to_state\": \"STAGED_IN\", \"data\": {}},\n" +
		"{\"id\": 2, \"job_id\": 1, \"timestamp\": \"noon\", \"from_state\": \"STAGED_IN\", \"to_state\": \"RUNNING\", \"data\": {}}\n]\n"
	_, err := Load(Files{Events: strings.NewReader(ev), EventsName: "events.json"}, source.Options{})
	sourcetest.MustContain(t, err, "events.json:3: field timestamp", `got "noon"`, "naive ISO 8601")
	d, err := Load(Files{Events: strings.NewReader(ev), EventsName: "events.json"}, source.Options{Lenient: true})
	if err != nil || sourcetest.Frame(t, d, schema.Events).NumRows() != 1 || len(d.Warnings) != 2 {
		t.Fatal(err, d.Warnings)
	}
	_, err = Load(Files{Events: strings.NewReader("[{\"id\": 1,"), EventsName: "events.json"}, source.Options{})
	sourcetest.MustContain(t, err, "events.json:1:", "a JSON record")
}

// A record cut short in the middle of a file (a dump whose writer died,
// appended to later) is one bad record: the records after it load, as
// JSON lines and as an array written a record a line.
func TestBalsamRecordCutShort(t *testing.T) {
	var recs []json.RawMessage
	if err := json.Unmarshal(readBundled(t, "balsam/synthetic_events.json"), &recs); err != nil {
		t.Fatal(err)
	}
	lines := make([]string, len(recs))
	for i, r := range recs {
		var c bytes.Buffer
		json.Compact(&c, r)
		lines[i] = c.String()
	}
	const bad = 100 // its line is 101 in JSON lines, 102 in the array
	lines[bad] = lines[bad][:len(lines[bad])/2]
	for name, in := range map[string]string{
		"lines": strings.Join(lines, "\n") + "\n",
		"array": "[\n" + strings.Join(lines, ",\n") + "\n]\n",
	} {
		line := "events.json:101:"
		if name == "array" {
			line = "events.json:102:"
		}
		_, err := Load(Files{Events: strings.NewReader(in), EventsName: "events.json"}, source.Options{})
		sourcetest.MustContain(t, err, line, "malformed JSON")
		d, err := Load(Files{Events: strings.NewReader(in), EventsName: "events.json"}, source.Options{Lenient: true})
		if err != nil {
			t.Fatal(name, err)
		}
		if n := sourcetest.Frame(t, d, schema.Events).NumRows(); n != len(recs)-1 || len(d.Warnings) != 2 || !strings.Contains(d.Warnings[0].String(), line) {
			t.Fatalf("%s: %d events of %d, warnings %v", name, n, len(recs)-1, d.Warnings)
		}
	}
}

// Pretty-printed files, escapes, and job ids far apart (the map index)
// load as the compact files do.
func TestBalsamPrettyAndSparse(t *testing.T) {
	events := readBundled(t, "balsam/synthetic_events.json")
	jobs := readBundled(t, "balsam/synthetic_jobs.json")
	batch := readBundled(t, "balsam/synthetic_batchjobs.json")
	base := balsamFiles(t, events, jobs, batch)
	indent := func(b []byte) []byte {
		var out bytes.Buffer
		if err := json.Indent(&out, b, "", "    "); err != nil {
			t.Fatal(err)
		}
		return out.Bytes()
	}
	d := balsamFiles(t, indent(events), indent(jobs), indent(batch))
	for _, f := range []string{schema.Events, schema.Tasks, schema.Jobs, schema.Allocations} {
		if a, b := sourcetest.Frame(t, base, f).String(), sourcetest.Frame(t, d, f).String(); a != b {
			t.Fatalf("pretty-printed: %s frame differs:\n%s\n%s", f, a, b)
		}
	}
	// job ids shifted by 2^40: the same frames with the ids shifted
	shift := func(b []byte, key string) []byte {
		var recs []map[string]any
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if err := dec.Decode(&recs); err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			n, _ := r[key].(json.Number).Int64()
			r[key] = n + 1<<40
		}
		out, _ := json.Marshal(recs)
		return out
	}
	d = balsamFiles(t, shift(events, "job_id"), shift(jobs, "id"), batch)
	tasks, baseTasks := sourcetest.Frame(t, d, schema.Tasks), sourcetest.Frame(t, base, schema.Tasks)
	if tasks.NumRows() != baseTasks.NumRows() || sourcetest.Render(sourcetest.GroupCounts(t, tasks, "state")) != sourcetest.Render(sourcetest.GroupCounts(t, baseTasks, "state")) {
		t.Fatal("sparse ids: tasks differ")
	}
	if got := sourcetest.Frame(t, d, schema.Events).Where("tag.experiment", "==", "foo").NumRows(); got != 177 {
		t.Fatalf("sparse ids: %d foo events", got)
	}
	// escapes in strings and keys
	ev := `[{"id": 1, "job_id": 7, "timestamp": "2021-03-10T12:00:01", "from_state": "RUN\u004eING", "to_state": "RUN_ERROR", "data": {"returncode": 3, "error": "line 1\nline \"2\"", "n\u0075m_nodes": 2.5}}]`
	jb := `[{"id": 7, "tags": {"k\u00e9y": "v\"al"}, "batch_job_id": null, "state": "FAILED", "parent_ids": [1, 2]}]`
	d = balsamFiles(t, []byte(ev), []byte(jb), nil)
	e := sourcetest.Frame(t, d, schema.Events)
	if got := strings.Join(sourcetest.Cells(t, e, "id", "1", "from_state", "returncode", "error", "num_nodes", "tag.kéy", "tags"), "|"); got != "RUNNING 3 line 1\nline \"2\" 2.5 v\"al kéy:v\"al" {
		t.Fatalf("%q", got)
	}
	if got := sourcetest.Cells(t, sourcetest.Frame(t, d, schema.Jobs), "job", "7", "parent_ids")[0]; got != "1,2" {
		t.Fatal(got)
	}
}

// TestEstimateRecords checks the guess Open gives loaders to reserve
// their columns: exact when the head is the whole input, the records per
// byte of the head times the size (plus a fifth and 64) otherwise, and
// none for input of unknown size.
func TestEstimateRecords(t *testing.T) {
	head := []byte("[\n{\"to_state\":\"AB\"},\n{\"to_state\":\"B\"}\n]\n") // 2 records in 40 bytes
	in := func(size int64) io.Reader {
		return &source.SizedReader{Reader: bufio.NewReader(bytes.NewReader(head)), Head: head, Size: size}
	}
	if got := source.EstimateRecords(in(int64(len(head))), `"to_state"`); got != 2 {
		t.Errorf("whole input: %d, want 2", got)
	}
	if got := source.EstimateRecords(in(40000), `"to_state"`); got != 2400+64 { // 2000 * 1.2 + 64
		t.Errorf("40,000 bytes: %d, want 2464", got)
	}
	if got := source.EstimateRecords(in(0), `"to_state"`); got != 0 {
		t.Errorf("unknown size: %d, want 0", got)
	}
	if got := source.EstimateRecords(bytes.NewReader(head), `"to_state"`); got != 0 {
		t.Errorf("a plain reader: %d, want 0", got)
	}
}

// TestBalsamIntegralFloats: an integer written as 2.0 or 2e0 is the
// integer 2 (JSON has one number type); 2.5 is a bad record naming its
// line and field.
func TestBalsamIntegralFloats(t *testing.T) {
	ev := func(jobID, rc string) string {
		return "[\n{\"id\": 1, \"job_id\": " + jobID + ", \"timestamp\": \"2021-03-10T12:00:01\", \"from_state\": \"RUNNING\", \"to_state\": \"RUN_ERROR\", \"data\": {\"returncode\": " + rc + "}}\n]\n"
	}
	load := func(s string) (*source.Dataset, error) {
		return Load(Files{Events: strings.NewReader(s), EventsName: "events.json"}, source.Options{})
	}
	want, err := load(ev("2", "1"))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range [][2]string{{"2.0", "1.0"}, {"2e0", "10e-1"}, {"0.2e1", "1"}} {
		got, err := load(ev(v[0], v[1]))
		if err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		g, w := sourcetest.Frame(t, got, schema.Events).Drop("data"), sourcetest.Frame(t, want, schema.Events).Drop("data")
		if sourcetest.CSV(t, g) != sourcetest.CSV(t, w) {
			t.Errorf("%v: events differ:\n%s\n%s", v, g, w)
		}
	}
	_, err = load(ev("2.5", "1"))
	sourcetest.MustContain(t, err, "events.json:2: field job_id", `got "2.5"`)
}

// Streamed with only the events and allocations frames, the event
// columns restart at every batch (restartEvents): the batches still
// hold the whole load's rows, with every job's tags.
func TestStreamEventsOnly(t *testing.T) {
	events, err := os.ReadFile(sourcetest.Bundled("balsam/synthetic_events.json"))
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := os.ReadFile(sourcetest.Bundled("balsam/synthetic_jobs.json"))
	if err != nil {
		t.Fatal(err)
	}
	f := source.Format{Streams: true, Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
		return Load(Files{Events: in[0].R, Jobs: in[1].R}, o)
	}}
	in := []source.Input{{Name: "events", R: bytes.NewReader(events)}, {Name: "jobs", R: bytes.NewReader(jobs)}}
	sourcetest.Streams(t, f, in, source.Options{Frames: []string{schema.Events, schema.Allocations}})
	sourcetest.Streams(t, f, in, source.Options{Frames: []string{schema.Events}, Columns: map[string][]string{schema.Events: {"time", "job", "to_state", "num_nodes", "tag.experiment"}}})
}
