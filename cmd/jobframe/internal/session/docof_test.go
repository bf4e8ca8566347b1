package session

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/symbols"
)

// "expr?" prints what expr is: a function's or method's documentation
// (jobframe's from the binary, the standard library's from GOROOT), a
// variable's or expression's type and its type's documentation.
func TestDocOf(t *testing.T) {
	s := replSession(t)
	s.eval("", "x := 3\n", "", false)
	for expr, want := range map[string]string{
		"ops.Busy":                     symbols.Docs["ops.Busy"],
		"tasks.Where":                  symbols.Docs["frame.Frame.Where"],
		"ops":                          symbols.Docs["ops"],
		"tasks":                        "tasks: *frame.Frame\n\n" + symbols.Docs["frame.Frame"],
		`ops.Busy(placements, "cpus")`: `ops.Busy(placements, "cpus"): *frame.Frame` + "\n\n" + symbols.Docs["frame.Frame"],
		"x":                            "x: int",
		"nosuch":                       "nosuch: nothing the session knows the type of (an undefined name, or not an expression)",
	} {
		if got := s.docOf(expr); got != want {
			t.Errorf("%s?\ngot  %.200s\nwant %.200s", expr, got, want)
		}
	}
	if _, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", "strings", "strings.go")); err != nil {
		t.Skipf("no Go sources under GOROOT (%v): the standard library's documentation is not checked", err)
	}
	got := s.docOf("strings.Cut")
	if want := "func Cut(s, sep string) (before, after string, found bool)\n\nCut slices s around the first instance of sep,"; !strings.HasPrefix(got, want) {
		t.Errorf("strings.Cut?\ngot  %.200s\nwant %s...", got, want)
	}
	got = s.docOf("time.Second")
	if want := "time.Second: time.Duration\n\nconst (\n\tNanosecond  Duration = 1"; !strings.HasPrefix(got, want) {
		t.Errorf("time.Second?\ngot  %.200s\nwant %s...", got, want)
	}
}
