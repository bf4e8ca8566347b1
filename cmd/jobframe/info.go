package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
)

func runInfo(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("info", "SOURCE... [--json] [--lenient] [--source NAME,...]",
		"Summarise what the sources hold: each frame's rows and columns, the time span,\n"+
			"workers, task states and load warnings. SOURCE is a log file, '-' for standard\n"+
			"input, or a directory (a lake written by jobframe ingest is read back as the\n"+
			"logs it holds); gzip and zstd files are read transparently.", stdout)
	asJSON := fs.Bool("json", false, "print one JSON object: {source, files, runs, frames: {NAME: {rows, columns}}, start, end, summary: {workers, attempts, tasks, states}, warnings}")
	lenient := fs.Bool("lenient", false, "skip bad records (listed as warnings) instead of failing at the first")
	only := addSourceFlag(fs)
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	d, sum, err := infoOf(sources, loaders.Options{Lenient: *lenient, Sources: sourceList(*only)}, stderr)
	if err != nil {
		return err
	}
	start, end, ok := d.Span()
	if *asJSON {
		return infoJSON(stdout, d, sum, start, end, ok)
	}
	infoText(stdout, d, sum, start, end, ok)
	return nil
}

// infoText writes info's text of d: its files, span, runs, frames,
// summary and warnings.
func infoText(w io.Writer, d *loaders.Dataset, sum infoSummary, start, end int64, ok bool) {
	fmt.Fprintf(w, "source:   %s\n", d.Source)
	fmt.Fprintf(w, "files:    %s\n", strings.Join(d.Files, ", "))
	if ok {
		fmt.Fprintf(w, "span:     %s .. %s (%.3f s)\n", frame.FormatMicros(start), frame.FormatMicros(end), float64(end-start)/1e6)
	}
	if len(d.Runs) > 1 {
		fmt.Fprintf(w, "runs:     %d\n", len(d.Runs))
		for _, r := range d.Runs {
			fmt.Fprintf(w, "  %s\n", runLine(r))
		}
	}
	fmt.Fprintln(w, "frames:")
	for _, name := range d.Names() {
		fmt.Fprintf(w, "  %-12s %9d rows  %3d columns\n", name, d.FrameRows(name), d.Frames[name].NumCols())
	}
	if sum.Workers != nil {
		fmt.Fprintf(w, "workers:  %d\n", *sum.Workers)
	}
	if sum.Attempts != nil {
		fmt.Fprintf(w, "attempts: %d", *sum.Attempts)
		if sum.Tasks != nil {
			fmt.Fprintf(w, " of %d tasks", *sum.Tasks)
		}
		fmt.Fprintln(w)
		var parts []string
		for _, st := range sum.States {
			parts = append(parts, fmt.Sprintf("%s %d", st.State, st.Count))
		}
		fmt.Fprintf(w, "states:   %s\n", strings.Join(parts, ", "))
	}
	if len(d.Warnings) == 0 {
		fmt.Fprintln(w, "warnings: none")
	} else {
		fmt.Fprintf(w, "warnings: %d\n", len(d.Warnings))
		for _, wn := range d.Warnings {
			fmt.Fprintf(w, "  %s\n", wn)
		}
	}
}

// runLine describes one run of a load: its name, format and span.
func runLine(r loaders.Run) string {
	line := fmt.Sprintf("%s (%s)", r.Name, r.Source)
	if r.HasSpan {
		line += fmt.Sprintf(": %s .. %s (%.3f s)", frame.FormatMicros(r.Start), frame.FormatMicros(r.End), float64(r.End-r.Start)/1e6)
	}
	return line
}

// infoSummary is what info says of a load beyond its frames: workers,
// attempts, tasks and states.
type infoSummary struct {
	// Workers counts the rows of the workers frame (worker connections).
	Workers *int `json:"workers,omitempty"`
	// Attempts counts the attempts that started (rows of the tasks frame
	// with a start time, or all of them when it has no start column).
	Attempts *int `json:"attempts,omitempty"`
	// Tasks counts the distinct tasks, keyed by run, job and task.
	Tasks *int `json:"tasks,omitempty"`
	// States counts the rows of the tasks frame by state, most first.
	States []stateCount `json:"states,omitempty"`
}

// stateCount is one state and its number of rows.
type stateCount struct {
	State string `json:"state"`
	Count int64  `json:"count"`
}

// summarise computes the infoSummary of a load: its workers from d,
// its attempts, tasks and states from the tasks frame of tasks (d
// itself, or a load of the tasks' columns that the summary reads).
func summarise(d, tasks *loaders.Dataset) infoSummary {
	var s infoSummary
	if _, ok := d.Frames[schema.Workers]; ok {
		n := d.FrameRows(schema.Workers)
		s.Workers = &n
	}
	t, ok := tasks.Frames[schema.Tasks]
	if !ok || !t.Has("state") {
		return s
	}
	started := t.NumRows()
	if t.Has("start") {
		started = t.Where("start", "not-null", nil).NumRows()
	}
	s.Attempts = &started
	if t.Has("task") && t.Has("job") {
		keys := []string{"job", "task"}
		if t.Has("run") {
			keys = []string{"run", "job", "task"}
		}
		n := t.GroupBy(keys...).NumGroups()
		s.Tasks = &n
	}
	vc := t.ValueCounts("state")
	states, _, err1 := vc.Strings("state")
	counts, _, err2 := vc.Int64s("count")
	if err1 == nil && err2 == nil {
		for i := range states {
			s.States = append(s.States, stateCount{vc.FormatValue(0, i), counts[i]})
		}
	}
	return s
}

func infoJSON(w io.Writer, d *loaders.Dataset, sum infoSummary, start, end int64, ok bool) error {
	type frameInfo struct {
		Rows    int      `json:"rows"`
		Columns []string `json:"columns"`
	}
	type runInfo struct {
		Name   string   `json:"name"`
		Source string   `json:"source"`
		Files  []string `json:"files"`
		Start  *string  `json:"start"`
		End    *string  `json:"end"`
	}
	out := struct {
		Source   string               `json:"source"`
		Files    []string             `json:"files"`
		Runs     []runInfo            `json:"runs"`
		Frames   map[string]frameInfo `json:"frames"`
		Start    *string              `json:"start"`
		End      *string              `json:"end"`
		Summary  infoSummary          `json:"summary"`
		Warnings []string             `json:"warnings"`
	}{Source: d.Source, Files: d.Files, Runs: []runInfo{}, Frames: map[string]frameInfo{}, Summary: sum, Warnings: []string{}}
	for _, r := range d.Runs {
		ri := runInfo{Name: r.Name, Source: r.Source, Files: r.Files}
		if r.HasSpan {
			s, e := frame.FormatMicros(r.Start), frame.FormatMicros(r.End)
			ri.Start, ri.End = &s, &e
		}
		out.Runs = append(out.Runs, ri)
	}
	for name, f := range d.Frames {
		out.Frames[name] = frameInfo{Rows: d.FrameRows(name), Columns: f.Names()}
	}
	if ok {
		s, e := frame.FormatMicros(start), frame.FormatMicros(end)
		out.Start, out.End = &s, &e
	}
	for _, wn := range d.Warnings {
		out.Warnings = append(out.Warnings, wn.String())
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
