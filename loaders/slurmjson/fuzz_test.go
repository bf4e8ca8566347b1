package slurmjson

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// FuzzLoadSlurmJSON: any document loads or fails with an error (the
// loaders' contract: no panic, errors name the input), and loads on the
// fast path as on the general path, from the bundled documents and a few
// made of every form of number, state and step id.
func FuzzLoadSlurmJSON(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(sourcetest.Bundled("slurm/json"), "*_*.json"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add(`{"jobs":[{"job_id":1,"association":{},"state":{"current":["FAILED"]},"time":{"start":{"set":true,"infinite":false,"number":5},"limit":{"set":false,"infinite":true,"number":0}},` +
		`"steps":[{"step":{"id":{"job_id":1,"step_id":"batch"},"name":"batch"},"state":"FAILED","nodes":{"count":2,"range":"cn[1-2]"}}]}],"meta":{}}`)
	f.Add(`{"meta":{"plugin":{"data_parser":"data_parser/v0.0.42"}},"errors":[{"description":"Nothing found","error_number":9001}],"warnings":[]}`)
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) { return Load(strings.NewReader(s), o) })
		// the fast path reads what it reads as the general path does
		sameBothPaths(t, []byte(in), source.Options{})
		sameBothPaths(t, []byte(in), source.Options{Lenient: true})
	})
}
