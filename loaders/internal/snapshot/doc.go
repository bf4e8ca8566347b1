// Package snapshot writes a loader's state (a struct of unexported
// fields: maps, slices, pointers shared between them) to bytes and reads
// it back, so that a streaming load can stop at a batch and a later one
// go on from there (source.Checkpoint).
//
// A snapshot is a cache of the loader's own making, not an exchange
// format: it holds a hash of the state's type (every field's name and
// type, recursively) and of its own bytes, and Decode refuses one whose
// type differs (a jobframe that changed the loader) or whose bytes were
// changed, leaving the caller to read the input from its start instead.
//
// Pointers keep their sharing: two pointers to one value decode to two
// pointers to one value, and two slices with one backing array and
// length decode to one. A pointer into a slice's backing array that the
// snapshot also holds would decode to a copy apart from the slice, so
// Encode refuses it. Fields tagged `snap:"-"` are neither written nor
// read: Decode leaves what the caller set there (functions, options,
// caches rebuilt after).
package snapshot
