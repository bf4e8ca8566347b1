package loaders

import "github.com/jobframe/jobframe/loaders/source"

// Dataset is what a load returns: the canonical frames of the inputs, by
// name, with their warnings (see source.Dataset).
type Dataset = source.Dataset

// Options control loading (see source.Options).
type Options = source.Options

// TimeWindow is a span of time a load's reader may prune to
// (Options.Window; see source.TimeWindow).
type TimeWindow = source.TimeWindow

// Limits are the bounds on what one input may make a load hold
// (Options.Limits): lines, archives, node lists.
type Limits = source.Limits

// Warning is one problem noticed while loading (see source.Warning).
type Warning = source.Warning

// ParseError is a bad record in strict mode (see source.ParseError).
type ParseError = source.ParseError

// Progress counts the bytes OpenWith has read (see source.Progress).
type Progress = source.Progress

// Run is one run of a load (see source.Run).
type Run = source.Run

// Extent is a span of times in µs (Dataset.Skimmed).
type Extent = source.Extent
