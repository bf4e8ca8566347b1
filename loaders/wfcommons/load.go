package wfcommons

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sync"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Source is the Dataset.Source of a WfCommons instance's loads.
const Source = "wfcommons"

// Format is a WfCommons instance (WfFormat 1.4, 1.5 or 1.6 JSON).
func Format() source.Format {
	return source.Format{
		Name:        "wfcommons",
		System:      "WfCommons",
		Description: "a WfCommons instance (WfFormat 1.4 to 1.6 JSON)",
		Sources:     []string{Source},
		Frames:      []string{schema.Jobs, schema.Tasks, schema.Placements, schema.Workers, schema.Dependencies},
		Sniff:       func(_ string, head []byte) bool { return sniff(head) },
		Load:        func(in []source.Input, o source.Options) (*source.Dataset, error) { return source.LoadOne(in, o, Load) },
	}
}

// sniff accepts a JSON object that names its schemaVersion and holds a
// workflow, within the first bytes read.
func sniff(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n\ufeff")
	return len(head) > 0 && head[0] == '{' && bytes.Contains(head, []byte(`"schemaVersion"`)) && bytes.Contains(head, []byte(`"workflow"`))
}

// Load reads a WfCommons instance into jobs, tasks, placements, workers
// and dependencies (see the package documentation). Times without a zone
// are read in o.TimeZone (an IANA name), UTC when it is empty.
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	file := o.InputName()
	loc, err := o.Location()
	if err != nil {
		return nil, err
	}
	doc, err := records.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	p := o.Problems(file)
	if at, key := jsontext.BadUTF8(doc); at >= 0 {
		// the decoders read it as U+FFFD; only the first is named
		lo := max(0, at-30)
		if err := p.BadUTF8(1+bytes.Count(doc[:at], []byte{'\n'}), key, doc[lo:min(len(doc), at+30)], at-lo); err != nil {
			return nil, err
		}
	}
	in := scanInstance(doc)
	if in == nil {
		// The fast decoders' errors say less: encoding/json says where,
		// and its reading is the one that counts.
		if in, err = decodeInstance(doc, json.Unmarshal, stdTasks); err != nil {
			return nil, decodeError(file, doc, err)
		}
	}
	w, err := readWorkflow(in, p, loc)
	if err != nil {
		return nil, err
	}
	want := source.WantFrames(o)
	d := &source.Dataset{Source: Source, Frames: map[string]*frame.Frame{}}
	// The frames only read w: they are built at once.
	var mu sync.Mutex
	var wg sync.WaitGroup
	for name, build := range map[string]func() *frame.Frame{
		schema.Jobs: w.jobs, schema.Tasks: w.tasks, schema.Placements: w.placements,
		schema.Workers: w.workers, schema.Dependencies: w.dependencies,
	} {
		if want == nil || want[name] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				f := build()
				mu.Lock()
				d.Frames[name] = f
				mu.Unlock()
			}()
		}
	}
	wg.Wait()
	if w.hasStart && w.hasMakespan {
		var span source.LogSpan
		span.Add(w.start)
		span.Add(w.start + w.makespan)
		span.Set(d)
	}
	d.Warnings = p.Finish()
	return o.Project(d, nil)
}

// stdTasks decodes tasks with encoding/json.
func stdTasks() func([]byte, *task) error {
	return func(elem []byte, t *task) error { return json.Unmarshal(elem, t) }
}

// decodeInstance decodes doc with unmarshal, then its task lists on
// every core with decoders from tasks.
func decodeInstance(doc []byte, unmarshal func([]byte, any) error, tasks func() func([]byte, *task) error) (*instance, error) {
	in := new(instance)
	if err := unmarshal(doc, in); err != nil {
		return nil, err
	}
	wf := &in.Workflow
	lists := []*jsontext.Array[task]{&wf.Tasks}
	paths := []string{"workflow.tasks"}
	if s := wf.Specification; s != nil {
		lists, paths = append(lists, &s.Tasks), append(paths, "workflow.specification.tasks")
	}
	if e := wf.Execution; e != nil {
		lists, paths = append(lists, &e.Tasks), append(paths, "workflow.execution.tasks")
	}
	for k, l := range lists {
		var e *jsontext.ElementError
		if err := l.Decode(tasks); errors.As(err, &e) {
			return nil, &taskError{path: paths[k], err: e}
		} else if err != nil {
			return nil, err
		}
	}
	return in, nil
}

// taskError is a task of the list at path that did not decode.
type taskError struct {
	path string
	err  *jsontext.ElementError
}

func (e *taskError) Error() string { return fmt.Sprintf("%s[%d]: %v", e.path, e.err.Index, e.err.Err) }
func (e *taskError) Unwrap() error { return e.err }

// decodeError says where a document does not decode as WfFormat JSON.
func decodeError(file string, doc []byte, err error) error {
	line := func(off int64) int { return bytes.Count(doc[:min(int(off), len(doc))], []byte{'\n'}) + 1 }
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var te *taskError
	if errors.As(err, &te) {
		return taskDecodeError(file, doc, te, line)
	}
	switch {
	case errors.As(err, &syntax):
		return &source.ParseError{File: file, Line: line(syntax.Offset), Want: "a WfFormat JSON document", Err: source.HeaderError(err)}
	case errors.As(err, &typ):
		return &source.ParseError{File: file, Line: line(typ.Offset), Field: typ.Field, Text: typ.Value, Want: "a JSON " + jsonKind(typ.Type) + " (WfFormat)", Err: source.HeaderError(err)}
	}
	return &source.ParseError{File: file, Want: "a WfFormat JSON document", Err: source.HeaderError(err)}
}

// jsonKind names the JSON kind a Go type decodes from.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Float64, reflect.Int, reflect.Int64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Slice:
		return "list"
	}
	return "object"
}

// taskDecodeError says where a task does not decode: its list and
// index, and the line when its text is part of doc (as it is when
// encoding/json decoded doc).
func taskDecodeError(file string, doc []byte, te *taskError, line func(int64) int) error {
	pe := &source.ParseError{File: file, Field: fmt.Sprintf("%s[%d]", te.path, te.err.Index), Want: "a WfFormat task (a JSON object)", Err: source.HeaderError(te.err.Err)}
	if te.err.Index < 0 { // the list itself
		pe.Field, pe.Want = te.path, "a list of tasks"
	}
	var off int64 = -1
	var typ *json.UnmarshalTypeError
	var syntax *json.SyntaxError
	var scan *jsontext.SyntaxError
	switch {
	case errors.As(te.err.Err, &typ):
		off = typ.Offset
		if typ.Field != "" {
			pe.Field += "." + typ.Field
		}
		pe.Text, pe.Want = typ.Value, "a JSON "+jsonKind(typ.Type)+" (WfFormat)"
	case errors.As(te.err.Err, &syntax):
		off = syntax.Offset
	case errors.As(te.err.Err, &scan):
		off, pe.Err = int64(scan.Off), source.ErrBadHeader
	}
	if at, ok := jsontext.OffsetIn(doc, te.err.Elem); ok && off >= 0 {
		pe.Line = line(int64(at) + off)
	}
	return pe
}
