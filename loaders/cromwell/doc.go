// Package cromwell reads a Cromwell workflow's metadata JSON (what
// Cromwell's REST API, cromshell and Terra return for a workflow) into
// jobframe's canonical frames (docs/formats.md#cromwell-metadata).
//
// The document is the workflow: its id, workflowName, status, times and
// failures, and its calls, a list of entries per fully qualified call
// name, an entry per shard (shardIndex, -1 for none) and attempt, each
// with its executionStatus, start and end, backend and backend jobId,
// returnCode, runtimeAttributes (cpu, memory), executionEvents (its
// phases), callCaching and failures; a call that runs a subworkflow
// holds that workflow's metadata, flattened here with its path. Times
// are RFC 3339. A call status Cromwell does not define, a time that
// does not read, or a runtime cpu or memory that is no amount is a bad
// record named by its place in the document
// (calls["Main.task"][3].executionStatus). A workflow without calls is
// a run with no tasks, and the load says so.
//
// Frames:
//
//   - jobs: one row per workflow and subworkflow: state as Cromwell words
//     it, status in the vocabulary (Succeeded success, Failed failed,
//     Aborted canceled, Running running, Submitted and On Hold waiting),
//     the failures' messages, the Cromwell version.
//   - tasks: one row per call attempt: job is the root workflow's id,
//     task a number per (call, shard), category the call's name; status
//     Done or Bypassed success, Failed failed, RetryableFailure lost (a
//     preemption or a retry), Aborted canceled; cpu as req_cpus, memory
//     as req_mem_mb (GB and MB are powers of 1000, GiB and MiB of 1024,
//     as WDL says).
//   - events: one row per execution event of an attempt, with its end.
package cromwell
