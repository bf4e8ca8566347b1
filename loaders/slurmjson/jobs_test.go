package slurmjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestJobsOnEveryCore: a document of 600 jobs is written on two
// goroutines; two bad jobs, one in each half, are reported in order
// (strict: the first is the error; lenient: both, the others read), and
// the jobs read are those of the document, in its order.
func TestJobsOnEveryCore(t *testing.T) {
	raw, err := os.ReadFile(sourcetest.Bundled("slurm/json/rackslab_Slurm-web_slurmdb_24.05_v0.0.41_job-completed.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	one := d["jobs"].([]any)[0].(map[string]any)
	jobs := make([]any, 600)
	for i := range jobs {
		j := map[string]any{}
		for k, v := range one {
			j[k] = v
		}
		j["job_id"] = 1_000_000 + i
		if i == 10 || i == 400 {
			j["job_id"] = "not a number"
		}
		jobs[i] = j
	}
	d["jobs"] = jobs
	doc, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Load(strings.NewReader(string(doc)), source.Options{Name: "many.json"})
	var pe *source.ParseError
	if !errors.As(err, &pe) || !strings.HasPrefix(pe.Field, "jobs[10]") {
		t.Fatalf("strict: %v, want jobs[10] named", err)
	}
	ds, err := Load(strings.NewReader(string(doc)), source.Options{Name: "many.json", Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	for _, w := range ds.Warnings {
		if strings.HasPrefix(w.Field, "jobs[") {
			bad = append(bad, strings.SplitN(w.Field, ".", 2)[0])
		}
	}
	sourcetest.SameJSON(t, "bad jobs", bad, []string{"jobs[10]", "jobs[400]"})
	ids, _, err := ds.Frames["jobs"].Strings("job")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for i := range jobs {
		if i != 10 && i != 400 {
			want = append(want, fmt.Sprint(1_000_000+i))
		}
	}
	sourcetest.SameJSON(t, "jobs", ids, want)
}
