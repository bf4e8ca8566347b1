package balsam

// The builder: jobs, batch jobs and events as they are read, and the
// events frame.

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/source"
)

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
		if skip, err := recordProblems(p, line, &j.utf8Check, j.bad); skip {
			return err
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
		if skip, err := recordProblems(p, line, &bj.utf8Check, bj.bad); skip {
			return err
		}
		if bj.start.OK && bj.end.OK && bj.end.V < bj.start.V { // a batch job of negative length would take nodes away
			return p.Bad(line, "end_time", frame.FormatMicros(bj.end.V), "a time at or after the batch job's start_time ("+frame.FormatMicros(bj.start.V)+")", nil)
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
		if skip, err := recordProblems(p, line, &e.utf8Check, e.bad); skip {
			return err
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
