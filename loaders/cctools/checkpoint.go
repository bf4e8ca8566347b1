package cctools

import (
	"fmt"

	"github.com/jobframe/jobframe/loaders/internal/resume"
	"github.com/jobframe/jobframe/loaders/source"
)

// checkpoint returns where a later load can go on from: just after line
// n, whose batch has been handed over, with what the loader holds (the
// tasks still queued or running and their rows, the task tables, the
// workers, the words, requests and measured columns named so far, and
// the warnings so far).
func (c *txnLoader) checkpoint(n int) (*source.Checkpoint, error) {
	return c.saver.Save(c, c.p.File, n, c.pos.After)
}

// resume sets c, made for a load from the start, to the state of
// checkpoint cp (resume.Restore), and sets again what a snapshot leaves
// out: the measured columns' filter and the workers' open attempts.
func (c *txnLoader) resume(cp *source.Checkpoint) error {
	keep := c.meas.keep
	if err := resume.Restore(cp, c, &c.p, &c.key); err != nil {
		return err
	}
	file := c.p.File
	c.meas.keep = keep
	if c.meas.syms != c.syms {
		return fmt.Errorf("%s: %w: the measured columns' symbols are not the loader's", file, source.ErrResume)
	}
	for _, w := range c.workers {
		w.open = map[*taskState]bool{}
	}
	for b := range c.tasks.blocks {
		for i := range c.tasks.blocks[b] {
			t := &c.tasks.blocks[b][i]
			if t.on > 0 {
				if int(t.on) > len(c.workers) {
					return fmt.Errorf("%s: %w: task %d runs on worker %d of %d", file, source.ErrResume, t.id, t.on, len(c.workers))
				}
				c.workers[t.on-1].open[t] = true
			}
		}
	}
	return nil
}
