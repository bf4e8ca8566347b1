package check

import (
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/traefik/yaegi/stdlib"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/symbols"
	"github.com/jobframe/jobframe/frame"
)

// newREPL returns a session as the REPL's: packages imported implicitly
// and a frame variable "tasks".
func newREPL() *Session {
	s := New(true, stdlib.Symbols, symbols.Symbols)
	s.Declare("tasks", reflect.TypeOf((*frame.Frame)(nil)))
	return s
}

// errorsOf returns the errors of checking src, one per line, as the
// REPL prints them.
func errorsOf(s *Session, src string) string {
	r := s.Check(src)
	if !r.Decided {
		return "(undecided)"
	}
	var lines []string
	for _, e := range r.Errors {
		lines = append(lines, e.Error())
	}
	return strings.Join(lines, "\n")
}

// Each class of invalid Go that yaegi v0.16.1 runs anyway (or panics on
// while compiling, or fails on only at run time) is rejected with the Go
// compiler's position and wording. The messages are go/types' (gopls',
// go vet's); `go build` of the same lines inside func main (a line
// directive numbering them from 1) printed the same text and position
// for each, but for two of cmd/compile's own wording: "break is not in a
// loop, switch, or select" and "goto L jumps over declaration of y at
// 3:3".
func TestInvalidGoRejected(t *testing.T) {
	for _, tc := range []struct{ class, src, want string }{
		// yaegi runs these and leaves wrong values behind.
		{"assignment count, multi-value call", `v := tasks.Texts("value")`,
			"1:6: assignment mismatch: 1 variable but tasks.Texts returns 2 values"},
		{"assignment count, stdlib call", `v := strings.Cut("a=b", "=")`,
			"1:6: assignment mismatch: 1 variable but strings.Cut returns 3 values"},
		{"multi-value in single-value context", `n, err := strconv.Atoi("1"), 2`,
			`1:11: multiple-value strconv.Atoi("1") (value of type (int, error)) in single-value context`},
		{"missing return", "f := func() int { }",
			"1:19: missing return"},
		{"break outside a loop", "break",
			"1:1: break not in for, switch, or select statement"},
		{"interface not implemented", "var x interface{ M() } = 3",
			"1:26: cannot use 3 (constant of type int) as interface{M()} value in variable declaration: int does not implement interface{M()} (missing method M)"},
		{"switch case of another type", `switch x := 3; x { case "a": }`,
			`1:25: cannot convert "a" (untyped string constant) to type int`},
		{"goto over a declaration", "x := 3\ngoto L\ny := 1\nL: _ = y + x",
			"2:6: goto L jumps over variable declaration at line 3"},
		// yaegi fails on these only when they run (a panic, or a crash
		// of the interpreter while compiling).
		{"assignment count, plain values", "x, y := 1, 2\nx, y = y",
			"2:8: assignment mismatch: 2 variables but 1 value"},
		{"call of a non-function", "x := 1\nx()",
			"2:1: invalid operation: cannot call x (variable of type int): int is not a function"},
		{"assignment to a string byte", "s := \"abc\"\ns[0] = 'x'",
			"2:1: cannot assign to s[0] (neither addressable nor a map index expression)"},
		{"non-boolean condition", "if 1 { }",
			"1:4: non-boolean condition in if statement"},
		{"invalid map key", "var m map[[]int]int",
			"1:11: invalid map key type []int"},
		{"recursive type", "type R struct{ R }",
			"1:6: invalid recursive type: R refers to itself"},
		// and a member a frame does not have, with Go's wording
		{"unknown method", "tasks.Filtr(1)",
			"1:7: tasks.Filtr undefined (type *frame.Frame has no field or method Filtr)"},
		{"unexported field", "var w strings.Builder\n_ = w.buf",
			"2:7: w.buf undefined (cannot refer to unexported field buf)"},
		{"redeclaration in one input", "var x int\nvar x string",
			"2:5: x redeclared in this block\n\t1:5: other declaration of x"},
		// valid Go that yaegi runs to a wrong value without a word
		// (faults.go): each was run under jobframe run and go run
		{"several values, a call and a sum", "a, b := 0.0, 0.0\na, b = math.Min(a, 1), b+3",
			"2:1: " + mixedCallMsg},
		{"several values, a constant and a call", "a, b := 0.0, 0.0\na, b = 1, math.Max(0, 8)",
			"2:1: " + mixedCallMsg},
		{"several values, a builtin and fields", "var s struct{ n, m int }\ns.n, s.m = len(\"abc\"), 7",
			"2:1: " + mixedCallMsg},
		{"several values, in a loop", "var t float64\nfor i := range 3 {\n\tvar u float64\n\tt, u = math.Max(t, float64(i)), (t + u)\n}",
			"4:2: " + mixedCallMsg},
	} {
		t.Run(tc.class, func(t *testing.T) {
			if got := errorsOf(newREPL(), tc.src); got != tc.want {
				t.Errorf("%s:\ngot  %s\nwant %s", tc.src, got, tc.want)
			}
		})
	}
}

// What a REPL allows and a compiled program does not stays allowed:
// unused variables and imports, a bare expression (its value is
// printed), redeclaring a name of an earlier input; and what the
// checker cannot know is left to the interpreter.
func TestREPLFormsAccepted(t *testing.T) {
	s := newREPL()
	steps := []struct{ src, want string }{
		{"x := 40", ""},
		{"x + 2", ""},
		{`tasks.Where("state", "==", "failed").NumRows()`, ""},
		{`import "math"`, ""},
		{"type point struct{ x, y float64 }", ""},
		// a method of an earlier input's type is the interpreter's to check
		{"func (p point) norm() float64 { return math.Hypot(p.x, p.y) }", "(undecided)"},
		{"p := point{3, 4}", "(undecided)"},
		{"p := point{x: 3, y: 4}", ""},
		{"var q point = p", ""},
		{"var r point = 1", "1:15: cannot use 1 (untyped int constant) as point value in variable declaration"},
		{"math.Hypot(p.x, p.y) + float64(x)", ""},
		{"p.x = 1", ""},
		{`x := "now a string"`, ""},
		{"len(x)", ""},
		{"x + 1", `1:1: invalid operation: x + 1 (mismatched types string and untyped int)`},
		{"undeclaredHere + 1", "(undecided)"},
		{"var sum func(...int) int", ""},
		{"sum(1, 2, 3)", ""},
		{`sum("a")`, `1:5: cannot use "a" (untyped string constant) as int value in argument to sum`},
		{`ops.Busy(tasks, "worker")`, ""},
		{"slices.Index([]int{1, 2}, 2)", ""}, // generic: from the source yaegi interprets
		{`slices.Index([]int{1, 2}, "a")`, `1:27: cannot use "a" (untyped string constant) as int value in argument to slices.Index`},
		{"time.Second * 2", ""},
		{"d := 3 * time.Second; d.Minutes()", ""},
		// assignments of several values the interpreter runs right: all
		// calls, calls inside larger expressions, conversions, :=
		{"var lo, hi float64", ""},
		{"lo, hi = math.Min(lo, 1), math.Max(hi, 2)", ""},
		{"lo, hi = -math.Abs(lo), math.Abs(hi)+1", ""},
		{"lo, hi = float64(x2), 3", "(undecided)"},
		{"n := 2\nlo, hi = float64(n), 3", ""},
		{"a, b := math.Min(1, 2), 3.0", ""},
	}
	for _, st := range steps {
		r := s.Check(st.src)
		if got := errorsOf(s, st.src); got != st.want {
			t.Fatalf("%s:\ngot  %s\nwant %s", st.src, got, st.want)
		}
		s.Commit(r)
	}
}

// The project's scripts and every script its tests run check clean: no
// valid Go is rejected for want of a member or a method in the
// converted packages.
func TestScriptsCheckClean(t *testing.T) {
	files, _ := filepath.Glob("../../../../scripts/*.go")
	bench, _ := filepath.Glob("../../../../scripts/bench/*.go")
	files = append(files, bench...)
	if len(files) < 6 {
		t.Fatalf("found %d scripts", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := New(false, stdlib.Symbols, symbols.Symbols).Check(string(src))
		if !r.Decided || len(r.Errors) > 0 {
			t.Errorf("%s: decided %v, errors %v", f, r.Decided, r.Errors)
		}
	}
}

// Every package the interpreter has converts, and each member keeps the
// kind yaegi gives it (a spot check per kind).
func TestEveryPackageConverts(t *testing.T) {
	u := newUniverse(stdlib.Symbols, symbols.Symbols)
	n := 0
	for p := range u.names {
		pkg, err := u.Import(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		n += pkg.Scope().Len()
	}
	if n < 5000 {
		t.Errorf("%d members in all, want the thousands of the standard library", n)
	}
	strs, _ := u.Import("strings")
	time, _ := u.Import("time")
	math, _ := u.Import("math")
	fr, _ := u.Import("github.com/jobframe/jobframe/frame")
	for _, c := range []struct {
		obj  types.Object
		want string
	}{
		// reflect keeps no parameter names, and byte is uint8
		{strs.Scope().Lookup("ToUpper"), "func strings.ToUpper(string) string"},
		{strs.Scope().Lookup("Builder"), "type strings.Builder struct{addr *strings.Builder; buf []uint8}"},
		{time.Scope().Lookup("Second"), "const time.Second time.Duration"},
		{math.Scope().Lookup("Pi"), "const math.Pi untyped float"},
		{fr.Scope().Lookup("Frame"), "type frame.Frame struct{names []string; cols []arrow.Array;"},
	} {
		if c.obj == nil {
			t.Fatalf("missing %s", c.want)
		}
		byName := func(p *types.Package) string { return p.Name() }
		if got := types.ObjectString(c.obj, byName); !strings.HasPrefix(got, c.want) {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

// No input makes the checker panic, whatever it is.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"x := 1", `v := tasks.Texts("value")`, "type T struct{ T }", "func (p point) m() {}", "package main\nfunc main() {}"} {
		f.Add(s)
	}
	s := newREPL()
	f.Fuzz(func(t *testing.T, src string) {
		r := s.Check(src)
		s.Commit(r)
		s.Members(src)
		s.FrameExpr(src)
	})
}
