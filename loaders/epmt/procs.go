package epmt

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
)

// addProc adds process p of host hp: its thread rows to the threads
// frame, its sums to the procs frame. A process outside the job's time
// window is a bad record (EPMT: "Corrupted CSV detected").
func (b *jobBuilder) addProc(hp *hostProcs, p *papiexProc) error {
	host := hp.host
	if h := p.text(sHostname); h != "" {
		host = h
	}
	r0 := int(p.row0)
	start, end := hp.rows.start[r0], hp.rows.end[r0]
	if job := &b.job; job.hasTimes && (start < job.start || end > job.stop) {
		return hp.p.Bad(p.line, "start", fmt.Sprintf("%s..%s", frame.FormatMicros(start), frame.FormatMicros(end)),
			fmt.Sprintf("a process inside the job's window %s..%s (EPMT: Corrupted CSV detected)", frame.FormatMicros(job.start), frame.FormatMicros(job.stop)), nil)
	}
	pt := b.tags(hp, p)
	b.sumThreads(hp, p, host)
	sums, has := b.sums, b.has
	if m := indexOf(b.metrics, "rdtsc_duration"); m >= 0 && has[m] && sums[m] <= 0 {
		sums[m] = -1
		b.papiexErrPIDs = append(b.papiexErrPIDs, p.ints[fPID])
	}
	cpu := int64(0)
	for _, name := range []string{"usertime", "systemtime"} {
		if m := indexOf(b.metrics, name); m >= 0 {
			cpu += sums[m]
		}
	}
	b.addProcRow(hp, p, host, pt, cpu)
	b.totalThreads += int64(p.nrows)
	b.totalCPU += cpu
	if !b.hasRoot || start < b.rootStart {
		b.rootStart, b.rootExit, b.hasRoot = start, p.ints[fExitcode], true
	}
	return nil
}

// tags returns p's tags, parsed once per distinct tags text.
func (b *jobBuilder) tags(hp *hostProcs, p *papiexProc) *parsedTags {
	pt := b.tagCache[p.tagID]
	if pt == nil {
		t, bad := frame.ParseTags(b.text.tag(p))
		pt = &parsedTags{bad: bad}
		if b.keep.tags {
			pt.canon = frame.FormatTags(t)
		}
		if b.wantTagCols {
			pt.tags = t
		}
		b.tagCache[p.tagID] = pt
		for k := range t { // once per distinct tags text
			b.tagKeys[k] = true
		}
	}
	if len(pt.bad) > 0 {
		hp.p.Note(p.line, "tags", b.text.tag(p), fmt.Sprintf("tag piece %q has more than one ':' and is dropped, as EPMT does", pt.bad[0]))
	}
	if b.wantTagCols {
		b.procTags = append(b.procTags, pt.tags)
	}
	return pt
}

// sumThreads sums p's metrics over its thread rows into b.sums (the
// first row's value for num_threads and starttime) and adds each row to
// the threads frame.
func (b *jobBuilder) sumThreads(hp *hostProcs, p *papiexProc, host string) {
	idx := hp.jobIndex(b.metrics)
	clear(b.sums)
	clear(b.has)
	rows, r0 := hp.rows, int(p.row0)
	for t := range int(p.nrows) {
		r := r0 + t
		row, valid := rows.row(r)
		for k, v := range row {
			if !valid[k] {
				continue
			}
			m := idx.toJob[k]
			if !b.sumMetric[m] {
				continue
			}
			if idx.first[k] {
				if t == 0 {
					b.sums[m], b.has[m] = v, true
				}
				continue
			}
			b.sums[m] += v
			b.has[m] = true
		}
		if b.wantThreads {
			b.addThread(hp, p, host, t, row, valid)
		}
	}
}

// addThread adds row t of process p (its values row, valid where
// valid) to the threads frame.
func (b *jobBuilder) addThread(hp *hostProcs, p *papiexProc, host string, t int, row []int64, valid []bool) {
	th, rows, r := &b.th, hp.rows, int(p.row0)+t
	th.host.Add(host)
	th.file.Add(hp.file)
	th.pid.Add(p.ints[fPID])
	th.thread.Add(int64(t))
	th.tid.Opt(rows.tid[r], rows.tid[r] >= 0)
	th.start.Add(rows.start[r])
	th.end.Add(rows.end[r])
	back := hp.jobIndex(b.metrics).toFile
	for m := range b.metrics {
		if !b.keepThreadMetr[m] {
			continue
		}
		if k := back[m]; k >= 0 && valid[k] {
			th.metric[m].Add(row[k])
		} else {
			th.metric[m].Null()
		}
	}
}

// addProcRow adds process p's row to the procs columns kept.
func (b *jobBuilder) addProcRow(hp *hostProcs, p *papiexProc, host string, pt *parsedTags, cpu int64) {
	pr, keep := &b.pr, b.keep
	r0 := int(p.row0)
	start, end := hp.rows.start[r0], hp.rows.end[r0]
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
	if keep.tags {
		if c := b.tagCode[p.tagID]; c > 0 && pr.tags.Plain == nil {
			pr.tags.PushCode(c - 1)
		} else {
			pr.tags.Add(pt.canon)
			b.tagCode[p.tagID] = pr.tags.Last
		}
	}
	for _, c := range b.procInts {
		c.col.Opt(p.ints[c.f], p.has[c.f])
	}
	if keep.numtids {
		pr.numtids.Add(int64(p.nrows))
	}
	if keep.start {
		pr.start.Add(start)
	}
	if keep.end {
		pr.end.Add(end)
	}
	if keep.dur {
		pr.dur.Add(end - start)
	}
	if keep.cpu {
		pr.cpu.Add(cpu)
	}
	pr.n++
	for m := range b.metrics {
		if b.keepMetric[m] {
			pr.metric[m].Opt(b.sums[m], b.has[m])
		}
	}
}

// metricIndex maps a host file's metrics to the job's and back.
type metricIndex struct {
	toJob  []int  // file metric -> job metric
	first  []bool // file metric taken from the first row only
	toFile []int  // job metric -> file metric (-1: the file lacks it)
}

// jobIndex returns hp's metric index against the job's metrics, built
// on first use.
func (hp *hostProcs) jobIndex(metrics []string) *metricIndex {
	if hp.index != nil {
		return hp.index
	}
	x := &metricIndex{toJob: make([]int, len(hp.metrics)), first: make([]bool, len(hp.metrics)), toFile: make([]int, len(metrics))}
	for k, m := range hp.metrics {
		x.toJob[k] = indexOf(metrics, m)
		x.first[k] = firstOnly(m)
	}
	for m := range metrics {
		x.toFile[m] = indexOf(hp.metrics, metrics[m])
	}
	hp.index = x
	return x
}
