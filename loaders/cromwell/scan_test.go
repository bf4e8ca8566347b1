package cromwell

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// scanSeeds are documents the one scan reads, or leaves to the general
// path: the bundled ones, calls with every member, nulls, members named
// in another case, members given twice, a subworkflow, bad syntax.
var scanSeeds = []string{
	`{"id": "w", "workflowName": "W", "calls": {"W.a": [{"shardIndex": -1, "attempt": 1, "executionStatus": "Done", "start": "2024-01-01T00:00:00.000Z", "end": "2024-01-01T00:01:00.000Z", "backend": "Local", "jobId": "12", "returnCode": 0, "preemptible": false, "runtimeAttributes": {"cpu": "2", "memory": "4 GB", "maxRetries": 3, "zones": ["a", "b"]}, "executionEvents": [{"description": "RunningJob", "startTime": "2024-01-01T00:00:01.000Z", "endTime": "2024-01-01T00:00:59.000Z"}, null], "callCaching": {"hit": true, "result": "Cache Hit: x"}, "jes": {"machineType": "n1", "zone": "us-a"}, "failures": [{"message": "m", "causedBy": [{"message": "c", "causedBy": []}]}], "outputs": {"x": [1, {"y": null}]}}]}}`,
	`{"calls": {"W.a": null, "W.b": [], "W.c": [null, {}]}, "Calls": {}}`,
	`{"calls": {"W.a": [{"ShardIndex": 3, "EXECUTIONSTATUS": "Failed", "executionStatus": null, "returnCode": null, "preemptible": null, "callCaching": null, "jes": null, "runtimeAttributes": null, "executionEvents": null, "failures": null}]}}`,
	`{"calls": {"W.a": [{"executionEvents": [], "executionEvents": []}]}}`,
	`{"calls": {"W.a": [{"attempt": 1.5}]}}`,
	`{"calls": {"W.a": [{"attempt": "1"}]}}`,
	`{"calls": {"W.a": [{"subWorkflowMetadata": {"id": "s", "calls": {"S.x": [{"attempt": 1}]}}}]}}`,
	`{"calls": {"W.a": [{"start": "\u0032024-01-01T00:00:00Z", "backend": "\ud83d\ude00", "jobId": "a\"b"}]}, "workflowName": "\u00e9"}`,
	`{"calls": {"W.a": [{"attempt": 1}], "W.a": [{"attempt": 2}]}}`,
	`{"calls": {"W.a": [{"attempt": 1},]}}`,
	`{"calls": null, "id": "x"}`,
	`{"ſtatus": "x", "calls": {}}`,
	`[1, 2]`,
}

// checkScan holds the one scan to the general path (encoding/json):
// what the scan reads, encoding/json reads the same.
func checkScan(t *testing.T, doc string) {
	t.Helper()
	fast := scanMetadata([]byte(doc))
	if fast == nil {
		return
	}
	var std metadata
	if err := json.Unmarshal([]byte(doc), &std); err != nil {
		t.Fatalf("the scan read %q; encoding/json refuses it: %v", doc, err)
	}
	if !reflect.DeepEqual(fast, &std) {
		t.Fatalf("%q:\n scan %+v\n std  %+v", doc, fast, &std)
	}
}

// TestScanMetadata: the one scan reads the bundled documents, a large
// one and the seeds as encoding/json does, and leaves what it must to
// the general path.
func TestScanMetadata(t *testing.T) {
	docs := append([]string(nil), scanSeeds...)
	for _, name := range []string{"broadinstitute_cromshell_GetZmwCounts.metadata.json", "broadinstitute_cromshell_failed_helloworld_metadata.json"} {
		b, err := os.ReadFile(sourcetest.Bundled("cromwell/" + name))
		if err != nil {
			t.Fatal(err)
		}
		if scanMetadata(b) == nil {
			t.Errorf("%s: left to the general path", name)
		}
		docs = append(docs, string(b))
	}
	large := largeDoc(3000)
	if scanMetadata([]byte(large)) == nil {
		t.Error("the large document is left to the general path")
	}
	docs = append(docs, large)
	for _, d := range docs {
		checkScan(t, d)
	}
	// read: every member, other cases, escapes, null calls; left: calls
	// twice, a list given twice, type errors, a subworkflow, a call
	// named twice, bad syntax, a name not in ASCII, not an object
	for k, read := range []bool{true, false, true, false, false, false, false, true, false, false, true, false, false} {
		if got := scanMetadata([]byte(scanSeeds[k])) != nil; got != read {
			t.Errorf("seed %d read by the scan: %v, want %v: %s", k, got, read, scanSeeds[k])
		}
	}
}

// TestLoadLargeScanned: a document past scanFrom is read by the scan,
// and gives the frames of the general path.
func TestLoadLargeScanned(t *testing.T) {
	doc := largeDoc(20_000)
	if len(doc) < scanFrom {
		t.Fatalf("the document has %d bytes, under %d", len(doc), scanFrom)
	}
	d, err := Load(strings.NewReader(doc), source.Options{Name: "large.json"})
	if err != nil {
		t.Fatal(err)
	}
	md, err := decodeGeneral("large.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	b := &builder{}
	if err := b.workflow(md, "", "", source.Options{}.Problems("large.json")); err != nil {
		t.Fatal(err)
	}
	want := b.frames(nil)
	for name, f := range want {
		if g, w := sourcetest.CSV(t, d.Frames[name]), sourcetest.CSV(t, f); g != w {
			t.Errorf("%s: the scanned load differs from the general path's", name)
		}
	}
	if n := d.Frames["tasks"].NumRows(); n != 40_000 {
		t.Errorf("%d attempts, want 40,000", n)
	}
}

// largeDoc is a workflow of two scattered calls of n shards each.
func largeDoc(n int) string {
	var b strings.Builder
	b.WriteString(`{"id": "b5e1c7a4-0000-4000-8000-000000000001", "workflowName": "Large", "status": "Succeeded", "start": "2024-01-01T00:00:01.000Z", "end": "2024-01-02T00:00:00.000Z", "calls": {`)
	for c, name := range []string{"Large.align", "Large.call"} {
		if c > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "%q: [", name)
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			status := "Done"
			if i%97 == 5 {
				status = "RetryableFailure"
			}
			fmt.Fprintf(&b, `{"shardIndex": %d, "attempt": 1, "executionStatus": %q, "start": "2024-01-01T01:%02d:%02d.000Z", "end": "2024-01-01T02:%02d:%02d.500Z", "backend": "PAPIv2", "jobId": "projects/p/operations/%d", "returnCode": 0, "preemptible": true, "runtimeAttributes": {"cpu": "%d", "memory": "%d GB", "disks": "local-disk 100 HDD"}, "callCaching": {"hit": false, "result": "Cache Miss"}, "executionEvents": [{"description": "Pending", "startTime": "2024-01-01T01:%02d:%02d.000Z", "endTime": "2024-01-01T01:%02d:%02d.100Z"}, {"description": "RunningJob", "startTime": "2024-01-01T01:%02d:%02d.100Z", "endTime": "2024-01-01T02:%02d:%02d.500Z"}]}`,
				i, status, i%60, i%60, i%60, i%60, c*100000+i, 1+i%8, 1+i%16, i%60, i%60, i%60, i%60, i%60, i%60, i%60, i%60)
		}
		b.WriteString("]")
	}
	b.WriteString("}}")
	return b.String()
}

// FuzzScanMetadata holds the one scan to encoding/json on any document.
func FuzzScanMetadata(f *testing.F) {
	for _, s := range scanSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) { checkScan(t, in) })
}

// FuzzCallDecoder holds the hand decoder of call entries to
// encoding/json: what it reads, encoding/json reads the same.
func FuzzCallDecoder(f *testing.F) {
	for _, s := range []string{
		`{"shardIndex": 2, "attempt": 1, "executionStatus": "Done", "runtimeAttributes": {"cpu": 2, "memory": "4 GB", "x": null, "b": true}, "executionEvents": [{"description": "d", "startTime": "t", "endtime": "e"}], "callCaching": {"hit": null, "result": "r"}, "callcaching": null}`,
		`{"failures": [{"message": "a", "causedBy": [{"message": "b"}, null]}], "jes": {"zone": "z", "Zone": "y"}}`,
		`{"returnCode": -3, "returnCode": null, "preemptible": true, "start": null, "end": "e\n"}`,
		`null`, `{}`, `{"attempt": 9223372036854775807}`, `{"attempt": 9223372036854775808}`, `{"attempt": -0}`, `{"attempt": 1e2}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) { sourcetest.SameAsEncodingJSON(t, in, new(callDecoder).decode) })
}
