package cctools

import (
	"fmt"
	"maps"
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// dataset builds the dataset of a load at its end: the tasks and
// placements of the rows held, the workers, and the records read (since
// the last batch, when streaming).
func (c *txnLoader) dataset(name string) (*source.Dataset, error) {
	src := c.source()
	d := &source.Dataset{Source: src, Files: []string{name}, Frames: map[string]*frame.Frame{}}
	c.span.Set(d)
	if c.stream.batch != nil {
		if err := c.finishStream(); err != nil {
			return nil, err
		}
		if c.stream.label == WorkQueue && c.tv {
			c.p.Note(0, "source", TaskVine, "TaskVine markers appear only after the first batch was handed over as workqueue; the whole log keeps that label")
		}
	}
	// Tasks that never ran get one row (attempt 0, state waiting or
	// canceled), after the attempts, by run and task id.
	for _, run := range slices.Sorted(maps.Keys(c.ids)) {
		tt := c.ids[run]
		tt.each(func(id int64, r taskRef) { c.neverRanRow(c.materialize(tt, run, id, r)) })
	}
	if c.wants(schema.Tasks) {
		d.Frames[schema.Tasks] = c.tasksFrame(d, src, c.rows, c.meas.columns(len(c.rows.task)))
	}
	if c.wants(schema.Placements) {
		d.Frames[schema.Placements] = c.placementsFrame(c.rows)
	}
	if c.wants(schema.Workers) {
		var w struct {
			run, conn, lost  columns.Int
			id, addr, reason columns.Str
			box              boxCols
		}
		for _, x := range c.workers {
			w.run.Add(x.run)
			w.id.Opt(x.id, x.id != "(null)")
			w.addr.Opt(x.addr, x.addr != "")
			w.conn.Opt(x.connected, x.hasConnected)
			w.lost.Opt(x.lost, x.hasLost)
			w.reason.Opt(x.reason, x.hasLost)
			w.box.add(x.res)
		}
		d.Frames[schema.Workers] = frame.New(w.run.Col("run"), w.id.Col("worker"), w.addr.Col("host"), w.conn.Times("connected"),
			w.lost.Times("lost"), w.reason.Col("reason"), w.box.cores.Col("cpus"), w.box.gpus.Col("gpus"), w.box.mem.Col("mem_mb"), w.box.disk.Col("disk_mb"))
	}
	c.lineFrames(d)
	d.Warnings = c.p.Finish()
	for fname, f := range d.Frames {
		if f.Err() != nil {
			return nil, fmt.Errorf("%s: the %s %s frame: %w", name, src, fname, f.Err())
		}
	}
	return d, nil
}

// neverRanRow adds the row of a task that never ran (attempt 0, no
// start; state waiting, or canceled when it was), if t is one.
func (c *txnLoader) neverRanRow(t *taskState) {
	if t.attempts != 0 {
		return
	}
	st := "waiting"
	if t.done != 0 {
		st = "canceled"
	}
	row := c.rows.add(t.idx, &attemptStart{submit: t.queued, hasSubmit: t.hasQueued, requested: c.boxes[t.requested], state: st})
	setStr(c.rows.raw, row, c.words.Text(t.done), t.done != 0)
}

// lineFrames adds the frames of a row per record (transfers, categories,
// events) to d.
func (c *txnLoader) lineFrames(d *source.Dataset) {
	if c.wants(schema.Transfers) {
		x := &c.xfer
		d.Frames[schema.Transfers] = frame.New(x.time.Times("time"), x.run.Col("run"), x.kind.Col("kind"), x.dir.Col("direction"),
			x.task.Col("task"), x.worker.Col("worker"), x.file.Col("file"), x.bytes.Col("bytes"), x.mb.Col("size_mb"),
			x.wall.Col("wall_s"), x.start.Times("start"), x.cached.Col("cached"))
	}
	if c.wants("categories") {
		k := &c.cat
		d.Frames["categories"] = frame.New(k.time.Times("time"), k.run.Col("run"), k.name.Col("category"), k.kind.Col("kind"),
			k.mode.Col("mode"), k.cores.Col("cores"), k.mem.Col("mem_mb"), k.disk.Col("disk_mb"), k.gpus.Col("gpus"))
	}
	if c.wants(schema.Events) {
		d.Frames[schema.Events] = c.ev.frame(&c.p)
		d.Skip(schema.Events, c.ev.s.Skipped()...)
		c.skim.Set(d, schema.Events) // skimmed: its columns, no row
	}
}
