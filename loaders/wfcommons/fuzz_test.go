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
