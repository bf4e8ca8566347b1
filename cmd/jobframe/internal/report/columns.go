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
// .Columns): of the events, their time and Balsam's transitions; of the
// tasks, jobs and allocations, their canonical columns and those of read
// (a jobs frame also the tasks', which a Slurm job stands for). extra
// are more columns to keep where a frame has them (those --with and
// --where read). Every column is optional (source.Optional): a frame
// keeps those it has. A HyperQueue journal's events are two per task
// attempt, each with its JSON: a report of the 10M-task journal's lake
// then reads their times alone; of a lake of 300,000 sacct jobs with
// every field, the report reads 0.17 GB of columns instead of 0.75.
func Columns(extra ...string) map[string][]string {
	out := map[string][]string{schema.Events: source.OptionalColumns(slices.Concat([]string{"time"}, balsamEvents, extra)...)}
	for name, cols := range read {
		if name == schema.Jobs { // a Slurm job stands for its steps (usageFrame): the tasks' columns
			cols = slices.Concat(cols, canonical(schema.Tasks), read[schema.Tasks])
		}
		out[name] = source.OptionalColumns(slices.Concat(tags, canonical(name), cols, extra)...)
	}
	for _, name := range unreadFrames { // their rows and times count in the data's span and the runs'
		out[name] = source.OptionalColumns(slices.Concat(tags, schema.Begins(), schema.Ends(), extra)...)
	}
	return out
}

// canonical returns the core columns of frame name (schema.Lookup).
func canonical(name string) []string {
	f, _ := schema.Lookup(name)
	var out []string
	for _, c := range f.Columns {
		out = append(out, c.Name)
	}
	return out
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

// unreadFrames are the frames no section reads but for their times (the
// data's span, the runs'): EPMT's threads, the resource monitor's
// samples, cctools' categories.
var unreadFrames = []string{schema.Threads, schema.Samples, schema.Categories}

// tags are the columns a load adds to every frame that a report reads.
var tags = []string{"run", "source"}

// read are, by frame, the columns beyond the canonical ones
// (schema.Lookup) that a report may read of the frames whose sources
// write many more (a sacct dump with every field: 126 columns of tasks,
// 123 of jobs), for their projection. Some sections read them
// (TestReportColumns: the report of the canonical columns and these is
// the report of the frames whole, on every bundled sample); the others
// are names the report's or the ops' code quotes that a sample's frame
// holds (TestReportColumnsListed), kept so that a path no sample takes
// does not lose a column unseen.
var read = map[string][]string{
	schema.Tasks: {"job_name", "reason", "step", "final", "measured_fallback", "library", "bandwidth_mbps", "cpus",
		"batch_job", "eligible", "file", "line", "partition", "resources", "samples", "user"},
	schema.Jobs: {"status", "partition", "cpu_time", "cpu_time_s", "wall_time_s", "mem_mb", "energy_j", "gpu_util_pct",
		"req_cpus", "req_mem_mb", "req_time_s", "makespan_s", "duration", "duration_us", "num_procs",
		"eligible", "failures", "file", "host", "line", "nodes", "parent", "path", "resources", "runs", "tasks_failed"},
	schema.Allocations: {"cpus", "eligible", "gpus", "job_name", "jobname", "mem_mb", "partition", "queue_s",
		"scheduler_id", "status", "user", "wait_s"},
}
