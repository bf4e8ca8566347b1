package wfcommons

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
)

// workflow is an instance in one shape whatever its version: the tasks
// in specification order, each with its execution, and the edges.
type workflow struct {
	name, version, system, systemVersion, description string
	created                                           string // createdAt as written
	start, makespan                                   int64  // µs
	hasStart, hasMakespan                             bool
	rows                                              []row
	machines                                          []machine
	edges                                             [][2]int // parent, child: indexes into rows
}

// row is one task: its specification and, when it ran, its execution.
type row struct {
	spec              *task
	exec              *task // nil: no execution record
	start, end        int64 // µs: the task's executedAt, and that + runtime
	started, ended    bool
	inBytes, outBytes float64
	inFiles, outFiles int
}

// readWorkflow brings an instance of any supported version to one shape.
func readWorkflow(in *instance, p *source.Problems, loc *time.Location) (*workflow, error) {
	w := &workflow{name: in.Name, version: in.SchemaVersion, description: in.Description, created: in.CreatedAt}
	if sys := either(in.RuntimeSystem, in.WMS); sys != nil {
		w.system, w.systemVersion = sys.Name, sys.Version
	}
	var err error
	spec, exec := in.Workflow.Specification, in.Workflow.Execution
	flat := spec == nil
	switch v := in.SchemaVersion; {
	case v == "1.4" && flat, (v == "1.5" || v == "1.6") && !flat:
	case v == "1.0" || v == "1.1" || v == "1.2" || v == "1.3":
		return nil, &source.ParseError{File: p.File, Field: "schemaVersion", Text: v, Want: "WfFormat 1.4, 1.5 or 1.6 (migrate older instances with WfFormat's tools/wfcommons-migrate-instance.py)", Err: source.ErrBadHeader}
	case flat && in.Workflow.Tasks.Len() > 0:
		p.Note(0, "schemaVersion", v, "read as WfFormat 1.4 (a flat workflow.tasks)")
	case !flat:
		p.Note(0, "schemaVersion", v, "read as WfFormat 1.6 (workflow.specification and workflow.execution)")
	default:
		return nil, &source.ParseError{File: p.File, Field: "workflow", Want: "workflow.specification.tasks (WfFormat 1.5, 1.6) or workflow.tasks (1.4)", Err: source.ErrBadHeader}
	}
	if flat {
		exec = &in.Workflow.execution
		w.rows = make([]row, 0, exec.Tasks.Len())
		for _, t := range exec.Tasks.All() {
			w.rows = append(w.rows, row{spec: t, exec: t})
		}
	} else {
		w.rows = make([]row, 0, spec.Tasks.Len())
		for _, t := range spec.Tasks.All() {
			w.rows = append(w.rows, row{spec: t})
		}
	}
	if exec != nil {
		w.machines = exec.Machines
		if w.start, w.hasStart, err = parseTime(exec.ExecutedAt, loc); err != nil {
			// The run's start only: the tasks read all the same.
			p.Note(0, "executedAt", exec.ExecutedAt, "not an ISO 8601 time such as 2020-12-25T20:10:08+00:00: the run's start and end are left null")
		}
		if m := exec.MakespanInSeconds; m != nil && !math.IsNaN(*m) && math.Abs(*m) < 1e12 {
			w.makespan, w.hasMakespan = int64(math.Round(*m*1e6)), true
		}
	}
	if err := w.link(spec != nil, exec, p, loc); err != nil {
		return nil, err
	}
	w.files(in)
	return w, nil
}

// files counts each task's input and output files and their bytes, from
// the specification's files (1.5, 1.6) or the task's own (1.4).
func (w *workflow) files(in *instance) {
	size := map[string]float64{}
	if s := in.Workflow.Specification; s != nil {
		for _, f := range s.Files {
			if f.SizeInBytes != nil {
				size[f.ID] = *f.SizeInBytes
			}
		}
	}
	for i := range w.rows {
		r := &w.rows[i]
		for _, id := range r.spec.InputFiles {
			r.inFiles++
			r.inBytes += size[id]
		}
		for _, id := range r.spec.OutputFiles {
			r.outFiles++
			r.outBytes += size[id]
		}
		for _, f := range r.spec.Files {
			var b float64
			if f.SizeInBytes != nil {
				b = *f.SizeInBytes
			}
			if strings.EqualFold(f.Link, "input") {
				r.inFiles++
				r.inBytes += b
			} else {
				r.outFiles++
				r.outBytes += b
			}
		}
	}
}

// hosts are the machines the task ran on (1.4: its one machine).
func (r *row) hosts() []string {
	if r.exec == nil {
		return nil
	}
	if len(r.exec.Machines) == 0 && r.exec.Machine != "" {
		return []string{r.exec.Machine}
	}
	return r.exec.Machines
}

// category is a task's category: 1.4's own, or its name without the id
// suffix.
func (r *row) category() string {
	if r.spec.Category != "" {
		return r.spec.Category
	}
	return trimIDSuffix(r.spec.Name)
}

// trimIDSuffix removes the "_ID000001" (_ID and digits, at the end)
// WfCommons appends to a task's category to name it (its migration to
// 1.2 splits names there).
func trimIDSuffix(name string) string {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	if i < len(name) && strings.HasSuffix(name[:i], "_ID") {
		return name[:i-3]
	}
	return name
}

// timeLayouts are the ISO 8601 forms of WfFormat's times, extended and
// basic (20200408T154143+0000, as WfCommons' Pegasus instances write
// executedAt); those without a zone are read in the load's time zone.
var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999Z0700", "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999",
	"20060102T150405Z0700", "20060102T150405.999999999Z0700", "20060102T150405"}

// parseTime reads an ISO 8601 time into µs since the epoch; "" is null.
func parseTime(s string, loc *time.Location) (int64, bool, error) {
	if s == "" {
		return 0, false, nil
	}
	for _, l := range timeLayouts {
		if t, err := time.ParseInLocation(l, s, loc); err == nil {
			return t.UnixMicro(), true, nil
		}
	}
	return 0, false, fmt.Errorf("not an ISO 8601 time such as 2020-12-25T20:10:08+00:00")
}
