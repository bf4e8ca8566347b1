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
	job         epmtJob
	wantThreads bool // the one large frame that can be skipped
	keep        struct{ host, file, line, exename, path, args bool }
	text        *papiexText
	hosts       []*hostProcs

	// the union of the hosts' metrics, in first-seen order, their column
	// names, and which are kept as procs and threads columns or summed
	metrics                               []string
	names                                 []string
	seen                                  map[string]bool
	keepMetric, sumMetric, keepThreadMetr []bool
	unreadCols                            []string // metrics the readers did not keep, as columns

	pr struct {
		host, exename, path, args, tags, file         columns.Str
		pid, ppid, pgid, sid, gen, exit, sig, numtids columns.Int
		start, end, dur, cpu, line                    columns.Int
		metric                                        []columns.Int
	}
	th struct {
		host, file                   columns.Str
		pid, thread, tid, start, end columns.Int
		metric                       []columns.Int
	}
	procInts    []procInt // the per-process integer columns kept
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

// parsedTags is a tags text parsed once per distinct text.
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

// newJobBuilder returns a builder for the frames o asks for, adding to d.
func newJobBuilder(o source.Options, d *source.Dataset) *jobBuilder {
	want := source.WantFrames(o)
	b := &jobBuilder{o: o, d: d, wantThreads: want == nil || want[schema.Threads], tagKeys: map[string]bool{}}
	k := func(c string) bool { return o.Keeps(schema.Procs, c) }
	b.keep.host, b.keep.file, b.keep.line = k("host"), k("file"), k("line")
	b.keep.exename, b.keep.path, b.keep.args = k("exename"), k("path"), k("args")
	// the text fields kept: hostname also names the threads' host
	var keepText [nStrFields]bool
	keepText[sHostname] = b.wantThreads || b.keep.host
	keepText[sExename], keepText[sPath], keepText[sArgs] = b.keep.exename, b.keep.path, b.keep.args
	b.text = newPapiexText(keepText)
	return b
}

// collectMetrics gathers the hosts' metrics and decides which are kept
// and summed. A metric named like one of jobframe's columns keeps its
// data under "papiex_<name>", with a warning naming where.
func (b *jobBuilder) collectMetrics(where string) {
	b.seen = map[string]bool{}
	for _, hp := range b.hosts {
		for _, m := range hp.metrics {
			if !b.seen[m] {
				b.seen[m] = true
				b.metrics = append(b.metrics, m)
			}
		}
	}
	n := len(b.metrics)
	b.names = make([]string, n)
	for m, name := range b.metrics {
		if b.names[m] = papiexColumn(name); b.names[m] != name {
			b.d.Warnings = append(b.d.Warnings, source.Warning{File: where, Field: name, Msg: fmt.Sprintf("papiex column %q is named like one of jobframe's; kept as %q", name, b.names[m])})
		}
	}
	b.keepMetric, b.sumMetric, b.keepThreadMetr = make([]bool, n), make([]bool, n), make([]bool, n)
	for m, name := range b.metrics {
		b.keepMetric[m] = b.o.Keeps(schema.Procs, b.names[m])
		b.sumMetric[m] = b.keepMetric[m] || name == "usertime" || name == "systemtime" || name == "rdtsc_duration"
		b.keepThreadMetr[m] = b.o.Keeps(schema.Threads, b.names[m])
	}
	b.pr.metric = make([]columns.Int, n)
	b.th.metric = make([]columns.Int, n)
	b.sums, b.has = make([]int64, n), make([]bool, n)
	b.tagCache = make([]*parsedTags, len(b.text.tags))
	b.tagCode = make([]int32, len(b.text.tags))
}

// reserve sizes the columns kept once: the row counts are known, and
// growing them row by row copies and faults in twice the memory.
func (b *jobBuilder) reserve() {
	nProcs, nThreads := 0, 0
	for _, hp := range b.hosts {
		nProcs += len(hp.procs)
		for _, p := range hp.procs {
			nThreads += int(p.nrows)
		}
	}
	pr, th := &b.pr, &b.th
	for _, c := range []procInt{{&pr.pid, fPID, "pid"}, {&pr.ppid, fPPID, "ppid"}, {&pr.pgid, fPGID, "pgid"}, {&pr.sid, fSID, "sid"},
		{&pr.gen, fGeneration, "generation"}, {&pr.exit, fExitcode, "exitcode"}, {&pr.sig, fExitsignal, "exitsignal"}} {
		if b.o.Keeps(schema.Procs, c.name) {
			b.procInts = append(b.procInts, c)
			c.col.Reserve(nProcs)
		}
	}
	asked, limited := b.o.Columns[schema.Procs]
	b.wantTagCols = !limited || slices.ContainsFunc(asked, func(c string) bool { return strings.HasPrefix(c, frame.TagPrefix) })
	columns.Reserve(nProcs, &pr.numtids, &pr.start, &pr.end, &pr.dur, &pr.cpu, &pr.tags)
	for _, c := range []struct {
		col  columns.Reserver
		kept bool
	}{{&pr.line, b.keep.line}, {&pr.host, b.keep.host}, {&pr.exename, b.keep.exename}, {&pr.path, b.keep.path}, {&pr.args, b.keep.args}, {&pr.file, b.keep.file}} {
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
	for _, c := range []*columns.Int{&th.pid, &th.thread, &th.tid, &th.start, &th.end} {
		c.Reserve(nThreads)
	}
	for m := range th.metric {
		if b.keepThreadMetr[m] {
			th.metric[m].Reserve(nThreads)
		}
	}
	th.host.Reserve(nThreads)
	th.file.Reserve(nThreads)
}
