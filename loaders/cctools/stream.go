package cctools

import (
	"fmt"
	"maps"
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// Streaming (Options.Batch). Every BatchRows records the loader hands
// over what no later record can change: the attempts of the tasks that
// ended (DONE or CANCELED, nothing open), every task of a run the log
// has left (a new MANAGER START), and the events, transfers and category
// records read. It then forgets those tasks, so it holds the tasks still
// queued or running, their rows, and the workers (an entity frame, in
// the final dataset).
//
// The source, workqueue or taskvine, is decided by the markers seen
// before the first batch; a TaskVine marker seen only later keeps the
// first label, with a warning.

// txnStream is the state of a streaming load.
type txnStream struct {
	batch func(*source.Dataset) error `snap:"-"`
	rows  int                         `snap:"-"` // BatchRows
	since int                         // records since the last batch
	ended []int32                     // slots of the tasks that ended since the last batch
	final []int32                     // slots of the tasks marked for the next batch
	label string                      // the source named in the first batch
	atEnd bool                        // the batches are those of the tasks left at the end
}

// ended notes that t ended for good, for the next batch.
func (c *txnLoader) ended(t *taskState) {
	if c.stream.batch != nil && !t.open {
		c.stream.ended = append(c.stream.ended, t.idx)
	}
}

// source returns the dataset's source: the first batch's, or what the
// markers say.
func (c *txnLoader) source() string {
	switch {
	case c.stream.label != "":
		return c.stream.label
	case c.tv:
		return TaskVine
	}
	return WorkQueue
}

// flush hands the rows complete over to Options.Batch and forgets them.
func (c *txnLoader) flush() error {
	c.stream.since = 0
	c.freezeLabel()
	run := max(c.run, 0)
	for _, old := range slices.Sorted(maps.Keys(c.ids)) {
		if old < run { // every task of a run the log has left
			tt := c.ids[old]
			tt.each(func(id int64, r taskRef) { c.markFinal(c.materialize(tt, old, id, r)) })
			delete(c.ids, old)
		}
	}
	tt := c.table()
	for _, i := range c.stream.ended {
		if t := c.tasks.at(i); !t.final && t.done != 0 && !t.open {
			c.markFinal(t)
			tt.set(t.id, refGone)
		}
	}
	c.stream.ended = c.stream.ended[:0]
	return c.emit(c.line)
}

// finishStream, at the end of a streaming load, marks every task left
// final, handing them over BatchRows tasks at a time: a task only queued
// takes a taskState only until its batch. The last of them are the final
// dataset's.
func (c *txnLoader) finishStream() error {
	c.freezeLabel()
	c.stream.atEnd = true
	var err error
	for _, run := range slices.Sorted(maps.Keys(c.ids)) {
		tt := c.ids[run]
		tt.each(func(id int64, r taskRef) {
			if err == nil {
				c.markFinal(c.materialize(tt, run, id, r))
				if len(c.stream.final) >= c.stream.rows {
					err = c.emit(0)
				}
			}
		})
		delete(c.ids, run)
	}
	return err
}

// freezeLabel fixes the source at its first batch.
func (c *txnLoader) freezeLabel() {
	if c.stream.label == "" {
		c.stream.label = c.source()
	}
}

// markFinal marks t for the next batch, with its row if it never ran,
// and takes it off its worker's open attempts (it may be open when its
// run ended).
func (c *txnLoader) markFinal(t *taskState) {
	if t.final {
		return
	}
	t.final = true
	c.stream.final = append(c.stream.final, t.idx)
	c.neverRanRow(t)
	if t.on > 0 {
		delete(c.workers[t.on-1].open, t)
		t.on = 0
	}
}

// emit hands the tasks marked final, and the records read since the
// last batch, over to Options.Batch, and frees their slots. A batch that
// ends at line n (0: at the input's end, where the tasks left are handed
// over) carries, asked for and near the input's end, the checkpoint of
// what is left (records.Position.Checkpoint).
func (c *txnLoader) emit(n int) error {
	d, err := c.handOver()
	for _, i := range c.stream.final {
		c.tasks.release(i)
	}
	c.stream.final = c.stream.final[:0]
	if err != nil {
		return err
	}
	d.AtEnd = c.stream.atEnd
	if n > 0 && c.checkpoints && c.pos.Checkpoint() {
		if d.Checkpoint, err = c.checkpoint(n); err != nil {
			return err
		}
	}
	return c.stream.batch(d)
}

// handOver builds the batch of the tasks marked final and of the records
// read since the last, and keeps the other rows.
func (c *txnLoader) handOver() (*source.Dataset, error) {
	var out, kept []int32
	for i, task := range c.rows.task {
		if c.tasks.at(task).final {
			out = append(out, int32(i))
		} else {
			kept = append(kept, int32(i))
		}
	}
	d := &source.Dataset{Source: c.stream.label, Files: []string{c.p.File}, Frames: map[string]*frame.Frame{}}
	rows := c.rows.take(out)
	if c.wants(schema.Tasks) {
		d.Frames[schema.Tasks] = c.tasksFrame(d, d.Source, rows, c.meas.gather(out))
	}
	if c.wants(schema.Placements) {
		d.Frames[schema.Placements] = c.placementsFrame(rows)
	}
	c.lineFrames(d)
	c.ev, c.xfer, c.cat = c.ev.fresh(), c.xfer.fresh(), categoryCols{}
	// the rows kept are renumbered: their tasks' current rows follow.
	// They get room for as many rows as were handed over, about what
	// the next batch adds, rather than growing by doubling from the few
	// attempts still open, which left each batch's columns about once
	// more as garbage.
	c.meas.retain(kept, len(out))
	for j, i := range kept {
		if t := c.tasks.at(c.rows.task[i]); t.cur == i {
			t.cur = int32(j)
		}
	}
	c.rows = c.rows.take(kept)
	c.rows.reserve(len(out))
	for name, f := range d.Frames {
		if f.Err() != nil {
			return nil, fmt.Errorf("%s: the %s %s frame: %w", c.p.File, d.Source, name, f.Err())
		}
	}
	return d, nil
}
