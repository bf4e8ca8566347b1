package flux

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
)

// jobLines writes n job-list records in the shape of flux-core's
// returncode test: every tenth still running, every twentieth failed.
func jobLines(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		t := 1607972281.7 + float64(i)
		switch {
		case i%10 == 3:
			fmt.Fprintf(&b, `{"id": %d, "userid": 1000, "urgency": 16, "priority": 16, "t_submit": %.7f, "state": 16, "name": "sleep", "ntasks": 16, "nnodes": 4, "ranks": "[0-3]", "nodelist": "node[%d-%d]", "expiration": 0.0, "t_depend": %.7f, "t_run": %.7f}`+"\n",
				96444648259584+i, t, i%100, i%100+3, t, t+0.02)
		default:
			status, result, ok := 0, 1, "true"
			if i%20 == 7 {
				status, result, ok = 256, 2, "false"
			}
			fmt.Fprintf(&b, `{"id": %d, "userid": 1000, "urgency": 16, "priority": 16, "t_submit": %.7f, "state": 64, "name": "job%d", "ntasks": 1, "ncores": 4, "nnodes": 1, "ranks": "0", "nodelist": "node%d", "expiration": 0.0, "success": %s, "exception_occurred": false, "result": %d, "waitstatus": %d, "t_depend": %.7f, "t_run": %.7f, "t_cleanup": %.7f, "t_inactive": %.7f, "annotations": {"sched": {"resource_summary": "rank0/core[0-3]"}}}`+"\n",
				96444648259584+i, t, i%50, i%100, ok, result, status, t, t+0.02, t+30, t+30.01)
		}
	}
	return b.Bytes()
}

// BenchmarkLoadJobs reads 100,000 job-list records (about 40 MB): MB/s.
func BenchmarkLoadJobs(b *testing.B) {
	in := jobLines(100_000)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		d, err := LoadJobs(bytes.NewReader(in), source.Options{Name: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		if n := d.Frames["jobs"].NumRows(); n != 100_000 {
			b.Fatal(n)
		}
	}
}
