package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/report"
	"github.com/jobframe/jobframe/ops"
)

func runReport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("report", "SOURCE... -o report.html [--json report.json] [--title TEXT] [--from T] [--to T] [--lenient]",
		"Write one self-contained HTML page about the sources: a summary, utilization\n"+
			"against capacity, throughput, attempts waiting and running, tasks per worker, a\n"+
			"timeline per worker, duration and wait distributions, measured resources,\n"+
			"failures, outliers and, for EPMT, costs per operation and the process tree.\n"+
			"Charts are interactive (hover for values, wheel or drag to zoom: the time charts\n"+
			"zoom together; click a legend entry to hide its series), drawn by the embedded\n"+
			"Apache ECharts: the file opens offline and loads nothing. A section the source\n"+
			"has no data for says why. --json writes the same figures, series and tables as\n"+
			"one JSON document (docs/report-json.md); -o x.json does too. --from/--to limit\n"+
			"the report to what was active in a time window.", stdout)
	out := fs.String("o", "", "the HTML file to write (a name ending in .json: the JSON document)")
	jsonOut := fs.String("json", "", "also write the report as a JSON document to this file")
	title := fs.String("title", "", "the page title (default \"jobframe report: SOURCE\")")
	lenient := fs.Bool("lenient", false, "skip bad records (listed in the report) instead of failing at the first")
	window := addWindowFlags(fs)
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *out == "" && *jsonOut == "" {
		return usagef("-o FILE or --json FILE is required")
	}
	d, err := loadWarn(sources, *lenient, stderr)
	if err != nil {
		return err
	}
	o := report.Options{Title: *title}
	if *window.from != "" || *window.to != "" {
		start, end := dataSpan(d)
		if o.Window, err = ops.ParseWindow(*window.from, *window.to, start, end); err != nil {
			return usagef("%v", err)
		}
	}
	doc := report.Build(d, o)
	for _, o := range []struct {
		path  string
		write func(io.Writer, *report.Document) error
	}{{*out, report.Render}, {*jsonOut, report.Encode}} {
		if o.path == "" {
			continue
		}
		write := o.write
		if strings.HasSuffix(strings.ToLower(o.path), ".json") {
			write = report.Encode
		}
		var buf bytes.Buffer
		if err := write(&buf, doc); err != nil {
			return err
		}
		if err := os.WriteFile(o.path, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("report: %w", err)
		}
		fmt.Fprintf(stderr, "wrote %s (%d KB)\n", o.path, (buf.Len()+1023)/1024)
	}
	return nil
}
