package epmt

import (
	"fmt"
	"sort"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// procsFrame builds the procs frame from the columns kept, naming the
// others as skipped.
func (b *jobBuilder) procsFrame(d *source.Dataset) *frame.Frame {
	o, pr := b.o, &b.pr
	n := pr.n
	var cols []frame.Column
	// add appends column name, built by col, if Options.Columns keeps it
	add := func(name string, col func() frame.Column) {
		if o.Keeps(schema.Procs, name) {
			cols = append(cols, col())
		} else {
			d.Skip(schema.Procs, name)
		}
	}
	add("job", func() frame.Column { return columns.Repeat("job", b.job.id, n) })
	for _, c := range []struct {
		name string
		col  interface{ Col(string) frame.Column }
	}{{"host", &pr.host}, {"pid", &pr.pid}, {"ppid", &pr.ppid}, {"pgid", &pr.pgid}, {"sid", &pr.sid},
		{"generation", &pr.gen}, {"exename", &pr.exename}, {"path", &pr.path}, {"args", &pr.args},
		{"exitcode", &pr.exit}, {"exitsignal", &pr.sig}, {"numtids", &pr.numtids}} {
		add(c.name, func() frame.Column { return c.col.Col(c.name) })
	}
	add("start", func() frame.Column { return pr.start.Times("start") })
	add("end", func() frame.Column { return pr.end.Times("end") })
	add("duration_us", func() frame.Column { return pr.dur.Col("duration_us") })
	add("cpu_time", func() frame.Column { return pr.cpu.Col("cpu_time") })
	add("tags", func() frame.Column { return pr.tags.Col("tags") })
	cols = append(cols, b.tagColumns(d, n)...)
	for m := range b.metrics {
		if b.keepMetric[m] {
			cols = append(cols, pr.metric[m].Col(b.names[m]))
		} else {
			d.Skip(schema.Procs, b.names[m])
		}
	}
	d.Skip(schema.Procs, b.unreadCols...)
	add("file", func() frame.Column { return pr.file.Col("file") })
	add("line", func() frame.Column { return pr.line.Col("line") })
	return frame.New(cols...)
}

// tagColumns builds the procs frame's tag.<key> columns kept, keys
// sorted, for its n rows.
func (b *jobBuilder) tagColumns(d *source.Dataset, n int) []frame.Column {
	keys := make([]string, 0, len(b.tagKeys))
	for k := range b.tagKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var cols []frame.Column
	for _, key := range keys {
		if !b.o.Keeps(schema.Procs, frame.TagPrefix+key) {
			d.Skip(schema.Procs, frame.TagPrefix+key)
			continue
		}
		v := make([]string, n)
		ok := make([]bool, n)
		for i, t := range b.procTags {
			v[i], ok[i] = t[key]
		}
		cols = append(cols, frame.StringCol(frame.TagPrefix+key, v, ok))
	}
	return cols
}

// threadsFrame builds the threads frame (every thread row).
func (b *jobBuilder) threadsFrame(d *source.Dataset) *frame.Frame {
	th := &b.th
	nt := len(th.pid.V)
	tcols := []frame.Column{columns.Repeat("job", b.job.id, nt), th.host.Col("host"), th.pid.Col("pid"), th.thread.Col("thread"),
		th.tid.Col("tid"), th.start.Times("start"), th.end.Times("end")}
	for m := range b.metrics {
		if b.keepThreadMetr[m] {
			tcols = append(tcols, th.metric[m].Col(b.names[m]))
		} else {
			d.Skip(schema.Threads, b.names[m])
		}
	}
	d.Skip(schema.Threads, b.unreadCols...)
	tcols = append(tcols, th.file.Col("file"))
	return frame.New(tcols...)
}

// jobsFrame builds the jobs frame: one row, from the metadata and the
// processes' totals.
func (b *jobBuilder) jobsFrame() *frame.Frame {
	job := &b.job
	jc := []frame.Column{frame.StringCol("job", []string{job.id}, nil), frame.StringCol("name", []string{job.name}, []bool{job.name != ""}),
		frame.StringCol("user", []string{job.user}, []bool{job.user != ""}),
		frame.MicrosCol("submit", []int64{job.submit}, []bool{job.hasSubmit}),
		frame.MicrosCol("start", []int64{job.start}, []bool{job.hasTimes}), frame.MicrosCol("end", []int64{job.stop}, []bool{job.hasTimes}),
		frame.Int64Col("duration_us", []int64{epmtDuration(job.start, job.stop)}, []bool{job.hasTimes}),
		frame.Int64Col("exit_code", []int64{job.exit}, []bool{job.hasExit}),
		frame.StringCol("reason", []string{job.reason}, []bool{job.reason != ""}),
		frame.Int64Col("root_exitcode", []int64{b.rootExit}, []bool{b.hasRoot}),
		frame.Int64Col("num_procs", []int64{int64(b.nProcs + b.pr.n)}, nil), frame.Int64Col("num_threads", []int64{b.totalThreads}, nil),
		frame.Int64Col("cpu_time", []int64{b.totalCPU}, nil),
		frame.BoolCol("papiex_error", []bool{len(b.papiexErrPIDs) > 0}, nil),
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
	return frame.New(jc...)
}

// papiexErrorWarning says which processes had rdtsc_duration <= 0.
func (b *jobBuilder) papiexErrorWarning() (source.Warning, bool) {
	pids := b.papiexErrPIDs
	if len(pids) == 0 {
		return source.Warning{}, false
	}
	sort.Slice(pids, func(a, c int) bool { return pids[a] < pids[c] })
	return source.Warning{File: b.job.id, Msg: fmt.Sprintf("papiex-error: %d processes with rdtsc_duration <= 0 (pids %v), set to -1 as EPMT does", len(pids), pids)}, true
}
