package session

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/chzyer/readline"

	"github.com/jobframe/jobframe/frame"
)

// completer completes, from the types the session knows: after "expr."
// the members of expr (a package, the standard library's included; a
// variable; a call or chain of calls); inside the braces of a struct
// literal the type's fields; inside a string literal that is an argument
// of a frame's method or of a function whose first argument is a frame,
// that frame's column names; elsewhere the session's names.
func (s *Session) completer() readline.AutoCompleter {
	return completeFunc(func(line []rune, pos int) ([][]rune, int) {
		names, partial := s.complete(string(line[:pos]))
		return suffixes(partial, names), len([]rune(partial))
	})
}

// complete returns the names that may complete the word being typed at
// the end of head, and that partial word.
func (s *Session) complete(head string) ([]string, string) {
	if q, open := openString(head); open {
		return s.columnsAt(head[:q]), head[q+1:]
	}
	start := len(head)
	for start > 0 && isIdentByte(head[start-1]) {
		start--
	}
	partial, rest := head[start:], head[:start]
	if strings.HasSuffix(rest, ".") {
		if recv := operand(rest[:len(rest)-1]); recv != "" {
			return s.chk.Members(recv), partial
		}
		return nil, partial
	}
	if typ, ok := literalType(rest); ok {
		if fields := s.chk.Fields(typ); len(fields) > 0 {
			return fields, partial
		}
	}
	names := append(s.chk.Names(), s.vars...)
	for n := range s.in.Globals() {
		names = append(names, n)
	}
	return append(names, builtins...), partial
}

// builtins are Go's predeclared functions and constants.
var builtins = []string{"append", "cap", "clear", "close", "complex", "copy", "delete", "false", "imag",
	"len", "make", "max", "min", "new", "nil", "panic", "print", "println", "real", "recover", "true"}

// columnsAt returns the column names to offer in a string literal that
// opens after before: those of the frame whose method is being called
// (tasks.Where(" or tasks.Where("state", "==", ...).GroupBy("), or of
// the first argument of a function (ops.Busy(placements, ") when it is
// a frame; else those of every frame variable.
func (s *Session) columnsAt(before string) []string {
	open := unclosed(before, '(')
	if open >= 0 {
		callee := operand(before[:open])
		if dot := strings.LastIndexByte(callee, '.'); dot > 0 {
			if cols, ok := s.frameColumns(callee[:dot]); ok {
				return cols
			}
		}
		args := before[open+1:]
		if commas := topLevelCommas(args); len(commas) > 0 {
			if cols, ok := s.frameColumns(strings.TrimSpace(args[:commas[0]])); ok {
				return cols
			}
		}
	}
	return s.columnNames()
}

// frameColumns evaluates expr, when it is a frame expression without
// effects (check.FrameExpr), for at most half a second, and returns its
// column names.
func (s *Session) frameColumns(expr string) ([]string, bool) {
	if expr == "" || !s.chk.FrameExpr(expr) {
		return nil, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	defer s.trace.take()
	v, err := s.in.EvalWithContext(ctx, expr)
	if err != nil || !v.IsValid() || !v.CanInterface() {
		return nil, false
	}
	f, ok := v.Interface().(*frame.Frame)
	if !ok || f == nil || f.Err() != nil {
		return nil, false
	}
	return f.Names(), true
}

// columnNames are the column names of every frame variable.
func (s *Session) columnNames() []string {
	var names []string
	for _, v := range s.in.Globals() {
		if !v.IsValid() || !v.CanInterface() {
			continue
		}
		if f, ok := v.Interface().(*frame.Frame); ok && f != nil {
			names = append(names, f.Names()...)
		}
	}
	for _, v := range s.bindings {
		if f, ok := v.Interface().(*frame.Frame); ok && f != nil {
			names = append(names, f.Names()...)
		}
	}
	return names
}

// suffixes returns what completes prefix into each distinct name.
func suffixes(prefix string, names []string) [][]rune {
	slices.Sort(names)
	names = slices.Compact(names)
	var out [][]rune
	for _, n := range names {
		if strings.HasPrefix(n, prefix) && n != prefix {
			out = append(out, []rune(n[len(prefix):]))
		}
	}
	return out
}

// completeFunc adapts a function to readline.AutoCompleter.
type completeFunc func(line []rune, pos int) ([][]rune, int)

func (f completeFunc) Do(line []rune, pos int) ([][]rune, int) { return f(line, pos) }
