// Package ops holds jobframe's analyses. Each op takes canonical frames
// (see package loaders) and returns a new frame; its doc comment states
// the exact semantics and units, following docs/semantics.md.
//
// Like the frame package, ops return a *frame.Frame that carries any
// error (Err); an op given a frame without the columns it needs says which
// are missing and which loaders produce them. Empty inputs give empty
// results.
package ops
