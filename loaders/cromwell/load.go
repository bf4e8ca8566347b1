package cromwell

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Source is the Dataset.Source of Cromwell metadata loads.
const Source = "cromwell"

// Format is a Cromwell workflow's metadata JSON (the REST API's
// /api/workflows/v1/{id}/metadata, cromshell metadata, Terra's).
func Format() source.Format {
	return source.Format{
		Name:        "cromwell-metadata",
		System:      "Cromwell",
		Description: "a Cromwell workflow's metadata JSON (calls with their shards and attempts)",
		Sources:     []string{Source},
		Frames:      []string{schema.Jobs, schema.Tasks, schema.Events},
		Sniff:       func(_ string, head []byte) bool { return sniff.Match(head) },
		Load:        func(in []source.Input, o source.Options) (*source.Dataset, error) { return source.LoadOne(in, o, Load) },
	}
}

// sniff matches a JSON object with Cromwell's "calls" and its workflow's
// "workflowName" or "workflowRoot" (or, in a slim document, its "id").
var sniff = regexp.MustCompile(`^\s*\{[\s\S]*"(calls|workflowName|workflowRoot)"\s*:[\s\S]*"(calls|workflowName|workflowRoot|id)"\s*:`)

// Load reads one workflow's metadata (see the package documentation).
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	file := o.InputName()
	doc, err := records.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	md, err := decode(file, doc)
	if err != nil {
		return nil, err
	}
	if md.Calls == nil && md.ID == "" && md.WorkflowName == "" {
		return nil, &source.ParseError{File: file, Line: 1, Want: "a Cromwell workflow's metadata: an object with its id, workflowName and calls", Err: source.ErrBadHeader}
	}
	p := o.Problems(file)
	b := &builder{}
	if err := b.workflow(md, "", "", p); err != nil {
		return nil, err
	}
	if len(b.calls) == 0 {
		p.Note(0, "calls", "", "the workflow has no calls that run a task (its subworkflows, if any, none either): a run with no tasks")
	}
	d := &source.Dataset{Source: Source, Files: []string{file}, Warnings: p.Finish()}
	b.sets = columns.NewSets(o.Keeps, schema.Jobs, schema.Tasks, schema.Events)
	d.Frames = b.frames(source.WantFrames(o))
	b.sets.Skip(d)
	return o.Project(d, nil)
}

// scanFrom is the size from which a document is read in one scan on
// every core: below it, goccy/go-json on one core is faster (the
// 2 MB GetZmwCounts document: 345 MB/s against 290).
const scanFrom = 8 << 20

// decode reads a workflow's metadata: a large one in one scan on every
// core (scanMetadata), else with goccy/go-json, and when that fails
// with encoding/json, whose error says where.
func decode(file string, doc []byte) (*metadata, error) {
	if len(doc) >= scanFrom {
		if md := scanMetadata(doc); md != nil {
			return md, nil
		}
	}
	return decodeGeneral(file, doc)
}

// decodeGeneral reads a workflow's metadata with goccy/go-json, and when
// that fails with encoding/json, whose error says where.
func decodeGeneral(file string, doc []byte) (*metadata, error) {
	md := new(metadata)
	if err := jsontext.UnmarshalExplained(doc, md); err != nil {
		line := 1
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		field := ""
		switch {
		case errors.As(err, &se):
			line += bytes.Count(doc[:min(int(se.Offset), len(doc))], []byte("\n"))
		case errors.As(err, &te):
			line += bytes.Count(doc[:min(int(te.Offset), len(doc))], []byte("\n"))
			field = te.Field
		}
		return nil, &source.ParseError{File: file, Line: line, Field: field, Want: "a Cromwell workflow's metadata (JSON)", Err: fmt.Errorf("%w: %w", source.ErrBadHeader, err)}
	}
	return md, nil
}
