package hyperqueue

import (
	"fmt"

	"github.com/jobframe/jobframe/loaders/internal/snapshot"
	"github.com/jobframe/jobframe/loaders/source"
)

// checkpoint returns where a later load can go on from: just after line
// n, whose batch has been handed over, with what the loader holds (the
// attempts still open or lost, the tasks' index, the workers, jobs,
// submits, queues and allocations, the words and the warnings so far).
func (h *hqLoader) checkpoint(n int) (*source.Checkpoint, error) {
	state, err := snapshot.Encode(h)
	if err != nil {
		return nil, fmt.Errorf("%s: the checkpoint after line %d: %w", h.p.File, n, err)
	}
	return &source.Checkpoint{Offset: h.pos.After, Line: n, State: state}, nil
}

// resume sets h, made for a load from the start, to the state of
// checkpoint c; the warnings kept name the input as this load does.
func (h *hqLoader) resume(c *source.Checkpoint) error {
	file, lenient := h.p.File, h.p.Lenient
	if err := snapshot.Decode(c.State, h); err != nil {
		return fmt.Errorf("%s: %w: %w", file, source.ErrResume, err)
	}
	for i := range h.p.Warnings {
		h.p.Warnings[i].File = file
	}
	h.p.File, h.p.Lenient = file, lenient
	h.bytesRead = c.Offset
	return nil
}
