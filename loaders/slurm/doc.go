// Package slurm reads Slurm accounting as sacct prints it into jobframe's
// canonical frames: Load reads one file, Format describes the format to
// loaders.OpenWith.
//
// sacct --parsable2 (or -p, or --delimiter=X) with any --format, or
// --format=ALL (docs/formats.md#slurm-accounting-sacct):
//
//   - The header line is required: fields are read by their names, in any
//     order and case. A file that starts with a record is an error saying
//     to run sacct without -n/--noheader. -p's trailing delimiter is
//     dropped; a repeated header (outputs concatenated) is skipped.
//   - sacct does not quote. A record with more fields than the header has
//     is resolved from the fields that can hold the delimiter: JobName,
//     SubmitLine and Constraints first, then Comment, AdminComment,
//     SystemComment and WorkDir; every other field must read in its form
//     (times, durations, integers, exit codes, states, JobIDs, TRES and node
//     lists). Where the extra delimiter could go to either of two free
//     texts (empty fields between them), the earlier takes it. A record
//     with fewer fields continues on the next lines (a SubmitLine holding
//     newlines) until it has them all.
//   - Rows whose JobID has no step are jobs: the jobs frame (every field,
//     with state as sacct words it and status in the state vocabulary;
//     what the job held and used under the tasks frame's names, as seff
//     reads them: req_cpus = AllocCPUS, cpu_time_s = TotalCPU,
//     wall_time_s = Elapsed, req_time_s = Timelimit, mem_mb = the largest
//     MaxRSS of the job and its steps)
//     and the allocations frame (queued = Submit, eligible, start, end,
//     nodes, cpus, gpus and mem_mb from AllocTRES, wait_s = start -
//     eligible and queue_s = start - submit, in seconds). Rows with a
//     step (.batch, .extern, .interactive, .0, .0+1) are tasks: task is
//     the step number, or Slurm's own number for a named step (batch -5,
//     extern -4, interactive -6, pending -3); step keeps the name;
//     category is the step's JobName; cpu_time_s is TotalCPU, wall_time_s
//     Elapsed, mem_mb MaxRSS; req_* come from ReqCPUS, ReqNodes, ReqMem
//     and ReqTRES, and req_time_s from the Timelimit of the step's job
//     row (sacct prints it there only). attempt counts the rows of one JobID (sacct
//     --duplicates prints each run of a requeued job).
//   - JobIDs: 123, 123_4 and 123_[1-5] (array: array_job, array_task),
//     123+1 (heterogeneous: het_job, het_component).
//   - Times have no zone (sacct prints the local time of the machine it
//     ran on): they are read in Options.TimeZone, UTC when empty. Unknown
//     and None are null.
//   - Durations [D-]HH:MM:SS, MM:SS.mmm become seconds (fields named
//     with _s); sizes with K, M, G, T, P (powers of 1024) become MiB
//     (_mb); a bare size is counted in the field's own unit (KiB for RSS
//     and VM sizes, MiB for disk and ReqMem). ReqMem's c or n suffix
//     (before Slurm 21.08: per CPU, per node) is multiplied out.
//   - States map to the vocabulary: COMPLETED success; FAILED and
//     SPECIAL_EXIT failed; CANCELLED (by N) canceled; TIMEOUT and DEADLINE
//     timeout; OUT_OF_MEMORY exhausted; NODE_FAIL, BOOT_FAIL, PREEMPTED and
//     REQUEUED lost; RUNNING, SUSPENDED, COMPLETING running; PENDING
//     waiting. An unknown state is an error naming the field.
//   - NodeList (cn[01-04,07], None assigned) is expanded into placements,
//     one row per step and node; sacct does not say how a step's CPUs,
//     GPUs and memory split over its nodes, so each node gets an even
//     share.
//   - Other fields keep their own columns, in snake_case (AllocCPUS is
//     alloc_cpus, MaxRSSNode max_rss_node), typed as above.
package slurm
