package cromwell

import (
	"bytes"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// BenchmarkLoad reads GetZmwCounts' metadata (1.97 MB, 46 call
// attempts, 2,346 execution events): MB/s of JSON.
func BenchmarkLoad(b *testing.B) {
	doc, err := os.ReadFile(sourcetest.Bundled("cromwell/broadinstitute_cromshell_GetZmwCounts.metadata.json"))
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for range b.N {
		d, err := Load(bytes.NewReader(doc), source.Options{Name: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		if n := d.Frames["tasks"].NumRows(); n != 46 {
			b.Fatal(n)
		}
	}
}

// BenchmarkLoadLarge reads a generated metadata document of 40,000
// call attempts (two scattered calls of 20,000 shards, five execution
// events each, about 40 MB): MB/s of JSON.
func BenchmarkLoadLarge(b *testing.B) {
	var doc bytes.Buffer
	doc.WriteString(`{"id": "b5e1c7a4-0000-4000-8000-000000000001", "workflowName": "Large", "status": "Succeeded",` +
		`"submission": "2024-01-01T00:00:00.000Z", "start": "2024-01-01T00:00:01.000Z", "end": "2024-01-02T00:00:00.000Z", "calls": {`)
	for c, name := range []string{"Large.align", "Large.call"} {
		if c > 0 {
			doc.WriteString(",")
		}
		fmt.Fprintf(&doc, "%q: [", name)
		for i := range 20_000 {
			if i > 0 {
				doc.WriteString(",")
			}
			t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Second)
			ts := func(d int) string { return t0.Add(time.Duration(d) * time.Second).Format("2006-01-02T15:04:05.000Z") }
			fmt.Fprintf(&doc, `{"shardIndex": %d, "attempt": 1, "executionStatus": "Done", "start": %q, "end": %q, "backend": "PAPIv2",`+
				`"jobId": "projects/p/operations/%d", "returnCode": 0, "preemptible": true, "runtimeAttributes": {"cpu": "4", "memory": "8 GB", "disks": "local-disk 100 HDD"},`+
				`"callCaching": {"hit": false, "result": "Cache Miss"}, "executionEvents": [`+
				`{"description": "Pending", "startTime": %q, "endTime": %q}, {"description": "RequestingExecutionToken", "startTime": %q, "endTime": %q},`+
				`{"description": "PreparingJob", "startTime": %q, "endTime": %q}, {"description": "RunningJob", "startTime": %q, "endTime": %q},`+
				`{"description": "UpdatingJobStore", "startTime": %q, "endTime": %q}]}`,
				i, ts(0), ts(600), c*100000+i, ts(0), ts(1), ts(1), ts(2), ts(2), ts(5), ts(5), ts(590), ts(590), ts(600))
		}
		doc.WriteString("]")
	}
	doc.WriteString("}}")
	b.SetBytes(int64(doc.Len()))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		d, err := Load(bytes.NewReader(doc.Bytes()), source.Options{Name: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		if n := d.Frames["tasks"].NumRows(); n != 40_000 {
			b.Fatal(n)
		}
	}
}
