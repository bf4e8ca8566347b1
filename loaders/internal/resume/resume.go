// Package resume holds what the loaders that resume
// (source.Format.Resumes) share: their state saved at a checkpoint
// (loaders/internal/snapshot), restored from one, and where a load that
// goes on from one starts reading.
package resume

import (
	"fmt"
	"io"

	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/internal/snapshot"
	"github.com/jobframe/jobframe/loaders/source"
)

// Saver encodes a loader's state at its checkpoints, with the
// snapshot.Codec it makes at the first. The zero Saver is ready to use.
type Saver struct {
	codec *snapshot.Codec
}

// Save returns the checkpoint just after line n, whose line end is at
// byte offset after, holding the state of the struct v points to; file
// names the input in an error.
func (s *Saver) Save(v any, file string, n int, after int64) (*source.Checkpoint, error) {
	if s.codec == nil {
		codec, err := snapshot.NewCodec(v)
		if err != nil {
			return nil, fmt.Errorf("%s: the checkpoint after line %d: %w", file, n, err)
		}
		s.codec = codec
	}
	state, err := s.codec.Encode(v)
	if err != nil {
		return nil, fmt.Errorf("%s: the checkpoint after line %d: %w", file, n, err)
	}
	return &source.Checkpoint{Offset: after, Line: n, State: state}, nil
}

// Restore sets the struct v points to, made for a load from the start,
// to the state of checkpoint c. p and key point to v's problems and its
// options' source.ResumeKey: the checkpoint must have been set under the
// same key, and the problems keep this load's input name and mode (the
// warnings restored name the input as this load does). An error wraps
// source.ErrResume.
func Restore(c *source.Checkpoint, v any, p *source.Problems, key *string) error {
	file, lenient, now := p.File, p.Lenient, *key
	if err := snapshot.Decode(c.State, v); err != nil {
		return fmt.Errorf("%s: %w: %w", file, source.ErrResume, err)
	}
	if err := source.CheckResumeKey(file, *key, now); err != nil {
		return err
	}
	for i := range p.Warnings {
		p.Warnings[i].File = file
	}
	p.File, p.Lenient = file, lenient
	return nil
}

// Start returns the number of the first line a load of r reads (1, or
// the line after checkpoint c) and sets pos to the offset r starts at;
// when c is set it first calls restore with it.
func Start(c *source.Checkpoint, r io.Reader, pos *records.Position, restore func(*source.Checkpoint) error) (first int, err error) {
	first, from := 1, int64(0)
	if c != nil {
		if err := restore(c); err != nil {
			return 0, err
		}
		first, from = c.Line+1, c.Offset
	}
	pos.StartAt(from, source.InputSize(r))
	return first, nil
}
