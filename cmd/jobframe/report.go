package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/report"
)

func runReport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("report", "SOURCE... -o report.html [--title TEXT] [--lenient]",
		"Write one self-contained HTML page about the sources: a summary, utilization\n"+
			"against capacity, throughput, attempts waiting and running, tasks per worker, a\n"+
			"timeline per worker, duration and wait distributions, measured resources,\n"+
			"failures, outliers and, for EPMT, costs per operation and the process tree.\n"+
			"Charts are inline SVG and the CSS is embedded: the file opens offline and loads\n"+
			"nothing. A section the source has no data for says why.", stdout)
	out := fs.String("o", "", "the HTML file to write (required)")
	title := fs.String("title", "", "the page title (default \"jobframe report: SOURCE\")")
	lenient := fs.Bool("lenient", false, "skip bad records (listed in the report) instead of failing at the first")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o FILE is required")
	}
	d, err := loadWarn(sources, *lenient, stderr)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := report.Write(&buf, d, report.Options{Title: *title}); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	fmt.Fprintf(stderr, "wrote %s (%d KB)\n", *out, (buf.Len()+1023)/1024)
	return nil
}
