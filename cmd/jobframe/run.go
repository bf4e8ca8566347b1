package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/traefik/yaegi/stdlib"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/check"
	"github.com/jobframe/jobframe/cmd/jobframe/internal/symbols"
)

// exitError makes main exit with a status without printing anything more.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func runScript(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fmt.Fprint(stdout, `Usage: jobframe run SCRIPT.go [ARGS...]

Run a Go script (package main, func main) in the interpreter, with the Go
standard library, gota and jobframe's frame, loaders and ops packages.
os.Args is [SCRIPT.go ARGS...], and os.Exit sets the exit status, as with
go run. A first line "#!/usr/bin/env -S jobframe run" is allowed.
`)
		return errHelp
	}
	if len(args) == 0 {
		return usagef("no SCRIPT given")
	}
	path := args[0]
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text := string(src)
	if strings.HasPrefix(text, "#!") {
		text = "//" + text[2:] // a comment keeps the line count and positions
	}
	if errs := check.New(false, stdlib.Symbols, symbols.Symbols).Check(text).Errors; len(errs) > 0 {
		printCheckErrors(stderr, path, errs) // as go run prints them
		return exitError{1}
	}
	trace := &panicTrace{w: stderr}
	i, err := newInterpreter(os.Stdin, stdout, trace, args)
	if err != nil {
		return err
	}
	_, err = i.Eval(text)
	if err == nil {
		return nil
	}
	frames := trace.take()
	if code, ok := exitStatus(err); ok {
		return exitError{code}
	}
	msg := describeEvalError(err, path)
	if strings.HasPrefix(msg, "panic: ") {
		fmt.Fprintf(stderr, "%s\n%s", msg, formatTrace(frames))
		return exitError{2}
	}
	fmt.Fprintln(stderr, msg) // a compile error, "file:line:col: ...", as go run prints it
	return exitError{1}
}
