package hyperqueue

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/arena"
	"github.com/jobframe/jobframe/loaders/source"
)

// flush hands the rows completed since the last batch, which ends at
// line n, to Options.Batch (the attempts that have ended, with their
// placements, and the events and overview samples read) and forgets
// them, so that a streaming load holds only the attempts still open, the
// tasks that may run again and the workers, jobs and allocations; asked
// for, a batch near the input's end carries the checkpoint of what is
// left (records.Position.Checkpoint).
func (h *loader) flush(name string, n int) error {
	h.sinceFlush = 0
	var done, open []*attemptState
	for _, a := range h.attempts {
		if a.open {
			open = append(open, a)
		} else {
			done = append(done, a)
		}
	}
	d := &source.Dataset{Source: Source, Files: []string{name}, Frames: map[string]*frame.Frame{}}
	if h.want == nil || h.want[schema.Tasks] {
		d.Frames[schema.Tasks] = h.tasksFrame(done)
	}
	if h.want == nil || h.want[schema.Placements] {
		d.Frames[schema.Placements] = h.placementsFrame(done)
	}
	if h.want == nil || h.want[schema.Events] {
		d.Frames[schema.Events] = h.eventsFrame()
	}
	if h.want == nil || h.want[schema.Perf] {
		d.Frames[schema.Perf] = h.perfFrame()
	}
	for fname, f := range d.Frames {
		if f.Err() != nil {
			return fmt.Errorf("%s: the hyperqueue %s frame: %w", name, fname, f.Err())
		}
	}
	h.ev, h.perf = h.ev.fresh(), perfCols{}
	h.forget(done, open)
	if h.pos.Checkpoint() && h.checkpoints {
		c, err := h.checkpoint(n)
		if err != nil {
			return err
		}
		d.Checkpoint = c
	}
	return h.batch(d)
}

// forget drops the attempts handed over (done) and moves those kept into
// fresh memory, so that the arena blocks of the dropped ones are freed: a
// task that ended for good (success, failure, cancel) leaves the task
// index; one whose attempt was lost stays there, as its next attempt
// counts on from it; the open attempts stay in the index and, in start
// order, in their workers' lists.
func (h *loader) forget(done, open []*attemptState) {
	var fresh arena.Arena[attemptState]
	for _, a := range done {
		switch h.words.Text(a.state) {
		case schema.Success, schema.Failed, schema.Canceled:
			h.byTask.forget(a.key, a)
			if a.multi != 0 {
				h.multi[a.multi-1] = nil
			}
		default:
			h.byTask.replace(a.key, a, fresh.New(*a))
		}
	}
	h.wopen.clear()
	for i, a := range open {
		b := fresh.New(*a)
		h.byTask.replace(a.key, a, b)
		open[i] = b
		for k := range h.nShares(b) {
			h.wopen.of(h.share(b, k).worker).add(b)
		}
	}
	h.attempts = open
	h.arena = fresh
}
