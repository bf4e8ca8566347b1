package hyperqueue

import (
	"github.com/jobframe/jobframe/loaders/internal/resume"
	"github.com/jobframe/jobframe/loaders/source"
)

// checkpoint returns where a later load can go on from: just after line
// n, whose batch has been handed over, with what the loader holds (the
// attempts still open or lost, the tasks' index, the workers, jobs,
// submits, queues and allocations, the words and the warnings so far).
func (h *loader) checkpoint(n int) (*source.Checkpoint, error) {
	return h.saver.Save(h, h.p.File, n, h.pos.After)
}

// resume sets h, made for a load from the start, to the state of
// checkpoint c (resume.Restore), its input read up to c.Offset.
func (h *loader) resume(c *source.Checkpoint) error {
	if err := resume.Restore(c, h, &h.p, &h.key); err != nil {
		return err
	}
	h.bytesRead = c.Offset
	return nil
}
