package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake"
)

// defaultIngestMiB is ingest's default soft memory limit (MiB) while a
// source streams (lake.Options.StreamMemory). Streamed, a 25 GB Work
// Queue log holds a few hundred MB live (ten million queued tasks and
// the batch being written); Go's collector, left to itself, lets the
// heap grow to twice that before it collects.
const defaultIngestMiB = 768

// ingestGCPercent is ingest's GOGC while a source streams under the
// memory limit (lake.Options.StreamGCPercent): the limit bounds the
// heap, and collecting at 4x the live heap rather than 2x took a Work
// Queue ingest from 12.6 to 11.2 s (means of two and three runs).
const ingestGCPercent = 400

// runIngest adds sources to a Parquet lake (package lake).
func runIngest(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("ingest", "SOURCE... --into DIR [--lenient] [--compression C] [--batch-rows N] [--memory-limit MiB]",
		"Add the sources to a Parquet lake in DIR, which Spark, Trino, DuckDB and pandas\n"+
			"read as one table per frame: DIR/FRAME/source=S/day=YYYY-MM-DD/part-*.parquet,\n"+
			"with a manifest of what was ingested in DIR/_manifest.json.\n\n"+
			"A source whose content is already in the lake is skipped. A log that has\n"+
			"grown (its first rows are those ingested) is appended to: the files of its\n"+
			"earlier batches stay, and only the rest is written (the log is read again\n"+
			"from its start). Any other source whose path is there replaces its rows.\n"+
			"HyperQueue journals, Work Queue / TaskVine transaction logs, EPMT papiex CSV\n"+
			"files and Balsam events are written as they are read, holding only the tasks\n"+
			"still queued or running (EPMT: one batch of processes; Balsam: the jobs and\n"+
			"what each event's attempt needs); Slurm, Nextflow and WfCommons inputs are\n"+
			"read whole first. A failed or killed ingest leaves the lake as it was before that\n"+
			"source; the next run cleans up and goes on.\n\n"+
			"Query it, e.g. with DuckDB:\n"+
			"  SELECT state, count(*) FROM read_parquet('DIR/tasks/**/*.parquet',\n"+
			"    hive_partitioning = true, union_by_name = true) GROUP BY state;", stdout)
	into := fs.String("into", "", "the lake's folder (required; created if missing)")
	lenient := fs.Bool("lenient", false, "skip bad records (counted) instead of failing at the first")
	batch := fs.Int("batch-rows", 0, "rows per batch of a streamed source (default 65536)")
	compression := fs.String("compression", "snappy", "the files' compression: snappy, zstd (about half the size, slower), gzip or none")
	level := fs.Int("level", 1, "the compression level (zstd: 1 fastest to 22 smallest)")
	memory := fs.Int("memory-limit", defaultIngestMiB, "MiB the Go heap aims to stay under while a source streams, collecting garbage more often near it (0: no limit; GOMEMLIMIT, when set, wins)")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *into == "" {
		return usagef("--into DIR is required")
	}
	if len(sources) == 0 {
		return usagef("no SOURCE given")
	}
	if *batch < 0 {
		return usagef("--batch-rows must be positive")
	}
	if *memory < 0 {
		return usagef("--memory-limit must be 0 or more")
	}
	limits, err := limits()
	if err != nil {
		return err
	}
	p := new(loaders.Progress)
	stop := startProgress(stderr, p)
	o := lake.Options{Lenient: *lenient, BatchRows: *batch, Progress: p, TimeZone: timeZone(), Limits: limits,
		Parquet: frame.ParquetOptions{Compression: *compression, Level: *level}}
	if os.Getenv("GOMEMLIMIT") == "" {
		o.StreamMemory = int64(*memory) << 20
	}
	if os.Getenv("GOGC") == "" {
		o.StreamGCPercent = ingestGCPercent
	}
	results, err := lake.Ingest(context.Background(), *into, sources, o)
	stop()
	for _, r := range results {
		printIngest(stdout, stderr, r)
	}
	return err
}

// printIngest prints what ingest did with one source: the result on
// stdout, its timing on stderr.
func printIngest(stdout, stderr io.Writer, r lake.Result) {
	for _, w := range r.Warnings {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
	name := strings.Join(r.Files, ",")
	if r.Action == lake.Skipped {
		fmt.Fprintf(stdout, "%s: skipped, already ingested as %s\n", name, r.Entry.ID)
		return
	}
	how := "read whole"
	switch {
	case r.From > 0:
		how = fmt.Sprintf("streamed from byte %d", r.From)
	case r.Streamed:
		how = "streamed"
	}
	var rows []string
	for _, f := range slices.Sorted(maps.Keys(r.Entry.Rows)) {
		rows = append(rows, fmt.Sprintf("%s %d", f, r.Entry.Rows[f]))
	}
	fmt.Fprintf(stdout, "%s: %s as %s (%s, %s): %s; %d files, %d warnings\n",
		name, r.Action, r.Entry.ID, r.Entry.Source, how, strings.Join(rows, ", "), len(r.Entry.Parts), r.Entry.Warnings)
	read, rate := r.Bytes-r.From, 0.0
	if r.Seconds > 0 {
		rate = float64(read) / 1e6 / r.Seconds
	}
	fmt.Fprintf(stderr, "%s: %.1f MB read in %.2f s (%.0f MB/s), %.1f MB of Parquet\n",
		name, float64(read)/1e6, r.Seconds, rate, float64(r.Written)/1e6)
}

// timeZone is the zone of times written without a zone (sacct's,
// Nextflow traces', WfCommons'; EPMT job metadata that names none):
// $JOBFRAME_TZ, else $EPMT_TZ (EPMT's own variable), else each format's
// default (UTC; EPMT US/Eastern).
func timeZone() string {
	if tz := os.Getenv("JOBFRAME_TZ"); tz != "" {
		return tz
	}
	return os.Getenv("EPMT_TZ")
}
