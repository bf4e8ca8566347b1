package cctools

import (
	"fmt"

	"github.com/jobframe/jobframe/loaders/internal/snapshot"
	"github.com/jobframe/jobframe/loaders/source"
)

// checkpoint returns where a later load can go on from: just after line
// n, whose batch has been handed over, with what the loader holds (the
// tasks still queued or running and their rows, the task tables, the
// workers, the words, requests and measured columns named so far, and
// the warnings so far).
func (c *ccLoader) checkpoint(n int) (*source.Checkpoint, error) {
	if c.codec == nil {
		codec, err := snapshot.NewCodec(c)
		if err != nil {
			return nil, fmt.Errorf("%s: the checkpoint after line %d: %w", c.p.File, n, err)
		}
		c.codec = codec
	}
	state, err := c.codec.Encode(c)
	if err != nil {
		return nil, fmt.Errorf("%s: the checkpoint after line %d: %w", c.p.File, n, err)
	}
	return &source.Checkpoint{Offset: c.pos.After, Line: n, State: state}, nil
}

// resume sets c, made for a load from the start, to the state of
// checkpoint cp: the warnings kept name the input as this load does, and
// what a snapshot leaves out is set again (the measured columns' filter,
// the workers' open attempts).
func (c *ccLoader) resume(cp *source.Checkpoint) error {
	file, lenient, keep, key := c.p.File, c.p.Lenient, c.meas.keep, c.key
	if err := snapshot.Decode(cp.State, c); err != nil {
		return fmt.Errorf("%s: %w: %w", file, source.ErrResume, err)
	}
	if err := source.CheckResumeKey(file, c.key, key); err != nil {
		return err
	}
	for i := range c.p.Warnings {
		c.p.Warnings[i].File = file
	}
	c.p.File, c.p.Lenient = file, lenient
	c.meas.keep = keep
	if c.meas.syms != c.syms {
		return fmt.Errorf("%s: %w: the measured columns' symbols are not the loader's", file, source.ErrResume)
	}
	for _, w := range c.workers {
		w.open = map[*ccTask]bool{}
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
