package slurmjson

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// benchDoc is a document of n jobs, each the bundled 24.05 job (with its
// batch step) under a job id of its own, written compact as sacct
// --json writes a large query.
func benchDoc(b *testing.B, n int) []byte {
	raw, err := os.ReadFile(sourcetest.Bundled("slurm/json/rackslab_Slurm-web_slurmdb_24.05_v0.0.41_job-completed.json"))
	if err != nil {
		b.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(raw, &d); err != nil {
		b.Fatal(err)
	}
	one := d["jobs"].([]any)[0].(map[string]any)
	jobs := make([]any, n)
	for i := range jobs {
		j := map[string]any{}
		for k, v := range one {
			j[k] = v
		}
		j["job_id"] = 1_000_000 + i
		jobs[i] = j
	}
	d["jobs"] = jobs
	out, err := json.Marshal(d)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkLoad reads 20,000 jobs and their steps (MB/s of JSON).
func BenchmarkLoad(b *testing.B) {
	doc := benchDoc(b, 20_000)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		d, err := Load(bytes.NewReader(doc), source.Options{Name: "bench.json"})
		if err != nil {
			b.Fatal(err)
		}
		if d.Frames["jobs"].NumRows() != 20_000 {
			b.Fatal(d.Frames["jobs"].NumRows())
		}
	}
}
