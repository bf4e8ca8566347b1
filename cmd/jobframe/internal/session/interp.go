package session

import (
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/check"
	"github.com/jobframe/jobframe/cmd/jobframe/internal/symbols"
)

// newInterpreter returns a yaegi interpreter with the standard library,
// gota and jobframe's packages importable by their paths. os.Exit in
// interpreted code panics (yaegi's sandbox); exitStatus turns that back
// into a status. yaegi's own per-frame panic lines go to trace instead
// of stderr.
func newInterpreter(stdin io.Reader, stdout io.Writer, trace *panicTrace, args []string) (*interp.Interpreter, error) {
	i := interp.New(interp.Options{Stdin: stdin, Stdout: stdout, Stderr: trace, Args: args, Env: os.Environ()})
	if err := i.Use(stdlib.Symbols); err != nil {
		return nil, fmt.Errorf("interpreter: %w", err)
	}
	if err := i.Use(symbols.Symbols); err != nil {
		return nil, fmt.Errorf("interpreter: %w", err)
	}
	return i, nil
}

// exitStatus reports whether err is a call of os.Exit in interpreted
// code, and its status.
func exitStatus(err error) (int, bool) {
	p, ok := err.(interp.Panic)
	if !ok {
		return 0, false
	}
	s, ok := p.Value.(string)
	if !ok || !strings.HasPrefix(s, "os.Exit(") || !strings.HasSuffix(s, ")") {
		return 0, false
	}
	code, err2 := strconv.Atoi(s[len("os.Exit(") : len(s)-1])
	return code, err2 == nil
}

// describeEvalError renders an interpreter error for a person: compile
// errors with file:line:col (the source name replaced by name), panics as
// "panic: VALUE".
func describeEvalError(err error, name string) string {
	if p, ok := err.(interp.Panic); ok {
		return fmt.Sprintf("panic: %v", p.Value)
	}
	msg := err.Error()
	if name != "" {
		msg = strings.ReplaceAll(msg, interp.DefaultSourceName+":", name+":")
		// yaegi's type-checking errors give the position alone ("4:2:
		// undefined: x"), its parser's the source name too; go run names
		// the file in both.
		if bare.MatchString(msg) {
			msg = name + ":" + msg
		}
	}
	return msg
}

// printCheckErrors prints the type checker's errors of an input as the
// Go compiler does, "file:line:col: message" (name empty: no file), ten
// at most.
func printCheckErrors(w io.Writer, name string, errs []check.Error) {
	prefix := ""
	if name != "" {
		prefix = name + ":"
	}
	for k, e := range errs {
		if k == 10 {
			fmt.Fprintf(w, "%stoo many errors\n", prefix)
			return
		}
		if strings.HasPrefix(e.Msg, "\t") {
			fmt.Fprintf(w, "\t%s%s\n", prefix, strings.TrimPrefix(e.Error(), "\t"))
			continue
		}
		fmt.Fprintf(w, "%s%s\n", prefix, e.Error())
	}
}

// bare matches an error that starts with a position without a file name.
var bare = regexp.MustCompile(`^\d+:\d+: `)

// isValue reports whether v is a value worth printing after an
// expression statement.
func isValue(v reflect.Value) bool {
	if !v.IsValid() {
		return false
	}
	switch v.Kind() {
	case reflect.Func:
		return false
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice:
		return !v.IsNil()
	}
	return true
}
