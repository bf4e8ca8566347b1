package slurmjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/slurm"
	"github.com/jobframe/jobframe/loaders/source"
)

// YAMLFormat is sacct --yaml: the document sacct --json writes, in YAML
// (the same data_parser plugin writes both).
func YAMLFormat() source.Format {
	return source.Format{
		Name:        "slurm-yaml",
		System:      "Slurm",
		Description: "sacct --yaml (the document of sacct --json, in YAML)",
		Sources:     []string{slurm.Source},
		Frames:      []string{schema.Jobs, schema.Allocations, schema.Tasks, schema.Placements},
		Sniff:       func(_ string, head []byte) bool { return yamlJobs.Match(head) && yamlMeta.Match(head) },
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, LoadYAML)
		},
	}
}

// yamlJobs and yamlMeta match the document's top-level jobs and meta
// (meta's plugin names the data_parser), in the first block read.
var (
	yamlJobs = regexp.MustCompile(`(?m)^jobs:`)
	yamlMeta = regexp.MustCompile(`(?m)^meta:|^\s+data_parser:`)
)

// yamlLine finds the line in a YAML error ("yaml: line 12: ...").
var yamlLine = regexp.MustCompile(`line (\d+)`)

// LoadYAML reads a sacct --yaml document: decoded as YAML (sacct may
// tag its scalars, !!str), re-encoded as JSON and read as sacct --json
// is (see Load). A document that is not YAML is refused naming the line
// YAML's parser names.
func LoadYAML(r io.Reader, o source.Options) (*source.Dataset, error) {
	file := o.InputName()
	doc, err := records.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var v any
	if err := yaml.Unmarshal(doc, &v); err != nil {
		line := 0
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		return nil, &source.ParseError{File: file, Line: line, Want: "sacct --yaml's document", Err: fmt.Errorf("%w: %w", source.ErrBadHeader, err)}
	}
	js, err := json.Marshal(v)
	if err != nil { // a mapping whose keys are not text, or a value JSON cannot hold
		return nil, &source.ParseError{File: file, Want: "sacct --yaml's document: mappings with text keys", Err: fmt.Errorf("%w: %w", source.ErrBadHeader, err)}
	}
	return Load(bytes.NewReader(js), o)
}
