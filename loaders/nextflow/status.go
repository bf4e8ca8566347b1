package nextflow

import "github.com/jobframe/jobframe/frame/schema"

// stateOf maps a Nextflow task status (TaskStatus as the trace prints
// it) to the state vocabulary. CACHED is a task a resumed run took from
// an earlier run's results: it succeeded then, and keeps raw_state
// CACHED. ok is false for a word Nextflow does not print.
func stateOf(status string) (string, bool) {
	switch status {
	case "COMPLETED", "CACHED":
		return schema.Success, true
	case "FAILED":
		return schema.Failed, true
	case "ABORTED":
		return schema.Canceled, true
	case "NEW", "SUBMITTED":
		return schema.Waiting, true
	case "RUNNING":
		return schema.Running, true
	}
	return "", false
}
