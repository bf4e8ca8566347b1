package source

// Run is one run of a workflow system in a load: the inputs one Load of
// a format read together (a journal, a Work Queue transactions log with
// its performance log, a Balsam folder's dumps, an EPMT job's files). A
// load of several runs holds one Run each, in input order; every frame
// of such a load has a "run" column whose value is the run's Name, and a
// task is identified by (run, job, task), never by its id alone.
type Run struct {
	// Name labels the run in the "run" column and in reports: the
	// shortest trailing part of its first file's path that tells it from
	// the other runs of the load ("run1/transactions.log"), or the file's
	// base name when the load holds one run. Runs whose first files have
	// the same path are told apart by " #2", " #3", ...
	Name string
	// Source is the Dataset.Source of the run's load (one of its
	// format's Sources).
	Source string
	// Files are the run's inputs, in the order read.
	Files []string
	// Start and End are the earliest and latest time recorded in the
	// run (its log's first and last record for an ordered log, else the
	// earliest and latest timestamp in any of its frames), in µs since
	// the Unix epoch (UTC); HasSpan is false when the run holds no time.
	Start, End int64
	HasSpan    bool
}
