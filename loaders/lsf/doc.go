// Package lsf reads IBM Spectrum LSF's accounting log, lsb.acct, into
// jobframe's canonical frames: Load reads one log, LoadInputs several
// as one (lsb.acct and its rotated copies lsb.acct.N), Format describes
// the format to loaders.OpenWith (docs/formats.md#lsf-accounting-log-lsbacct).
//
// A record is one line of blank-separated fields, strings in double
// quotes (a quote inside doubled), numbers bare; its first field is its
// type:
//
//   - JOB_FINISH, a job's end, is read field by field in the order IBM
//     documents for LSF 6 to 10.1: its times are seconds since 1970 (0
//     for unset), its usage seconds and KB (-1 for unmeasured, read as
//     null), its host lists counted (numAskedHosts, numExHosts, and the
//     later lists). A record may end after maxNumProcessors, or after
//     any later group of fields (older versions write fewer); a record
//     that ends inside a group, a count past the record's end, a number
//     that does not parse or a string without its quotes is a bad
//     record naming the field. Fields after the last documented one
//     (a newer LSF's) are not read.
//   - JOB_RESIZE and EVENT_ADRSV_FINISH go to the events frame only.
//   - Any other type is a bad record naming it; a file whose first
//     record is of lsb.events (the scheduler's event log: JOB_NEW,
//     MBD_START, ...) is refused whole, naming it.
//
// A job is its jobId, with the array index in brackets for an element
// of an array (123[4]); several JOB_FINISH records of one job (it was
// requeued and ran again) are its runs, in log order.
//
// Frames:
//
//   - jobs: one row per job, its last record's fields; state is jStatus
//     in bacct's words (DONE, EXIT, with +PDONE or +PERR), status in the
//     vocabulary (see runState), exit_code and signal from exitStatus (a
//     wait(2) status), term_reason exitInfo's TERM_* name, req_cpus
//     numProcessors, cpus and nodes the slots and hosts of execHosts,
//     cpu_time_s ru_utime + ru_stime, wall_time_s the event time less
//     startTime, mem_mb and vmem_mb maxRMem and maxRSwap in MiB; every
//     other kept field under its lower_snake name.
//   - allocations: one row per job: queued (submitTime), eligible
//     (beginTime, else submitTime), start, end, cores, hosts, wait_s and
//     queue_s.
//   - tasks: one row per run, the job's name as category.
//   - placements: one row per run and execution host, its slots as cpus.
//   - events: one row per record.
package lsf
