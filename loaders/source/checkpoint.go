package source

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

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

// ResumeKey returns, as text, what of o decides the state a loader
// keeps: the frames and columns asked for (and left out) and the time
// zone. A loader keeps it in its checkpoints and refuses, with
// ErrResume, one set under another key: its state would hold other
// columns than the load builds.
func (o Options) ResumeKey() string {
	var b strings.Builder
	frames := slices.Clone(o.Frames)
	slices.Sort(frames)
	fmt.Fprintf(&b, "frames=%q tz=%q", frames, o.TimeZone)
	for _, name := range slices.Sorted(maps.Keys(o.Columns)) {
		fmt.Fprintf(&b, " %s=%q", name, o.Columns[name])
	}
	for _, name := range slices.Sorted(maps.Keys(o.Omit)) {
		fmt.Fprintf(&b, " %s-%q", name, o.Omit[name])
	}
	return b.String()
}

// CheckResumeKey returns nil when a checkpoint's key (saved) is that of
// the options of the load going on from it (now), else an ErrResume that
// names both.
func CheckResumeKey(file, saved, now string) error {
	if saved != now {
		return fmt.Errorf("%s: %w: it was set under other options (%s) than this load's (%s)", file, ErrResume, saved, now)
	}
	return nil
}
