package source

import "errors"

// Checkpoint is a place in a log where a streaming load can stop and a
// later load of the log, grown since, go on: just after the last line of
// a batch handed to Options.Batch, with what the loader held open there
// (the attempts still queued or running, the workers, jobs and
// allocations, the warnings so far). A load asked for them
// (Options.Checkpoints) sets one on the last batches before the input's
// end; a load given one (Options.Resume) reads the input from Offset and
// hands over the batches, and returns the dataset, that a load from
// the start would give after it.
type Checkpoint struct {
	// Offset is the bytes of the input before the checkpoint (the
	// batch's last line and its line end included): where reading goes
	// on.
	Offset int64
	// Line is the number of that last line (1-based).
	Line int
	// State is what the loader held, in its own encoding: only that
	// loader, in the same jobframe, reads it back.
	State []byte
}

// ErrResume is a load that cannot go on from the Checkpoint it was
// given: its format does not resume, its input is compressed or not
// one file, or the state is of another loader or jobframe or damaged.
// The input is then to be read from its start.
var ErrResume = errors.New("cannot go on from the checkpoint")
