package wfcommons

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
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
	b.ResetTimer()
	defer sourcetest.ReportCPU(b)()
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

// TestGeneratedInstanceLoads reads a generated instance whose task lists
// are split between four goroutines, and checks tasks from each part
// against the generator's formulas: the split keeps the order.
func TestGeneratedInstanceLoads(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	const n = 5000
	d, err := Load(bytes.NewReader(genInstance(n)), source.Options{Name: "gen.json"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := d.Frames["tasks"]
	ids, _, _ := tasks.Strings("task_id")
	wall, _, _ := tasks.Float64s("wall_time_s")
	workers, _, _ := tasks.Strings("worker")
	for _, i := range []int{1, 1249, 1250, 2501, 3777, n} {
		want := fmt.Sprintf("t_ID%07d %.3f worker-%d", i, float64(i%977)+float64(i%1000)/1000, i%8)
		if got := fmt.Sprintf("%s %.3f %s", ids[i-1], wall[i-1], workers[i-1]); got != want {
			t.Errorf("task %d: %s, want %s", i, got, want)
		}
	}
	if e := d.Frames["dependencies"].NumRows(); e != n/10*9 {
		t.Errorf("%d edges, want %d", e, n/10*9)
	}
}
