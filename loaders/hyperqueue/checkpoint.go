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
	if h.codec == nil {
		codec, err := snapshot.NewCodec(h)
		if err != nil {
			return nil, fmt.Errorf("%s: the checkpoint after line %d: %w", h.p.File, n, err)
		}
		h.codec = codec
	}
	state, err := h.codec.Encode(h)
	if err != nil {
		return nil, fmt.Errorf("%s: the checkpoint after line %d: %w", h.p.File, n, err)
	}
	return &source.Checkpoint{Offset: h.pos.After, Line: n, State: state}, nil
}

// resume sets h, made for a load from the start, to the state of
// checkpoint c, set under the same options (source.ResumeKey); the
// warnings kept name the input as this load does.
func (h *hqLoader) resume(c *source.Checkpoint) error {
	file, lenient, key := h.p.File, h.p.Lenient, h.key
	if err := snapshot.Decode(c.State, h); err != nil {
		return fmt.Errorf("%s: %w: %w", file, source.ErrResume, err)
	}
	if err := source.CheckResumeKey(file, h.key, key); err != nil {
		return err
	}
	for i := range h.p.Warnings {
		h.p.Warnings[i].File = file
	}
	h.p.File, h.p.Lenient = file, lenient
	h.bytesRead = c.Offset
	return nil
}
