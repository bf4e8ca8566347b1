package lsf

import (
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// table is the JOB_FINISH records, one row each, as the frames take
// them: tasks, jobs and allocations gather its rows (every run, each
// job's last record).
type table struct {
	key, user, project, queue, name, app, jobGroup, sla   columns.Str
	fromHost, cwd, resReq, effResReq, dependCond, command columns.Str
	outFile, errFile, description, loginShell, version    columns.Str
	rawState, status, rawExit, reason, execHost           columns.Str
	submit, eligible, start, end                          columns.Int // µs
	exit, signal, exitInfo, jStatus, jobID, idx, userID   columns.Int
	line                                                  columns.Int
	reqCPUs, maxCPUs, heldCPUs, nodes                     columns.Float
	cpus                                                  columns.Float // heldCPUs, else reqCPUs
	cpuTime, wallTime, mem, vmem, maxRSS, avgMem          columns.Float
	hostFactor, runTime, energy, overheadMs, runLimit     columns.Float
}

// event is one record of any type, for the events frame.
type event struct {
	time      int64
	line      int
	file      int
	typ, job  string
	finishRow int32 // the record's table row, -1 for other types
}

// builder takes the records of the logs, in order.
type builder struct {
	t      table
	rows   int
	hosts  [][]hostSlots // each row's execution hosts
	ran    []bool        // the row's job started (startTime > 0)
	rowJob []int32       // each row's job, its place in jobs
	keys   map[string]int32
	jobs   []jobRows // one per job key, in the order first seen
	events []event
	places int // placements the runs make, for the host limit
	file   int // the input being read
	// keeps says which columns of a frame the load keeps (Options
	// .Columns and Omit): the others are not built; sets are the frames'
	// columns as built, for the names of those left out
	keeps func(frame, col string) bool
	sets  columns.Sets
	// skim counts the records when the events are wanted for their span
	// alone (Options.SkimsRows): none is then kept in events
	skim source.Skim
}

// eventColumn reports whether the events frame has a column named c
// (eventsFrame; file when a load reads several logs).
func eventColumn(c string) bool {
	switch c {
	case "time", "line", "type", "job", "state", "status", "file":
		return true
	}
	return false
}

// jobRows is a job key's rows in the table, in order.
type jobRows struct {
	key  string
	rows []int32
}

// newBuilder makes a builder for logs of about size bytes, whose
// events it keeps unless skim. The job
// keys, commands and host lists are stored as is: nearly every record
// has its own, and interning them would cost a map for nothing.
func newBuilder(size int64, skim bool) *builder {
	rows := int(min(size/1024, 1<<24)) // records are about 1 KB
	b := &builder{keys: make(map[string]int32, rows), skim: source.Skim{On: skim}}
	t := &b.t
	for _, c := range []*columns.Str{&t.key, &t.command, &t.execHost} {
		c.Plain = &columns.Text{}
		c.Plain.Reserve(rows, 0)
	}
	columns.Reserve(rows, &t.user, &t.project, &t.queue, &t.name, &t.app, &t.jobGroup, &t.sla, &t.fromHost, &t.cwd,
		&t.resReq, &t.effResReq, &t.dependCond, &t.outFile, &t.errFile, &t.description, &t.loginShell, &t.version,
		&t.rawState, &t.status, &t.rawExit, &t.reason, &t.submit, &t.eligible, &t.start, &t.end, &t.exit, &t.signal,
		&t.exitInfo, &t.jStatus, &t.jobID, &t.idx, &t.userID, &t.line, &t.reqCPUs, &t.maxCPUs, &t.heldCPUs, &t.cpus, &t.nodes,
		&t.cpuTime, &t.wallTime, &t.mem, &t.vmem, &t.maxRSS, &t.avgMem, &t.hostFactor, &t.runTime, &t.energy,
		&t.overheadMs, &t.runLimit)
	b.hosts, b.ran, b.rowJob = make([][]hostSlots, 0, rows), make([]bool, 0, rows), make([]int32, 0, rows)
	if !skim {
		b.events = make([]event, 0, rows)
	}
	return b
}

// apply adds one decoded record of line n, or reports it bad.
func (b *builder) apply(line []byte, n int, r *record, p *source.Problems) error {
	if r.bad != nil {
		text := r.bad.text
		if r.bad.whole || text == "" {
			text = r.raw
		}
		return p.Bad(n, r.bad.field, text, r.bad.want, nil)
	}
	if r.typ == "" {
		return nil
	}
	e := event{time: r.time, line: n, file: b.file, finishRow: -1}
	switch r.typ { // the type as a constant: r's texts are views of its line
	case jobFinish:
		e.typ, e.job, e.finishRow = jobFinish, r.key, int32(b.rows)
		b.add(r, n)
	case jobResize:
		e.typ, e.job = jobResize, r.key
	default:
		e.typ = rsvFinish
	}
	if b.skim.On {
		b.skim.Add(e.time)
		return nil
	}
	b.events = append(b.events, e)
	return nil
}

// jobKey is a job's name in bjobs's words: its id, and the array index
// in brackets for an element of an array.
func jobKey(id, idx int64) string {
	if idx > 0 {
		return strconv.FormatInt(id, 10) + "[" + strconv.FormatInt(idx, 10) + "]"
	}
	return strconv.FormatInt(id, 10)
}

// add appends a JOB_FINISH record as a table row.
func (b *builder) add(r *record, n int) {
	key := r.key
	row := int32(b.rows)
	b.rows++
	k, ok := b.keys[key]
	if !ok {
		k = int32(len(b.jobs))
		b.keys[key] = k
		b.jobs = append(b.jobs, jobRows{key: key})
	}
	b.jobs[k].rows = append(b.jobs[k].rows, row)
	b.rowJob = append(b.rowJob, k)
	hosts := make([]hostSlots, len(r.hosts))
	for i, h := range r.hosts {
		hosts[i] = hostSlots{strings.Clone(h.host), h.slots}
	}
	ran := r.start > 0
	b.hosts = append(b.hosts, hosts)
	b.ran = append(b.ran, ran)
	if ran {
		b.places += len(hosts)
	}
	t := &b.t
	t.key.Add(key)
	for _, x := range []struct {
		c *columns.Str
		v string
	}{{&t.user, r.user}, {&t.project, r.project}, {&t.queue, r.queue}, {&t.name, r.jobName}, {&t.app, r.tail.app},
		{&t.jobGroup, r.tail.jobGroup}, {&t.sla, r.tail.sla}, {&t.fromHost, r.fromHost}, {&t.cwd, r.cwd}, {&t.resReq, r.resReq},
		{&t.effResReq, r.tail.effectiveResReq}, {&t.dependCond, r.dependCond}, {&t.command, r.command}, {&t.outFile, r.outFile},
		{&t.errFile, r.errFile}, {&t.description, r.tail.description}, {&t.loginShell, r.tail.loginShell}} {
		x.c.Opt(x.v, x.v != "")
	}
	t.version.Add(r.version)
	b.addOutcome(r, ran)
	b.addTimes(r, ran)
	b.addUsage(r, hosts, ran)
	t.jobID.Add(r.jobID)
	t.idx.Opt(r.idx, r.idx > 0)
	t.userID.Add(r.userID)
	t.line.Add(int64(n))
}

// addOutcome adds the row's states, exit and termination reason.
func (b *builder) addOutcome(r *record, ran bool) {
	t := &b.t
	t.rawState.Add(rawState(r.jStatus))
	st := runState(r.jStatus, r.tail.exitInfo, r.tail.haveExitInfo)
	if !ran && r.jStatus&statDone == 0 {
		st = neverRanState(r.tail.exitInfo)
	}
	t.status.Add(st)
	t.rawExit.Add(rawExit(r))
	code, codeOK, sig, sigOK := exitParts(r.exitStatus)
	t.exit.Opt(code, codeOK)
	t.signal.Opt(sig, sigOK)
	t.exitInfo.Opt(r.tail.exitInfo, r.tail.haveExitInfo)
	reason := termReason(r.tail.exitInfo)
	t.reason.Opt(reason, r.tail.haveExitInfo && reason != "")
	t.jStatus.Add(r.jStatus)
}

// addTimes adds the row's times: submitted, eligible (beginTime, else
// the submission), started and ended (the event time). termTime, a
// deadline the user set, is no time of the run and is not kept (a
// span would reach it).
func (b *builder) addTimes(r *record, ran bool) {
	t := &b.t
	t.submit.Opt(r.submit*secondToµs, r.submit > 0)
	switch {
	case r.begin > 0:
		t.eligible.Add(r.begin * secondToµs)
	default:
		t.eligible.Opt(r.submit*secondToµs, r.submit > 0)
	}
	t.start.Opt(r.start*secondToµs, ran)
	t.end.Add(r.time)
	t.runLimit.Opt(float64(r.tail.runLimit), r.tail.haveLimits && r.tail.runLimit > 0)
}

// addUsage adds the row's cores, hosts and measured usage. LSF logs -1
// for usage it could not measure: those are null.
func (b *builder) addUsage(r *record, hosts []hostSlots, ran bool) {
	t := &b.t
	t.reqCPUs.Add(float64(r.numProcessors))
	t.maxCPUs.Opt(float64(r.maxProcessors), r.maxProcessors > 0)
	held := 0.0
	for _, h := range hosts {
		held += h.slots
	}
	t.heldCPUs.Opt(held, len(hosts) > 0)
	if len(hosts) > 0 {
		t.cpus.Add(held)
	} else {
		t.cpus.Add(float64(r.numProcessors))
	}
	t.nodes.Opt(float64(len(hosts)), len(hosts) > 0)
	t.execHost.Opt(r.execHost, len(hosts) > 0)
	cpu, cpuOK := 0.0, false
	for _, v := range []float64{r.utime, r.stime} {
		if v >= 0 {
			cpu, cpuOK = cpu+v, true
		}
	}
	t.cpuTime.Opt(cpu, cpuOK && ran)
	t.wallTime.Opt(float64(r.time/secondToµs-r.start), ran)
	t.mem.Opt(float64(r.tail.maxRMem)/1024, r.tail.maxRMem > 0)
	t.vmem.Opt(float64(r.tail.maxRSwap)/1024, r.tail.maxRSwap > 0)
	t.maxRSS.Opt(r.maxRSS/1024, r.maxRSS > 0)
	t.avgMem.Opt(float64(r.tail.avgMem)/1024, r.tail.haveLimits && r.tail.avgMem > 0)
	t.hostFactor.Add(r.hostFactor)
	t.runTime.Opt(float64(r.tail.runTime), r.tail.haveRunTime && r.tail.runTime >= 0)
	t.energy.Opt(r.tail.energy, r.tail.haveEnergy && r.tail.energy > 0)
	overhead, ok := 0.0, false
	for _, x := range r.tail.kvp {
		if x.key == "schedulingOverhead" {
			if v, err := strconv.ParseFloat(x.value, 64); err == nil {
				overhead, ok = v, true
			}
		}
	}
	t.overheadMs.Opt(overhead, ok)
}
