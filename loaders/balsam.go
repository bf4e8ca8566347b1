package loaders

// Balsam REST API dumps (balsam/schemas, balsam/server; formats.md §4):
// GET /events/ (LogEventOut), GET /jobs/ and GET /batch-jobs/ records.
//
//   - Each file holds one kind of record, as a JSON array, the API's
//     {"count": N, "results": [...]} page, or JSON lines; the kind is told
//     by the fields of the first record (to_state: events; batch_job_id or
//     node_packing_count: jobs; filter_tags or job_mode: batch jobs).
//   - Timestamps are naive UTC ISO 8601 without a zone, with microseconds
//     only when non-zero; Job.last_update carries +00:00. All become µs UTC.
//   - Events have no tags and no batch job: both come from their Job
//     (job_id), which is why the three files are loaded together.
//   - Event order is kept as given (the API's default is timestamp DESC,
//     id ASC); every event has its id.
//   - data: {"num_nodes": float} on -> RUNNING (fractional when nodes are
//     shared), {"returncode", "error"} on RUNNING -> RUN_ERROR, {"message"}
//     on skipped stage-in/out; kept as JSON text, with num_nodes, returncode
//     and error also as columns.
//   - Attempts (tasks frame): every -> RUNNING event starts one, which ends
//     at the job's next event leaving RUNNING: RUN_DONE (success),
//     RUN_ERROR (failed), RUN_TIMEOUT (timeout); without one it is running.
//     RESTART_READY -> RUNNING cycles thus give several attempts.
//   - Batch jobs become allocations (start_time/end_time, num_nodes,
//     filter_tags).

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// BalsamFiles names the readers of one Balsam dataset; any may be nil.
type BalsamFiles struct {
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

// LoadBalsam reads Balsam events, jobs and batch jobs together. Records
// are cut and decoded on both cores (decodedJSON); the frames are built
// column by column, the job tags once per job and gathered onto events
// and attempts.
func LoadBalsam(in BalsamFiles, o source.Options) (*source.Dataset, error) {
	return o.Project(loadBalsam(in, o))
}

// loadBalsam is LoadBalsam without the projection on o.Columns.
func loadBalsam(in BalsamFiles, o source.Options) (*source.Dataset, error) {
	names := []string{orDefault(in.EventsName, "events"), orDefault(in.JobsName, "jobs"), orDefault(in.BatchJobsName, "batchjobs")}
	d := &source.Dataset{Source: "balsam", Frames: map[string]*frame.Frame{}}
	want := source.WantFrames(o)
	wants := func(f string) bool { return want == nil || want[f] }
	b := &balsamBuilder{tagCols: map[string]*strCol{}, o: o, jobCols: wants(schema.Tasks) || wants(schema.Jobs)}
	b.tagText = b.jobCols || wants(schema.Events) && o.Keeps(schema.Events, "tags")
	// ids and paths are distinct per job: plain text from the start, no
	// dictionary to fill and drop
	b.jb.job.plain, b.jb.workdir.plain, b.ev.job.plain = &textCol{}, &textCol{}, &textCol{}
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
		return decodedJSON(in.Jobs, p, decodeWorkers(), decodeBalsamJob, decodeBalsamJobAt, b.addJob(p))
	}); err != nil {
		return nil, err
	}
	if err := load(in.BatchJobs, names[2], func(p *source.Problems) error {
		d.Files = append(d.Files, names[2])
		return decodedJSON(in.BatchJobs, p, decodeWorkers(), decodeBalsamBatchJob, decodeBalsamBatchJobAt, b.addBatchJob(p))
	}); err != nil {
		return nil, err
	}
	b.jobsDone()
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
		if err := decodedJSON(in.Events, &p, decodeWorkers(), decode, decodeAt, b.addEvent(&p)); err != nil {
			return nil, err
		}
		evWarnings = p.Finish()
		if b.ev.data.cut > 0 {
			p := source.Problems{File: names[0]}
			textCut(&p, schema.Events, "data", &b.ev.data, 0)
			warnings = append(warnings, p.Warnings...)
		}
	}
	keys := slices.Sorted(maps.Keys(b.tagCols))
	if wants(schema.Events) {
		d.Frames[schema.Events] = b.eventsFrame(d, keys)
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
		job, workdir, state, parents, tags         strCol
		app, batch, rc, nodes, rpn, tpr, npc, wall intCol
		lastUpdate                                 intCol
		gpr                                        floatCol
	}
	tagCols map[string]*strCol // job tags by key, one row per job (nil: a key no frame keeps)
	tagText bool               // build the canonical tags text of each job
	jobHint int                // the jobs the jobs file is estimated to hold (0: not known)
	nRows   int
	// Each job id has a slot: its (last) row in the jobs file, or for a
	// job that only events name, a slot past the rows.
	slot    jobIndex
	slotJob []int64 // job id of each slot
	// events
	ev struct {
		time, id, rc        intCol
		job, from, to, errT strCol
		data                textCol
		nodes               floatCol
		// the columns Options.Columns keeps that the tasks frame does not
		// need anyway
		keep struct{ job, data, rc, errT bool }
	}
	evSlot []int32
	// job times from the events, by slot
	submit, start, end []optInt
	// allocations
	al struct {
		id, sched, site, nodes, wall, start, end intCol
		project, queue, mode, state, filter      strCol
	}
}

func (b *balsamBuilder) addJob(p *source.Problems) func([]byte, int, *balsamJobRec) error {
	return func(rec []byte, line int, j *balsamJobRec) error {
		if j.bad != nil {
			return p.Bad(line, j.bad.field, j.bad.text, j.bad.want, j.bad.err)
		}
		r := b.nRows
		b.nRows++
		b.slotJob = append(b.slotJob, j.id.v)
		jb := &b.jb
		jb.batch.opt(j.batch.v, j.batch.ok)
		if b.tagText {
			b.scratch = formatTagPairs(b.scratch[:0], j.tags) // sorts j.tags
			jb.tags.add(bstr(b.scratch))
		} else {
			sortTagPairs(j.tags)
		}
		for i, t := range j.tags {
			if i+1 < len(j.tags) && bytes.Equal(j.tags[i+1].k, t.k) {
				continue // a later value of the same key wins
			}
			col, seen := b.tagCols[bstr(t.k)]
			if !seen {
				if b.jobCols || b.o.Keeps(schema.Events, frame.TagPrefix+string(t.k)) {
					col = &strCol{}
					col.reserve(b.jobHint)
				}
				b.tagCols[string(t.k)] = col
			}
			if col == nil {
				continue // a key no frame keeps
			}
			for col.length() < r {
				col.null()
			}
			col.add(bstr(t.v))
		}
		if !b.jobCols {
			return nil
		}
		jb.job.addInt(j.id.v, &b.scratch)
		jb.workdir.add(bstr(j.workdir))
		jb.state.add(bstr(j.state))
		jb.app.opt(j.app.v, j.app.ok)
		jb.rc.opt(j.rc.v, j.rc.ok)
		jb.nodes.opt(j.nodes.v, j.nodes.ok)
		jb.rpn.opt(j.rpn.v, j.rpn.ok)
		jb.tpr.opt(j.tpr.v, j.tpr.ok)
		jb.npc.opt(j.npc.v, j.npc.ok)
		jb.wall.opt(j.wall.v, j.wall.ok)
		jb.gpr.opt(j.gpr.v, j.gpr.ok)
		jb.lastUpdate.opt(j.lastUpdate.v, j.lastUpdate.ok)
		jb.parents.add(bstr(j.parents))
		return nil
	}
}

func (b *balsamBuilder) addBatchJob(p *source.Problems) func([]byte, int, *balsamBatchJobRec) error {
	return func(rec []byte, line int, bj *balsamBatchJobRec) error {
		if bj.bad != nil {
			return p.Bad(line, bj.bad.field, bj.bad.text, bj.bad.want, bj.bad.err)
		}
		al := &b.al
		al.id.add(bj.id.v)
		al.sched.opt(bj.sched.v, bj.sched.ok)
		al.site.opt(bj.site.v, bj.site.ok)
		al.nodes.opt(bj.nodes.v, bj.nodes.ok)
		al.wall.opt(bj.wall.v, bj.wall.ok)
		al.start.opt(bj.start.v, bj.start.ok)
		al.end.opt(bj.end.v, bj.end.ok)
		al.project.add(bstr(bj.project))
		al.queue.add(bstr(bj.queue))
		al.mode.add(bstr(bj.mode))
		al.state.add(bstr(bj.state))
		b.scratch = formatTagPairs(b.scratch[:0], bj.filter)
		al.filter.add(bstr(b.scratch))
		return nil
	}
}

// jobsDone indexes the jobs by id and pads the tag columns to one row
// per job.
func (b *balsamBuilder) jobsDone() {
	b.slot.build(b.slotJob)
	for _, col := range b.tagCols {
		for col != nil && col.length() < b.nRows {
			col.null()
		}
	}
}

// reserveJobs makes room for n jobs in the columns the load builds.
func (b *balsamBuilder) reserveJobs(n int) {
	jb := &b.jb
	b.jobHint = n
	b.slotJob = slices.Grow(b.slotJob, n)
	jb.batch.reserve(n)
	if b.tagText {
		jb.tags.reserve(n)
	}
	if b.jobCols {
		reserve(n, &jb.job, &jb.workdir, &jb.state, &jb.parents, &jb.app, &jb.rc, &jb.nodes, &jb.rpn, &jb.tpr, &jb.npc, &jb.wall, &jb.lastUpdate, &jb.gpr)
	}
}

// reserveEvents makes room for n events in the columns the load builds.
func (b *balsamBuilder) reserveEvents(n int) {
	ev := &b.ev
	reserve(n, &ev.time, &ev.id, &ev.from, &ev.to, &ev.nodes)
	b.evSlot = slices.Grow(b.evSlot, n)
	if ev.keep.job {
		ev.job.plain.reserve(n, 8*n) // job ids of up to 8 digits
	}
	if ev.keep.rc {
		ev.rc.reserve(n)
	}
	if ev.keep.errT {
		ev.errT.reserve(n)
	}
}

func (b *balsamBuilder) addEvent(p *source.Problems) func([]byte, int, *balsamEventRec) error {
	return func(rec []byte, line int, e *balsamEventRec) error {
		if e.bad != nil {
			return p.Bad(line, e.bad.field, e.bad.text, e.bad.want, e.bad.err)
		}
		s, ok := b.slot.get(e.job.v)
		if !ok {
			s = int32(len(b.slotJob))
			b.slot.set(e.job.v, s)
			b.slotJob = append(b.slotJob, e.job.v)
		}
		b.evSlot = append(b.evSlot, s)
		ev := &b.ev
		ev.time.add(e.time.v) // time and id order each job's events
		ev.id.add(e.id.v)
		if ev.keep.job {
			ev.job.addInt(e.job.v, &b.scratch)
		}
		ev.from.add(bstr(e.from))
		ev.to.add(bstr(e.to))
		if ev.keep.data {
			ev.data.addBytes(e.data)
		}
		ev.nodes.opt(e.nodes.v, e.nodes.ok)
		if ev.keep.rc {
			ev.rc.opt(e.rc.v, e.rc.ok)
		}
		if ev.keep.errT {
			ev.errT.opt(bstr(e.errText), e.hasErr)
		}
		return nil
	}
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
	tags := b.jb.tags.gather(rows)
	cols := []frame.Column{tags.col("tags")}
	for _, k := range keys {
		c := b.tagCols[k].gather(rows)
		cols = append(cols, c.col(frame.TagPrefix+k))
	}
	return cols
}

func (b *balsamBuilder) eventsFrame(d *source.Dataset, keys []string) *frame.Frame {
	ev := &b.ev
	rows := make([]int32, len(b.evSlot))
	for i, s := range b.evSlot {
		rows[i] = b.rowOf(s)
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
	add("time", func() frame.Column { return ev.time.times("time") })
	add("id", func() frame.Column { return ev.id.col("id") })
	add("job", func() frame.Column { return ev.job.col("job") })
	add("from_state", func() frame.Column { return ev.from.col("from_state") })
	add("to_state", func() frame.Column { return ev.to.col("to_state") })
	add("data", func() frame.Column { return ev.data.col("data") })
	add("num_nodes", func() frame.Column { return ev.nodes.col("num_nodes") })
	add("returncode", func() frame.Column { return ev.rc.col("returncode") })
	add("error", func() frame.Column { return ev.errT.col("error") })
	add("batch_job", func() frame.Column {
		batch := b.jb.batch.gather(rows)
		return batch.col("batch_job")
	})
	add("tags", func() frame.Column {
		tags := b.jb.tags.gather(rows)
		return tags.col("tags")
	})
	for _, k := range keys {
		add(frame.TagPrefix+k, func() frame.Column {
			c := b.tagCols[k].gather(rows)
			return c.col(frame.TagPrefix + k)
		})
	}
	return frame.New(cols...)
}

// balsamAttempts are the columns of the tasks frame.
type balsamAttempts struct {
	job, state, raw, reason                     strCol
	task, attempt, submit, start, end, exit, id intCol
	nodes                                       floatCol
	rows                                        []int32 // jobs-file row of each attempt
}

// attempts walks each job's events in time order (id breaks ties): every
// -> RUNNING event starts an attempt, which the job's next event leaving
// RUNNING ends. It also sets the job times (submit: leaving CREATED;
// start: the first RUNNING; end: the last event).
func (b *balsamBuilder) attempts() *balsamAttempts {
	nSlots := len(b.slotJob)
	b.submit, b.start, b.end = make([]optInt, nSlots), make([]optInt, nSlots), make([]optInt, nSlots)
	// bucket the events by slot, in input order, then sort each bucket
	first := make([]int32, nSlots+1)
	for _, s := range b.evSlot {
		first[s+1]++
	}
	for s := 0; s < nSlots; s++ {
		first[s+1] += first[s]
	}
	order := make([]int32, len(b.evSlot))
	next := append([]int32(nil), first[:nSlots]...)
	for i, s := range b.evSlot {
		order[next[s]] = int32(i)
		next[s]++
	}
	times, ids := b.ev.time.v, b.ev.id.v
	before := func(x, y int32) bool {
		if times[x] != times[y] {
			return times[x] < times[y]
		}
		return ids[x] < ids[y]
	}
	var slots []int32 // slots with events, by job id
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

	t := &balsamAttempts{}
	t.job.plain = &textCol{}
	ev := &b.ev
	for _, s := range slots {
		jid := b.slotJob[s]
		row := b.rowOf(s)
		seg := order[first[s]:first[s+1]]
		submit, start, end := &b.submit[s], &b.start[s], &b.end[s]
		attempt := int64(0)
		for k, i := range seg {
			if ev.from.value(int(i)) == "CREATED" && !submit.ok {
				*submit = optInt{times[i], true}
			}
			*end = optInt{times[i], true}
			if ev.to.value(int(i)) != "RUNNING" {
				continue
			}
			if !start.ok {
				*start = optInt{times[i], true}
			}
			attempt++
			t.job.addInt(jid, &b.scratch)
			t.task.add(jid)
			t.attempt.add(attempt)
			t.id.add(ids[i])
			t.submit.opt(submit.v, submit.ok)
			t.start.add(times[i])
			t.nodes.opt(ev.nodes.v[i], ev.nodes.ok[i])
			t.rows = append(t.rows, row)
			state, raw, reason := "running", "", ""
			var stop, exit optInt
			for _, n := range seg[k+1:] {
				if ev.from.value(int(n)) != "RUNNING" {
					continue
				}
				raw = ev.to.value(int(n))
				stop = optInt{times[n], true}
				switch raw {
				case "RUN_DONE":
					state = "success"
				case "RUN_ERROR":
					state = "failed"
					exit = optInt{ev.rc.v[n], ev.rc.ok[n]}
					reason = ev.errT.value(int(n))
				case "RUN_TIMEOUT":
					state = "timeout"
				default:
					state = strings.ToLower(raw)
				}
				break
			}
			t.end.opt(stop.v, stop.ok)
			t.state.add(state)
			t.raw.opt(raw, stop.ok)
			t.exit.opt(exit.v, exit.ok)
			t.reason.opt(reason, reason != "")
		}
	}
	return t
}

func (t *balsamAttempts) frame(b *balsamBuilder, keys []string) *frame.Frame {
	n := len(t.task.v)
	cols := []frame.Column{repeat("source", "balsam", n), t.job.col("job"), t.task.col("task"), t.attempt.col("attempt"),
		frame.StringCol("worker", make([]string, n), make([]bool, n))}
	batch := b.jb.batch.gather(t.rows)
	cols = append(cols, batch.col("batch_job"),
		t.submit.times("submit"), t.start.times("start"), t.end.times("end"), t.state.col("state"), t.raw.col("raw_state"),
		t.exit.col("exit_code"), t.reason.col("reason"), t.nodes.col("req_nodes"), t.id.col("start_event"))
	return frame.New(append(cols, b.jobTagColumns(t.rows, keys)...)...)
}

// jobsFrame builds the jobs frame; attempts has set the job times.
func (b *balsamBuilder) jobsFrame(keys []string) *frame.Frame {
	jb := &b.jb
	var submit, start, end intCol
	for r := 0; r < b.nRows; r++ {
		s, _ := b.slot.get(b.slotJob[r])
		submit.opt(b.submit[s].v, b.submit[s].ok)
		start.opt(b.start[s].v, b.start[s].ok)
		end.opt(b.end[s].v, b.end[s].ok)
	}
	cols := []frame.Column{jb.job.col("job"), jb.workdir.col("workdir"), jb.state.col("state"), submit.times("submit"),
		start.times("start"), end.times("end"), jb.rc.col("exit_code"), jb.batch.col("batch_job"), jb.app.col("app_id"),
		jb.nodes.col("num_nodes"), jb.rpn.col("ranks_per_node"), jb.tpr.col("threads_per_rank"), jb.gpr.col("gpus_per_rank"),
		jb.npc.col("node_packing_count"), jb.wall.col("wall_time_min"), jb.lastUpdate.times("last_update"),
		jb.parents.col("parent_ids"), jb.tags.col("tags")}
	for _, k := range keys {
		cols = append(cols, b.tagCols[k].col(frame.TagPrefix+k))
	}
	return frame.New(cols...)
}

func (b *balsamBuilder) allocationsFrame() *frame.Frame {
	al := &b.al
	return frame.New(al.id.col("id"), al.sched.col("scheduler_id"), al.site.col("site_id"),
		al.project.col("project"), al.queue.col("queue"), al.nodes.col("nodes"), al.wall.col("wall_time_min"),
		al.mode.col("job_mode"), al.state.col("state"), al.start.times("start"), al.end.times("end"), al.filter.col("filter_tags"))
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
