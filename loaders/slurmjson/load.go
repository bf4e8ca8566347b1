package slurmjson

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	stdjson "encoding/json"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/slurm"
	"github.com/jobframe/jobframe/loaders/source"
)

// Format is Slurm accounting as sacct --json (or slurmrestd's slurmdb
// jobs) writes it.
func Format() source.Format {
	return source.Format{
		Name:        "slurm-json",
		System:      "Slurm",
		Description: "sacct --json (data_parser v0.0.37 to v0.0.45) or slurmrestd's slurmdb jobs",
		Sources:     []string{slurm.Source},
		Frames:      []string{schema.Jobs, schema.Allocations, schema.Tasks, schema.Placements},
		Sniff:       func(_ string, head []byte) bool { return sniff(head) },
		Load:        func(in []source.Input, o source.Options) (*source.Dataset, error) { return source.LoadOne(in, o, Load) },
	}
}

// sniff accepts a JSON object that holds jobs of Slurm's accounting
// (their "association") or a slurmrestd document's meta (its plugin):
// the error document of a failed query is read too, to say so.
func sniff(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n\ufeff")
	if len(head) == 0 || head[0] != '{' {
		return false
	}
	return bytes.Contains(head, []byte(`"jobs"`)) && bytes.Contains(head, []byte(`"association"`)) ||
		bytes.Contains(head, []byte(`"meta"`)) && bytes.Contains(head, []byte(`"plugin"`)) &&
			(bytes.Contains(head, []byte(`"openapi/`)) || bytes.Contains(head, []byte(`"data_parser"`)))
}

// Load reads a sacct --json document into the frames the slurm package
// makes of sacct's text (see the package documentation). Its times are
// epoch seconds: o.TimeZone does not change them.
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	file := o.InputName()
	doc, err := records.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return loadDoc(file, doc, o, true)
}

// loadDoc reads the document doc of file: on the fast path when fast
// and the document allows (scan.go), else on the general path. Both give
// the same dataset and errors.
func loadDoc(file string, doc []byte, o source.Options, fast bool) (*source.Dataset, error) {
	loc, err := o.Location()
	if err != nil {
		return nil, err
	}
	p := o.Problems(file)
	var w *writer
	var s *scanned // nil: off the fast path
	if fast {
		s, _ = scanDocument(doc, loc)
	}
	if s != nil && s.seen {
		if w, err = joinJobs(s, loc, doc, p); err != nil {
			return nil, err
		}
	} else { // the general path, which names what is wrong
		var d document
		if err := jsontext.Unmarshal(doc, &d); err != nil {
			if stdErr := stdjson.Unmarshal(doc, &document{}); stdErr != nil {
				err = stdErr // says where, in encoding/json's words
			}
			return nil, decodeError(file, doc, err)
		}
		if d.Jobs == nil {
			return nil, &source.ParseError{File: file, Text: source.Clip(restErrors(d.Errors), 80),
				Want: "a document of jobs (sacct --json); this is slurmrestd's answer to a query that failed, or another document of its", Err: source.ErrBadHeader}
		}
		if w, err = writeJobs(d.Jobs, loc, doc, p); err != nil {
			return nil, err
		}
	}
	so := o
	so.Name = file
	ds, err := slurm.Load(strings.NewReader(header()+w.b.String()), so)
	if err != nil {
		return nil, w.translate(file, err)
	}
	for k := range ds.Warnings {
		ds.Warnings[k] = w.warning(ds.Warnings[k])
	}
	ds.Warnings = append(p.Finish(), ds.Warnings...)
	for name, f := range ds.Frames {
		if f.Has("line") { // of the text made here, not of the document
			ds.Frames[name] = f.Drop("line")
		}
	}
	return ds, nil
}

// translate makes an error of the slurm loader on the text (a line of it)
// an error of the document's record that line is.
func (w *writer) translate(file string, err error) error {
	var pe *source.ParseError
	if !errors.As(err, &pe) {
		return err
	}
	out := *pe
	out.File = file
	if what := w.record(pe.Line); what != "" {
		out.Line, out.Field = 0, what+"."+pe.Field
	}
	return &out
}

// warning is a warning of the slurm loader on the text, of the record.
func (w *writer) warning(x source.Warning) source.Warning {
	if what := w.record(x.Line); what != "" {
		x.Line, x.Field = 0, what+"."+x.Field
	}
	return x
}

// record is the record of line n of the text (1 is the header), "" for
// none.
func (w *writer) record(n int) string {
	if n < 2 || n-2 >= len(w.lines) {
		return ""
	}
	return w.lines[n-2].String()
}

// restErrors are a document's errors as one text.
func restErrors(errs []restError) string {
	var parts []string
	for _, e := range errs {
		t := e.Description
		if e.Error != "" {
			t = strings.TrimSpace(t + " " + e.Error)
		}
		parts = append(parts, t)
	}
	if len(parts) == 0 {
		return "no jobs, no errors"
	}
	return strings.Join(parts, "; ")
}

// badJob reports job i of doc (raw), which does not decode (err): a bad
// record naming its line in the document and the field.
func badJob(p *source.Problems, doc, raw []byte, i int, err error) error {
	line, field, want := 0, fmt.Sprintf("jobs[%d]", i), "a job of sacct --json"
	at := bytes.Index(doc, raw) // the first such job: enough to find it
	var typ *stdjson.UnmarshalTypeError
	if errors.As(err, &typ) {
		if typ.Field != "" {
			field += "." + typ.Field
		}
		want = "a " + typ.Type.String()
		if at >= 0 {
			at += int(typ.Offset)
		}
	}
	text := raw // the job, when the error gives no offset in it
	if at >= 0 {
		at = min(at, len(doc))
		line = lineOf(doc, at)
		if typ != nil && typ.Offset > 0 {
			// the text there: its line, or the 60 bytes before the offset
			from := max(bytes.LastIndexByte(doc[:at], '\n')+1, at-60)
			text = bytes.TrimSpace(doc[from:at])
		}
	}
	return p.Bad(line, field, source.Clip(string(text), 60), want, err)
}

// decodeError names where the document does not read: the byte offset
// and line of a syntax error, the field of a wrong type.
func decodeError(file string, doc []byte, err error) error {
	var syn *stdjson.SyntaxError
	var typ *stdjson.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		line := lineOf(doc, int(syn.Offset))
		return &source.ParseError{File: file, Line: line, Want: "JSON (sacct --json)", Err: errors.Join(source.ErrBadHeader, err)}
	case errors.As(err, &typ):
		line := lineOf(doc, int(typ.Offset))
		return &source.ParseError{File: file, Line: line, Field: typ.Field, Text: typ.Value, Want: "a " + typ.Type.String(), Err: errors.Join(source.ErrBadHeader, err)}
	}
	return &source.ParseError{File: file, Want: "sacct --json's document", Err: errors.Join(source.ErrBadHeader, err)}
}

// lineOf is the line of doc that byte offset at is on (1 for the first).
func lineOf(doc []byte, at int) int {
	return 1 + bytes.Count(doc[:min(max(at, 0), len(doc))], []byte{'\n'})
}
