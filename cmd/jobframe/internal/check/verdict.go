package check

import (
	"regexp"
	"strings"
)

// A verdict is what an error of the checker means for an input.
type verdictKind int

const (
	invalid verdictKind = iota // the Go compiler rejects the input so
	valid                      // the REPL allows it (unused names, values printed)
	unknown                    // the checker cannot tell; the interpreter decides
)

// verdict classifies a go/types error message. A REPL differs from a
// compiled program in that names may go unused (each input is a step),
// an expression statement prints its value, and names the checker does
// not model may exist in the interpreter. Each input is checked as a
// package of its own, so the types of earlier inputs belong to another
// package main; what go/types says of their unexported fields is left to
// the interpreter.
func verdict(msg string) verdictKind {
	switch {
	case strings.Contains(msg, "unexported") && earlierMain.MatchString(msg):
		return unknown
	case strings.Contains(msg, "declared and not used"),
		strings.Contains(msg, "imported and not used"),
		strings.HasSuffix(msg, " is not used"):
		return valid
	case strings.HasPrefix(msg, "undefined: "),
		strings.Contains(msg, "could not import"),
		strings.Contains(msg, "cannot define new methods on non-local type"):
		return unknown
	}
	return invalid
}

// earlierMain matches the qualifier go/types puts before the names of an
// earlier input's types ("main.point").
var earlierMain = regexp.MustCompile(`\bmain\.`)

// unqualified drops that qualifier: in one program they are the
// package's own types, which the Go compiler names bare.
func unqualified(msg string) string { return earlierMain.ReplaceAllString(msg, "") }
