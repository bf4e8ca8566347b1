package session

import (
	"bufio"
	"errors"
	"fmt"
	"go/scanner"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/chzyer/readline"
	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/check"
	"github.com/jobframe/jobframe/cmd/jobframe/internal/symbols"
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
)

const replHelp = `Type Go statements; the value of an expression is printed (frames as tables).
Packages are imported already: fmt, strings, time, ... frame, loaders, ops,
plot (charts saved as PNG or SVG), dataframe and series (gota). A statement left open (an unclosed brace or
parenthesis) continues on the next line. Tab completes members by type
(tasks.Wh<Tab>, strings.ToUp<Tab>), struct fields and column names.
Statements the Go compiler rejects are reported with Go's errors, not run.

Commands:
  :help           this text
  :help NAME      the documentation of a package or member: :help ops,
                  :help ops.Busy, :help frame.Frame.Where (gota: signatures)
  EXPR?           what EXPR is, its type and documentation: tasks?,
                  tasks.Where?, strings.Cut?, ops.Busy(placements, "cpus")?
  :doc EXPR       the same as EXPR?
  :vars           the session's variables and their types
  :time STMT      run STMT once and print how long it took
  :timeit STMT    run STMT as often as fits in about a second (at most
                  1000 times, without printing) and print the best time
  :load FILE.go   evaluate a file (its package clause and imports are allowed)
  :quit           leave (also Ctrl-D); Ctrl-C abandons the current input,
                  or stops a running statement (the session's variables stay)

Variables from the command line: d (the Dataset of the first SOURCE, d2, d3 ...
for more) and, for the first, one variable per frame (tasks, workers, ...).

Known limits of the interpreter (yaegi): generic functions of compiled
packages cannot be called (use the non-generic frame API); range over an
integer (Go 1.22) is not supported: write for i := 0; i < n; i++; a
top-level "t := d.Frames["tasks"]" fails ("constant definition loop"):
write t, err := d.Frame("tasks").
`

// replPosition is the "line:col: " the interpreter puts before errors.
var replPosition = regexp.MustCompile(`(?m)^\d+:\d+: `)

// Session is one interactive session: the interpreter, the names it was
// given, and what answers completion and documentation requests.
type Session struct {
	in       *interp.Interpreter
	stdout   io.Writer
	stderr   io.Writer
	trace    *panicTrace // yaegi's panic lines: positions in a REPL input mean nothing, dropped
	vars     []string    // variables made from the command line
	bindings map[string]reflect.Value
	// lazy are the variables of LazySources not bound yet (AddLazy), and
	// lazyTypes the types of every lazy variable; binds counts the
	// imports that bound values
	lazy      map[string]*lazyVar
	lazyTypes map[string]reflect.Type
	binds     int
	run       *running                     // the evaluation under way, for Ctrl-C
	chk       *check.Session               // Go's type checks, before the interpreter runs an input
	stdDocs   map[string]map[string]string // the standard library's documentation, by package path, as read
	// width is the terminal's width in characters, which a wide frame is
	// elided to fit (nil: no terminal, every column printed)
	width func() int
}

// New starts a session whose programs read stdin and write stdout and
// stderr: jobframe's packages, gota and the standard library imported.
func New(stdin io.Reader, stdout, stderr io.Writer) (*Session, error) {
	trace := &panicTrace{w: stderr}
	i, err := newInterpreter(stdin, stdout, trace, []string{"jobframe"})
	if err != nil {
		return nil, err
	}
	run := &running{}
	if err := i.Use(run.interruptible()); err != nil {
		return nil, fmt.Errorf("interpreter: %w", err)
	}
	i.ImportUsed()
	return &Session{in: i, stdout: stdout, stderr: stderr, trace: trace, bindings: map[string]reflect.Value{}, lazyTypes: map[string]reflect.Type{}, run: run,
		chk: check.New(true, stdlib.Symbols, symbols.Symbols), stdDocs: map[string]map[string]string{}}, nil
}

// AddDataset adds to binds the dataset d of SOURCE number k (from 0) of
// the command line, as d (d2, d3, ...) and, for the first, its frames
// under their names, and prints what it holds.
func (s *Session) AddDataset(k int, src string, d *loaders.Dataset, binds map[string]reflect.Value) {
	name := datasetName(k)
	binds[name] = reflect.ValueOf(d)
	summary := []string{}
	for _, f := range d.Names() {
		summary = append(summary, fmt.Sprintf("%s %d", f, d.Frames[f].NumRows()))
		if k == 0 {
			binds[f] = reflect.ValueOf(d.Frames[f])
		}
	}
	fmt.Fprintf(s.stdout, "%s = %s: %s\n", name, src, strings.Join(summary, ", "))
	if k == 0 && len(d.Names()) > 0 {
		fmt.Fprintf(s.stdout, "    frames as variables: %s\n", strings.Join(d.Names(), " "))
	}
}

// Bind makes Go values into interpreter variables of their own type; it
// is called once per session (the values come in through one import).
func (s *Session) Bind(values map[string]reflect.Value) error {
	return s.bindAs("jobframe.session/session", "jobframe_session", values)
}

// incomplete reports whether err says the source ended inside a
// statement, so that more lines should be read.
func incomplete(err error, lastLine string) bool {
	var list scanner.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		return false
	}
	msg := list[0].Msg
	return strings.HasSuffix(msg, "found 'EOF'") || msg == "raw string literal not terminated" ||
		(strings.HasPrefix(msg, "expected operand, found '}'") && !strings.HasSuffix(lastLine, "}")) ||
		// a method chain continued on the next line: "f().\n\tG()"
		(strings.HasPrefix(msg, "expected selector or type assertion, found '}'") && strings.HasSuffix(strings.TrimSpace(lastLine), "."))
}

// eval evaluates src and prints its value or error; when src ends inside
// a statement and more may follow (more), it prints nothing and reports
// needMore. Errors print with the file name name when it is not empty.
func (s *Session) eval(name, src, lastLine string, more bool) (needMore bool) {
	o := s.evaluate(name, src, lastLine, more, false)
	switch {
	case o.needMore:
		return true
	case o.errKind != "":
		fmt.Fprintln(s.stderr, o.errText)
	case o.value.IsValid():
		if f, ok := o.value.Interface().(*frame.Frame); ok {
			p := frame.DefaultPrintOptions()
			if s.width != nil {
				p.Width = s.width()
			}
			f.WriteText(s.stdout, p)
		} else {
			width := 0
			if s.width != nil {
				width = s.width()
			}
			fmt.Fprintln(s.stdout, valueText(o.value.Interface(), width))
		}
	}
	return false
}

// question answers "expr?" with the documentation of expr (IPython's
// "obj?"); it reports whether line was one.
func (s *Session) question(line string) bool {
	expr, ok := strings.CutSuffix(strings.TrimSpace(line), "?")
	if !ok || expr == "" {
		return false
	}
	fmt.Fprintln(s.stdout, s.docOf(expr))
	return true
}

// command runs a ":" command; it returns false for :quit.
func (s *Session) command(line string) bool {
	fields := strings.Fields(line)
	switch fields[0] {
	case ":quit", ":q", ":exit":
		return false
	case ":help", ":h":
		if len(fields) == 1 {
			fmt.Fprint(s.stdout, replHelp)
			return true
		}
		fmt.Fprintln(s.stdout, s.describe(fields[1]))
	case ":doc":
		if len(fields) == 1 {
			fmt.Fprintln(s.stderr, ":doc takes an expression")
			return true
		}
		fmt.Fprintln(s.stdout, s.docOf(strings.TrimSpace(strings.TrimPrefix(line, fields[0]))))
	case ":vars":
		for _, n := range s.vars {
			if v, bound := s.bindings[n]; bound {
				fmt.Fprintf(s.stdout, "%s %s\n", n, v.Type())
			} else {
				fmt.Fprintf(s.stdout, "%s %s (not loaded yet)\n", n, s.lazyTypes[n])
			}
		}
		globals := s.in.Globals()
		var names []string
		for n := range globals {
			if _, bound := s.bindings[n]; !bound && !strings.HasPrefix(n, "_") {
				names = append(names, n)
			}
		}
		slices.Sort(names)
		for _, n := range names {
			if v := globals[n]; v.IsValid() {
				fmt.Fprintf(s.stdout, "%s %s\n", n, v.Type())
			}
		}
	case ":time":
		src := strings.TrimSpace(strings.TrimPrefix(line, fields[0]))
		start := time.Now()
		s.eval("", src+"\n", "", false)
		fmt.Fprintf(s.stdout, "took %v\n", time.Since(start).Round(time.Microsecond))
	case ":timeit":
		s.timeit(strings.TrimSpace(strings.TrimPrefix(line, fields[0])))
	case ":load":
		if len(fields) != 2 {
			fmt.Fprintln(s.stderr, ":load takes one FILE.go")
			return true
		}
		src, err := os.ReadFile(fields[1])
		if err != nil {
			fmt.Fprintln(s.stderr, err)
			return true
		}
		s.eval(fields[1], string(src), "", false)
	default:
		fmt.Fprintf(s.stderr, "unknown command %s; :help lists them\n", fields[0])
	}
	return true
}

// describe returns the documentation of a package or member of frame,
// loaders and ops (a method as frame.Frame.Where or Frame.Where), or the
// signature of one of another package (gota's).
func (s *Session) describe(name string) string {
	if d, ok := symbols.Docs[name]; ok {
		return d
	}
	for _, pkg := range []string{"frame", "schema", "loaders", "ops", "plot"} {
		if d, ok := symbols.Docs[pkg+"."+name]; ok {
			return d
		}
	}
	pkg, member, _ := strings.Cut(name, ".")
	for path, syms := range symbols.Symbols {
		if filepath.Base(filepath.Dir(path)) != pkg {
			continue
		}
		if member == "" {
			var names []string
			for n := range syms {
				names = append(names, n)
			}
			slices.Sort(names)
			return pkg + ": " + strings.Join(names, " ")
		}
		if v, ok := syms[member]; ok {
			if v.Kind() == reflect.Pointer && v.IsNil() { // a type
				return fmt.Sprintf("type %s.%s (%s)", pkg, member, v.Type().Elem().Kind())
			}
			return fmt.Sprintf("%s.%s %s", pkg, member, v.Type())
		}
	}
	return fmt.Sprintf("no package member %s (try :help ops, :help frame, :help loaders)", name)
}

// Batch reads statements from r without prompts, as the REPL does when
// its input is not a terminal.
func (s *Session) Batch(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	src := ""
	for sc.Scan() {
		line := sc.Text()
		if src == "" && strings.HasPrefix(strings.TrimSpace(line), ":") {
			if !s.command(strings.TrimSpace(line)) {
				return nil
			}
			continue
		}
		if src == "" && s.question(line) {
			continue
		}
		if src == "" && strings.TrimSpace(line) == "" {
			continue
		}
		src += line + "\n"
		if s.eval("", src, line, true) {
			continue
		}
		src = ""
	}
	if src != "" {
		s.eval("", src, "", false)
	}
	return sc.Err()
}

// Interactive runs the session on a terminal with line editing, history
// (in the file history; "" for none) and completion.
func (s *Session) Interactive(history string) error {
	rl, err := readline.NewEx(&readline.Config{
		Prompt:                 "jf> ",
		HistoryFile:            history,
		DisableAutoSaveHistory: true,
		AutoComplete:           s.completer(),
		InterruptPrompt:        "^C",
		EOFPrompt:              "",
		Stdout:                 s.stdout,
		Stderr:                 s.stderr,
	})
	if err != nil {
		return err
	}
	defer rl.Close()
	defer s.run.onSIGINT()()
	s.width = readline.GetScreenWidth // read again at each frame shown: the terminal may be resized
	fmt.Fprintln(s.stdout, "jobframe REPL: Go with frame, schema, loaders, ops, plot imported. :help for help, Ctrl-D to leave.")
	src := ""
	for {
		line, err := rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) {
			src = ""
			rl.SetPrompt("jf> ")
			continue
		}
		if err != nil { // io.EOF: Ctrl-D
			return nil
		}
		if src == "" && strings.HasPrefix(strings.TrimSpace(line), ":") {
			rl.SaveHistory(line)
			if !s.command(strings.TrimSpace(line)) {
				return nil
			}
			continue
		}
		if src == "" && s.question(line) {
			rl.SaveHistory(line)
			continue
		}
		if src == "" && strings.TrimSpace(line) == "" {
			continue
		}
		src += line + "\n"
		if s.eval("", src, line, true) {
			rl.SetPrompt("... ")
			continue
		}
		rl.SaveHistory(historyEntry(src))
		src = ""
		rl.SetPrompt("jf> ")
	}
}

// timeit runs src repeatedly, as IPython's %timeit: once to learn its
// time, then as often as fits in about a second (1 to 1000 runs), and
// prints the best run. Values are not printed; the first error stops it.
func (s *Session) timeit(src string) {
	run := func() (time.Duration, bool) {
		start := time.Now()
		o := s.evaluate("", src+"\n", "", false, false)
		took := time.Since(start)
		if o.errKind != "" {
			fmt.Fprintln(s.stderr, o.errText)
			return 0, false
		}
		return took, true
	}
	first, ok := run()
	if !ok {
		return
	}
	n := 1000
	if first > 0 {
		n = min(1000, max(1, int(time.Second/first)))
	}
	best := first
	for range n - 1 {
		d, ok := run()
		if !ok {
			return
		}
		best = min(best, d)
	}
	fmt.Fprintf(s.stdout, "best of %d: %v per run\n", n, best.Round(time.Microsecond/10))
}
