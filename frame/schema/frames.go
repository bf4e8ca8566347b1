package schema

import "github.com/jobframe/jobframe/frame"

// The canonical frame names.
const (
	Tasks        = "tasks"        // one row per task attempt
	Placements   = "placements"   // one row per (task attempt, worker)
	Workers      = "workers"      // one row per worker connection
	Allocations  = "allocations"  // one row per batch allocation
	Events       = "events"       // one row per raw record or state transition
	Jobs         = "jobs"         // one row per job
	Procs        = "procs"        // one row per process (EPMT)
	Threads      = "threads"      // one row per thread row (EPMT)
	Perf         = "perf"         // one row per performance-log or hardware sample
	Samples      = "samples"      // one row per resource-monitor sample of a task
	Transfers    = "transfers"    // one row per file transfer
	Categories   = "categories"   // one row per resource setting of a task category
	Dependencies = "dependencies" // one row per edge of a task graph
)

// Frame describes one canonical frame: what a row is and the core
// columns a source fills when it records them.
type Frame struct {
	Name    string
	Row     string   // what one row stands for
	Columns []Column // the core columns, in their usual order
}

// Column describes one core column.
type Column struct {
	Name string
	// Type is the column's type; frame.Invalid for an id that a source
	// holds as an integer and another as text (a merged dataset holds it
	// as text).
	Type frame.Type
	Unit string // "s", "us", "MB", "bytes", "cores", ... or "" (a count, a name, a time)
	Doc  string
}

// Column returns the core column name of f.
func (f Frame) Column(name string) (Column, bool) {
	for _, c := range f.Columns {
		if c.Name == name {
			return c, true
		}
	}
	return Column{}, false
}

// Shorthands for the tables below.
const (
	i64 = frame.Int64
	f64 = frame.Float64
	str = frame.String
	tim = frame.Time
	bln = frame.Bool
	// anyID is an id column whose type the source decides (int64 or
	// string)
	anyID = frame.Invalid
)

// Frames returns the canonical frames, in the order the documentation
// lists them. The result is a new slice each call.
func Frames() []Frame {
	return []Frame{
		{Tasks, "task attempt", tasksColumns()},
		{Placements, "(task attempt, worker) pair: a task on several workers has one per worker", []Column{
			{"job", str, "", "job id"}, {"task", i64, "", "task id within its job"},
			{"attempt", i64, "", "attempt number, from 1"}, {"worker", str, "", "worker id"},
			{"root", bln, "", "the worker the attempt was started on"},
			{"start", tim, "", "attempt start"}, {"end", tim, "", "attempt end (null: still running)"},
			{"state", str, "", "final state of the attempt (States)"},
			{"cpus", f64, "cores", "cores the attempt holds on this worker"},
			{"gpus", f64, "GPUs", "GPUs held on this worker"},
			{"mem_mb", f64, "MB", "memory held on this worker"},
		}},
		{Workers, "worker connection", []Column{
			{"worker", str, "", "worker id"}, {"host", str, "", "host name"},
			{"connected", tim, "", "connection time"}, {"lost", tim, "", "disconnection time (null: still connected)"},
			{"reason", str, "", "why the worker left"},
			{"cpus", f64, "cores", "cores offered"}, {"gpus", f64, "GPUs", "GPUs offered"},
			{"mem_mb", f64, "MB", "memory offered"}, {"disk_mb", f64, "MB", "disk offered"},
		}},
		{Allocations, "batch allocation (Balsam batch job, HyperQueue autoalloc allocation)", []Column{
			{"id", anyID, "", "allocation id (Balsam's integer, HyperQueue's text)"}, {"queued", tim, "", "submission to the batch system"},
			{"start", tim, "", "start"}, {"end", tim, "", "end"},
			{"nodes", i64, "nodes", "nodes allocated"}, {"state", str, "", "state as the source words it"},
		}},
		{Events, "raw record or state transition", []Column{
			{"time", tim, "", "when it happened"}, {"line", i64, "", "line of the log it came from"},
			{"id", anyID, "", "event id (Balsam) or the task or worker it concerns (Work Queue, TaskVine)"},
			{"type", str, "", "record kind as the source words it"},
			{"job", str, "", "job id"}, {"task", i64, "", "task id"},
			{"from_state", str, "", "state before (Balsam)"}, {"to_state", str, "", "state after (Balsam)"},
			{"data", str, "", "the record's payload as JSON text"},
		}},
		{Jobs, "job", []Column{
			{"job", str, "", "job id"}, {"name", str, "", "job name"}, {"user", str, "", "owner"},
			{"submit", tim, "", "submission"}, {"start", tim, "", "start"}, {"end", tim, "", "end"},
			{"state", str, "", "state as the source words it"}, {"exit_code", i64, "", "exit status"},
			{"tags", str, "", "k:v;k:v, keys sorted"},
		}},
		{Procs, "process (EPMT/papiex)", []Column{
			{"job", str, "", "job id"}, {"host", str, "", "host name"},
			{"pid", i64, "", "process id"}, {"ppid", i64, "", "parent process id"},
			{"exename", str, "", "executable name"}, {"path", str, "", "executable path"}, {"args", str, "", "arguments"},
			{"start", tim, "", "process start"}, {"end", tim, "", "process end"},
			{"duration_us", i64, "us", "end - start"}, {"cpu_time", i64, "us", "user + system time over its threads"},
			{"exitcode", i64, "", "exit status"}, {"numtids", i64, "", "threads"},
			{"tags", str, "", "k:v;k:v, keys sorted"},
		}},
		{Threads, "thread row of a process (EPMT/papiex)", []Column{
			{"job", str, "", "job id"}, {"host", str, "", "host name"},
			{"pid", i64, "", "process id"}, {"tid", i64, "", "thread id"},
			{"start", tim, "", "thread start"}, {"end", tim, "", "thread end"},
		}},
		{Perf, "performance-log or hardware-state sample", []Column{
			{"time", tim, "", "sample time"},
		}},
		{Samples, "sample of a task's resource use over time (cctools resource_monitor time series)", []Column{
			{"task", i64, "", "task id (null when the file does not name its task)"},
			{"time", tim, "", "sample time"},
			{"cpu_time_s", f64, "s", "CPU time used so far"},
			{"mem_mb", f64, "MB", "resident memory at the sample"},
		}},
		{Transfers, "file transfer between manager and worker", []Column{
			{"time", tim, "", "end of the transfer"}, {"direction", str, "", "input or output"},
			{"task", i64, "", "task id"}, {"worker", str, "", "worker id"}, {"file", str, "", "file name"},
			{"bytes", i64, "bytes", "bytes moved"}, {"wall_s", f64, "s", "transfer time"},
		}},
		{Categories, "resource setting of a task category (Work Queue, TaskVine)", []Column{
			{"time", tim, "", "when it was set"}, {"category", str, "", "category name"},
			{"cores", f64, "cores", "cores"}, {"mem_mb", f64, "MB", "memory"}, {"disk_mb", f64, "MB", "disk"},
		}},
		{Dependencies, "edge of a task graph: the child task may start only after the parent task ends (WfCommons, TaskVine task graphs)", []Column{
			{"job", str, "", "job id (the tasks frame's job of both tasks)"},
			{"parent", i64, "", "task id of the task that must end first"},
			{"child", i64, "", "task id of the task that waits for it"},
			{"file_id", str, "", "the file the parent writes and the child reads (empty: a dependency declared without a file)"},
		}},
	}
}

// tasksColumns returns the core columns of the tasks frame.
func tasksColumns() []Column {
	return []Column{
		{"source", str, "", "the system that ran it"},
		{"job", str, "", "job id"}, {"task", i64, "", "task id within its job"},
		{"attempt", i64, "", "attempt number, from 1"}, {"worker", str, "", "worker it started on"},
		{"category", str, "", "category or process name"},
		{"submit", tim, "", "submission"}, {"start", tim, "", "attempt start"},
		{"end", tim, "", "attempt end (null: still running)"},
		{"state", str, "", "the attempt's state (States)"},
		{"raw_state", str, "", "the state as the source words it"},
		{"exit_code", i64, "", "exit status"},
		{"req_cpus", f64, "cores", "cores requested"}, {"req_gpus", f64, "GPUs", "GPUs requested"},
		{"req_mem_mb", f64, "MB", "memory requested"}, {"req_nodes", f64, "nodes", "nodes requested (Balsam packs jobs on fractions of a node)"},
		{"req_time_s", f64, "s", "time limit of the attempt (Slurm: its job's Timelimit; Nextflow: time)"},
		{"cpu_time_s", f64, "s", "measured CPU time"}, {"wall_time_s", f64, "s", "measured wall time"},
		{"mem_mb", f64, "MB", "measured peak memory"}, {"disk_mb", f64, "MB", "measured disk"},
		{"cores", f64, "cores", "measured peak cores"},
		{"gpus", f64, "GPUs", "GPUs held (Slurm AllocTRES gres/gpu, HTCondor Allocated GPUs); the report counts `req_gpus` where a source says only that"},
		{"gpu_util_pct", f64, "%", "mean GPU utilization of the attempt (Slurm TRESUsageInAve gres/gpuutil)"},
		{"gpu_mem_mb", f64, "MB", "peak GPU memory used (Slurm TRESUsageInMax gres/gpumem)"},
		{"energy_j", f64, "J", "measured energy (Slurm ConsumedEnergyRaw above 0); WfCommons gives `energy_kwh`"},
		{"tags", str, "", "k:v;k:v, keys sorted"},
	}
}

// Lookup returns the canonical frame name.
func Lookup(name string) (Frame, bool) {
	for _, f := range Frames() {
		if f.Name == name {
			return f, true
		}
	}
	return Frame{}, false
}
