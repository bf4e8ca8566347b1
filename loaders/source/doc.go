// Package source is the contract between loaders and the format
// packages: a Format describes one input format (its name, the frames it
// can produce, how to recognise an input from its name and first bytes,
// which inputs load together, and how to load them), and every format
// returns a Dataset, reports bad records through Problems (an error in
// strict mode, a Warning in lenient mode, a *ParseError naming file,
// line and field either way) and honours Options. A new format is a
// package with a Format function, added to loaders.Formats.
package source
