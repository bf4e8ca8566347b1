package wfcommons

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestNegativeAmounts: a negative runtime or core count is a bad record
// naming the task (or machine) and field; lenient, the value is null
// and counted, and the task's end is not placed before its start.
func TestNegativeAmounts(t *testing.T) {
	src, err := os.ReadFile(sourcetest.Bundled("wfcommons/bacass-dirt02-001.json"))
	if err != nil {
		t.Fatal(err)
	}
	// the first execution record's runtime, and the machine's cores
	bad := bytes.Replace(src, []byte(`"runtimeInSeconds": 37.0`), []byte(`"runtimeInSeconds": -100`), 1)
	bad = bytes.Replace(bad, []byte(`"coreCount": 1`), []byte(`"coreCount": -4`), 1)
	if bytes.Equal(bad, src) || bytes.Count(bad, []byte("-100")) != 1 || bytes.Count(bad, []byte("-4,")) != 1 {
		t.Fatal("the sample no longer has the values this test changes")
	}
	_, err = Load(bytes.NewReader(bad), source.Options{Name: "neg.json"})
	if err == nil || !strings.Contains(err.Error(), `neg.json: field workflow.execution.tasks[id `) || !strings.Contains(err.Error(), `].runtimeInSeconds: got "-100", want a number >= 0`) {
		t.Fatalf("strict: %v", err)
	}
	d, err := Load(bytes.NewReader(bad), source.Options{Name: "neg.json", Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(d.Warnings); n != 3 { // two bad values, the count
		t.Errorf("warnings %v", d.Warnings)
	}
	wall, ok, _ := d.Frames["tasks"].Float64s("wall_time_s")
	for i := range wall {
		if ok[i] && wall[i] < 0 {
			t.Errorf("row %d keeps a negative runtime", i)
		}
	}
	cpus, cok, _ := d.Frames["workers"].Float64s("cpus")
	for i := range cpus {
		if cok[i] && cpus[i] < 0 {
			t.Errorf("worker %d keeps negative cores", i)
		}
	}
}
