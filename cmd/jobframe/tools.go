//go:build tools

// This file pins, in go.mod, the libraries the REPL and script runner
// (issue #5) are built on, before any code imports them; the build tag
// keeps it out of every build.
package main

import (
	_ "github.com/chzyer/readline"
	_ "github.com/traefik/yaegi/interp"
)
