package main

import (
	"fmt"
	"io"
	"os"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/session"
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
	code, err := session.RunScript(path, src, args, os.Stdin, stdout, stderr)
	if err != nil {
		return err
	}
	if code != 0 {
		return exitError{code}
	}
	return nil
}
