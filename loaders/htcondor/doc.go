// Package htcondor reads HTCondor's job event log (the file a submit
// description's log = names, which DAGMan and Pegasus read too), in its
// classic text form, into jobframe's canonical frames: Load reads one
// log, Format describes the format to loaders.OpenWith
// (docs/formats.md#htcondor-job-event-logs).
//
// An event is a first line, "005 (123.000.000) 2025-04-28 10:46:11 Job
// terminated.", the lines of its body, and a line of three dots:
//
//   - The number is one of the job event log's, 000 to 046; another is
//     a bad event naming it.
//   - The id is cluster.proc.subproc; -01.-01.-01 is an event of no job
//     (HTCondor's own test logs write them): it goes to the events frame
//     only, its body unread.
//   - The date is YYYY-MM-DD HH:MM:SS (ISO_DATE, the default since 8.9,
//     with a fraction under SUB_SECOND and a Z under UTC), read in
//     Options.TimeZone, or MM/DD HH:MM:SS without a year, as older
//     versions write it: such dates are read in 2000, a year later each
//     time one falls more than half a year before the one before, and
//     the load says so.
//   - The bodies the frames read: the submit's DAG Node, the execute
//     event's SlotName and its slot's Cpus, GPUs, Memory (MB) and Disk
//     (KB), the image size's MemoryUsage (MB), the termination's
//     "(1) Normal termination (return value N)" or "(0) Abnormal
//     termination (signal N)", the Run and Total Remote Usage (Usr D
//     HH:MM:SS, Sys D HH:MM:SS), the bytes sent and received, and the
//     partitionable resources table (Usage, Request, Allocated, its
//     columns found by where their numbers end). A body line of those
//     that does not parse is a bad event naming it and its line.
//   - An event without its three dots before the next event is a bad
//     event; a log that ends inside one (still being written) has it
//     read, and a warning.
//
// Frames:
//
//   - tasks: one row per run, from an execute event to the event that
//     ends it: terminated (success with return value 0; failed with
//     another or a signal), evicted, checkpointed, a shadow exception,
//     a failed reconnect or held (lost), aborted (canceled), an
//     executable error (failed), or a new execute (lost); open at the
//     log's end, running. job is cluster.proc, category the DAG node.
//   - jobs: one row per cluster.proc: its last run, its total remote
//     CPU time, the largest memory any run used, why it was held or
//     aborted; status canceled once aborted.
//   - placements: one row per run that names its host: the slot's
//     cores, GPUs and memory.
//   - events: one row per event: its number and name, job, the rest of
//     its first line (text) and the first line of its body (detail).
package htcondor
