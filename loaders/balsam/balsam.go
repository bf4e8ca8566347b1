package balsam

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Files names the readers of one Balsam dataset; any may be nil.
type Files struct {
	Events, Jobs, BatchJobs io.Reader
	// Names name the three inputs in errors (default "events", "jobs",
	// "batchjobs").
	EventsName, JobsName, BatchJobsName string
}

// balsamKind tells events, jobs and batch jobs apart by their fields.
func balsamKind(head []byte) string {
	switch {
	case bytes.Contains(head, []byte(`"to_state"`)):
		return "events"
	case bytes.Contains(head, []byte(`"node_packing_count"`)) || bytes.Contains(head, []byte(`"batch_job_id"`)):
		return "jobs"
	case bytes.Contains(head, []byte(`"filter_tags"`)) || bytes.Contains(head, []byte(`"job_mode"`)):
		return "batchjobs"
	}
	return ""
}

// Load reads Balsam events, jobs and batch jobs together. Records
// are cut and decoded on both cores (records.DecodedJSON); the frames are built
// column by column, the job tags once per job and gathered onto events
// and attempts.
func Load(in Files, o source.Options) (*source.Dataset, error) {
	return o.Project(loadBalsam(in, o))
}

// loadBalsam is LoadBalsam without the projection on o.Columns.
func loadBalsam(in Files, o source.Options) (*source.Dataset, error) {
	names := []string{orDefault(in.EventsName, "events"), orDefault(in.JobsName, "jobs"), orDefault(in.BatchJobsName, "batchjobs")}
	d := &source.Dataset{Source: Source, Frames: map[string]*frame.Frame{}}
	want := source.WantFrames(o)
	wants := func(f string) bool { return want == nil || want[f] }
	b := &balsamBuilder{tagCols: map[string]*columns.Str{}, o: o, jobCols: wants(schema.Tasks) || wants(schema.Jobs)}
	b.tagText = b.jobCols || wants(schema.Events) && o.Keeps(schema.Events, "tags")
	b.evStream = o.Batch != nil && wants(schema.Events)
	b.evKeepAll = wants(schema.Tasks) || wants(schema.Jobs)
	// ids and paths are distinct per job: plain text from the start, no
	// dictionary to fill and drop
	b.jb.job.Plain, b.jb.workdir.Plain, b.ev.job.Plain = &columns.Text{}, &columns.Text{}, &columns.Text{}
	evCol := func(c string) bool { return wants(schema.Events) && o.Keeps(schema.Events, c) }
	b.ev.keep.job, b.ev.keep.data = evCol("job"), evCol("data")
	b.ev.keep.rc, b.ev.keep.errT = evCol("returncode") || wants(schema.Tasks), evCol("error") || wants(schema.Tasks)
	var warnings []source.Warning
	load := func(r io.Reader, name string, run func(*source.Problems) error) error {
		if r == nil {
			return nil
		}
		p := source.Problems{File: name, Lenient: o.Lenient}
		if err := run(&p); err != nil {
			return err
		}
		warnings = append(warnings, p.Finish()...)
		return nil
	}
	// The event columns are sized while the jobs load: making room for
	// millions of rows is page faults and zeroing, work for a core the
	// jobs leave idle at times (reserveEvents touches only b.ev and
	// b.evSlot, which the jobs do not).
	var reserved chan struct{}
	if n := source.EstimateRecords(in.Events, `"to_state"`); n > 0 {
		reserved = make(chan struct{})
		go func() {
			b.reserveEvents(n)
			close(reserved)
		}()
	}
	if err := load(in.Jobs, names[1], func(p *source.Problems) error {
		d.Files = append(d.Files, names[1])
		if n := source.EstimateRecords(in.Jobs, `"workdir"`); n > 0 {
			b.reserveJobs(n)
		}
		return records.DecodedJSON(in.Jobs, p, records.Workers(), decodeBalsamJob, decodeBalsamJobAt, b.addJob(p))
	}); err != nil {
		return nil, err
	}
	if err := load(in.BatchJobs, names[2], func(p *source.Problems) error {
		d.Files = append(d.Files, names[2])
		return records.DecodedJSON(in.BatchJobs, p, records.Workers(), decodeBalsamBatchJob, decodeBalsamBatchJobAt, b.addBatchJob(p))
	}); err != nil {
		return nil, err
	}
	b.jobsDone()
	keys := slices.Sorted(maps.Keys(b.tagCols))
	b.evKeys = keys
	var evWarnings []source.Warning
	if in.Events != nil {
		d.Files = append([]string{names[0]}, d.Files...)
		p := source.Problems{File: names[0], Lenient: o.Lenient}
		if reserved != nil {
			<-reserved
		}
		keepData := b.ev.keep.data
		decode := func(rec []byte, e *balsamEventRec) { decodeBalsamEvent(rec, e, keepData) }
		decodeAt := func(buf []byte, i int, e *balsamEventRec) (int, error) {
			return decodeBalsamEventAt(buf, i, e, keepData)
		}
		if err := records.DecodedJSON(in.Events, &p, records.Workers(), decode, decodeAt, b.addEvent(&p)); err != nil {
			return nil, err
		}
		evWarnings = p.Finish()
		if cut := (columns.Text{Cut: b.evCut + b.ev.data.Cut}); cut.Cut > 0 {
			p := source.Problems{File: names[0]}
			columns.TextCut(&p, schema.Events, "data", &cut, 0)
			warnings = append(warnings, p.Warnings...)
		}
	}
	if wants(schema.Events) {
		d.Frames[schema.Events] = b.eventsFrame(d, keys, b.evFlushed, len(b.evSlot))
	}
	if wants(schema.Tasks) || wants(schema.Jobs) {
		tasks := b.attempts()
		if wants(schema.Tasks) {
			d.Frames[schema.Tasks] = tasks.frame(b, keys)
		}
		if wants(schema.Jobs) {
			d.Frames[schema.Jobs] = b.jobsFrame(keys)
		}
	}
	d.Frames[schema.Allocations] = b.allocationsFrame()
	d.Warnings = append(evWarnings, warnings...)
	for name, f := range d.Frames {
		if f.Err() != nil {
			return nil, fmt.Errorf("balsam %s frame: %w", name, f.Err())
		}
	}
	return d, nil
}

// balsamBuilder gathers the columns of the Balsam frames as records are
// applied.
type balsamBuilder struct {
	o       source.Options
	jobCols bool // build every jobs-file column (for the tasks or jobs frame), not just tags and batch job
	scratch []byte
	// jobs, one row per record
	jb struct {
		job, workdir, state, parents, tags         columns.Str
		app, batch, rc, nodes, rpn, tpr, npc, wall columns.Int
		lastUpdate                                 columns.Int
		gpr                                        columns.Float
	}
	tagCols map[string]*columns.Str // job tags by key, one row per job (nil: a key no frame keeps)
	tagText bool                    // build the canonical tags text of each job
	jobHint int                     // the jobs the jobs file is estimated to hold (0: not known)
	nRows   int
	// Each job id has a slot: its (last) row in the jobs file, or for a
	// job that only events name, a slot past the rows.
	slot    jobIndex
	slotJob []int64 // job id of each slot
	// events
	ev struct {
		time, id, rc        columns.Int
		job, from, to, errT columns.Str
		data                columns.Text
		nodes               columns.Float
		// the columns Options.Columns keeps that the tasks frame does not
		// need anyway
		keep struct{ job, data, rc, errT bool }
	}
	evSlot []int32
	// Streaming (Options.Batch, evStream): the events before evFlushed
	// were handed over, with the tag keys evKeys (all known once the jobs
	// are read); evCut counts their data values cut at Arrow's limit.
	evStream  bool
	evKeepAll bool // the event columns stay to the end: the tasks or jobs frame reads them
	evFlushed int
	evKeys    []string
	evCut     int
	// job times from the events, by slot
	submit, start, end []jsontext.OptInt
	// allocations
	al struct {
		id, sched, site, nodes, wall, start, end columns.Int
		project, queue, mode, state, filter      columns.Str
	}
}

func (b *balsamBuilder) addJob(p *source.Problems) func([]byte, int, *balsamJobRec) error {
	return func(rec []byte, line int, j *balsamJobRec) error {
		if j.bad != nil {
			return p.Bad(line, j.bad.field, j.bad.text, j.bad.want, j.bad.err)
		}
		r := b.nRows
		b.nRows++
		b.slotJob = append(b.slotJob, j.id.V)
		jb := &b.jb
		jb.batch.Opt(j.batch.V, j.batch.OK)
		if b.tagText {
			b.scratch = formatTagPairs(b.scratch[:0], j.tags) // sorts j.tags
			jb.tags.Add(bytesconv.String(b.scratch))
		} else {
			sortTagPairs(j.tags)
		}
		for i, t := range j.tags {
			if i+1 < len(j.tags) && bytes.Equal(j.tags[i+1].k, t.k) {
				continue // a later value of the same key wins
			}
			col, seen := b.tagCols[bytesconv.String(t.k)]
			if !seen {
				if b.jobCols || b.o.Keeps(schema.Events, frame.TagPrefix+string(t.k)) {
					col = &columns.Str{}
					col.Reserve(b.jobHint)
				}
				b.tagCols[string(t.k)] = col
			}
			if col == nil {
				continue // a key no frame keeps
			}
			for col.Length() < r {
				col.Null()
			}
			col.Add(bytesconv.String(t.v))
		}
		if !b.jobCols {
			return nil
		}
		jb.job.AddInt(j.id.V, &b.scratch)
		jb.workdir.Add(bytesconv.String(j.workdir))
		jb.state.Add(bytesconv.String(j.state))
		jb.app.Opt(j.app.V, j.app.OK)
		jb.rc.Opt(j.rc.V, j.rc.OK)
		jb.nodes.Opt(j.nodes.V, j.nodes.OK)
		jb.rpn.Opt(j.rpn.V, j.rpn.OK)
		jb.tpr.Opt(j.tpr.V, j.tpr.OK)
		jb.npc.Opt(j.npc.V, j.npc.OK)
		jb.wall.Opt(j.wall.V, j.wall.OK)
		jb.gpr.Opt(j.gpr.v, j.gpr.ok)
		jb.lastUpdate.Opt(j.lastUpdate.V, j.lastUpdate.OK)
		jb.parents.Add(bytesconv.String(j.parents))
		return nil
	}
}

func (b *balsamBuilder) addBatchJob(p *source.Problems) func([]byte, int, *balsamBatchJobRec) error {
	return func(rec []byte, line int, bj *balsamBatchJobRec) error {
		if bj.bad != nil {
			return p.Bad(line, bj.bad.field, bj.bad.text, bj.bad.want, bj.bad.err)
		}
		al := &b.al
		al.id.Add(bj.id.V)
		al.sched.Opt(bj.sched.V, bj.sched.OK)
		al.site.Opt(bj.site.V, bj.site.OK)
		al.nodes.Opt(bj.nodes.V, bj.nodes.OK)
		al.wall.Opt(bj.wall.V, bj.wall.OK)
		al.start.Opt(bj.start.V, bj.start.OK)
		al.end.Opt(bj.end.V, bj.end.OK)
		al.project.Add(bytesconv.String(bj.project))
		al.queue.Add(bytesconv.String(bj.queue))
		al.mode.Add(bytesconv.String(bj.mode))
		al.state.Add(bytesconv.String(bj.state))
		b.scratch = formatTagPairs(b.scratch[:0], bj.filter)
		al.filter.Add(bytesconv.String(b.scratch))
		return nil
	}
}

// jobsDone indexes the jobs by id and pads the tag columns to one row
// per job.
func (b *balsamBuilder) jobsDone() {
	b.slot.build(b.slotJob)
	for _, col := range b.tagCols {
		for col != nil && col.Length() < b.nRows {
			col.Null()
		}
	}
}

// reserveJobs makes room for n jobs in the columns the load builds.
func (b *balsamBuilder) reserveJobs(n int) {
	jb := &b.jb
	b.jobHint = n
	b.slotJob = slices.Grow(b.slotJob, n)
	jb.batch.Reserve(n)
	if b.tagText {
		jb.tags.Reserve(n)
	}
	if b.jobCols {
		columns.Reserve(n, &jb.job, &jb.workdir, &jb.state, &jb.parents, &jb.app, &jb.rc, &jb.nodes, &jb.rpn, &jb.tpr, &jb.npc, &jb.wall, &jb.lastUpdate, &jb.gpr)
	}
}

// reserveEvents makes room for n events in the columns the load builds.
func (b *balsamBuilder) reserveEvents(n int) {
	ev := &b.ev
	if b.evStream && !b.evKeepAll { // the columns hold a batch
		n = min(n, b.o.BatchSize())
	}
	columns.Reserve(n, &ev.time, &ev.id, &ev.from, &ev.to, &ev.nodes)
	b.evSlot = slices.Grow(b.evSlot, n)
	if ev.keep.job {
		text := n
		if b.evStream { // the text is a batch's
			text = min(n, b.o.BatchSize())
		}
		ev.job.Plain.Reserve(text, 8*text) // job ids of up to 8 digits
	}
	if ev.keep.rc {
		ev.rc.Reserve(n)
	}
	if ev.keep.errT {
		ev.errT.Reserve(n)
	}
}

func (b *balsamBuilder) addEvent(p *source.Problems) func([]byte, int, *balsamEventRec) error {
	return func(rec []byte, line int, e *balsamEventRec) error {
		if e.bad != nil {
			return p.Bad(line, e.bad.field, e.bad.text, e.bad.want, e.bad.err)
		}
		s, ok := b.slot.get(e.job.V)
		if !ok {
			s = int32(len(b.slotJob))
			b.slot.set(e.job.V, s)
			b.slotJob = append(b.slotJob, e.job.V)
		}
		b.evSlot = append(b.evSlot, s)
		ev := &b.ev
		ev.time.Add(e.time.V) // time and id order each job's events
		ev.id.Add(e.id.V)
		if ev.keep.job {
			ev.job.AddInt(e.job.V, &b.scratch)
		}
		ev.from.Add(bytesconv.String(e.from))
		ev.to.Add(bytesconv.String(e.to))
		if ev.keep.data {
			ev.data.AddBytes(e.data)
		}
		ev.nodes.Opt(e.nodes.v, e.nodes.ok)
		if ev.keep.rc {
			ev.rc.Opt(e.rc.V, e.rc.OK)
		}
		if ev.keep.errT {
			ev.errT.Opt(bytesconv.String(e.errText), e.hasErr)
		}
		if b.evStream && len(b.evSlot)-b.evFlushed >= b.o.BatchSize() {
			return b.flushEvents()
		}
		return nil
	}
}

// flushEvents hands the events not yet handed over to Options.Batch and
// forgets their text (job ids, data). The columns the job's attempts
// are read from (times, ids, states, nodes, return codes, errors) are
// kept to the end: an attempt may end in a later batch.
func (b *balsamBuilder) flushEvents() error {
	// The columns the frame leaves out are recorded by the load's own
	// dataset; the batch's go to a scratch one.
	f := b.eventsFrame(&source.Dataset{}, b.evKeys, b.evFlushed, len(b.evSlot))
	if f.Err() != nil {
		return fmt.Errorf("balsam events frame: %w", f.Err())
	}
	b.evCut += b.ev.data.Cut
	b.ev.job.Plain, b.ev.data = &columns.Text{}, columns.Text{} // the batch's frame owns the old
	b.evFlushed = len(b.evSlot)
	if !b.evKeepAll {
		b.restartEvents()
	}
	return b.o.Batch(&source.Dataset{Source: Source, Frames: map[string]*frame.Frame{schema.Events: f}})
}

// restartEvents forgets the events handed over when no frame built at
// the end reads them (neither tasks nor jobs): the columns start again
// empty, the batch's frame owning the old, so a stream holds one batch of
// events however long the log.
func (b *balsamBuilder) restartEvents() {
	ev := &b.ev
	ev.time, ev.id, ev.rc = columns.Int{}, columns.Int{}, columns.Int{}
	ev.from, ev.to, ev.errT = columns.Str{}, columns.Str{}, columns.Str{}
	ev.nodes = columns.Float{}
	b.evSlot, b.evFlushed = b.evSlot[:0], 0
	b.reserveEvents(b.o.BatchSize())
}

// rowOf returns the jobs-file row of a slot, or -1.
func (b *balsamBuilder) rowOf(s int32) int32 {
	if int(s) < b.nRows {
		return s
	}
	return -1
}

// jobTagColumns returns the job's canonical tags and one column per tag
// key, gathered by jobs-file row (-1: null).
func (b *balsamBuilder) jobTagColumns(rows []int32, keys []string) []frame.Column {
	tags := b.jb.tags.Gather(rows)
	cols := []frame.Column{tags.Col("tags")}
	for _, k := range keys {
		c := b.tagCols[k].Gather(rows)
		cols = append(cols, c.Col(frame.TagPrefix+k))
	}
	return cols
}

// eventsFrame builds the events frame of events lo to hi (the job and
// data text of those only: the rest of each column is kept for the
// attempts).
func (b *balsamBuilder) eventsFrame(d *source.Dataset, keys []string, lo, hi int) *frame.Frame {
	ev := &b.ev
	rows := make([]int32, hi-lo)
	for i, s := range b.evSlot[lo:hi] {
		rows[i] = b.rowOf(s)
	}
	whole := lo == 0 && hi == len(b.evSlot)
	ints := func(c *columns.Int) *columns.Int {
		if whole {
			return c
		}
		return &columns.Int{V: c.V[lo:hi], OK: c.OK[lo:hi]}
	}
	strs := func(c *columns.Str) *columns.Str {
		if whole {
			return c
		}
		span := make([]int32, hi-lo)
		for i := range span {
			span[i] = int32(lo + i)
		}
		g := c.Gather(span)
		return &g
	}
	var cols []frame.Column
	// add appends the column name (built by col) if Options.Columns keeps
	// it, and records it as unbuilt otherwise.
	add := func(name string, col func() frame.Column) {
		if b.o.Keeps(schema.Events, name) {
			cols = append(cols, col())
		} else {
			d.Skip(schema.Events, name)
		}
	}
	add("time", func() frame.Column { return ints(&ev.time).Times("time") })
	add("id", func() frame.Column { return ints(&ev.id).Col("id") })
	add("job", func() frame.Column { return ev.job.Col("job") })
	add("from_state", func() frame.Column { return strs(&ev.from).Col("from_state") })
	add("to_state", func() frame.Column { return strs(&ev.to).Col("to_state") })
	add("data", func() frame.Column { return ev.data.Col("data") })
	add("num_nodes", func() frame.Column {
		if whole {
			return ev.nodes.Col("num_nodes")
		}
		return frame.Float64Col("num_nodes", ev.nodes.V[lo:hi], ev.nodes.OK[lo:hi])
	})
	add("returncode", func() frame.Column { return ints(&ev.rc).Col("returncode") })
	add("error", func() frame.Column { return strs(&ev.errT).Col("error") })
	add("batch_job", func() frame.Column {
		batch := b.jb.batch.Gather(rows)
		return batch.Col("batch_job")
	})
	add("tags", func() frame.Column {
		tags := b.jb.tags.Gather(rows)
		return tags.Col("tags")
	})
	for _, k := range keys {
		add(frame.TagPrefix+k, func() frame.Column {
			c := b.tagCols[k].Gather(rows)
			return c.Col(frame.TagPrefix + k)
		})
	}
	return frame.New(cols...)
}

// balsamAttempts are the columns of the tasks frame.
type balsamAttempts struct {
	job, state, raw, reason                     columns.Str
	task, attempt, submit, start, end, exit, id columns.Int
	nodes                                       columns.Float
	rows                                        []int32 // jobs-file row of each attempt
}

// attempts walks each job's events in time order (id breaks ties): every
// -> RUNNING event starts an attempt, which the job's next event leaving
// RUNNING ends. It also sets the job times (submit: leaving CREATED;
// start: the first RUNNING; end: the last event).
func (b *balsamBuilder) attempts() *balsamAttempts {
	nSlots := len(b.slotJob)
	b.submit, b.start, b.end = make([]jsontext.OptInt, nSlots), make([]jsontext.OptInt, nSlots), make([]jsontext.OptInt, nSlots)
	order, first, slots := b.eventsByJob()
	times, ids := b.ev.time.V, b.ev.id.V
	t := &balsamAttempts{}
	t.job.Plain = &columns.Text{}
	ev := &b.ev
	for _, s := range slots {
		jid := b.slotJob[s]
		row := b.rowOf(s)
		seg := order[first[s]:first[s+1]]
		submit, start, end := &b.submit[s], &b.start[s], &b.end[s]
		attempt := int64(0)
		for k, i := range seg {
			if ev.from.Value(int(i)) == "CREATED" && !submit.OK {
				*submit = jsontext.OptInt{V: times[i], OK: true}
			}
			*end = jsontext.OptInt{V: times[i], OK: true}
			if ev.to.Value(int(i)) != "RUNNING" {
				continue
			}
			if !start.OK {
				*start = jsontext.OptInt{V: times[i], OK: true}
			}
			attempt++
			t.job.AddInt(jid, &b.scratch)
			t.task.Add(jid)
			t.attempt.Add(attempt)
			t.id.Add(ids[i])
			t.submit.Opt(submit.V, submit.OK)
			t.start.Add(times[i])
			t.nodes.Opt(ev.nodes.V[i], ev.nodes.OK[i])
			t.rows = append(t.rows, row)
			state, raw, reason := "running", "", ""
			var stop, exit jsontext.OptInt
			for _, n := range seg[k+1:] {
				if ev.from.Value(int(n)) != "RUNNING" {
					continue
				}
				raw = ev.to.Value(int(n))
				stop = jsontext.OptInt{V: times[n], OK: true}
				switch raw {
				case "RUN_DONE":
					state = "success"
				case "RUN_ERROR":
					state = "failed"
					exit = jsontext.OptInt{V: ev.rc.V[n], OK: ev.rc.OK[n]}
					reason = ev.errT.Value(int(n))
				case "RUN_TIMEOUT":
					state = "timeout"
				default:
					state = strings.ToLower(raw)
				}
				break
			}
			t.end.Opt(stop.V, stop.OK)
			t.state.Add(state)
			t.raw.Opt(raw, stop.OK)
			t.exit.Opt(exit.V, exit.OK)
			t.reason.Opt(reason, reason != "")
		}
	}
	return t
}

// eventsByJob orders the events by job: order holds, for each slot s,
// the indexes of its events at order[first[s]:first[s+1]], sorted by
// time then id (stable); slots are the slots with events, by job id.
func (b *balsamBuilder) eventsByJob() (order, first, slots []int32) {
	nSlots := len(b.slotJob)
	// bucket the events by slot, in input order, then sort each bucket
	first = make([]int32, nSlots+1)
	for _, s := range b.evSlot {
		first[s+1]++
	}
	for s := 0; s < nSlots; s++ {
		first[s+1] += first[s]
	}
	order = make([]int32, len(b.evSlot))
	next := append([]int32(nil), first[:nSlots]...)
	for i, s := range b.evSlot {
		order[next[s]] = int32(i)
		next[s]++
	}
	times, ids := b.ev.time.V, b.ev.id.V
	before := func(x, y int32) bool {
		if times[x] != times[y] {
			return times[x] < times[y]
		}
		return ids[x] < ids[y]
	}
	for s := 0; s < nSlots; s++ {
		seg := order[first[s]:first[s+1]]
		if len(seg) == 0 {
			continue
		}
		slots = append(slots, int32(s))
		if len(seg) <= 16 {
			for i := 1; i < len(seg); i++ { // insertion sort: stable
				for k := i; k > 0 && before(seg[k], seg[k-1]); k-- {
					seg[k], seg[k-1] = seg[k-1], seg[k]
				}
			}
		} else {
			sort.SliceStable(seg, func(x, y int) bool { return before(seg[x], seg[y]) })
		}
	}
	sort.Slice(slots, func(x, y int) bool { return b.slotJob[slots[x]] < b.slotJob[slots[y]] })
	return order, first, slots
}

func (t *balsamAttempts) frame(b *balsamBuilder, keys []string) *frame.Frame {
	n := len(t.task.V)
	cols := []frame.Column{columns.Repeat("source", "balsam", n), t.job.Col("job"), t.task.Col("task"), t.attempt.Col("attempt"),
		frame.StringCol("worker", make([]string, n), make([]bool, n))}
	batch := b.jb.batch.Gather(t.rows)
	cols = append(cols, batch.Col("batch_job"),
		t.submit.Times("submit"), t.start.Times("start"), t.end.Times("end"), t.state.Col("state"), t.raw.Col("raw_state"),
		t.exit.Col("exit_code"), t.reason.Col("reason"), t.nodes.Col("req_nodes"), t.id.Col("start_event"))
	return frame.New(append(cols, b.jobTagColumns(t.rows, keys)...)...)
}

// jobsFrame builds the jobs frame; attempts has set the job times.
func (b *balsamBuilder) jobsFrame(keys []string) *frame.Frame {
	jb := &b.jb
	var submit, start, end columns.Int
	for r := 0; r < b.nRows; r++ {
		s, _ := b.slot.get(b.slotJob[r])
		submit.Opt(b.submit[s].V, b.submit[s].OK)
		start.Opt(b.start[s].V, b.start[s].OK)
		end.Opt(b.end[s].V, b.end[s].OK)
	}
	cols := []frame.Column{jb.job.Col("job"), jb.workdir.Col("workdir"), jb.state.Col("state"), submit.Times("submit"),
		start.Times("start"), end.Times("end"), jb.rc.Col("exit_code"), jb.batch.Col("batch_job"), jb.app.Col("app_id"),
		jb.nodes.Col("num_nodes"), jb.rpn.Col("ranks_per_node"), jb.tpr.Col("threads_per_rank"), jb.gpr.Col("gpus_per_rank"),
		jb.npc.Col("node_packing_count"), jb.wall.Col("wall_time_min"), jb.lastUpdate.Times("last_update"),
		jb.parents.Col("parent_ids"), jb.tags.Col("tags")}
	for _, k := range keys {
		cols = append(cols, b.tagCols[k].Col(frame.TagPrefix+k))
	}
	return frame.New(cols...)
}

func (b *balsamBuilder) allocationsFrame() *frame.Frame {
	al := &b.al
	return frame.New(al.id.Col("id"), al.sched.Col("scheduler_id"), al.site.Col("site_id"),
		al.project.Col("project"), al.queue.Col("queue"), al.nodes.Col("nodes"), al.wall.Col("wall_time_min"),
		al.mode.Col("job_mode"), al.state.Col("state"), al.start.Times("start"), al.end.Times("end"), al.filter.Col("filter_tags"))
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// jobIndex maps job ids to slots: a slice when the ids are dense (Balsam
// numbers jobs from 1), a map for the others.
type jobIndex struct {
	dense  []int32 // by id; -1: none
	sparse map[int64]int32
}

// build indexes ids[i] -> i, the last of a repeated id winning.
func (x *jobIndex) build(ids []int64) {
	var hi int64 = -1
	for _, id := range ids {
		hi = max(hi, id)
	}
	if hi >= 0 && hi < 4*int64(len(ids))+1<<16 {
		x.dense = make([]int32, hi+1)
		for i := range x.dense {
			x.dense[i] = -1
		}
	}
	for i, id := range ids {
		x.set(id, int32(i))
	}
}

func (x *jobIndex) get(id int64) (int32, bool) {
	if id >= 0 && id < int64(len(x.dense)) {
		s := x.dense[id]
		return s, s >= 0
	}
	s, ok := x.sparse[id]
	return s, ok
}

func (x *jobIndex) set(id int64, s int32) {
	if id >= 0 && id < int64(len(x.dense)) {
		x.dense[id] = s
		return
	}
	if x.sparse == nil {
		x.sparse = map[int64]int32{}
	}
	x.sparse[id] = s
}

// Source is the Dataset.Source of Balsam's loads.
const Source = "balsam"

// Format describes Balsam's events, jobs and batch-jobs JSON to
// loaders.OpenWith: the files of one folder are one dataset, as events
// need their jobs' tags.
func Format() source.Format {
	return source.Format{
		Name:        "balsam",
		System:      "Balsam",
		Description: "Balsam events, jobs and batch-jobs JSON (an API page, an array or JSON lines)",
		Sources:     []string{Source},
		Frames:      []string{schema.Tasks, schema.Jobs, schema.Allocations, schema.Events},
		Sniff:       func(_ string, head []byte) bool { return balsamKind(head) != "" },
		Group:       func(name string, _ []byte) string { return filepath.Dir(name) },
		Load:        loadBalsamInputs,
		// The events stream; the jobs (and their tags, which the events
		// carry) are read first, whole.
		Streams: true,
	}
}

// loadBalsamInputs loads the Balsam files of one folder, at most one of
// each kind.
func loadBalsamInputs(in []source.Input, o source.Options) (*source.Dataset, error) {
	var files Files
	for _, f := range in {
		kind := balsamKind(f.Head)
		var slot *io.Reader
		var name *string
		switch kind {
		case "events":
			slot, name = &files.Events, &files.EventsName
		case "jobs":
			slot, name = &files.Jobs, &files.JobsName
		default:
			slot, name = &files.BatchJobs, &files.BatchJobsName
		}
		if *slot != nil {
			return nil, fmt.Errorf("%s and %s are both Balsam %s files; give one per folder", *name, f.Name, kind)
		}
		*slot, *name = f.R, f.Name
	}
	return loadBalsam(files, o)
}
