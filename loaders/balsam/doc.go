// Package balsam reads Balsam's REST API records (events, jobs and batch
// jobs) into jobframe's canonical frames: Load reads the files of one
// site, Format describes the format to loaders.OpenWith.
//
// Balsam REST API dumps (balsam/schemas, balsam/server; docs/formats.md):
// GET /events/ (LogEventOut), GET /jobs/ and GET /batch-jobs/ records.
//
//   - Each file holds one kind of record, as a JSON array, the API's
//     {"count": N, "results": [...]} page, or JSON lines; the kind is told
//     by the fields of the first record (to_state: events; batch_job_id or
//     node_packing_count: jobs; filter_tags or job_mode: batch jobs).
//   - Timestamps are naive UTC ISO 8601 without a zone, with microseconds
//     only when non-zero; Job.last_update carries +00:00. All become µs UTC.
//   - Events have no tags and no batch job: both come from their Job
//     (job_id), which is why the three files are loaded together.
//   - Event order is kept as given (the API's default is timestamp DESC,
//     id ASC); every event has its id.
//   - data: {"num_nodes": float} on -> RUNNING (fractional when nodes are
//     shared), {"returncode", "error"} on RUNNING -> RUN_ERROR, {"message"}
//     on skipped stage-in/out; kept as JSON text, with num_nodes, returncode
//     and error also as columns.
//   - Attempts (tasks frame): every -> RUNNING event starts one, which ends
//     at the job's next event leaving RUNNING: RUN_DONE (success),
//     RUN_ERROR (failed), RUN_TIMEOUT (timeout); without one it is running.
//     RESTART_READY -> RUNNING cycles thus give several attempts.
//   - Batch jobs become allocations (start_time/end_time, num_nodes,
//     filter_tags).
package balsam
