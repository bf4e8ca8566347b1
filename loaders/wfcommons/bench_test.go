package wfcommons

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
)

// genInstance writes a WfFormat 1.5 instance of n tasks in chains of
// ten (each task the child of the one before), with the fields of the
// WfInstances samples. Deterministic.
//
//	go test ./loaders/wfcommons -run '^$' -bench Load
func genInstance(n int) []byte {
	var spec, exec bytes.Buffer
	for i := 1; i <= n; i++ {
		if i > 1 {
			spec.WriteString(",\n")
			exec.WriteString(",\n")
		}
		parents, children := "", ""
		if i%10 != 1 {
			parents = fmt.Sprintf(`"t_ID%07d"`, i-1)
		}
		if i%10 != 0 && i < n {
			children = fmt.Sprintf(`"t_ID%07d"`, i+1)
		}
		fmt.Fprintf(&spec, `{"name": "t_ID%07d", "id": "t_ID%07d", "parents": [%s], "children": [%s], "inputFiles": ["in_%d.fa"], "outputFiles": ["out_%d.fa"]}`, i, i, parents, children, i, i)
		fmt.Fprintf(&exec, `{"id": "t_ID%07d", "runtimeInSeconds": %d.%03d, "command": {"program": "blastall", "arguments": ["./blastall", "-p", "blastn", "-i", "in_%d.fa"]}, "coreCount": 1, "avgCPU": 99.%d, "readBytes": %d, "writtenBytes": %d, "memoryInBytes": %d, "machines": ["worker-%d"]}`,
			i, i%977, i%1000, i, i%10, 1000*i, 300*i, 1000000+i, i%8)
	}
	return []byte(fmt.Sprintf(`{"name": "bench", "schemaVersion": "1.5", "workflow": {"specification": {"tasks": [%s], "files": []}, "execution": {"makespanInSeconds": 100, "executedAt": "2020-12-25T20:10:08+00:00", "tasks": [%s], "machines": [{"nodeName": "worker-0", "cpu": {"coreCount": 24}}]}}}`, spec.String(), exec.String()))
}

func BenchmarkLoadWfCommons(b *testing.B) {
	doc := genInstance(200_000)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		d, err := Load(bytes.NewReader(doc), source.Options{Name: "bench.json"})
		if err != nil {
			b.Fatal(err)
		}
		if d.Frames["tasks"].NumRows() != 200_000 || d.Frames["dependencies"].NumRows() != 180_000 {
			b.Fatalf("%d tasks, %d edges", d.Frames["tasks"].NumRows(), d.Frames["dependencies"].NumRows())
		}
	}
}
