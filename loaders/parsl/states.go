package parsl

import (
	"sort"

	"github.com/jobframe/jobframe/frame/schema"
)

// stateOf maps the names of parsl.dataflow.states.States, as the status
// table holds them, to the vocabulary. A try that failed is failed even
// when Parsl retries its task (fail_retryable: the next try is another
// row); a task whose dependency failed never ran (dep_fail: canceled);
// a memoized result (memo_done) is a success that ran nothing. The 2019
// schema writes "done" for exec_done.
var stateOf = map[string]string{
	"unsched":        schema.Waiting,
	"pending":        schema.Waiting,
	"launched":       schema.Waiting,
	"running":        schema.Running,
	"running_ended":  schema.Running,
	"joining":        schema.Running,
	"exec_done":      schema.Success,
	"done":           schema.Success,
	"memo_done":      schema.Success,
	"failed":         schema.Failed,
	"fail_retryable": schema.Failed,
	"dep_fail":       schema.Canceled,
}

// stateNames lists the names stateOf knows, sorted.
func stateNames() []string {
	out := make([]string, 0, len(stateOf))
	for n := range stateOf {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// blockEnded reports whether a block status (parsl.jobs.states.JobState)
// ends the block.
func blockEnded(s string) bool {
	switch s {
	case "CANCELLED", "COMPLETED", "FAILED", "TIMEOUT", "MISSING", "SCALED_IN":
		return true
	}
	return false
}
