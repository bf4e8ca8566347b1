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
	fs := newFlags("info", "SOURCE... [--json] [--lenient]",
		"Summarise what the sources hold: each frame's rows and columns, the time span,\n"+
			"workers, task states and load warnings. SOURCE is a log file, '-' for standard\n"+
			"input, or a directory; gzip and zstd files are read transparently.", stdout)
	asJSON := fs.Bool("json", false, "print one JSON object: {frames: {NAME: {rows, columns}}, start, end, warnings}")
	lenient := fs.Bool("lenient", false, "skip bad records (listed as warnings) instead of failing at the first")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	d, err := load(sources, *lenient, stderr)
	if err != nil {
		return err
	}
	start, end, ok := d.Span()
	if *asJSON {
		return infoJSON(stdout, d, start, end, ok)
	}
	fmt.Fprintf(stdout, "source:   %s\n", d.Source)
	fmt.Fprintf(stdout, "files:    %s\n", strings.Join(d.Files, ", "))
	if ok {
		fmt.Fprintf(stdout, "span:     %s .. %s (%.3f s)\n", frame.FormatMicros(start), frame.FormatMicros(end), float64(end-start)/1e6)
	}
	fmt.Fprintln(stdout, "frames:")
	for _, name := range d.Names() {
		f := d.Frames[name]
		fmt.Fprintf(stdout, "  %-12s %9d rows  %3d columns\n", name, f.NumRows(), f.NumCols())
	}
	if w, ok := d.Frames[schema.Workers]; ok {
		fmt.Fprintf(stdout, "workers:  %d\n", w.NumRows())
	}
	if t, ok := d.Frames[schema.Tasks]; ok && t.Has("state") {
		started := t.NumRows()
		if t.Has("start") {
			started = t.Where("start", "not-null", nil).NumRows()
		}
		fmt.Fprintf(stdout, "attempts: %d", started)
		if t.Has("task") && t.Has("job") {
			fmt.Fprintf(stdout, " of %d tasks", t.GroupBy("job", "task").NumGroups())
		}
		fmt.Fprintln(stdout)
		vc := t.ValueCounts("state")
		var parts []string
		for i := 0; i < vc.NumRows(); i++ {
			parts = append(parts, vc.FormatValue(0, i)+" "+vc.FormatValue(1, i))
		}
		fmt.Fprintf(stdout, "states:   %s\n", strings.Join(parts, ", "))
	}
	if len(d.Warnings) == 0 {
		fmt.Fprintln(stdout, "warnings: none")
	} else {
		fmt.Fprintf(stdout, "warnings: %d\n", len(d.Warnings))
		for _, w := range d.Warnings {
			fmt.Fprintf(stdout, "  %s\n", w)
		}
	}
	return nil
}

func infoJSON(w io.Writer, d *loaders.Dataset, start, end int64, ok bool) error {
	type frameInfo struct {
		Rows    int      `json:"rows"`
		Columns []string `json:"columns"`
	}
	out := struct {
		Frames   map[string]frameInfo `json:"frames"`
		Start    *string              `json:"start"`
		End      *string              `json:"end"`
		Warnings []string             `json:"warnings"`
	}{Frames: map[string]frameInfo{}, Warnings: []string{}}
	for name, f := range d.Frames {
		out.Frames[name] = frameInfo{Rows: f.NumRows(), Columns: f.Names()}
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
