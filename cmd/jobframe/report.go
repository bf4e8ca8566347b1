package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/report"
	"github.com/jobframe/jobframe/loaders"
)

// reportGCPercent is report's GOGC (unless GOGC is set): its sections
// allocate several times the data they read, and Go's collector, left
// at 100, lets the heap grow to twice the live data before it collects.
// Measured on the report of the 10M-task HyperQueue lake: 9.3-9.5 GB
// and 26-28 s at 100; 6.6-6.8 GB and 22 s at 25 (reused pages cost less
// than fresh ones); on 1M tasks 1.0 GB against 0.75 GB, the same time.
const reportGCPercent = 25

func runReport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("report", "SOURCE... -o report.html [--json report.json] [--compare] [--title TEXT] [--from T] [--to T] [--with NAME=EXPR]... [--where EXPR]... [--carbon-intensity G] [--lenient]",
		"Write one self-contained HTML page about the sources: a summary, utilization\n"+
			"against capacity, throughput, attempts waiting and running, tasks per worker, a\n"+
			"timeline per worker, duration and wait distributions, measured resources,\n"+
			"efficiency, GPUs held against used, energy and its carbon footprint, failures,\n"+
			"outliers and, for EPMT, costs per operation and the process tree.\n"+
			"Charts are interactive (hover for values, wheel or drag to zoom: the time charts\n"+
			"zoom together; click a legend entry to hide its series), drawn by the embedded\n"+
			"Apache ECharts: the file opens offline and loads nothing. A section the source\n"+
			"has no data for says why. --json writes the same figures, series and tables as\n"+
			"one JSON document (docs/report-json.md); -o x.json does too. --from/--to limit\n"+
			"the report to what was active in a time window; --where keeps the rows where an\n"+
			"expression holds in every frame that has the columns it reads (the summary\n"+
			"says which). The energy is estimated as Green Algorithms does (12 W per core,\n"+
			"0.3725 W per GB of memory, PUE 1.67) beside what the source measured;\n"+
			"--carbon-intensity sets the grid's gCO2e/kWh (default 475, the world average).\n\n"+
			"--compare sets two or more runs side by side (each SOURCE is one run, the first\n"+
			"the baseline): makespan, attempts, failure rate, throughput, utilization,\n"+
			"CPU-hours allocated and median run time per category with the change in per cent, and\n"+
			"charts with one series per run on each run's elapsed time.", stdout)
	out := fs.String("o", "", "the HTML file to write (a name ending in .json: the JSON document)")
	jsonOut := fs.String("json", "", "also write the report as a JSON document to this file")
	title := fs.String("title", "", "the page title (default \"jobframe report: SOURCE\")")
	lenient := fs.Bool("lenient", false, "skip bad records (listed in the report) instead of failing at the first")
	window := addWindowFlags(fs)
	carbon := fs.Float64("carbon-intensity", report.DefaultCarbonIntensity, "the grid's carbon intensity for the carbon footprint, gCO2e/kWh")
	compare := fs.Bool("compare", false, "set the sources side by side as runs, the first as the baseline (each SOURCE is one run)")
	rf := addRowFlags(fs, "frames that have the columns it reads (the others whole)")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *out == "" && *jsonOut == "" {
		return usagef("-o FILE or --json FILE is required")
	}
	if !(*carbon > 0 && *carbon < 1e4) {
		return usagef("--carbon-intensity %v: want gCO2e/kWh, above 0 (grids range from about 10 to 900)", *carbon)
	}
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(reportGCPercent))
	}
	if os.Getenv("GOMEMLIMIT") == "" { // the passes of a lake's report set it (passLoader)
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	}
	var doc *report.Document
	if *compare {
		doc, err = compareRuns(sources, *lenient, window, *title, stderr)
	} else {
		doc, err = reportOf(sources, window, rf, *lenient, report.Options{Title: *title, CarbonIntensity: *carbon}, stderr)
	}
	if err != nil {
		return err
	}
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

// reportOf loads the sources and builds their report with o: in two
// passes for lakes alone with no cut (report.BuildInPasses), else of one
// load, cut to the window and by the --with and --where filters (the
// events read only for their span when nothing is cut).
func reportOf(sources []string, window windowFlags, rf *rowFlags, lenient bool, o report.Options, stderr io.Writer) (*report.Document, error) {
	lo := window.options(lenient)
	read := readColumns(nil, rf.withs, rf.wheres)
	lo.Columns, lo.Omit = report.Columns(read...), report.Omit(read...)
	lo.SourceRows = rf.sourceRows()
	uncut := window.open() && len(rf.withs)+len(rf.wheres) == 0
	if uncut && allLakes(sources) {
		return report.BuildInPasses(passLoader(sources, lo, stderr), o)
	}
	if uncut {
		lo.SpanOnly = report.SpanOnly()
	}
	d, err := loadWarnWith(sources, lo, stderr)
	if err != nil {
		return nil, err
	}
	if o.Rows, err = rf.cutDataset(d); err != nil {
		return nil, err
	}
	if o.Window, err = window.parse(d); err != nil {
		return nil, err
	}
	return report.Build(d, o), nil
}

// allLakes reports whether every source is a lake written by jobframe
// ingest: a reader that gives a frame's span without its rows
// (report.BuildInPasses).
func allLakes(sources []string) bool {
	for _, src := range sources {
		if _, ok, err := loaders.LakeFrames(src); !ok || err != nil {
			return false
		}
	}
	return len(sources) > 0
}

// passHeapFactor bounds the heap of a pass's sections in a lake's
// report: unless GOMEMLIMIT is set, each pass's load runs without a
// memory limit, then Go's soft limit (debug.SetMemoryLimit) is set to
// passHeapFactor times the heap after the load, plus 64 MiB. Left alone,
// the process held 2.1-2.2 GB where the heap's live data and the
// sections' work were near 1.3-1.5 GB: the freed pages of the load's
// decoding (it allocates about six times what it keeps) came back to
// the system slowly, and the heap grew by a quarter between collections
// (GOGC 25). The report of the 10M-task lake, three alternated runs
// each: 2.08-2.21 GB without the limit, 1.84-2.05 GB with it, in the
// same time (16.4-17.2 s against 16.0-17.2 s); 2.12-2.13 GB at 1.75
// times. The 1M-task lake: 266-278 MB against 262-267 MB. Under the
// limit the collector runs more often as the sections' work grows past
// it, and takes at most half the CPU, so a report that needs more than
// the limit is slower, never stopped.
const passHeapFactor = 1.5

// passLoader is the loader of report.BuildInPasses: each pass loads the
// sources with o and its frames read for their span alone (a terminal
// shows each pass's progress), then bounds the heap of its sections
// (passHeapFactor); the warnings are printed once.
func passLoader(sources []string, o loaders.Options, stderr io.Writer) report.Loader {
	warned := false
	bound := os.Getenv("GOMEMLIMIT") == ""
	return func(spanOnly map[string][]string) (*loaders.Dataset, error) {
		o.SpanOnly = spanOnly
		if bound {
			debug.SetMemoryLimit(math.MaxInt64) // the load unbounded, as before
			defer boundHeap()
		}
		if warned {
			return loadWith(sources, o, stderr)
		}
		warned = true
		return loadWarnWith(sources, o, stderr)
	}
}

// boundHeap sets Go's soft memory limit to passHeapFactor times the heap
// now, plus 64 MiB.
func boundHeap() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	debug.SetMemoryLimit(int64(float64(m.HeapAlloc)*passHeapFactor) + 64<<20)
}

// compareRuns loads each source as a run and builds their comparison,
// one run at a time (report.CompareLoaded); a window's +D and -D sides
// count from each run's own start and end.
func compareRuns(sources []string, lenient bool, window windowFlags, title string, stderr io.Writer) (*report.Document, error) {
	if len(sources) < 2 {
		return nil, usagef("--compare needs two or more SOURCEs, one per run")
	}
	names := loaders.RunNames(trimSlashes(sources)) // run1/transactions.log, run2/transactions.log
	return report.CompareLoaded(len(sources), func(i int) (report.Run, error) {
		o := window.options(lenient)
		o.Columns = report.Columns()
		if window.open() {
			o.SpanOnly = report.SpanOnly()
		}
		d, err := loadWarnWith([]string{sources[i]}, o, stderr)
		if err != nil {
			return report.Run{}, err
		}
		w, err := window.parse(d) // +D and -D: the run's own start and end
		if err != nil {
			return report.Run{}, err
		}
		return report.Run{Name: names[i], Data: d, Window: w}, nil
	}, report.Options{Title: title})
}

// trimSlashes returns the paths without trailing slashes (a folder named
// "run1/" is the run "run1").
func trimSlashes(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = strings.TrimRight(p, "/")
		if out[i] == "" {
			out[i] = p
		}
	}
	return out
}
