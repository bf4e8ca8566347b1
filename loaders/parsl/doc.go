// Package parsl reads Parsl's monitoring database (monitoring.db, the
// SQLite file that Parsl's MonitoringHub writes) into jobframe's
// canonical frames (docs/formats.md#parsl-monitoring-database).
//
// The tables are those of parsl/monitoring/db_manager.py: workflow (one
// row per run of a Parsl program), task, try (one row per try of a
// task, since Parsl 1.0), status (every state a try passed through),
// resource (psutil samples of the process running a try), node (the
// managers of the high-throughput executor) and block (the batch jobs
// of the executors' providers). The 2019 schema, with no try table and
// every column TEXT (numbers, epoch times and Python's None as text),
// reads too. A SQLite file without the workflow, task and status tables
// is refused with the tables it lacks and those it has.
//
// A plain file is read where it lies, read-only, inside one read
// transaction, so that a database a live Parsl run is writing is read
// as one snapshot; a writer that holds its lock for more than 10 s
// makes the load fail with that reason, never half-read. Standard input
// and compressed files are read into memory (up to
// Options.MaxArchiveBytes) and read from there. Parsl writes its times
// in the local time of the host without a zone: they are read in
// Options.TimeZone (UTC when empty, with a warning).
//
// A bad value (a task id that is no number, a time that does not read,
// a state Parsl does not define) is a bad record named by its table and
// key columns (task[run_id=..., task_id=3].task_time_returned).
//
// Frames (each with a "run" column: a database holds several runs):
//
//   - jobs: one row per run: job is its run_id, name its workflow_name.
//   - tasks: one row per try (attempt = try_id + 1): job the run,
//     category the app's function name, worker the host it ran on,
//     submit the task's invocation, launched, start (running) and end
//     (returned); state from the try's last status (exec_done and
//     memo_done success, failed and fail_retryable failed, dep_fail
//     canceled, pending and launched waiting); cpu_time_s the
//     user+system time its process used from its first sample to its
//     last (psutil counts a worker process's time since it started, and
//     the worker ran other tries before: process_cpu_s keeps that
//     count; tries that share a process with others running at the same
//     time, a thread pool, are counted in a warning), mem_mb the peak
//     resident memory of its samples;
//     batch_job the block it ran in. A task that never got a try is its
//     try 0.
//   - placements: one row per try with a host.
//   - events: one row per status row.
//   - samples: one row per resource row.
//   - workers: one row per manager (node uid) of a run.
//   - allocations: one row per block of an executor in a run, with its
//     batch job id as scheduler_id.
//   - dependencies: one row per task id in a task's task_depends.
package parsl
