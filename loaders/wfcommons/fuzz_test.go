package wfcommons

import (
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func FuzzLoadWfCommons(f *testing.F) {
	f.Add(example16)
	for _, p := range []string{sourcetest.Bundled("wfcommons/bacass-dirt02-001.json"), "testdata/golden/bad-reference-lenient/instance.json"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add(`{"schemaVersion": "1.4", "workflow": {"makespanInSeconds": 3, "executedAt": "2020-01-01T00:00:00", "machines": [{"nodeName": "n", "cpu": {"count": 2}}], "tasks": [{"name": "x_ID01", "id": "ID01", "parents": [], "children": ["y"], "cores": 1, "machine": "n", "runtimeInSeconds": 1, "files": [{"link": "input", "name": "f", "sizeInBytes": 3}]}, {"name": "y", "parents": [], "children": [], "runtimeInSeconds": 2}]}}`)
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) })
	})
}

// FuzzTaskDecoder holds the hand decoder of task objects to
// encoding/json: whatever it reads, encoding/json reads the same (it
// may refuse more, which only sends the load to encoding/json).
func FuzzTaskDecoder(f *testing.F) {
	for _, s := range []string{
		`{"id": "ID01", "name": "x_ID01", "parents": [], "children": ["y"], "runtimeInSeconds": 1.5, "command": {"program": "p", "arguments": ["-a", "b"]}, "machines": ["n1"], "coreCount": 2}`,
		`{"name": "y", "cores": 1, "machine": "n", "files": [{"link": "input", "name": "f", "sizeInBytes": 3}, null, {"LINK": "output"}], "files": [null]}`,
		`{"Parents": ["a", "b", "c"], "parents": ["x"], "parents": [null, null, null], "avgCPU": null, "avgcpu": 99.5, "id": null, "command": null}`,
		`{"inputFiles": ["a\u00e9\n"], "outputFiles": [], "outputFiles": [null], "energyInKWh": -1e-3, "extra": {"nested": [1, {"x": true}]}}`,
		`null`, `[1]`, `{"id": 1}`, `{"files": {}}`, `{"runtimeInSeconds": 1e400}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) { sourcetest.SameAsEncodingJSON(t, in, new(taskDecoder).decode) })
}

// FuzzScanInstance holds the one-scan reading of a document to
// encoding/json's: whatever scanInstance reads, encoding/json reads the
// same (the task lists split and decoded with encoding/json).
func FuzzScanInstance(f *testing.F) {
	for _, s := range scanSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkScanInstance(t, in)
	})
}
