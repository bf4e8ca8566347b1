package session

import (
	"fmt"
	"io"
	"strings"

	"github.com/traefik/yaegi/stdlib"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/check"
	"github.com/jobframe/jobframe/cmd/jobframe/internal/symbols"
)

// RunScript runs the Go script src (package main, func main), read from
// path, in the interpreter as go run would: os.Args is args, what Go
// rejects is reported as go run reports it, and a panic prints its
// trace. It returns the exit status (os.Exit's, 1 for a compile error,
// 2 for a panic, else 0); err is a failure to start the interpreter.
func RunScript(path string, src []byte, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	text := string(src)
	if strings.HasPrefix(text, "#!") {
		text = "//" + text[2:] // a comment keeps the line count and positions
	}
	if errs := check.New(false, stdlib.Symbols, symbols.Symbols).Check(text).Errors; len(errs) > 0 {
		printCheckErrors(stderr, path, errs) // as go run prints them
		return 1, nil
	}
	trace := &panicTrace{w: stderr}
	i, err := newInterpreter(stdin, stdout, trace, args)
	if err != nil {
		return 0, err
	}
	_, err = i.Eval(text)
	if err == nil {
		return 0, nil
	}
	frames := trace.take()
	if code, ok := exitStatus(err); ok {
		return code, nil
	}
	msg := describeEvalError(err, path)
	if strings.HasPrefix(msg, "panic: ") {
		fmt.Fprintf(stderr, "%s\n%s", msg, formatTrace(frames))
		return 2, nil
	}
	fmt.Fprintln(stderr, msg) // a compile error, "file:line:col: ...", as go run prints it
	return 1, nil
}
