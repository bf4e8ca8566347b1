// Package frame holds jobframe's data frame: an immutable, columnar table
// backed by Apache Arrow arrays, with the operations analysts use most
// (select, filter, sort, group-by, join, concat), pandas-like printing, a
// bridge to gota, tag columns, and CSV, Parquet and Arrow IPC (Feather v2)
// input and output.
//
// # Columns
//
// Every column has one of five types (see [Type]): int64, float64, bool,
// string and timestamp (microseconds since the Unix epoch, UTC). Any value
// may be null; null is never 0, "" or NaN. A string column is stored
// dictionary-encoded when its cardinality is low (at most half as many
// distinct values as rows), which makes group-by and filtering on it cheap;
// both encodings behave identically through this API.
//
// # Errors
//
// Operations return a new *Frame and never modify their receiver. An
// operation that fails (an unknown column, mismatched types) returns a
// frame carrying the error, and every later operation on that frame passes
// the error along, so a chain can be checked once:
//
//	out := f.Where("state", "==", "failed").Sort("-end").Head(10)
//	if err := out.Err(); err != nil { ... }
//
// Accessors that return Go values (Int64s, Strings, ...) return the error
// directly.
//
// The API is deliberately non-generic so that scripts interpreted by yaegi
// can call all of it.
package frame
