// Package loaders turns the records that HPC workflow systems leave behind
// into jobframe's canonical frames (see Dataset): HyperQueue journal JSON,
// Work Queue and TaskVine transaction and performance logs, Balsam API
// JSON and EPMT/papiex per-process data.
//
// Every loader fills the frames its source supports, with the same column
// names whatever the source, and keeps source-specific fields as extra
// columns. Time columns are µs UTC timestamps; units are in the column
// name's suffix (_s, _us, _mb, _bytes).
//
// Bad input: in strict mode (the default) a loader stops at the first bad
// record with an error naming the file, the line, the field, the offending
// text and what was expected (*ParseError). In lenient mode it skips bad
// records and lists each one in Dataset.Warnings. A truncated last line,
// as a log that is still being written has, is always a warning, never an
// error. Records of unknown kinds are kept in the events frame with their
// raw text, and counted in a warning.
//
// The format details each loader relies on are documented next to it, in
// the comment at the top of its file.
package loaders
