package session

import (
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/loaders"
)

// replSession returns a session with the bundled HyperQueue journal
// loaded, as "jobframe repl FILE" makes it.
func replSession(t *testing.T) *Session {
	t.Helper()
	s, err := New(strings.NewReader(""), io.Discard, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	const src = "../../../../testdata/hq/synthetic_v0.26_journal.jsonl"
	d, err := loaders.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	binds := map[string]reflect.Value{}
	s.AddDataset(0, src, d, binds)
	if err := s.Bind(binds); err != nil {
		t.Fatal(err)
	}
	return s
}

// Completion by static type: the cases (tasks.Wh, tasks.<Tab>,
// strings.ToUp), chains, stdlib members, struct literal fields, the
// columns of the frame a method or function is given, and names.
func TestCompleteByType(t *testing.T) {
	s := replSession(t)
	s.eval("", "failed := tasks.Where(\"state\", \"==\", \"failed\")\n", "", false)
	s.eval("", "type row struct{ Name string; count int }\n", "", false)
	s.eval("", "r := row{}\n", "", false)
	for _, c := range []struct {
		head, partial string
		has           []string
		only          bool // has is the whole answer
	}{
		{"tasks.Wh", "Wh", []string{"Where"}, true},
		{"tasks.", "", []string{"Where", "Select", "Head", "GroupBy", "NumRows"}, false},
		{"strings.ToUp", "ToUp", []string{"ToUpper", "ToUpperSpecial"}, true},
		{"x := strings.ToUp", "ToUp", []string{"ToUpper", "ToUpperSpecial"}, true},
		{`tasks.Where("state", "==", "failed").NumR`, "NumR", []string{"NumRows"}, true},
		{"failed.Sel", "Sel", []string{"Select", "SelectExpr"}, true},
		{"time.Second.Minu", "Minu", []string{"Minutes"}, true},
		{"r.", "", []string{"Name", "count"}, false},
		{"d.Frames[\"tasks\"].Hea", "Hea", []string{"Head"}, true},
		{"loaders.Options{Len", "Len", []string{"Lenient"}, true},
		{"o := loaders.Options{Lenient: true, Fr", "Fr", []string{"Frames"}, true},
		{`tasks.Select("raw_st`, "raw_st", []string{"raw_state"}, true},
		{`tasks.Where("state", "==", "failed").GroupBy("wor`, "wor", []string{"worker", "workers"}, true},
		{`ops.Busy(placements, "cp`, "cp", []string{"cpus"}, false},
		{`workers.Select("`, "", []string{"worker"}, false},
		{"fai", "fai", []string{"failed"}, false},
		{"ap", "ap", []string{"append"}, false},
		{"tas", "tas", []string{"tasks"}, false},
	} {
		got, partial := s.complete(c.head)
		if partial != c.partial {
			t.Errorf("%s: partial %q, want %q", c.head, partial, c.partial)
		}
		var matching []string
		for _, n := range got {
			if strings.HasPrefix(n, partial) {
				matching = append(matching, n)
			}
		}
		slices.Sort(matching)
		matching = slices.Compact(matching)
		for _, w := range c.has {
			if !slices.Contains(matching, w) {
				t.Errorf("%s: no %s in %v", c.head, w, matching)
			}
		}
		if c.only && !slices.Equal(matching, c.has) {
			t.Errorf("%s: %v, want only %v", c.head, matching, c.has)
		}
	}
	// The columns offered are the frame's, not every frame's.
	got, _ := s.complete(`workers.Select("`)
	if slices.Contains(got, "raw_state") {
		t.Errorf("workers' columns include the tasks' raw_state: %v", got)
	}
}

// The operand scanner reads back over calls, indexes and strings.
func TestOperand(t *testing.T) {
	for text, want := range map[string]string{
		"tasks":                           "tasks",
		"x := tasks":                      "tasks",
		`f(a, tasks.Where("a.b", "(", 1)`: `tasks.Where("a.b", "(", 1)`,
		`d.Frames["tasks"]`:               `d.Frames["tasks"]`,
		`(a + b)`:                         `(a + b)`,
		`fmt.Println(`:                    "",
		`if x `:                           "x",
	} {
		if got := operand(text); got != want {
			t.Errorf("operand(%q) = %q, want %q", text, got, want)
		}
	}
}
