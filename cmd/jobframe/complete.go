package main

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/chzyer/readline"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/symbols"
	"github.com/jobframe/jobframe/frame"
)

// completer completes package members after "pkg.", the session's
// variables, and, inside a string literal, the column names of the
// session's frames.
func (s *session) completer() readline.AutoCompleter {
	return completeFunc(func(line []rune, pos int) ([][]rune, int) {
		head := string(line[:pos])
		if strings.Count(head, `"`)%2 == 1 {
			word := head[strings.LastIndexByte(head, '"')+1:]
			return suffixes(word, s.columnNames()), len([]rune(word))
		}
		start := strings.LastIndexFunc(head, func(r rune) bool {
			return !(r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}) + 1
		word := head[start:]
		if pkg, member, ok := strings.Cut(word, "."); ok {
			var names []string
			for path, syms := range symbols.Symbols {
				if filepath.Base(filepath.Dir(path)) == pkg {
					for n := range syms {
						names = append(names, n)
					}
				}
			}
			return suffixes(member, names), len([]rune(member))
		}
		names := slices.Clone(s.vars)
		for n := range s.in.Globals() {
			names = append(names, n)
		}
		names = append(names, "frame", "schema", "loaders", "ops", "plot", "fmt", "strings", "time")
		return suffixes(word, names), len([]rune(word))
	})
}

// columnNames are the column names of every frame variable.
func (s *session) columnNames() []string {
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
