package session

import (
	"go/parser"
	"go/token"
	"testing"
)

func TestHistoryEntry(t *testing.T) {
	cases := []struct{ in, want string }{
		{"x := 1\n", "x := 1"},
		{"func double(v int) int {\n\treturn 2 * v\n}\n", "func double(v int) int { return 2 * v; }"},
		{"for i := 0; i < 3; i++ {\n  s += i // add\n}", "for i := 0; i < 3; i++ { s += i; }"},
		{"f(a,\n  b)", "f(a, b)"},
		{"x := 1 +\n 2", "x := 1 + 2"},
		{"if x {\n\ty++\n} else {\n\ty--\n}", "if x { y++; } else { y--; }"},
		{"m := map[string]int{\n\"a\": 1,\n}", `m := map[string]int{ "a": 1, }`},
	}
	for _, c := range cases {
		got := historyEntry(c.in)
		if got != c.want {
			t.Errorf("historyEntry(%q) = %q, want %q", c.in, got, c.want)
		}
		// Recalled, the entry is the same Go as what was typed.
		src := "package p\nfunc _() {\n" + got + "\n}"
		if c.in[:4] == "func" {
			src = "package p\n" + got
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "", src, 0); err != nil {
			t.Errorf("%q does not parse: %v", got, err)
		}
	}
}
