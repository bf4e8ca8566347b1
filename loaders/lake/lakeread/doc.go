// Package lakeread reads a lake written by jobframe ingest (package
// lake) back into datasets, so that every analysis of jobframe runs on
// it as on the logs it came from: loaders.Open(LAKE) uses it.
//
// Only what the manifest says is committed is read: each committed entry
// (one ingested input group) becomes one dataset, its frames the
// entry's Parquet parts stacked in order, with the lake's input column
// dropped (loaders.Open names each input's rows in its file column, as
// it does for logs) and the source column, which the lake keeps in the
// folder names, put back where the canonical schema has it. A file in
// a frame's folder that no committed entry lists (a half-written part,
// a file copied in) is not read, and a warning names it; an entry left
// committing by an interrupted ingest is not read either, and a warning
// says to run the ingest again.
//
// Reads are pruned before any file is opened: by frame and column
// (Options.Frames and Options.Columns, as source.Options has them: a
// Parquet column not asked for is not decoded), by source system
// (Options.Sources) and by day partition (Options.FromDay, ToDay); the
// frames with a source column (tasks) are also pruned by a test of it
// (Options.SourceRows: only the footers and times of the other systems'
// files are read, so that runs are spanned as before the cut). A frame
// the caller reads only for the span of its times, but for rows with
// certain columns (Options.SpanOnly: the report's events, read for
// Balsam's transitions), has its other row groups' spans read from
// their footers' statistics, not their rows (source.Dataset.Skimmed).
// The rows of a frame come in the lake's order: by day, then as
// ingested.
package lakeread
