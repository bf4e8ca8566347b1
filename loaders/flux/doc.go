// Package flux reads the records of the Flux framework (flux-core) into
// jobframe's canonical frames (docs/formats.md#flux):
//
//   - Jobs and LoadJobs: job-list records, as `flux jobs --json` writes
//     them ({"jobs": [...]}) or one JSON record per line (`flux jobs
//     --from-stdin`'s input, the job-list module's replies). A later
//     record of an id is a later snapshot of the job and replaces the
//     earlier in the jobs frame; every record is a row of the events
//     frame. state (1 NEW ... 64 INACTIVE) and result (1 COMPLETED, 2
//     FAILED, 4 CANCELED, 8 TIMEOUT) must be Flux's; times are seconds
//     since 1970 (kept to the µs); a field of the wrong type, an unknown
//     state or result, or a t_cleanup before t_run is a bad record
//     naming its line (and jobs[i] in a document) and field.
//   - Eventlog and LoadEventlog: one job's eventlog (RFC 21: submit,
//     depend, priority, alloc, start, finish, release, free, clean,
//     exception, ...) or its exec eventlog (init, starting, shell.*,
//     complete, done), JSON lines {timestamp, name, context}. The job
//     is named by its KVS path (job/0000/003d/6700/0000/eventlog holds
//     job 0x3d67000000) or by the file's name without its extension.
//     Another event name, a timestamp that is no time, or a context
//     that is no object is a bad record.
//
// Frames:
//
//   - jobs: one row per job: job (the id in decimal) and job_f58 (as
//     Flux shows it, ƒ and base 58), submit, start (t_run or the start
//     event), end (t_cleanup, finish or complete), state as Flux words
//     it (the result once inactive), status in the vocabulary, exit_code
//     and signal from the wait status, cores, nodes, tasks and the time
//     limit asked for, the exception that ended it.
//   - tasks: one row per job that started (Flux runs a job once).
//   - placements (job-list): one row per rank of a started job, its
//     node from the nodelist (RFC 29 host list) and an even share of its
//     cores.
//   - events: one row per record (job-list) or entry (eventlog).
package flux
