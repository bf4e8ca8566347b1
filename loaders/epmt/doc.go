// Package epmt reads EPMT jobs (papiex per-process CSV and TSV files
// with their job_metadata pickle, as folders or archives) into jobframe's
// canonical frames: Load reads a job's files, LoadArchive a job's
// archive, Format describes the format to loaders.OpenWith.
//
// EPMT jobs (docs/formats.md): a job is a folder or a .tgz/.tar archive
// holding ./job_metadata (a pickle, see package pickle) and papiex data:
// per-host collated CSV v1 files "<host>-collated-papiex-<jobid>-<n>.csv"
// or TSV v2 "<host>-papiex.tsv" with "<host>-papiex-header.tsv" (see
// rows.go). Values EPMT derives at ingest are reproduced:
//
//   - the host of a data file is basename.split("papiex")[0] without
//     "-collated-" and the trailing "-" ("unknown" when empty); a
//     non-empty hostname column overrides it;
//   - the job id is the metadata's job_pl_id, else the collated CSV name's
//     name.split("papiex")[-1].split("-")[1];
//   - per process: start and end from its first row, duration_us = end −
//     start, every metric summed over its threads except num_threads and
//     starttime (first row), cpu_time = usertime + systemtime (µs),
//     numtids = rows grouped; rdtsc_duration <= 0 becomes -1 and marks the
//     job papiex_error;
//   - tags "k:v;k:v" into a canonical tags column and tag.<key> columns
//     (frame.ParseTags);
//   - job times from the metadata: naive datetimes are local times of the
//     zone in the job's environment (TZ, then TIMEZONE), else
//     Options.TimeZone, else US/Eastern; duration_us = int((stop −
//     start).total_seconds() × 1e6); job tags from EPMT_JOB_TAGS in the stop
//     environment; user from job_pl_username, SLURM_JOB_USER or USER; name
//     from SLURM_JOB_NAME; root_exitcode is the exitcode of the earliest
//     starting process (EPMT's job.exitcode);
//   - every process must lie inside the job's [start, stop] (EPMT aborts
//     with "Corrupted CSV detected" otherwise): a bad record here.
//
// Files are streamed (only their first 64 KiB is looked at to tell their
// kind). Archive members are read into memory, since a tar's order is
// arbitrary and the metadata may come last, and never written to disk: a
// member whose path is absolute or climbs out of the archive ("..") is an
// error.
//
// papiex per-process rows (docs/formats.md).
//
// CSV v1 ("collated", one header row): read as Python's
// csv.DictReader(f, escapechar='\\') reads it — ',' separates, '"' quotes
// a field that starts with it ("" inside is one quote), a backslash makes
// the next character literal (so "\," does not split), and a '"' in the
// middle of an unquoted field is literal. A process is a row with a pid
// followed by its thread rows, whose per-process fields are empty; the
// process takes start and end from its first row.
//
// TSV v2: one process per line, tab-separated, in the fixed order
// threads_df, tags, hostname, exename, path, exitcode, exitsignal, pid,
// generation, ppid, pgid, sid, numtids, start, finish, args (args is the
// rest of the line: no quoting, no escaping). threads_df is
// "{v,v,...}", numtids × M values where the M metric names come from the
// first field of the header file "{name,...}\t...".
package epmt
