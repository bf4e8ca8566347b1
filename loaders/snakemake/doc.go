// Package snakemake reads Snakemake's benchmark files into jobframe's
// tasks frame (docs/formats.md#snakemake-benchmarks): Load reads one,
// LoadInputs several as one (a folder of them), Format describes the
// format to loaders.OpenWith. It reads Snakemake's run logs too
// (docs/formats.md#snakemake-run-logs): LoadLog reads one, LogFormat
// describes them; runlog.go says what a log holds.
//
// A rule's benchmark: directive writes a file with a row per run of the
// job (repeat(..., n) runs it n times): a TSV whose header names the
// columns (s, h:m:s, max_rss, max_vms, max_uss, max_pss, io_in, io_out,
// mean_load, cpu_time, and since Snakemake 8 jobid, rule_name,
// wildcards, threads, cpu_usage, resources, input_size_mb), or, for a
// file named .jsonl, a JSON object per run. The aggregated benchmark
// TSV of 2023 has jobid and rule first and a row per run of every job.
// NA is "not measured" (null); any other value that is no number, 0 or
// more, where a number belongs, or a row with another count of fields
// than the header, is a bad record naming the line and column; a
// header without s is refused. A column of a later Snakemake is kept as
// text, snakemake_NAME.
//
// Frames: tasks, one row per run: job is the file, task the jobid when
// the file has one, attempt the run's place among the job's, category
// the rule when the file names it; s as wall_time_s, cpu_time as
// cpu_time_s, max_rss, max_vms, max_uss, max_pss (MB) as mem_mb,
// vmem_mb, uss_mb, pss_mb, io_in and io_out (MB) as read_mb and
// write_mb, mean_load as mean_load_pct, threads as req_cpus. A
// benchmark holds no times of day: the tasks have no start or end.
// Snakemake writes a benchmark once its job succeeded: state success.
//
// A run log is one run: jobs, its one row (first and last time; state
// complete, failed or incomplete; steps done and in all; cores); tasks,
// one row per start of a job (jobid as task, a restart its next
// attempt, the rule as category, threads as req_cpus: 1 where the log
// prints none, as Snakemake does below 2), ended by Finished (success)
// or Error in rule (failed), running while the log goes on, without a
// state once the run stopped; events, one row per timed record. Times
// are to the second, in the host's local time (Options.TimeZone).
package snakemake
