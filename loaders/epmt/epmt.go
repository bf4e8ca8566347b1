package epmt

// EPMT jobs (formats.md §5): a job is a folder or a .tgz/.tar archive
// holding ./job_metadata (a pickle, see epmt_pickle.go) and papiex data:
// per-host collated CSV v1 files "<host>-collated-papiex-<jobid>-<n>.csv"
// or TSV v2 "<host>-papiex.tsv" with "<host>-papiex-header.tsv" (see
// epmt_rows.go). Values EPMT derives at ingest are reproduced:
//
//   - the host of a data file is basename.split("papiex")[0] without
//     "-collated-" and the trailing "-" ("unknown" when empty); a
//     non-empty hostname column overrides it;
//   - the job id is the metadata's job_pl_id, else the collated CSV name's
//     name.split("papiex")[-1].split("-")[1];
//   - per process: start and end from its first row, duration_us = end −
//     start, every metric summed over its threads except num_threads and
//     starttime (first row), cpu_time = usertime + systemtime (µs),
//     numtids = rows grouped; rdtsc_duration <= 0 becomes -1 and marks the
//     job papiex_error;
//   - tags "k:v;k:v" into a canonical tags column and tag.<key> columns
//     (frame.ParseTags);
//   - job times from the metadata: naive datetimes are local times of the
//     zone in the job's environment (TZ, then TIMEZONE), else
//     Options.TimeZone, else US/Eastern; duration_us = int((stop −
//     start).total_seconds() × 1e6); job tags from EPMT_JOB_TAGS in the stop
//     environment; user from job_pl_username, SLURM_JOB_USER or USER; name
//     from SLURM_JOB_NAME; root_exitcode is the exitcode of the earliest
//     starting process (EPMT's job.exitcode);
//   - every process must lie inside the job's [start, stop] (EPMT aborts
//     with "Corrupted CSV detected" otherwise): a bad record here.
//
// Files are streamed (only their first 64 KiB is looked at to tell their
// kind). Archive members are read into memory, since a tar's order is
// arbitrary and the metadata may come last, and never written to disk: a
// member whose path is absolute or climbs out of the archive ("..") is an
// error.

import (
	"archive/tar"
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
	_ "time/tzdata" // US/Eastern and the rest without the system's zoneinfo

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/epmt/pickle"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// EPMTFile is one file of an EPMT job.
type File struct {
	Name string // its path or archive member name (the host comes from it)
	R    io.Reader
}

// epmtHost applies EPMT's get_filedict rule to a data file name.
func epmtHost(name string) string {
	base := path.Base(strings.ReplaceAll(name, "\\", "/"))
	h := strings.Split(base, "papiex")[0]
	h = strings.ReplaceAll(h, "-collated-", "")
	h = strings.TrimSuffix(h, "-")
	if h == "" {
		return "unknown"
	}
	return h
}

// epmtJobID applies extract_jobid_from_collated_csv to a file name.
func epmtJobID(name string) string {
	parts := strings.Split(path.Base(name), "papiex")
	f := strings.Split(parts[len(parts)-1], "-")
	if len(f) > 1 {
		return f[1]
	}
	return ""
}

// epmtKind classifies one file of a job: by EPMT's own file-name
// patterns first (job_metadata, *-papiex-header.tsv, *-papiex*.csv,
// *-papiex*.tsv), else by content.
func epmtKind(name string, head []byte) string {
	base := path.Base(strings.ReplaceAll(name, "\\", "/"))
	switch {
	case base == "job_metadata" || base == "job_metadata.tmp":
		return "metadata"
	case strings.Contains(base, "papiex-header") && strings.HasSuffix(base, ".tsv"):
		return "header"
	case strings.Contains(base, "papiex") && strings.HasSuffix(base, ".csv"):
		return "csv"
	case strings.Contains(base, "papiex") && strings.HasSuffix(base, ".tsv"):
		return "tsv"
	}
	switch {
	case len(head) == 0:
		return ""
	case bytes.HasPrefix(head, []byte("(d")) || (head[0] == 0x80 && len(head) > 1 && head[1] >= 2 && head[1] <= 5):
		return "metadata"
	case len(head) > 262 && bytes.Equal(head[257:262], []byte("ustar")):
		return "archive"
	case bytes.HasPrefix(head, []byte("tags,")) || (bytes.Contains(source.FirstLine(head), []byte(",exename,")) && bytes.Contains(source.FirstLine(head), []byte(",numtids,"))):
		return "csv"
	case head[0] == '{':
		first := source.FirstLine(head)
		i := bytes.IndexByte(first, '\t')
		if i < 0 {
			return ""
		}
		if strings.Contains(base, "papiex-header") || bytes.ContainsAny(first[:i], "abcdefghijklmnopqrstuvwxyz_") {
			return "header"
		}
		return "tsv"
	}
	return ""
}

type epmtJob struct {
	id, name, user, reason, tz string
	start, stop, submit        int64
	hasTimes, hasSubmit        bool
	exit                       int64
	hasExit                    bool
	tags                       map[string]string
}

// LoadEPMT reads one EPMT job from its files: at most one job_metadata,
// and papiex data files (TSV v2 files need their header file among them).
// Without metadata or a collated CSV name, the job id is the name of the
// files' folder, as EPMT stages jobs in .../<jobid>/.
func Load(files []File, o source.Options) (*source.Dataset, error) {
	return o.Project(loadEPMTFiles(files, o))
}

// loadEPMTFiles is LoadEPMT without the projection of o.Columns.
func loadEPMTFiles(files []File, o source.Options) (*source.Dataset, error) {
	hint := ""
	if len(files) > 0 {
		hint = path.Base(path.Dir(strings.ReplaceAll(files[0].Name, "\\", "/")))
	}
	return loadEPMT(files, hint, o)
}

func loadEPMT(files []File, hint string, o source.Options) (*source.Dataset, error) {
	d := &source.Dataset{Source: "epmt", Frames: map[string]*frame.Frame{}}
	want := source.WantFrames(o)
	wantThreads := want == nil || want[schema.Threads] // the one large frame that can be skipped
	type dataFile struct {
		name string
		kind string
		r    io.Reader // streamed: data files are never read whole
	}
	var data []dataFile
	var header []string
	var meta map[string]any
	var metaName string
	for _, f := range files {
		d.Files = append(d.Files, f.Name)
		br := bufio.NewReaderSize(f.R, 64<<10)
		head, err := br.Peek(64 << 10)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		switch kind := epmtKind(f.Name, head); kind {
		case "metadata":
			if meta != nil {
				return nil, fmt.Errorf("%s and %s are both job metadata; one job has one", metaName, f.Name)
			}
			v, err := pickle.Decode(br)
			if err != nil {
				var pe *pickle.Error
				if errors.As(err, &pe) {
					return nil, &source.ParseError{File: f.Name, Field: fmt.Sprintf("pickle offset %d", pe.Offset), Want: "a job_metadata pickle EPMT writes (" + pe.Msg + ")"}
				}
				return nil, fmt.Errorf("%s: %w", f.Name, err)
			}
			m, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s: job metadata is a %T, want a dict", f.Name, v)
			}
			meta, metaName = m, f.Name
		case "header":
			h, err := readPapiexHeader(br, f.Name)
			if err != nil {
				return nil, err
			}
			header = h
		case "csv", "tsv":
			data = append(data, dataFile{f.Name, kind, br})
		default:
			return nil, &source.UnknownFormatError{Path: f.Name, Msg: "not an EPMT job_metadata, papiex CSV or TSV file"}
		}
	}
	where := "job"
	if len(files) > 0 {
		where = path.Dir(strings.ReplaceAll(files[0].Name, "\\", "/"))
	}
	if metaName == "" {
		metaName = where
	}
	job, warn, err := epmtJobFromMeta(meta, metaName, o)
	if err != nil {
		return nil, err
	}
	d.Warnings = append(d.Warnings, warn...)
	// read every data file
	type hostProcs struct {
		file, host string
		procs      []*papiexProc
		rows       *papiexRows // the processes' thread rows
		metrics    []string
		skipped    []string // metrics no column or sum needs, not kept
		p          source.Problems
	}
	var all []*hostProcs
	// Options.Columns: the base columns built (the rest are skipped, and
	// named as such if an unknown column is asked for)
	keep := struct{ host, file, line, exename, path, args bool }{o.Keeps(schema.Procs, "host"), o.Keeps(schema.Procs, "file"),
		o.Keeps(schema.Procs, "line"), o.Keeps(schema.Procs, "exename"), o.Keeps(schema.Procs, "path"), o.Keeps(schema.Procs, "args")}
	// the text fields kept: hostname also names the threads' host
	var keepText [nStrFields]bool
	keepText[sHostname] = wantThreads || keep.host
	keepText[sExename], keepText[sPath], keepText[sArgs] = keep.exename, keep.path, keep.args
	text := newPapiexText(keepText)
	// the metrics kept: those of the columns built, and the three that
	// cpu_time and the papiex-error check read
	need := func(metric string) bool {
		c := papiexColumn(metric)
		return o.Keeps(schema.Procs, c) || metric == "usertime" || metric == "systemtime" || metric == "rdtsc_duration" ||
			wantThreads && o.Keeps(schema.Threads, c)
	}
	for _, f := range data {
		hp := &hostProcs{file: f.name, host: epmtHost(f.name), p: source.Problems{File: f.name, Lenient: o.Lenient}}
		if f.kind == "csv" {
			hp.procs, hp.rows, hp.metrics, hp.skipped, err = readPapiexCSV(f.r, &hp.p, text, need)
			if job.id == "" {
				job.id = epmtJobID(f.name)
			}
		} else {
			if header == nil {
				return nil, fmt.Errorf("%s: a papiex TSV file needs its -papiex-header.tsv beside it", f.name)
			}
			hp.metrics = header
			hp.procs, hp.rows, err = readPapiexTSV(f.r, header, &hp.p, text)
		}
		if err != nil {
			return nil, err
		}
		all = append(all, hp)
	}
	if job.id == "" && hint != "" && hint != "." && hint != "/" {
		job.id = hint
	}
	if job.id == "" {
		job.id = "unknown"
	}
	// the union of metric names, in first-seen order
	var metrics []string
	seen := map[string]bool{}
	for _, hp := range all {
		for _, m := range hp.metrics {
			if !seen[m] {
				seen[m] = true
				metrics = append(metrics, m)
			}
		}
	}
	// A metric named like one of our columns keeps its data under
	// "papiex_<name>".
	names := make([]string, len(metrics))
	for m, name := range metrics {
		if names[m] = papiexColumn(name); names[m] != name {
			d.Warnings = append(d.Warnings, source.Warning{File: where, Field: name, Msg: fmt.Sprintf("papiex column %q is named like one of jobframe's; kept as %q", name, names[m])})
		}
	}
	firstOnly := map[string]bool{"num_threads": true, "starttime": true}
	// Options.Columns: the metric columns built, and the sums needed
	// (cpu_time and the papiex-error check read three metrics)
	keepMetric, sumMetric := make([]bool, len(metrics)), make([]bool, len(metrics))
	for m, name := range metrics {
		keepMetric[m] = o.Keeps(schema.Procs, names[m])
		sumMetric[m] = keepMetric[m] || name == "usertime" || name == "systemtime" || name == "rdtsc_duration"
	}
	keepThreadMetric := make([]bool, len(metrics))
	for m := range metrics {
		keepThreadMetric[m] = o.Keeps(schema.Threads, names[m])
	}
	var pr struct {
		host, exename, path, args, tags, file         columns.Str
		pid, ppid, pgid, sid, gen, exit, sig, numtids columns.Int
		start, end, dur, cpu, line                    columns.Int
		metric                                        []columns.Int
	}
	pr.metric = make([]columns.Int, len(metrics))
	var th struct {
		host, file                   columns.Str
		pid, thread, tid, start, end columns.Int
		metric                       []columns.Int
	}
	th.metric = make([]columns.Int, len(metrics))
	tagKeys := map[string]bool{}
	var procTags []map[string]string
	var papiexErrPIDs []int64
	var totalThreads, totalCPU int64
	rootStart, rootExit, hasRoot := int64(0), int64(0), false
	type parsedTags struct {
		tags  map[string]string
		canon string
		bad   []string
	}
	tagCache := make([]*parsedTags, len(text.tags)) // by tag id
	tagCode := make([]int32, len(text.tags))        // code+1 in pr.tags of each tag id's canonical form
	// the row counts are known: size the columns once (growing them row
	// by row copies and faults in twice the memory)
	nProcs, nThreads := 0, 0
	for _, hp := range all {
		nProcs += len(hp.procs)
		for _, p := range hp.procs {
			nThreads += int(p.nrows)
		}
	}
	type procInt struct {
		col  *columns.Int
		f    int // index in papiexProc.ints
		name string
	}
	var procInts []procInt // the per-process integer columns kept
	for _, c := range []procInt{{&pr.pid, fPID, "pid"}, {&pr.ppid, fPPID, "ppid"}, {&pr.pgid, fPGID, "pgid"}, {&pr.sid, fSID, "sid"},
		{&pr.gen, fGeneration, "generation"}, {&pr.exit, fExitcode, "exitcode"}, {&pr.sig, fExitsignal, "exitsignal"}} {
		if o.Keeps(schema.Procs, c.name) {
			procInts = append(procInts, c)
		}
	}
	asked, limited := o.Columns[schema.Procs]
	wantTagCols := !limited || slices.ContainsFunc(asked, func(c string) bool { return strings.HasPrefix(c, frame.TagPrefix) })
	for _, c := range procInts {
		c.col.Reserve(nProcs)
	}
	columns.Reserve(nProcs, &pr.numtids, &pr.start, &pr.end, &pr.dur, &pr.cpu, &pr.tags)
	for _, c := range []struct {
		col  columns.Reserver
		kept bool
	}{{&pr.line, keep.line}, {&pr.host, keep.host}, {&pr.exename, keep.exename}, {&pr.path, keep.path}, {&pr.args, keep.args}, {&pr.file, keep.file}} {
		if c.kept {
			c.col.Reserve(nProcs)
		}
	}
	for m := range pr.metric {
		if keepMetric[m] {
			pr.metric[m].Reserve(nProcs)
		}
	}
	if wantThreads {
		for _, c := range []*columns.Int{&th.pid, &th.thread, &th.tid, &th.start, &th.end} {
			c.Reserve(nThreads)
		}
		for m := range th.metric {
			if keepThreadMetric[m] {
				th.metric[m].Reserve(nThreads)
			}
		}
		th.host.Reserve(nThreads)
		th.file.Reserve(nThreads)
	}
	sums, has := make([]int64, len(metrics)), make([]bool, len(metrics)) // one process's metric sums
	for _, hp := range all {
		idx := make([]int, len(hp.metrics)) // file metric -> job metric
		first := make([]bool, len(hp.metrics))
		for k, m := range hp.metrics {
			idx[k] = indexOf(metrics, m)
			first[k] = firstOnly[m]
		}
		back := make([]int, len(metrics)) // job metric -> file metric (-1)
		for m := range metrics {
			back[m] = indexOf(hp.metrics, metrics[m])
		}
		for _, p := range hp.procs {
			host := hp.host
			if h := p.text(sHostname); h != "" {
				host = h
			}
			rows := hp.rows
			r0 := int(p.row0)
			start, end := rows.start[r0], rows.end[r0]
			if job.hasTimes && (start < job.start || end > job.stop) {
				e := hp.p.Bad(p.line, "start", fmt.Sprintf("%s..%s", frame.FormatMicros(start), frame.FormatMicros(end)),
					fmt.Sprintf("a process inside the job's window %s..%s (EPMT: Corrupted CSV detected)", frame.FormatMicros(job.start), frame.FormatMicros(job.stop)), nil)
				if e != nil {
					return nil, e
				}
				continue
			}
			pt := tagCache[p.tagID]
			if pt == nil {
				t, b := frame.ParseTags(text.tag(p))
				pt = &parsedTags{t, frame.FormatTags(t), b}
				tagCache[p.tagID] = pt
				for k := range t { // once per distinct tags text
					tagKeys[k] = true
				}
			}
			tags, bad := pt.tags, pt.bad
			if len(bad) > 0 {
				hp.p.Note(p.line, "tags", text.tag(p), fmt.Sprintf("tag piece %q has more than one ':' and is dropped, as EPMT does", bad[0]))
			}
			if wantTagCols {
				procTags = append(procTags, tags)
			}
			clear(sums)
			clear(has)
			for t := range int(p.nrows) {
				r := r0 + t
				row, valid := rows.row(r)
				for k, v := range row {
					if !valid[k] {
						continue
					}
					m := idx[k]
					if !sumMetric[m] {
						continue
					}
					if first[k] {
						if t == 0 {
							sums[m], has[m] = v, true
						}
						continue
					}
					sums[m] += v
					has[m] = true
				}
				if !wantThreads {
					continue
				}
				th.host.Add(host)
				th.file.Add(hp.file)
				th.pid.Add(p.ints[fPID])
				th.thread.Add(int64(t))
				th.tid.Opt(rows.tid[r], rows.tid[r] >= 0)
				th.start.Add(rows.start[r])
				th.end.Add(rows.end[r])
				for m := range metrics {
					if !keepThreadMetric[m] {
						continue
					}
					k := back[m]
					if k >= 0 && valid[k] {
						th.metric[m].Add(row[k])
					} else {
						th.metric[m].Null()
					}
				}
			}
			if m := indexOf(metrics, "rdtsc_duration"); m >= 0 && has[m] && sums[m] <= 0 {
				sums[m] = -1
				papiexErrPIDs = append(papiexErrPIDs, p.ints[fPID])
			}
			cpu := int64(0)
			for _, name := range []string{"usertime", "systemtime"} {
				if m := indexOf(metrics, name); m >= 0 {
					cpu += sums[m]
				}
			}
			if keep.host {
				pr.host.Add(host)
			}
			if keep.file {
				pr.file.Add(hp.file)
			}
			if keep.line {
				pr.line.Add(int64(p.line))
			}
			if keep.exename {
				pr.exename.Add(p.text(sExename))
			}
			if keep.path {
				pr.path.Add(p.text(sPath))
			}
			if keep.args {
				pr.args.Add(p.text(sArgs))
			}
			if c := tagCode[p.tagID]; c > 0 && pr.tags.Plain == nil {
				pr.tags.PushCode(c - 1)
			} else {
				pr.tags.Add(pt.canon)
				tagCode[p.tagID] = pr.tags.Last
			}
			for _, c := range procInts {
				c.col.Opt(p.ints[c.f], p.has[c.f])
			}
			pr.numtids.Add(int64(p.nrows))
			pr.start.Add(start)
			pr.end.Add(end)
			pr.dur.Add(end - start)
			pr.cpu.Add(cpu)
			for m := range metrics {
				if keepMetric[m] {
					pr.metric[m].Opt(sums[m], has[m])
				}
			}
			totalThreads += int64(p.nrows)
			totalCPU += cpu
			if !hasRoot || start < rootStart {
				rootStart, rootExit, hasRoot = start, p.ints[fExitcode], true
			}
		}
		d.Warnings = append(d.Warnings, hp.p.Finish()...)
	}
	n := len(pr.start.V)
	keys := make([]string, 0, len(tagKeys))
	for k := range tagKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var cols []frame.Column
	// add appends column name, built by col, if Options.Columns keeps it
	add := func(name string, col func() frame.Column) {
		if o.Keeps(schema.Procs, name) {
			cols = append(cols, col())
		} else {
			d.Skip(schema.Procs, name)
		}
	}
	add("job", func() frame.Column { return columns.Repeat("job", job.id, n) })
	add("host", func() frame.Column { return pr.host.Col("host") })
	add("pid", func() frame.Column { return pr.pid.Col("pid") })
	add("ppid", func() frame.Column { return pr.ppid.Col("ppid") })
	add("pgid", func() frame.Column { return pr.pgid.Col("pgid") })
	add("sid", func() frame.Column { return pr.sid.Col("sid") })
	add("generation", func() frame.Column { return pr.gen.Col("generation") })
	add("exename", func() frame.Column { return pr.exename.Col("exename") })
	add("path", func() frame.Column { return pr.path.Col("path") })
	add("args", func() frame.Column { return pr.args.Col("args") })
	add("exitcode", func() frame.Column { return pr.exit.Col("exitcode") })
	add("exitsignal", func() frame.Column { return pr.sig.Col("exitsignal") })
	add("numtids", func() frame.Column { return pr.numtids.Col("numtids") })
	add("start", func() frame.Column { return pr.start.Times("start") })
	add("end", func() frame.Column { return pr.end.Times("end") })
	add("duration_us", func() frame.Column { return pr.dur.Col("duration_us") })
	add("cpu_time", func() frame.Column { return pr.cpu.Col("cpu_time") })
	add("tags", func() frame.Column { return pr.tags.Col("tags") })
	for _, key := range keys {
		if !o.Keeps(schema.Procs, frame.TagPrefix+key) {
			d.Skip(schema.Procs, frame.TagPrefix+key)
			continue
		}
		v := make([]string, n)
		ok := make([]bool, n)
		for i, t := range procTags {
			v[i], ok[i] = t[key]
		}
		cols = append(cols, frame.StringCol(frame.TagPrefix+key, v, ok))
	}
	for m := range metrics {
		if keepMetric[m] {
			cols = append(cols, pr.metric[m].Col(names[m]))
		} else {
			d.Skip(schema.Procs, names[m])
		}
	}
	// the metrics the readers did not keep (no column or sum needs them)
	var unread []string
	for _, hp := range all {
		for _, m := range hp.skipped {
			if !seen[m] {
				seen[m] = true
				unread = append(unread, papiexColumn(m))
			}
		}
	}
	d.Skip(schema.Procs, unread...)
	add("file", func() frame.Column { return pr.file.Col("file") })
	add("line", func() frame.Column { return pr.line.Col("line") })
	d.Frames[schema.Procs] = frame.New(cols...)

	if wantThreads {
		nt := len(th.pid.V)
		tcols := []frame.Column{columns.Repeat("job", job.id, nt), th.host.Col("host"), th.pid.Col("pid"), th.thread.Col("thread"),
			th.tid.Col("tid"), th.start.Times("start"), th.end.Times("end")}
		for m := range metrics {
			if keepThreadMetric[m] {
				tcols = append(tcols, th.metric[m].Col(names[m]))
			} else {
				d.Skip(schema.Threads, names[m])
			}
		}
		d.Skip(schema.Threads, unread...)
		tcols = append(tcols, th.file.Col("file"))
		d.Frames[schema.Threads] = frame.New(tcols...)
	}

	// the jobs frame: one row
	jc := []frame.Column{frame.StringCol("job", []string{job.id}, nil), frame.StringCol("name", []string{job.name}, []bool{job.name != ""}),
		frame.StringCol("user", []string{job.user}, []bool{job.user != ""}),
		frame.MicrosCol("submit", []int64{job.submit}, []bool{job.hasSubmit}),
		frame.MicrosCol("start", []int64{job.start}, []bool{job.hasTimes}), frame.MicrosCol("end", []int64{job.stop}, []bool{job.hasTimes}),
		frame.Int64Col("duration_us", []int64{epmtDuration(job.start, job.stop)}, []bool{job.hasTimes}),
		frame.Int64Col("exit_code", []int64{job.exit}, []bool{job.hasExit}),
		frame.StringCol("reason", []string{job.reason}, []bool{job.reason != ""}),
		frame.Int64Col("root_exitcode", []int64{rootExit}, []bool{hasRoot}),
		frame.Int64Col("num_procs", []int64{int64(n)}, nil), frame.Int64Col("num_threads", []int64{totalThreads}, nil),
		frame.Int64Col("cpu_time", []int64{totalCPU}, nil),
		frame.BoolCol("papiex_error", []bool{len(papiexErrPIDs) > 0}, nil),
		frame.StringCol("timezone", []string{job.tz}, []bool{job.tz != ""}),
		frame.StringCol("tags", []string{frame.FormatTags(job.tags)}, []bool{job.tags != nil})}
	jkeys := make([]string, 0, len(job.tags))
	for k := range job.tags {
		jkeys = append(jkeys, k)
	}
	sort.Strings(jkeys)
	for _, k := range jkeys {
		jc = append(jc, frame.StringCol(frame.TagPrefix+k, []string{job.tags[k]}, nil))
	}
	d.Frames[schema.Jobs] = frame.New(jc...)
	if len(papiexErrPIDs) > 0 {
		sort.Slice(papiexErrPIDs, func(a, b int) bool { return papiexErrPIDs[a] < papiexErrPIDs[b] })
		d.Warnings = append(d.Warnings, source.Warning{File: job.id, Msg: fmt.Sprintf("papiex-error: %d processes with rdtsc_duration <= 0 (pids %v), set to -1 as EPMT does", len(papiexErrPIDs), papiexErrPIDs)})
	}
	for name, f := range d.Frames {
		if f.Err() != nil {
			return nil, fmt.Errorf("epmt %s frame: %w", name, f.Err())
		}
	}
	return d, nil
}

// epmtReserved are the procs and threads columns a papiex metric may not
// be named.
var epmtReserved = map[string]bool{"job": true, "host": true, "pid": true, "ppid": true, "pgid": true, "sid": true,
	"generation": true, "exename": true, "path": true, "args": true, "exitcode": true, "exitsignal": true, "numtids": true,
	"start": true, "end": true, "duration_us": true, "cpu_time": true, "tags": true, "file": true, "line": true,
	"thread": true, "tid": true}

// papiexColumn names the procs and threads column of a papiex metric: the
// metric's name, or "papiex_<name>" for one named like a jobframe column.
func papiexColumn(metric string) string {
	if epmtReserved[metric] || strings.HasPrefix(metric, frame.TagPrefix) {
		return "papiex_" + metric
	}
	return metric
}

// epmtDuration is int((stop − start).total_seconds() * 1e6), in float64 as
// Python computes it.
func epmtDuration(start, stop int64) int64 {
	secs := float64(stop-start) / 1e6
	return int64(secs * 1e6)
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// epmtJobFromMeta reads the job fields of a metadata dict (nil: none).
func epmtJobFromMeta(m map[string]any, name string, o source.Options) (epmtJob, []source.Warning, error) {
	var j epmtJob
	if m == nil {
		return j, []source.Warning{{File: name, Msg: "no job_metadata: the job's times, tags and user are unknown and processes are not checked against its window"}}, nil
	}
	str := func(v any) string {
		switch x := v.(type) {
		case string:
			return x
		case []byte:
			return string(x)
		}
		return ""
	}
	env := func(key string) map[string]any {
		e, _ := m[key].(map[string]any)
		return e
	}
	for _, k := range []string{"job_pl_id", "job_pl_submit_ts", "job_pl_start_ts", "job_el_stop_ts"} {
		if _, ok := m[k]; !ok {
			return j, nil, &source.ParseError{File: name, Field: k, Want: "the key " + k + " in the job metadata (EPMT requires it)"}
		}
	}
	j.id = str(m["job_pl_id"])
	plEnv, elEnv := env("job_pl_env"), env("job_el_env")
	zone := str(plEnv["TZ"])
	if zone == "" {
		zone = str(plEnv["TIMEZONE"])
	}
	if zone == "" {
		zone = o.TimeZone
	}
	if zone == "" {
		zone = "US/Eastern"
	}
	loc, err := time.LoadLocation(strings.TrimPrefix(zone, ":"))
	if err != nil {
		return j, nil, fmt.Errorf("%s: time zone %q for the job's naive times: %w", name, zone, err)
	}
	times := map[string]*int64{"job_pl_submit_ts": &j.submit, "job_pl_start_ts": &j.start, "job_el_stop_ts": &j.stop}
	for k, dst := range times {
		dt, ok := m[k].(pickle.Datetime)
		if !ok {
			return j, nil, &source.ParseError{File: name, Field: k, Text: fmt.Sprintf("%T", m[k]), Want: "a datetime"}
		}
		if dt.Offset == nil {
			j.tz = zone
		}
		*dst = dt.In(loc).UnixMicro()
	}
	j.hasTimes, j.hasSubmit = true, true
	if v, ok := m["job_el_exitcode"].(int64); ok {
		j.exit, j.hasExit = v, true
	}
	j.reason = str(m["job_el_reason"])
	j.user = str(m["job_pl_username"])
	for _, k := range []string{"SLURM_JOB_USER", "USER"} {
		if j.user == "" {
			j.user = str(plEnv[k])
		}
	}
	j.name = str(m["job_jobname"])
	if j.name == "" {
		j.name = str(elEnv["SLURM_JOB_NAME"])
	}
	if j.name == "" {
		j.name = str(plEnv["SLURM_JOB_NAME"])
	}
	var warns []source.Warning
	if t, ok := elEnv["EPMT_JOB_TAGS"]; ok {
		tags, bad := frame.ParseTags(str(t))
		j.tags = tags
		if len(bad) > 0 {
			warns = append(warns, source.Warning{File: name, Field: "EPMT_JOB_TAGS", Text: bad[0], Msg: "tag piece with more than one ':' dropped, as EPMT does"})
		}
	}
	return j, warns, nil
}

// LoadEPMTArchive reads one EPMT job from a tar stream (decompress a
// .tgz first; Open does).
func LoadArchive(r io.Reader, name string, o source.Options) (*source.Dataset, error) {
	return o.Project(loadEPMTArchive(r, name, o))
}

// loadEPMTArchive is LoadEPMTArchive without the projection of o.Columns.
func loadEPMTArchive(r io.Reader, name string, o source.Options) (*source.Dataset, error) {
	tr := tar.NewReader(r)
	var files []File
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: tar: %w", name, err)
		}
		clean := path.Clean(strings.ReplaceAll(h.Name, "\\", "/"))
		if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
			return nil, fmt.Errorf("%s: archive member %q would be written outside its folder", name, h.Name)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		body, err := io.ReadAll(io.LimitReader(tr, 16<<30))
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", name, h.Name, err)
		}
		base := path.Base(clean)
		if base == "job_metadata" || base == "job_metadata.tmp" || strings.Contains(base, "papiex") {
			files = append(files, File{Name: name + ":" + clean, R: bytes.NewReader(body)})
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no job_metadata or papiex files in the archive", name)
	}
	hint := path.Base(strings.ReplaceAll(name, "\\", "/"))
	for _, ext := range []string{".tgz", ".tar.gz", ".tar", ".gz", ".zst"} {
		hint = strings.TrimSuffix(hint, ext)
	}
	return loadEPMT(files, hint, o)
}

// epmtFormat describes EPMT's job files (job_metadata, papiex CSV and TSV)
// and job archives to loaders.OpenWith: the files of one folder are one
// job; an archive is a job by itself.
func Format() source.Format {
	return source.Format{
		Name:   "epmt",
		Frames: []string{schema.Jobs, schema.Procs, schema.Threads},
		Sniff:  func(name string, head []byte) bool { return epmtKind(name, head) != "" },
		Group: func(name string, head []byte) string {
			if epmtKind(name, head) == "archive" {
				return ""
			}
			return filepath.Dir(name)
		},
		Load: loadEPMTInputs,
	}
}

// loadEPMTInputs loads one archive, or the files of one job folder.
func loadEPMTInputs(in []source.Input, o source.Options) (*source.Dataset, error) {
	if len(in) == 1 && epmtKind(in[0].Name, in[0].Head) == "archive" {
		return loadEPMTArchive(in[0].R, in[0].Name, o)
	}
	files := make([]File, len(in))
	for i, f := range in {
		files[i] = File{Name: f.Name, R: f.R}
	}
	return loadEPMTFiles(files, o)
}
