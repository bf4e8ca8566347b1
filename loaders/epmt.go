package loaders

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
	"sort"
	"strings"
	"time"
	_ "time/tzdata" // US/Eastern and the rest without the system's zoneinfo

	"github.com/jobframe/jobframe/frame"
)

// EPMTFile is one file of an EPMT job.
type EPMTFile struct {
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
	case bytes.HasPrefix(head, []byte("tags,")) || (bytes.Contains(firstLine(head), []byte(",exename,")) && bytes.Contains(firstLine(head), []byte(",numtids,"))):
		return "csv"
	case head[0] == '{':
		first := firstLine(head)
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
func LoadEPMT(files []EPMTFile, o Options) (*Dataset, error) {
	hint := ""
	if len(files) > 0 {
		hint = path.Base(path.Dir(strings.ReplaceAll(files[0].Name, "\\", "/")))
	}
	return o.project(loadEPMT(files, hint, o))
}

func loadEPMT(files []EPMTFile, hint string, o Options) (*Dataset, error) {
	d := &Dataset{Source: "epmt", Frames: map[string]*frame.Frame{}}
	want := wantFrames(o)
	wantThreads := want == nil || want[Threads] // the one large frame that can be skipped
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
			v, err := decodePickle(br)
			if err != nil {
				var pe *pickleError
				if errors.As(err, &pe) {
					return nil, &ParseError{File: f.Name, Field: fmt.Sprintf("pickle offset %d", pe.offset), Want: "a job_metadata pickle EPMT writes (" + pe.msg + ")"}
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
			return nil, &unknownFormatError{f.Name, "not an EPMT job_metadata, papiex CSV or TSV file"}
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
		metrics    []string
		p          problems
	}
	var all []*hostProcs
	for _, f := range data {
		hp := &hostProcs{file: f.name, host: epmtHost(f.name), p: problems{file: f.name, lenient: o.Lenient}}
		if f.kind == "csv" {
			hp.procs, hp.metrics, err = readPapiexCSV(f.r, &hp.p)
			if job.id == "" {
				job.id = epmtJobID(f.name)
			}
		} else {
			if header == nil {
				return nil, fmt.Errorf("%s: a papiex TSV file needs its -papiex-header.tsv beside it", f.name)
			}
			hp.metrics = header
			hp.procs, err = readPapiexTSV(f.r, header, &hp.p)
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
		names[m] = name
		if epmtReserved[name] || strings.HasPrefix(name, frame.TagPrefix) {
			names[m] = "papiex_" + name
			d.Warnings = append(d.Warnings, Warning{File: where, Field: name, Msg: fmt.Sprintf("papiex column %q is named like one of jobframe's; kept as %q", name, names[m])})
		}
	}
	firstOnly := map[string]bool{"num_threads": true, "starttime": true}
	// Options.Columns: the metric columns built, and the sums needed
	// (cpu_time and the papiex-error check read three metrics)
	keepMetric, sumMetric := make([]bool, len(metrics)), make([]bool, len(metrics))
	for m, name := range metrics {
		keepMetric[m] = o.keeps(Procs, names[m])
		sumMetric[m] = keepMetric[m] || name == "usertime" || name == "systemtime" || name == "rdtsc_duration"
	}
	keepThreadMetric := make([]bool, len(metrics))
	for m := range metrics {
		keepThreadMetric[m] = o.keeps(Threads, names[m])
	}
	var pr struct {
		host, exename, path, args, tags, file         strCol
		pid, ppid, pgid, sid, gen, exit, sig, numtids intCol
		start, end, dur, cpu, line                    intCol
		metric                                        []intCol
	}
	pr.metric = make([]intCol, len(metrics))
	var th struct {
		host, file                   strCol
		pid, thread, tid, start, end intCol
		metric                       []intCol
	}
	th.metric = make([]intCol, len(metrics))
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
	tagCache := map[string]parsedTags{}
	// the row counts are known: size the columns once (growing them row
	// by row copies and faults in twice the memory)
	nProcs, nThreads := 0, 0
	for _, hp := range all {
		nProcs += len(hp.procs)
		for _, p := range hp.procs {
			nThreads += len(p.threads)
		}
	}
	for _, c := range []*intCol{&pr.pid, &pr.ppid, &pr.pgid, &pr.sid, &pr.gen, &pr.exit, &pr.sig, &pr.numtids,
		&pr.start, &pr.end, &pr.dur, &pr.cpu, &pr.line} {
		c.reserve(nProcs)
	}
	for m := range pr.metric {
		if keepMetric[m] {
			pr.metric[m].reserve(nProcs)
		}
	}
	for _, c := range []*strCol{&pr.host, &pr.exename, &pr.path, &pr.args, &pr.tags, &pr.file} {
		c.reserve(nProcs)
	}
	if wantThreads {
		for _, c := range []*intCol{&th.pid, &th.thread, &th.tid, &th.start, &th.end} {
			c.reserve(nThreads)
		}
		for m := range th.metric {
			if keepThreadMetric[m] {
				th.metric[m].reserve(nThreads)
			}
		}
		th.host.reserve(nThreads)
		th.file.reserve(nThreads)
	}
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
			if h := p.str[sHostname]; h != "" {
				host = h
			}
			start, end := p.tstart[0], p.tend[0]
			if job.hasTimes && (start < job.start || end > job.stop) {
				e := hp.p.bad(p.line, "start", fmt.Sprintf("%s..%s", frame.FormatMicros(start), frame.FormatMicros(end)),
					fmt.Sprintf("a process inside the job's window %s..%s (EPMT: Corrupted CSV detected)", frame.FormatMicros(job.start), frame.FormatMicros(job.stop)), nil)
				if e != nil {
					return nil, e
				}
				continue
			}
			pt, cached := tagCache[p.str[sTags]]
			if !cached {
				t, b := frame.ParseTags(p.str[sTags])
				pt = parsedTags{t, frame.FormatTags(t), b}
				tagCache[p.str[sTags]] = pt
			}
			tags, bad := pt.tags, pt.bad
			if len(bad) > 0 {
				hp.p.note(p.line, "tags", p.str[sTags], fmt.Sprintf("tag piece %q has more than one ':' and is dropped, as EPMT does", bad[0]))
			}
			for k := range tags {
				tagKeys[k] = true
			}
			procTags = append(procTags, tags)
			sums := make([]int64, len(metrics))
			has := make([]bool, len(metrics))
			for t, row := range p.threads {
				for k, v := range row {
					if !p.tvalid[t][k] {
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
				th.host.add(host)
				th.file.add(hp.file)
				th.pid.add(p.ints[fPID])
				th.thread.add(int64(t))
				th.tid.opt(p.tid[t], p.tid[t] >= 0)
				th.start.add(p.tstart[t])
				th.end.add(p.tend[t])
				for m := range metrics {
					if !keepThreadMetric[m] {
						continue
					}
					k := back[m]
					if k >= 0 && p.tvalid[t][k] {
						th.metric[m].add(row[k])
					} else {
						th.metric[m].null()
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
			pr.host.add(host)
			pr.file.add(hp.file)
			pr.line.add(int64(p.line))
			pr.exename.add(p.str[sExename])
			pr.path.add(p.str[sPath])
			pr.args.add(p.str[sArgs])
			pr.tags.add(pt.canon)
			for _, c := range []struct {
				col *intCol
				f   int
			}{{&pr.pid, fPID}, {&pr.ppid, fPPID}, {&pr.pgid, fPGID}, {&pr.sid, fSID}, {&pr.gen, fGeneration}, {&pr.exit, fExitcode}, {&pr.sig, fExitsignal}} {
				c.col.opt(p.ints[c.f], p.has[c.f])
			}
			pr.numtids.add(int64(len(p.threads)))
			pr.start.add(start)
			pr.end.add(end)
			pr.dur.add(end - start)
			pr.cpu.add(cpu)
			for m := range metrics {
				if keepMetric[m] {
					pr.metric[m].opt(sums[m], has[m])
				}
			}
			totalThreads += int64(len(p.threads))
			totalCPU += cpu
			if !hasRoot || start < rootStart {
				rootStart, rootExit, hasRoot = start, p.ints[fExitcode], true
			}
		}
		d.Warnings = append(d.Warnings, hp.p.finish()...)
	}
	n := len(pr.pid.v)
	keys := make([]string, 0, len(tagKeys))
	for k := range tagKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	cols := []frame.Column{repeat("job", job.id, n), pr.host.col("host"), pr.pid.col("pid"), pr.ppid.col("ppid"),
		pr.pgid.col("pgid"), pr.sid.col("sid"), pr.gen.col("generation"), pr.exename.col("exename"), pr.path.col("path"),
		pr.args.col("args"), pr.exit.col("exitcode"), pr.sig.col("exitsignal"), pr.numtids.col("numtids"),
		pr.start.times("start"), pr.end.times("end"), pr.dur.col("duration_us"), pr.cpu.col("cpu_time"), pr.tags.col("tags")}
	for _, key := range keys {
		if !o.keeps(Procs, frame.TagPrefix+key) {
			d.skip(Procs, frame.TagPrefix+key)
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
			cols = append(cols, pr.metric[m].col(names[m]))
		} else {
			d.skip(Procs, names[m])
		}
	}
	cols = append(cols, pr.file.col("file"), pr.line.col("line"))
	d.Frames[Procs] = frame.New(cols...)

	if wantThreads {
		nt := len(th.pid.v)
		tcols := []frame.Column{repeat("job", job.id, nt), th.host.col("host"), th.pid.col("pid"), th.thread.col("thread"),
			th.tid.col("tid"), th.start.times("start"), th.end.times("end")}
		for m := range metrics {
			if keepThreadMetric[m] {
				tcols = append(tcols, th.metric[m].col(names[m]))
			} else {
				d.skip(Threads, names[m])
			}
		}
		tcols = append(tcols, th.file.col("file"))
		d.Frames[Threads] = frame.New(tcols...)
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
	d.Frames[Jobs] = frame.New(jc...)
	if len(papiexErrPIDs) > 0 {
		sort.Slice(papiexErrPIDs, func(a, b int) bool { return papiexErrPIDs[a] < papiexErrPIDs[b] })
		d.Warnings = append(d.Warnings, Warning{File: job.id, Msg: fmt.Sprintf("papiex-error: %d processes with rdtsc_duration <= 0 (pids %v), set to -1 as EPMT does", len(papiexErrPIDs), papiexErrPIDs)})
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
func epmtJobFromMeta(m map[string]any, name string, o Options) (epmtJob, []Warning, error) {
	var j epmtJob
	if m == nil {
		return j, []Warning{{File: name, Msg: "no job_metadata: the job's times, tags and user are unknown and processes are not checked against its window"}}, nil
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
			return j, nil, &ParseError{File: name, Field: k, Want: "the key " + k + " in the job metadata (EPMT requires it)"}
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
		dt, ok := m[k].(pyDatetime)
		if !ok {
			return j, nil, &ParseError{File: name, Field: k, Text: fmt.Sprintf("%T", m[k]), Want: "a datetime"}
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
	var warns []Warning
	if t, ok := elEnv["EPMT_JOB_TAGS"]; ok {
		tags, bad := frame.ParseTags(str(t))
		j.tags = tags
		if len(bad) > 0 {
			warns = append(warns, Warning{File: name, Field: "EPMT_JOB_TAGS", Text: bad[0], Msg: "tag piece with more than one ':' dropped, as EPMT does"})
		}
	}
	return j, warns, nil
}

// LoadEPMTArchive reads one EPMT job from a tar stream (decompress a
// .tgz first; Open does).
func LoadEPMTArchive(r io.Reader, name string, o Options) (*Dataset, error) {
	tr := tar.NewReader(r)
	var files []EPMTFile
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
			files = append(files, EPMTFile{Name: name + ":" + clean, R: bytes.NewReader(body)})
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no job_metadata or papiex files in the archive", name)
	}
	hint := path.Base(strings.ReplaceAll(name, "\\", "/"))
	for _, ext := range []string{".tgz", ".tar.gz", ".tar", ".gz", ".zst"} {
		hint = strings.TrimSuffix(hint, ext)
	}
	return o.project(loadEPMT(files, hint, o))
}
