// Package loaders turns the records that HPC workflow systems and batch
// schedulers leave behind into jobframe's canonical frames (package
// schema): Open reads any mix of the inputs of Formats (Systems names
// whose records they are), recognising each input from its content, and
// returns one Dataset.
//
// The layout:
//
//   - loaders (this package): Open and OpenWith, which expand paths,
//     decompress (gzip, zstd), offer each input to the formats of
//     Formats in order, group multi-file inputs, pair the files of one
//     run, load, merge and project; Plan, which says how a load would
//     group its inputs; Dataset, Options, Warning, ParseError and
//     Progress are those of package source.
//   - loaders/source: the contract every format implements (Format) and
//     the strict/lenient problem reporter they share.
//   - one package per format family, each with its format notes in its
//     package documentation and its golden cases in testdata/golden:
//     loaders/hyperqueue (HyperQueue journals), loaders/cctools (Work
//     Queue and TaskVine transactions and performance logs, TaskVine task
//     graphs, resource monitor series), loaders/balsam, loaders/epmt
//     (with loaders/epmt/pickle), loaders/slurm (sacct output),
//     loaders/slurmjson (sacct --json, read through loaders/slurm),
//     loaders/pbs (PBS Professional, OpenPBS and Torque accounting logs),
//     loaders/lsf (LSF's accounting log, lsb.acct), loaders/htcondor
//     (HTCondor's job event log), loaders/flux (Flux's job-list records
//     and eventlogs), loaders/snakemake (Snakemake's benchmark files
//     and run logs),
//     loaders/cromwell (a Cromwell workflow's metadata), loaders/parsl
//     (Parsl's monitoring database, SQLite),
//     loaders/nextflow (traces and timeline pages) and loaders/wfcommons
//     (WfFormat instances). A new format is a package and one line in
//     formats.go; TestFormatsAreOneList checks this list against it.
//   - loaders/lake: the Parquet lake that jobframe ingest writes.
//   - loaders/internal/...: the machinery the formats share: column
//     builders (columns), the parallel record pipeline (records), JSON
//     scanning (jsontext), word tables (words), ISO dates and times read
//     by hand (isotime), arenas and byte conversions, checkpoints
//     (snapshot, resume).
//   - loaders/sourcetest: the test harness of the format packages.
//
// Every loader fills the frames its source supports, with the same
// column names whatever the source, and keeps source-specific fields as
// extra columns. Time columns are µs UTC timestamps; units are in the
// column name's suffix (_s, _us, _mb, _bytes).
//
// Bad input: in strict mode (the default) a load stops at the first bad
// record with an error naming the file, the line, the field, the
// offending text and what was expected (*ParseError). In lenient mode it
// skips bad records and lists each one in Dataset.Warnings. A truncated
// last line, as a log that is still being written has, is always a
// warning, never an error. Records of unknown kinds are kept in the
// events frame with their raw text, and counted in a warning.
package loaders
