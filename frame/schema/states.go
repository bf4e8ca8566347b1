package schema

// The task states of the canonical "state" column. A source's own word
// for a state stays in "raw_state".
const (
	Waiting   = "waiting"   // submitted, not started
	Running   = "running"   // started, no end recorded
	Success   = "success"   // ended with success
	Failed    = "failed"    // ended with a failure of the task itself
	Canceled  = "canceled"  // canceled by the user or the system
	Lost      = "lost"      // its worker was lost, or it was restarted elsewhere
	Exhausted = "exhausted" // exceeded its resources (Work Queue, TaskVine)
	Forsaken  = "forsaken"  // given up by the manager without a result (TaskVine)
	Timeout   = "timeout"   // exceeded its time limit

	LibraryExit = "library_exit" // a TaskVine library instance that ended
)

// States returns the task state vocabulary, in the order above.
func States() []string {
	return []string{Waiting, Running, Success, Failed, Canceled, Lost, Exhausted, Forsaken, Timeout, LibraryExit}
}

// KnownState reports whether state is in the vocabulary.
func KnownState(state string) bool {
	for _, s := range States() {
		if s == state {
			return true
		}
	}
	return false
}

// Ended reports whether state is that of an attempt that ended: any
// state of the vocabulary but waiting and running (and not the empty
// state of a source that records none).
func Ended(state string) bool {
	return state != "" && state != Waiting && state != Running
}

// Failure reports whether state is that of an attempt that ended without
// doing its work: every ended state but success and library_exit (a
// TaskVine library instance that ends, as every one does when its
// manager stops, is not a task failing).
func Failure(state string) bool {
	return Ended(state) && state != Success && state != LibraryExit
}
