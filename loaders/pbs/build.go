package pbs

import (
	"slices"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// job is what the records of one job id say, the later over the
// earlier.
type job struct {
	id                                                    string
	user, group, account, project, name, queue, execVnode str
	ctime, qtime, etime, queuedAt                         num
	ended                                                 num // the end of a job that ended without running
	exit, runCount                                        num
	reqCPUs, reqMem, reqNodes, reqGPUs, reqTime           flt
	reqNodesSpec, reqSelect                               request
	// what it asked for, read from the attributes once all are in
	// (resolve): cores, GPUs and nodes
	askCPUs, askGPUs, askNodes flt
	extra                      []attr
	pbsPro                     bool // it has attributes only PBS Professional writes
	// raw is the state as the records word it (the type of the last
	// record that changed it), deleted and aborted what D and A said
	raw              string
	deleted, aborted bool
	open             int32 // the run started and not ended, -1 when none
	last             int32 // the job's last run, -1 when none
	runs             int64 // runs seen
	line             int   // the line of its last record
	file             int   // the input of its last record
}

// run is one execution of a job: from an S record (or an E, R or A
// whose S is in an earlier log) to its E, R or A.
type run struct {
	job                          int32
	attempt                      int64
	start, end                   num
	hosts                        []hostSlots
	execHost                     string
	exit                         num
	state, raw                   string
	cpuTime, wallTime, mem, vmem flt
	usedCPUs                     flt
	line, file                   int
	canceled                     bool // deleted while it ran
}

// event is one record, for the events frame.
type event struct {
	time int64
	line int
	file int
	typ  byte
	id   string
}

// builder takes the records of a log, in order.
type builder struct {
	jobs   []job
	byID   map[string]int32
	runs   []run
	events []event
	hosts  int // placements the runs make, for the host limit
	// hostBlock is room for runs' hosts (keepHosts)
	hostBlock []hostSlots
	sizes     textSizes
	txt       jobText
	file      int   // the input being read
	texts     texts // the copies of the texts jobs and runs keep
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
	case "time", "line", "type", "record", "id", "job", "file":
		return true
	}
	return false
}

// newBuilder makes a builder for logs of about records records, whose
// events it keeps unless skim.
func newBuilder(records int, skim bool) *builder {
	b := &builder{byID: make(map[string]int32, records/3), jobs: make([]job, 0, records/3), runs: make([]run, 0, records/3), skim: source.Skim{On: skim}}
	if !skim {
		b.events = make([]event, 0, records)
	}
	return b
}

// addEvent keeps the record r of line n, about id (copied when clone),
// for the events frame, or counts it and widens the span of the records
// skimmed.
func (b *builder) addEvent(r *record, n int, id string, clone bool) {
	if b.skim.On {
		b.skim.Add(r.time)
		return
	}
	if clone {
		id = strings.Clone(id)
	}
	b.events = append(b.events, event{time: r.time, line: n, file: b.file, typ: r.typ, id: id})
}

// jobText is the text of the jobs' attributes, one row per job: the
// jobs and allocations frames take the columns whole, the tasks and
// placements frames gather them by each row's job.
type jobText struct {
	id, name, user, group, account, project, queue columns.Str
	runJob, placementJob                           []int32 // the job of each run, of each placement
}

// text fills b.text.
func (b *builder) text() {
	t := &b.txt
	plain(&t.id, b.sizes.jobIDs)
	columns.Reserve(len(b.jobs), &t.id, &t.name, &t.user, &t.group, &t.account, &t.project, &t.queue)
	for k := range b.jobs {
		j := &b.jobs[k]
		t.id.Add(j.id)
		for _, x := range []struct {
			c *columns.Str
			v str
		}{{&t.name, j.name}, {&t.user, j.user}, {&t.group, j.group}, {&t.account, j.account}, {&t.project, j.project}, {&t.queue, j.queue}} {
			x.c.Opt(x.v.v, x.v.ok)
		}
	}
	t.runJob = make([]int32, len(b.runs))
	t.placementJob = make([]int32, 0, b.hosts)
	for i := range b.runs {
		o := &b.runs[i]
		t.runJob[i] = o.job
		for range o.hosts {
			t.placementJob = append(t.placementJob, o.job)
		}
	}
}

// gathered declares the column of job text c, taken by rows' jobs.
func gathered(s *columns.Set, name string, c *columns.Str, rows []int32) {
	s.Column(name, func() frame.Column {
		g := c.Gather(rows)
		return g.Col(name)
	})
}

// whole declares job text c as a column of a frame with a row per job.
func whole(s *columns.Set, name string, c *columns.Str) {
	s.Column(name, func() frame.Column { return c.Col(name) })
}

// textSizes are the bytes of the text columns the frames store as is,
// for reserving them.
type textSizes struct{ jobIDs, eventIDs, execHosts int }

// resolve reads what each job asked for, once its records are all in,
// and sizes the text columns.
func (b *builder) resolve() {
	for k := range b.jobs {
		j := &b.jobs[k]
		j.askCPUs, j.askGPUs, j.askNodes = requestedCPUs(j), requestedGPUs(j), requestedNodes(j)
		b.sizes.jobIDs += len(j.id)
	}
	for i := range b.runs {
		b.sizes.execHosts += len(b.runs[i].execHost)
	}
	for _, e := range b.events {
		b.sizes.eventIDs += len(e.id)
	}
	b.text()
}

// jobRecord reports whether records of type c are about a job (the
// others are about reservations, licenses and provisioning).
func jobRecord(c byte) bool {
	switch c {
	case 'U', 'Y', 'B', 'F', 'K', 'k', 'L', 'P', 'p':
		return false
	}
	return true
}

// apply takes line n and its record, in order.
func (b *builder) apply(line []byte, n int, r *record, p *source.Problems) error {
	if r.failed() {
		text := r.badText
		if r.badWhole {
			text = string(line)
		}
		return p.Bad(n, r.bad, text, r.badWant, r.badErr)
	}
	if r.typ == 0 {
		return nil // a blank line
	}
	if !jobRecord(r.typ) {
		b.addEvent(r, n, r.id, true)
		return nil
	}
	k, ok := b.byID[r.id]
	if !ok {
		// the job's own copy of its id: the events and the map share it,
		// and keep no record's line alive
		id := strings.Clone(r.id)
		k = int32(len(b.jobs))
		b.jobs = append(b.jobs, job{id: id, open: -1, last: -1})
		b.byID[id] = k
	}
	b.addEvent(r, n, b.jobs[k].id, false)
	j := &b.jobs[k]
	j.merge(r, &b.texts)
	j.line, j.file = n, b.file
	switch r.typ {
	case 'Q':
		if !j.queuedAt.ok {
			j.queuedAt = num{r.time, true}
		}
		if j.open < 0 {
			j.raw = typeWords('Q')
		}
	case 'S', 's', 'T':
		b.started(k, r, n)
	case 'E':
		b.ended(k, r, n)
	case 'R':
		b.closeRun(k, r, n, "lost", typeWords('R'))
		j.raw = typeWords('R')
	case 'D':
		j.deleted, j.raw = true, typeWords('D')
		if j.open >= 0 {
			b.runs[j.open].canceled = true
		}
	case 'A':
		j.aborted, j.raw = true, typeWords('A')
		if j.open >= 0 {
			b.closeRun(k, r, n, "lost", typeWords('A'))
		}
	}
	return nil
}

// merge takes the attributes the record has, their texts copied into t.
func (j *job) merge(r *record, t *texts) {
	for _, x := range []struct {
		dst    *str
		src    str
		intern bool
	}{{&j.user, r.user, true}, {&j.group, r.group, true}, {&j.account, r.account, true}, {&j.project, r.project, true},
		{&j.name, r.jobname, true}, {&j.queue, r.queue, true}, {&j.execVnode, r.execVnode, false}} {
		if x.src.ok && *x.dst != x.src { // the same text again (a job's next record) is kept once
			*x.dst = t.str(x.src, x.intern)
		}
	}
	if r.reqNodesSpec.ok && j.reqNodesSpec.str != r.reqNodesSpec.str {
		j.reqNodesSpec = r.reqNodesSpec
		j.reqNodesSpec.str = t.str(r.reqNodesSpec.str, true)
	}
	if r.reqSelect.ok && j.reqSelect.str != r.reqSelect.str {
		j.reqSelect = r.reqSelect
		j.reqSelect.str = t.str(r.reqSelect.str, true)
	}
	for _, x := range []struct {
		dst *num
		src num
	}{{&j.ctime, r.ctime}, {&j.qtime, r.qtime}, {&j.etime, r.etime}, {&j.exit, r.exit}, {&j.runCount, r.runCount}} {
		if x.src.ok {
			*x.dst = x.src
		}
	}
	for _, x := range []struct {
		dst *flt
		src flt
	}{{&j.reqCPUs, r.reqCPUs}, {&j.reqMem, r.reqMem}, {&j.reqNodes, r.reqNodes}, {&j.reqGPUs, r.reqGPUs}, {&j.reqTime, r.reqTime}} {
		if x.src.ok {
			*x.dst = x.src
		}
	}
	if r.execVnode.ok || r.runCount.ok || r.reqSelect.ok {
		j.pbsPro = true
	}
	j.extra = slices.Grow(j.extra, len(r.extra))
	for i, a := range r.extra {
		j.setExtra(i, a, t)
	}
}

// setExtra keeps a record's i-th other attribute a, replacing an earlier
// value of its key, its texts copied into t.
func (j *job) setExtra(i int, a attr, t *texts) {
	for k := range j.extra {
		if x := &j.extra[k]; x.key == a.key {
			if x.value != a.value {
				x.value = t.copied(a.value)
			}
			return
		}
	}
	j.extra = append(j.extra, attr{key: t.key(i, a.key), value: t.copied(a.value), col: a.col})
}

// started opens a run of job k at an S (or T, or s) record; an s
// record, PBS's second start record of the same run, updates it.
func (b *builder) started(k int32, r *record, n int) {
	j := &b.jobs[k]
	start := r.start
	if !start.ok {
		start = num{r.time, true}
	}
	if j.open >= 0 {
		o := &b.runs[j.open]
		if o.start == start || r.typ == 's' {
			b.setHosts(o, r)
			return
		}
		// started again with no end between: the run before was lost
		b.closeRun(k, r, n, "lost", "started again")
	}
	j.runs++
	attempt := j.runs
	if r.runCount.ok && r.runCount.v > 0 {
		attempt = r.runCount.v
	}
	b.runs = append(b.runs, run{job: k, attempt: attempt, start: start, line: n, file: b.file})
	j.open, j.last = int32(len(b.runs)-1), int32(len(b.runs)-1)
	j.raw = "running"
	b.setHosts(&b.runs[j.open], r)
}

// setHosts takes the record's exec_host as the run's hosts.
func (b *builder) setHosts(o *run, r *record) {
	if !r.execHost.ok {
		return
	}
	b.hosts += len(r.hosts) - len(o.hosts)
	o.hosts = b.keepHosts(r.hosts)
	o.execHost = b.texts.copied(r.execHost.v)
}

// keepHosts copies a record's hosts into the builder's blocks of hosts
// (one allocation per few thousand runs rather than one per run).
func (b *builder) keepHosts(h []hostSlots) []hostSlots {
	if len(h) == 0 {
		return nil
	}
	if len(h) > cap(b.hostBlock)-len(b.hostBlock) {
		b.hostBlock = make([]hostSlots, 0, max(4096, len(h)))
	}
	at := len(b.hostBlock)
	for _, x := range h {
		b.hostBlock = append(b.hostBlock, hostSlots{host: b.texts.word(x.host), slots: x.slots})
	}
	return b.hostBlock[at:len(b.hostBlock):len(b.hostBlock)]
}

// ended closes job k's run at its E record: the open run, the run an A
// or R closed at the same start, or a run the E alone describes (its S
// in an earlier log). An E of a job that never started (start=0: deleted
// while queued, or its dependency failed) ends the job with no run.
func (b *builder) ended(k int32, r *record, n int) {
	j := &b.jobs[k]
	j.raw = typeWords('E')
	var o *run
	switch {
	case j.open >= 0:
		o = &b.runs[j.open]
	case j.last >= 0 && r.start.ok && b.runs[j.last].start == r.start:
		o = &b.runs[j.last]
	case r.start.ok:
		j.runs++
		attempt := j.runs
		if r.runCount.ok && r.runCount.v > 0 {
			attempt = r.runCount.v
		}
		b.runs = append(b.runs, run{job: k, attempt: attempt, start: r.start, file: b.file})
		j.last = int32(len(b.runs) - 1)
		o = &b.runs[j.last]
	default:
		j.raw, j.ended = "ended without running", r.end
		if !j.ended.ok {
			j.ended = num{r.time, true}
		}
		return
	}
	if r.start.ok {
		o.start = r.start
	}
	b.setHosts(o, r)
	o.exit = r.exit
	o.state, o.raw = endState(r.exit, o.canceled, j.pbsPro)
	b.finishRun(o, r, n)
	j.open = -1
}

// closeRun ends job k's open run at record r (R, A, or a second S) with
// state and raw.
func (b *builder) closeRun(k int32, r *record, n int, state, raw string) {
	j := &b.jobs[k]
	if j.open < 0 {
		return
	}
	o := &b.runs[j.open]
	o.state, o.raw = state, raw
	if r.exit.ok {
		o.exit = r.exit
	}
	b.finishRun(o, r, n)
	j.open = -1
}

// finishRun takes the end and the usage of the record that ends o.
func (b *builder) finishRun(o *run, r *record, n int) {
	o.end = r.end
	if !o.end.ok {
		o.end = num{r.time, true}
	}
	for _, x := range []struct {
		dst *flt
		src flt
	}{{&o.cpuTime, r.cpuTime}, {&o.wallTime, r.wallTime}, {&o.mem, r.mem}, {&o.vmem, r.vmem}, {&o.usedCPUs, r.usedCPUs}} {
		if x.src.ok {
			*x.dst = x.src
		}
	}
	o.line, o.file = n, b.file
}
