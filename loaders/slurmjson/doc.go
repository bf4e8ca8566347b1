// Package slurmjson reads Slurm accounting as sacct --json writes it (and
// slurmrestd's /slurmdb/vX/jobs, the same document) into the frames the
// slurm package makes of sacct --parsable2: Load reads one document,
// Format describes the format to loaders.OpenWith.
//
// The document is {jobs: [...], meta: {plugin: {data_parser}, slurm:
// {version, release, cluster}}, errors, warnings}, from openapi/dbv0.0.37
// (Slurm 21.08) to data_parser v0.0.45 (26.05):
//
//   - Numbers are plain, or {set, infinite, number} (v0.0.39 on), or null
//     when unset (24.11 on); unset is null, infinite a time limit's
//     UNLIMITED.
//   - States and exit statuses are a string, or an array whose first word
//     is the base state (v0.0.40 on); the flags after it are not sacct's
//     State. Exit codes are return_code:signal.
//   - A step's id is {job_id, step_id} (v0.0.39) or "123.batch" (v0.0.40
//     on); its JobID is the job's (123_4 for an array's task, 123+1 for a
//     heterogeneous component) and the step's name or number.
//   - Times are epoch seconds (0: Unknown); durations seconds; a time
//     limit minutes; CPU times {seconds, microseconds}.
//   - TRES lists ({type, name, count}) print as sacct prints AllocTRES
//     (cpu=2,gres/gpu=8,mem=1024M,node=2; mem in MiB); a step's usage
//     (tres.requested: sacct's TRESUsageIn, tres.consumed: TRESUsageOut)
//     as TRESUsageInMax and the others, and its memory maximum and
//     average as MaxRSS, AveRSS and MaxVMSize (bytes there).
//
// Each job becomes the row sacct --parsable2 prints for it and each step
// a row after it, read by the slurm package's loader: the frames, their
// columns, the state vocabulary and the node lists' placements are
// those of the text form. An error names the record (jobs[3].steps[1]
// (step batch)) and the field. A document without jobs (slurmrestd's
// answer to a failed query) is an error that says so, with its errors.
//
// The jobs array is cut on the calling goroutine while GOMAXPROCS others
// decode the jobs and write their rows (scan.go); a document off that
// path (a syntax error, jobs given twice or under another case) takes the
// general path, goccy then encoding/json, which names what is wrong. A
// test and the fuzz target hold the two paths to the same result.
package slurmjson
