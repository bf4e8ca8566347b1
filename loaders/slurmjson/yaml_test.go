package slurmjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestYAML: each bundled sacct --json document written as YAML (as
// sacct --yaml writes the same data_parser's output) loads to the same
// frames, row for row.
func TestYAML(t *testing.T) {
	for _, rel := range []string{
		"slurm/json/rackslab_Slurm-web_slurmdb_24.05_v0.0.41_job-completed.json",
		"slurm/json/mila-iqia_SARC_slurm_23_2_6.json",
	} {
		t.Run(rel, func(t *testing.T) {
			raw, err := os.ReadFile(sourcetest.Bundled(rel))
			if err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(raw, &v); err != nil {
				t.Fatal(err)
			}
			y, err := yaml.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if !YAMLFormat().Sniff("", y[:min(len(y), 64<<10)]) {
				t.Fatalf("the YAML form is not recognised: %.200s", y)
			}
			want, err := Load(bytes.NewReader(raw), source.Options{Name: "x"})
			if err != nil {
				t.Fatal(err)
			}
			got, err := LoadYAML(bytes.NewReader(y), source.Options{Name: "x"})
			if err != nil {
				t.Fatal(err)
			}
			for name, f := range want.Frames {
				g := got.Frames[name]
				if g == nil || strings.Join(sourcetest.Rows(t, g), "\n") != strings.Join(sourcetest.Rows(t, f), "\n") {
					t.Errorf("frame %s differs in YAML", name)
				}
			}
		})
	}
}

// TestYAMLTags: scalars tagged !!str, as sacct's YAML emitter may tag
// them, read as their values; a document that is not YAML names its
// line.
func TestYAMLTags(t *testing.T) {
	raw, err := os.ReadFile(sourcetest.Bundled("slurm/json/rackslab_Slurm-web_slurmdb_24.05_v0.0.41_job-completed.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	y, _ := yaml.Marshal(v)
	tagged := strings.Replace(string(y), "account: ", "account: !!str ", 1)
	if tagged == string(y) {
		t.Fatal("no account to tag")
	}
	if _, err := LoadYAML(strings.NewReader(tagged), source.Options{Name: "x"}); err != nil {
		t.Fatal(err)
	}
	_, err = LoadYAML(strings.NewReader("jobs:\n  - a: [1, 2\nmeta: {}\n"), source.Options{Name: "bad.yaml"})
	var pe *source.ParseError
	if !errors.As(err, &pe) || pe.Line == 0 || !errors.Is(err, source.ErrBadHeader) {
		t.Errorf("%v: want a refusal naming the line", err)
	}
}

// FuzzLoadYAML: any document loads or fails with an error (the loaders'
// contract), from a bundled job written as YAML.
func FuzzLoadYAML(f *testing.F) {
	if raw, err := os.ReadFile(sourcetest.Bundled("slurm/json/rackslab_Slurm-web_slurmdb_24.05_v0.0.41_job-completed.json")); err == nil {
		var v any
		if json.Unmarshal(raw, &v) == nil {
			if y, err := yaml.Marshal(v); err == nil {
				f.Add(string(y))
			}
		}
	}
	f.Add("jobs: []\nmeta: {plugin: {data_parser: v0.0.41}}\n")
	f.Fuzz(func(t *testing.T, in string) {
		sourcetest.Contract(t, in, func(s string, o source.Options) (*source.Dataset, error) { return LoadYAML(strings.NewReader(s), o) })
	})
}
