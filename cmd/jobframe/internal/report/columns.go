package report

import (
	"slices"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// balsamEvents are the columns of Balsam's state transitions that the
// utilization and throughput sections read (ops.UtilizationReport,
// ops.ThroughputReport).
var balsamEvents = []string{"id", "job", "from_state", "to_state", "num_nodes"}

// Columns returns, by frame, the columns a report reads of the frames it
// does not read whole, for its load's projection (loaders.Options
// .Columns): of the events, their time and Balsam's transitions. extra
// are more columns to keep where a frame has them (those --with and
// --where read). Every column is optional (source.Optional): a frame
// keeps those it has. A HyperQueue journal's events are two per task
// attempt, each with its JSON: a report of the 10M-task journal's lake
// then reads their times alone.
func Columns(extra ...string) map[string][]string {
	var events []string
	for _, c := range slices.Concat([]string{"time"}, balsamEvents, extra) {
		if c = source.Optional(c); !slices.Contains(events, c) {
			events = append(events, c)
		}
	}
	return map[string][]string{schema.Events: events}
}
