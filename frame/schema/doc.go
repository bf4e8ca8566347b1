// Package schema is jobframe's canonical schema: the frames every loader
// fills (Tasks, Workers, ...), the core columns of each with their types
// and units, and the vocabulary of task states. Ops and the report ask
// it, and the frames they get, what data there is; they never branch on
// the source a dataset came from.
//
// Names are snake_case with the unit in the suffix (_s seconds, _us
// microseconds, _mb megabytes of 2^20 bytes, _bytes); timestamps are
// microseconds since the Unix epoch, UTC, and carry no suffix. Sources
// add their own columns beside the core ones and never drop them; tags
// are a "tags" column (k:v;k:v, keys sorted) plus one "tag.<key>"
// column per key.
package schema
