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

// SpanOnly returns, by frame, the columns for which a report reads the
// rows of a frame it otherwise reads only for the span of its times
// (loaders.Options.SpanOnly): the events are read for Balsam's
// transitions (to_state), and otherwise only for the data's span, which
// a lake's footers give without their rows. For a load the report cuts
// to a window or filters (--from, --to, --where), whose cuts apply to
// rows.
func SpanOnly() map[string][]string {
	return map[string][]string{schema.Events: {"to_state"}}
}

// unread are, by frame, the columns of the tasks and placements that no
// section reads: loaders' bookkeeping (line numbers, HyperQueue's
// instance and variant, resource policy and worker list), the state as
// the source words it, the worker of a task (the sections of workers
// read the placements'), and what placements hold of a task's request
// beyond its CPUs. On the 10M-task HyperQueue journal's lake they are
// 0.75 GB of the 2.7 GB of columns the report held.
var unread = map[string][]string{
	schema.Tasks:      {"instance", "variant", "n_workers", "workers", "worker", "policy", "start_line", "end_line", "raw_state", "req_estimated"},
	schema.Placements: {"gpus", "mem_mb", "root"},
}

// Omit returns, by frame, the columns a report never reads of the
// frames it reads whole, for its load's projection (loaders.Options
// .Omit), but for extra (those --with and --where read).
func Omit(extra ...string) map[string][]string {
	out := make(map[string][]string, len(unread))
	for name, cols := range unread {
		out[name] = slices.DeleteFunc(slices.Clone(cols), func(c string) bool { return slices.Contains(extra, c) })
	}
	return out
}
