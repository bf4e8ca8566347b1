package apidoc

import (
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	src, err := Render("symbols", []Package{{Name: "demo", Dir: "testdata/demo"}})
	if err != nil {
		t.Fatal(err)
	}
	// The output is Go; read the map back from its syntax.
	f, err := parser.ParseFile(token.NewFileSet(), "docs.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name.Name != "symbols" {
		t.Fatal(f.Name.Name)
	}
	got := map[string]string{}
	for _, line := range strings.Split(string(src), "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if !ok || !strings.HasPrefix(k, `"`) {
			continue
		}
		ku, err1 := strconv.Unquote(k)
		vu, err2 := strconv.Unquote(strings.TrimSpace(strings.TrimSuffix(v, ",")))
		if err1 != nil || err2 != nil {
			t.Fatalf("cannot read %q", line)
		}
		got[ku] = vu
	}
	want := map[string]string{
		"demo.Sum":         "func Sum(a, b int) int\n\nSum adds a and b.",
		"demo.NewThing":    "func NewThing(n int) *Thing\n\nNewThing returns a Thing of n.",
		"demo.Thing.Twice": "func (t *Thing) Twice() int\n\nTwice returns 2·N.",
		"demo.Limit":       "const Limit = 10\n\nLimit is the largest size, in bytes.",
		"demo.Thing":       "type Thing struct {\n\tN int // the count\n}\n\nThing holds a count.\n\nMethods (:help demo.Thing.NAME):\n    func (t *Thing) Twice() int",
		"demo":             "package demo\n\nPackage demo is a fixture of apidoc's test.\n\nMembers (:help demo.NAME):\n    Limit NewThing Sum Thing",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s:\n%q\nwant\n%q", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d entries, want %d (unexported members are left out): %v", len(got), len(want), got)
	}
}
