// Package lake ingests workflow records into a Parquet lake: a folder
// that Spark, Trino, DuckDB and pandas read as one table per canonical
// frame, across many sources and many machines.
//
// The layout is Hive's:
//
//	DIR/_manifest.json                       what was ingested (Manifest)
//	DIR/tasks/source=hyperqueue/day=2024-05-01/part-<id>-000001.parquet
//	DIR/events/source=hyperqueue/day=2024-05-01/...
//	DIR/_staging/pending/...                  an ingest under way, its hash not yet known
//	DIR/_staging/<id>/...                     an ingest about to commit
//
// where each frame's folder (DIR/tasks) is a link to _current/tasks,
// and _current a link to the current generation, _data/<N>, which holds
// the files (generation.go).
//
// One folder per frame, partitioned by the source system (hyperqueue,
// workqueue, taskvine, balsam, epmt, slurm, nextflow, wfcommons) and by
// the UTC day of each row's first time (submit, queued, connected,
// start, time, end; __HIVE_DEFAULT_PARTITION__ for rows without one).
// Each file holds the frame's columns but source, which its folder
// names, with a leading input column naming the input's files. Files of one frame
// from different sources may differ in their columns: read them by name
// (DuckDB's union_by_name, Spark's mergeSchema).
//
// Ingest is idempotent: an input whose content (SHA-256) was ingested
// is skipped. An input of other paths or sizes than an entry's is hashed
// as its load reads it (source.Options.Tee; its files staged as
// pending, renamed for its ID at the end); one probably unchanged is
// hashed first. A streaming log that has grown since (its first batches
// of rows are those ingested) is appended to: it is read again, the
// batches of rows complete at the old end are checked against their
// fingerprints in the manifest and kept, and only the rest is written
// (see append.go). Any other input whose path was
// ingested replaces its earlier rows. A streaming format
// (source.Format.Streams: the HyperQueue journal, Work Queue and
// TaskVine logs, EPMT job files, Balsam events) is written as it is
// read, one batch of complete rows at a time, so memory holds only the
// attempts still open (EPMT: a batch of processes; Balsam: the jobs, and
// the columns of every event that its job's attempts are read from); the
// other formats are read whole first.
//
// An ingest writes under _staging, then commits: it records the new
// entry in the manifest as committing, builds the next generation (hard
// links to the files kept, its own files moved in), makes it current by
// renaming one link, and marks the entry committed. Readers of the
// frames' folders see every file of an input or none of them, whenever
// the ingest is killed. The manifest is replaced by rename, so it is
// always whole. A failed or killed ingest leaves the lake as it was
// before that input (its staging folder is removed by the next run);
// one killed while committing is rolled forward by the next run.
package lake
