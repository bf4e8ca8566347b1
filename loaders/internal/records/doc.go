// Package records cuts an input into records and decodes them on every
// core: EachLine and DecodedLines for line-oriented logs, DecodedJSON for
// JSON documents (an array, an API page or JSON lines), cut into blocks
// by the decoding goroutines, and ReadAll for a whole document. Decoding runs in parallel, applying runs in
// input order on the caller's goroutine, and a bad or truncated last
// record is reported through the source.Problems the caller gives.
package records
