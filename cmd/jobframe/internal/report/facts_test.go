package report

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// factScripts are, for each golden report (testdata/json), the script
// of testdata/facts that recomputes its summary facts from the raw
// files with pandas and no jobframe code.
var factScripts = map[string]string{
	"hyperqueue":     "facts/hyperqueue.py",
	"workqueue":      "facts/workqueue.py",
	"workqueue-perf": "facts/workqueue-perf.py",
	"taskvine":       "facts/taskvine.py",
	"balsam":         "facts/balsam.py",
	"epmt":           "facts/epmt.py",
	"slurm":          "facts/slurm.py",
	"slurm-jobs":     "facts/slurm.py",
	"nextflow":       "facts/nextflow.py",
	"wfcommons":      "facts/wfcommons.py",
}

// TestSummariesAgainstScripts: for every format, every fact a format's
// script computes equals the golden report's summary fact of that name,
// or for a key "section/fact" that section's fact (counts exactly, times
// and sums to 1e-6 relative: the scripts read times as float seconds),
// and the script computes every numeric summary fact but the derived
// shares.
func TestSummariesAgainstScripts(t *testing.T) {
	names := make([]string, 0, len(factScripts))
	for n := range factScripts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			var args []string
			for _, r := range jsonSources[name] {
				args = append(args, testdata(r))
			}
			var want map[string]float64
			if err := json.Unmarshal([]byte(python(t, factScripts[name], args...)), &want); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join("testdata", "json", name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var doc Document
			if err := json.Unmarshal(b, &doc); err != nil {
				t.Fatal(err)
			}
			got, other := map[string]float64{}, map[string]float64{}
			for i, sec := range doc.Sections {
				for _, f := range sec.Facts {
					switch {
					case f.Value == nil:
					case i == 0:
						got[f.Name] = *f.Value
					default:
						other[sec.ID+"/"+f.Name] = *f.Value
					}
				}
			}
			for k, w := range want {
				if g, ok := other[k]; ok {
					got[k] = g // a fact of another section the script names
				} else if strings.Contains(k, "/") {
					t.Errorf("%s: the script computes %s = %v, the report has no such fact", name, k, w)
					delete(want, k)
				}
			}
			for k, w := range want {
				g, ok := got[k]
				switch {
				case !ok:
					t.Errorf("%s: the script computes %s = %v, the report has no such fact", name, k, w)
				case math.Abs(g-w) > 1e-6*math.Max(1, math.Abs(w)):
					t.Errorf("%s: %s = %v in the report, %v by the script", name, k, g, w)
				}
			}
			for k := range got {
				if _, ok := want[k]; !ok && !derivedFact[k] {
					t.Errorf("%s: the report's %s = %v is not checked by the script", name, k, got[k])
				}
			}
		})
	}
}

// derivedFact are the summary facts computed from others, and the
// warnings of a load (the loader's, not the data's).
var derivedFact = map[string]bool{"badput share of run time": true, "warnings": true}
