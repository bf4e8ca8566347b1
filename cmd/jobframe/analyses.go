package main

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/ops"
)

// analysisFlags are the options every one-line analysis takes.
type analysisFlags struct {
	out     *string
	lenient *bool
	window  windowFlags
}

func addAnalysisFlags(fs *flag.FlagSet) analysisFlags {
	return analysisFlags{
		out:     fs.String("o", "", "write the table to FILE (.csv, .parquet or .arrow) instead of printing it"),
		lenient: fs.Bool("lenient", false, "skip bad records (listed as warnings) instead of failing at the first"),
		window:  addWindowFlags(fs),
	}
}

// rowFlags are --with and --where of an analysis: columns derived on,
// and rows kept of, the frame it reads (placements, workers, ...).
type rowFlags struct{ withs, wheres multiFlag }

// addRowFlags adds --with and --where, saying which frame they act on.
func addRowFlags(fs *flag.FlagSet, of string) *rowFlags {
	rf := &rowFlags{}
	fs.Var(&rf.withs, "with", "a column NAME = EXPRESSION derived on the "+of+" (repeatable)")
	fs.Var(&rf.wheres, "where", "keep the rows of the "+of+" where an expression holds, e.g. 'worker != \"3\"' (repeatable)")
	return rf
}

// rows is f with the --with columns and the --where rows.
func (rf *rowFlags) rows(f *frame.Frame) (*frame.Frame, error) {
	return deriveRows(f, rf.withs, rf.wheres)
}

// cutDataset applies --with and --where to every frame of d that has all
// the columns they read (the others are left whole), and says what it
// did ("state == \"failed\" on placements, tasks"); "" when there is
// nothing to apply. No frame with those columns is a usage error.
func (rf *rowFlags) cutDataset(d *loaders.Dataset) (string, error) {
	if rf.none() {
		return "", nil
	}
	names, err := rf.cutFrames(d)
	if err != nil {
		return "", err
	}
	if len(names) == 0 {
		return "", rf.noColumns()
	}
	return fmt.Sprintf("%s, on %s", strings.Join(rf.all(), "; "), strings.Join(names, ", ")), nil
}

// cutFrames applies --with and --where to the frames of d that have the
// columns they read, and returns their names.
func (rf *rowFlags) cutFrames(d *loaders.Dataset) ([]string, error) {
	read := readColumns(nil, rf.withs, rf.wheres)
	var names []string
	for _, name := range slices.Sorted(maps.Keys(d.Frames)) {
		f := d.Frames[name]
		if !slices.ContainsFunc(read, func(c string) bool { return !f.Has(c) }) {
			g, err := rf.rows(f)
			if err != nil {
				return nil, fmt.Errorf("the %s frame: %w", name, err)
			}
			d.Frames[name], names = g, append(names, name)
		}
	}
	return names, nil
}

// none reports whether there is no --with and no --where.
func (rf *rowFlags) none() bool { return len(rf.withs)+len(rf.wheres) == 0 }

// all are the --with and --where texts.
func (rf *rowFlags) all() []string { return append(slices.Clone([]string(rf.withs)), rf.wheres...) }

// noColumns is the usage error of --with/--where that no frame can take.
func (rf *rowFlags) noColumns() error {
	return usagef("%s: no frame has the columns %s", strings.Join(rf.all(), "; "), strings.Join(readColumns(nil, rf.withs, rf.wheres), ", "))
}

// load opens the sources (warnings on stderr), of the --source systems,
// and cuts them to the --from/--to window. Of lakes, the frames need
// does not name are read from their footers alone (skimmed): they keep
// their columns, not their rows, and count in the data's span. A window
// side that names a time is pushed down to the lakes' reader instead,
// which then reads every frame (a window cuts rows). Logs are read
// whole.
func (af analysisFlags) load(sources []string, stderr io.Writer, need ...string) (*loaders.Dataset, ops.Window, error) {
	return af.loadBy(loadWarnWith, sources, stderr, need, nil, nil)
}

// loadColumns is load of the frames cols names, each of the columns it
// lists (loaders.Options.Columns; analysisColumns; nil: all). Of logs
// (and lakes mixed with them) without a window, the frames logs names
// are read of the columns it lists, those the command reads with the
// ones a lake's later reread would, and every other frame of its run
// and time columns alone (thinned; nil logs: every frame, those of cols
// projected). A window needs every frame's times whole.
func (af analysisFlags) loadColumns(sources []string, stderr io.Writer, cols, logs map[string][]string) (*loaders.Dataset, ops.Window, error) {
	return af.loadBy(loadWarnWith, sources, stderr, slices.Collect(maps.Keys(cols)), cols, logs)
}

// reloadColumns is loadColumns of lakes without printing the warnings,
// which a load of the same sources printed.
func (af analysisFlags) reloadColumns(sources []string, stderr io.Writer, cols map[string][]string) (*loaders.Dataset, ops.Window, error) {
	return af.loadBy(loadWith, sources, stderr, slices.Collect(maps.Keys(cols)), cols, nil)
}

// analysisColumns are the columns of a frame that an op reads (reads),
// with the run column and those of the window's cut (schema.Begins and
// Ends), each optional: the projection of that frame that leaves the
// op's result as it is. With --with or --where it is nil, the frame
// whole: an expression's error lists the frame's columns.
func analysisColumns(reads []string, withs, wheres []string) []string {
	if len(withs)+len(wheres) > 0 {
		return nil
	}
	return source.OptionalColumns(slices.Concat([]string{"run"}, schema.Begins(), schema.Ends(), reads)...)
}

// loadBy is load with the loading function open, a projection of some
// frames (cols, nil for none) and the frames of logs to build (logs, as
// loadColumns).
func (af analysisFlags) loadBy(open func([]string, loaders.Options, io.Writer) (*loaders.Dataset, error), sources []string, stderr io.Writer, need []string, cols, logs map[string][]string) (*loaders.Dataset, ops.Window, error) {
	o := af.window.options(*af.lenient)
	o.SpanOnly = skimmed(sources, need...)
	if o.SpanOnly == nil && logs != nil && af.window.open() {
		cols = thinned(logs)
	}
	for name, c := range cols {
		if c != nil {
			if o.Columns == nil {
				o.Columns = map[string][]string{}
			}
			o.Columns[name] = c
		}
	}
	d, err := open(sources, o, stderr)
	if err != nil {
		return nil, ops.Window{}, err
	}
	w, err := af.window.cut(d)
	return d, w, err
}

func runBusy(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("busy", "SOURCE... [--resource NAME] [--with NAME=EXPR]... [--where EXPR]... [-o FILE]",
		"Print the step series of a resource held by running task attempts (allocated,\n"+
			"not measured): columns time and value, one point per log record that changed it.\n"+
			"Uses the placements frame (HyperQueue, Work Queue, TaskVine: multi-node tasks on\n"+
			"every worker, attempts closed at worker loss), or the tasks' req_RESOURCE column\n"+
			"(Balsam: --resource nodes).", stdout)
	resource := fs.String("resource", "cpus", "the resource: cpus (or cores), gpus, mem_mb (or memory), disk_mb (or disk), or nodes")
	af := addAnalysisFlags(fs)
	rf := addRowFlags(fs, "placements (or tasks, without placements)")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	r, err := schema.Resource(*resource)
	if err != nil {
		return err
	}
	rd := busyReads(r, rf)
	d, w, err := af.loadColumns(sources, stderr, rd.lake, rd.logs)
	if err != nil {
		return err
	}
	if p, ok := d.Frames[schema.Placements]; (!ok || !p.Has(r)) && d.SkimmedRows[schema.Tasks] > 0 {
		// no placements of r: the tasks' requests, which a lake's
		// first read took from the footers
		if d, w, err = af.reloadColumns(sources, stderr, map[string][]string{schema.Tasks: rd.logs[schema.Tasks]}); err != nil {
			return err
		}
	}
	var s *frame.Frame
	if p, ok := d.Frames[schema.Placements]; ok && p.Has(r) {
		if p, err = rf.rows(p); err != nil {
			return err
		}
		s = ops.Busy(p, r)
	} else if t, ok := d.Frames[schema.Tasks]; ok && t.Has("req_"+r) {
		if t, err = rf.rows(t); err != nil {
			return err
		}
		s = ops.Steps(t, "start", "end", "req_"+r)
	} else {
		return fmt.Errorf("%s: no placements frame with column %s and no tasks frame with column req_%s", strings.Join(sources, ", "), r, r)
	}
	return emit(w.Series(s, "time"), *af.out, "busy "+r, stdout, stderr)
}

func runCapacity(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("capacity", "SOURCE... [--resource NAME] [--with NAME=EXPR]... [--where EXPR]... [-o FILE]",
		"Print the step series of a resource offered by connected workers (from connect to\n"+
			"loss, or to the end of the log): columns time and value. For sources with batch\n"+
			"allocations and no workers (Balsam), --resource nodes gives the allocated nodes.", stdout)
	resource := fs.String("resource", "cpus", "the resource: cpus (or cores), gpus, mem_mb (or memory), disk_mb (or disk), or nodes")
	af := addAnalysisFlags(fs)
	rf := addRowFlags(fs, "workers (or allocations, without workers)")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	r, err := schema.Resource(*resource)
	if err != nil {
		return err
	}
	rd := capacityReads()
	d, w, err := af.loadColumns(sources, stderr, rd.lake, rd.logs)
	if err != nil {
		return err
	}
	var s *frame.Frame
	if wf, ok := d.Frames[schema.Workers]; ok && wf.Has(r) {
		if wf, err = rf.rows(wf); err != nil {
			return err
		}
		s = ops.Capacity(wf, r)
	} else if a, ok := d.Frames[schema.Allocations]; ok && r == schema.Nodes {
		if a, err = rf.rows(a); err != nil {
			return err
		}
		s = ops.AllocatedNodes(a)
	} else {
		return fmt.Errorf("%s: no workers frame with column %s (and --resource nodes needs an allocations frame)", strings.Join(sources, ", "), r)
	}
	return emit(w.Series(s, "time"), *af.out, "capacity "+r, stdout, stderr)
}

func runTasksPerWorker(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("tasks-per-worker", "SOURCE... [--with NAME=EXPR]... [--where EXPR]... [-o FILE]",
		"Print, per worker in order of connection, the number of attempts that started\n"+
			"there and their job@task list, as the HyperQueue journal notebook does (a\n"+
			"multi-node task counts on each of its workers; a restart counts again).", stdout)
	af := addAnalysisFlags(fs)
	rf := addRowFlags(fs, "placements")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	rd := tasksPerWorkerReads(rf)
	d, _, err := af.loadColumns(sources, stderr, rd.lake, rd.logs)
	if err != nil {
		return err
	}
	p, err := d.Frame(schema.Placements)
	if err != nil {
		return err
	}
	if p, err = rf.rows(p); err != nil {
		return err
	}
	return emit(ops.TasksPerWorker(p, d.Frames[schema.Workers]), *af.out, "tasks per worker", stdout, stderr)
}

func runHist(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("hist", "SOURCE... --column NAME [--frame NAME] [--bins N] [--range LO,HI] [--with NAME=EXPR]... [--where EXPR]... [-o FILE]",
		"Print a histogram of a numeric column: columns lo, hi (bin edges) and count, with\n"+
			"numpy.histogram's rule (equal bins, the last closed). The default range is\n"+
			"0 to the largest value, as jobframe's resource histograms use.", stdout)
	name := fs.String("frame", "tasks", "the frame holding the column")
	col := fs.String("column", "", "the column to count (required), e.g. mem_mb, wall_time_s, cpu_time")
	bins := fs.Int("bins", 10, "the number of bins")
	rng := fs.String("range", "", "LO,HI: count values in [LO, HI] only")
	af := addAnalysisFlags(fs)
	var withs, wheres multiFlag
	fs.Var(&withs, "with", "a derived column NAME = EXPRESSION, e.g. 'run_s = seconds(end - start)' (repeatable)")
	fs.Var(&wheres, "where", "keep the rows where an expression holds, e.g. 'final && mem_mb > 1000', or COLUMN OP VALUE such as final==true (repeatable)")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *col == "" {
		return usagef("--column is required")
	}
	if *bins < 1 {
		return usagef("--bins must be at least 1")
	}
	var lo, hi float64
	if *rng != "" {
		l, h, ok := strings.Cut(*rng, ",")
		var err1, err2 error
		lo, err1 = strconv.ParseFloat(strings.TrimSpace(l), 64)
		hi, err2 = strconv.ParseFloat(strings.TrimSpace(h), 64)
		if !ok || err1 != nil || err2 != nil || lo > hi {
			return usagef("--range %q: want LO,HI with LO <= HI", *rng)
		}
	}
	rd := histReads(*name, *col, withs, wheres)
	d, _, err := af.loadColumns(sources, stderr, rd.lake, rd.logs)
	if err != nil {
		return err
	}
	f, err := d.Frame(*name)
	if err != nil {
		return err
	}
	if f, err = deriveRows(f, withs, wheres); err != nil {
		return err
	}
	h := ops.Histogram(f, *col, *bins)
	if *rng != "" {
		h = ops.HistogramRange(f, *col, *bins, lo, hi)
	}
	return emit(h, *af.out, "histogram of "+*col, stdout, stderr)
}

func runIntervals(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("intervals", "SOURCE... [--by COLS] [--frame NAME] [--with NAME=EXPR]... [--where EXPR]... [-o FILE]",
		"Print, per group, the time covered by the rows' [start, end] intervals with EPMT's\n"+
			"three duration methods: sum_us (overlaps counted twice), sum_minus_overlap_us\n"+
			"(the union; touching intervals merge) and finish_minus_start_us, with count,\n"+
			"runs (merged intervals), contiguous, start and end. --by takes comma-separated\n"+
			"columns: tags (the full tag), tag.op, job, exename, worker, ...", stdout)
	by := fs.String("by", "tags", "the columns to group by, comma-separated (\"\" for one group)")
	name := fs.String("frame", "", "the frame (default: procs if the source has it, else tasks)")
	af := addAnalysisFlags(fs)
	var withs, wheres multiFlag
	fs.Var(&withs, "with", "a derived column NAME = EXPRESSION, e.g. 'run_s = seconds(end - start)' (repeatable)")
	fs.Var(&wheres, "where", "keep the rows where an expression holds, or COLUMN OP VALUE (repeatable)")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	var keys []string
	for _, k := range strings.Split(*by, ",") {
		if k = strings.TrimSpace(k); k != "" {
			keys = append(keys, k)
		}
	}
	d, fname, err := af.loadIntervals(sources, *name, keys, withs, wheres, stderr)
	if err != nil {
		return err
	}
	f, err := d.Frame(fname)
	if err != nil {
		return err
	}
	if f, err = deriveRows(f, withs, wheres); err != nil {
		return err
	}
	return emit(ops.Intervals(f, "start", "end", keys...), *af.out, "intervals", stdout, stderr)
}

// loadIntervals loads the frame intervals reads, name (empty: the procs
// if the sources have them, else the tasks), of the columns ops
// .Intervals takes (start, end and the keys, with run and the window's;
// whole with --with or --where), and returns its name. Of lakes the
// other frames are taken from their footers; without a name, the
// tasks are read only when no procs are there (logs are read once,
// whole). The 10M-task HyperQueue lake by job_name: 2.4-2.6 s and 1.1-1.2
// GB against 5.3-5.9 s and 4.9 GB.
func (af analysisFlags) loadIntervals(sources []string, name string, keys, withs, wheres []string, stderr io.Writer) (*loaders.Dataset, string, error) {
	rd := intervalsReads(name, keys, withs, wheres)
	d, _, err := af.loadColumns(sources, stderr, rd.lake, rd.logs)
	if err != nil {
		return nil, "", err
	}
	if name != "" {
		return d, name, nil
	}
	if _, ok := d.Frames[schema.Procs]; ok {
		return d, schema.Procs, nil
	}
	if d.SkimmedRows[schema.Tasks] > 0 { // a lake's first read took them from the footers
		d, _, err = af.reloadColumns(sources, stderr, map[string][]string{schema.Tasks: rd.logs[schema.Tasks]})
	}
	return d, schema.Tasks, err
}
