package epmt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// jobBuilder builds the procs, threads and jobs frames of one job from
// its hosts' processes, keeping only what Options.Frames and
// Options.Columns ask for.
type jobBuilder struct {
	o           source.Options
	d           *source.Dataset
	where       string // the job's folder, in warnings
	job         epmtJob
	wantThreads bool // the one large frame that can be skipped
	keep        procKeep
	text        *papiexText
	hosts       []*hostProcs

	// the union of the hosts' metrics, in first-seen order, their column
	// names, and which are kept as procs and threads columns or summed
	metrics                               []string
	names                                 []string
	seen                                  map[string]bool
	keepMetric, sumMetric, keepThreadMetr []bool
	unreadCols                            []string // metrics the readers did not keep, as columns

	pr          procCols
	th          threadCols
	room        int            // the procs rows the columns have room for
	progress    func() float64 // the part of the job's data files read (set by readHosts)
	nProcs      int            // processes handed to Options.Batch before those in pr
	procInts    []procInt      // the per-process integer columns kept
	wantTagCols bool
	tagKeys     map[string]bool
	procTags    []map[string]string
	tagCache    []*parsedTags // by tag id
	tagCode     []int32       // code+1 in pr.tags of each tag id's canonical form
	sums        []int64       // one process's metric sums
	has         []bool

	papiexErrPIDs          []int64
	totalThreads, totalCPU int64
	rootStart, rootExit    int64
	hasRoot                bool
}

// procKeep says which of the procs frame's columns built from every
// process Options.Columns keeps: a column left out is not built, so a
// projection holds only the bytes of the columns it asked for.
type procKeep struct {
	host, file, line, exename, path, args bool
	numtids, start, end, dur, cpu, tags   bool
}

// procCols are the procs frame's columns being built, n rows each (the
// columns kept; the others stay empty).
type procCols struct {
	n                                     int
	host, exename, path, args, tags, file columns.Str
	pid, ppid, pgid, sid, gen, exit, sig  columns.Int
	numtids, start, end, dur, cpu, line   columns.DenseInt // never null
	metric                                []columns.Int
}

// threadCols are the threads frame's columns being built.
type threadCols struct {
	host, file              columns.Str
	pid, thread, start, end columns.DenseInt // never null
	tid                     columns.Int
	metric                  []columns.Int
}

// parsedTags is a tags text parsed once per distinct text: its canonical
// text, the pieces dropped, and its pairs when tag.<key> columns are
// built (a map of a few pairs costs some 300 bytes, and an EPMT job can
// have a distinct tags text for every few processes).
type parsedTags struct {
	tags  map[string]string
	canon string
	bad   []string
}

// procInt is a per-process integer column and its place in
// papiexProc.ints.
type procInt struct {
	col  *columns.Int
	f    int
	name string
}

// firstOnly are the metrics taken from a process's first row instead of
// summed over its threads.
func firstOnly(metric string) bool { return metric == "num_threads" || metric == "starttime" }

// newJobBuilder returns a builder for the frames o asks for, adding to d;
// where names the job in warnings.
func newJobBuilder(o source.Options, d *source.Dataset, where string) *jobBuilder {
	want := source.WantFrames(o)
	b := &jobBuilder{o: o, d: d, where: where, wantThreads: want == nil || want[schema.Threads], tagKeys: map[string]bool{},
		progress: func() float64 { return 0 }}
	k := func(c string) bool { return o.Keeps(schema.Procs, c) }
	b.keep.host, b.keep.file, b.keep.line = k("host"), k("file"), k("line")
	b.keep.exename, b.keep.path, b.keep.args = k("exename"), k("path"), k("args")
	b.keep.numtids, b.keep.start, b.keep.end = k("numtids"), k("start"), k("end")
	b.keep.dur, b.keep.cpu, b.keep.tags = k("duration_us"), k("cpu_time"), k("tags")
	// the text fields kept: hostname also names the threads' host
	var keepText [nStrFields]bool
	keepText[sHostname] = b.wantThreads || b.keep.host
	keepText[sExename], keepText[sPath], keepText[sArgs] = b.keep.exename, b.keep.path, b.keep.args
	b.text = newPapiexText(keepText)
	b.seen = map[string]bool{}
	pr := &b.pr
	for _, c := range []procInt{{&pr.pid, fPID, "pid"}, {&pr.ppid, fPPID, "ppid"}, {&pr.pgid, fPGID, "pgid"}, {&pr.sid, fSID, "sid"},
		{&pr.gen, fGeneration, "generation"}, {&pr.exit, fExitcode, "exitcode"}, {&pr.sig, fExitsignal, "exitsignal"}} {
		if o.Keeps(schema.Procs, c.name) {
			b.procInts = append(b.procInts, c)
		}
	}
	asked, limited := o.Columns[schema.Procs]
	asked = source.ColumnNames(asked)
	b.wantTagCols = !limited || slices.ContainsFunc(asked, func(c string) bool { return strings.HasPrefix(c, frame.TagPrefix) })
	return b
}

// addMetrics adds the metrics of a data file that the job has not seen
// and decides which are kept and summed; the file's skipped metrics (no
// column or sum needs them) are named as columns not built. A metric
// named like one of jobframe's columns keeps its data under
// "papiex_<name>", with a warning. Rows already added get nulls in the
// new metrics' columns, as a file without a metric gives its rows.
func (b *jobBuilder) addMetrics(metrics, skipped []string) {
	for _, name := range metrics {
		if b.seen[name] {
			continue
		}
		b.seen[name] = true
		col := papiexColumn(name)
		if col != name {
			b.d.Warnings = append(b.d.Warnings, source.Warning{File: b.where, Field: name, Msg: fmt.Sprintf("papiex column %q is named like one of jobframe's; kept as %q", name, col)})
		}
		keep := b.o.Keeps(schema.Procs, col)
		b.metrics = append(b.metrics, name)
		b.names = append(b.names, col)
		b.keepMetric = append(b.keepMetric, keep)
		b.sumMetric = append(b.sumMetric, keep || name == "usertime" || name == "systemtime" || name == "rdtsc_duration")
		b.keepThreadMetr = append(b.keepThreadMetr, b.o.Keeps(schema.Threads, col))
		b.pr.metric = append(b.pr.metric, nulls(b.pr.n))
		b.th.metric = append(b.th.metric, nulls(len(b.th.pid.V)))
		b.sums, b.has = append(b.sums, 0), append(b.has, false)
	}
	for _, name := range skipped {
		if !b.seen[name] {
			b.seen[name] = true
			b.unreadCols = append(b.unreadCols, papiexColumn(name))
		}
	}
}

// nulls returns an integer column of n nulls.
func nulls(n int) columns.Int {
	return columns.Int{V: make([]int64, n), OK: make([]bool, n)}
}

// growTags makes room in the tag caches for every tags text read so far.
func (b *jobBuilder) growTags() {
	if n := len(b.text.tags) - len(b.tagCache); n > 0 {
		b.tagCache = append(b.tagCache, make([]*parsedTags, n)...)
		b.tagCode = append(b.tagCode, make([]int32, n)...)
	}
}

// reserve sizes the columns kept for the nProcs processes and nThreads
// thread rows about to be added: the counts are known, and growing the
// columns row by row copies and faults in twice the memory.
func (b *jobBuilder) reserve(nProcs, nThreads int) {
	pr, th := &b.pr, &b.th
	for _, c := range b.procInts {
		c.col.Reserve(nProcs)
	}
	for _, c := range []struct {
		col  columns.Reserver
		kept bool
	}{{&pr.numtids, b.keep.numtids}, {&pr.start, b.keep.start}, {&pr.end, b.keep.end}, {&pr.dur, b.keep.dur}, {&pr.cpu, b.keep.cpu}, {&pr.tags, b.keep.tags},
		{&pr.line, b.keep.line}, {&pr.host, b.keep.host}, {&pr.exename, b.keep.exename}, {&pr.path, b.keep.path}, {&pr.args, b.keep.args}, {&pr.file, b.keep.file}} {
		if c.kept {
			c.col.Reserve(nProcs)
		}
	}
	for m := range pr.metric {
		if b.keepMetric[m] {
			pr.metric[m].Reserve(nProcs)
		}
	}
	if !b.wantThreads {
		return
	}
	columns.Reserve(nThreads, &th.pid, &th.thread, &th.tid, &th.start, &th.end)
	for m := range th.metric {
		if b.keepThreadMetr[m] {
			th.metric[m].Reserve(nThreads)
		}
	}
	th.host.Reserve(nThreads)
	th.file.Reserve(nThreads)
}
