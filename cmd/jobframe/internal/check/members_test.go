package check

import (
	"slices"
	"testing"
)

// Completion questions: members after "expr." for packages (the
// standard library's too), variables, calls and chains; fields of a
// composite literal's type; frame expressions safe to evaluate.
func TestMembers(t *testing.T) {
	s := newREPL()
	s.Commit(s.Check(`type point struct{ x, Y float64 }; func (p point) norm() float64 { return p.x + p.Y }`))
	s.Commit(s.Check(`p := point{x: 1}`))
	for _, c := range []struct {
		expr string
		has  []string
		not  []string
	}{
		{"strings", []string{"ToUpper", "Builder", "Cut"}, []string{"toUpper"}},
		{"tasks", []string{"Where", "Select", "Head", "NumRows", "Texts"}, []string{"cols", "names"}},
		{`tasks.Where("state", "==", "failed")`, []string{"Where", "NumRows"}, nil},
		{`ops.Busy(tasks, "cpus").Head(3)`, []string{"Select"}, nil},
		{"time.Second", []string{"Minutes", "String"}, nil},
		{"p", []string{"x", "Y", "norm"}, nil},
		{"time.Duration", []string{"Minutes"}, nil}, // a method expression: time.Duration.Minutes
		{"loaders", []string{"Open", "OpenContext", "Options"}, nil},
		{"nosuch", nil, nil},
	} {
		got := s.Members(c.expr)
		for _, w := range c.has {
			if !slices.Contains(got, w) {
				t.Errorf("Members(%s) lacks %s: %v", c.expr, w, got)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("Members(%s) has %s", c.expr, w)
			}
		}
		if c.has == nil && len(got) > 0 {
			t.Errorf("Members(%s) = %v, want none", c.expr, got)
		}
	}
	if got := s.Fields("loaders.Options"); !slices.Equal(got, []string{"Batch", "BatchRows", "Checkpoints", "Columns", "Frames", "Lenient", "Limits", "Name", "Omit", "Progress", "Resume", "SourceRows", "Sources", "SpanOnly", "Tee", "TimeZone", "Window"}) {
		t.Errorf("Fields(loaders.Options) = %v", got)
	}
	for expr, want := range map[string]bool{
		"tasks":                                  true,
		`tasks.Where("state", "==", "failed")`:   true,
		`ops.TasksPerWorker(tasks, tasks)`:       true,
		`tasks.NumRows()`:                        false, // not a frame
		`tasks.Head(int(time.Now().Unix()))`:     false, // time.Now is not jobframe's
		`func() *frame.Frame { return tasks }()`: false,
		`p`:                                      false,
	} {
		if got := s.FrameExpr(expr); got != want {
			t.Errorf("FrameExpr(%s) = %v, want %v", expr, got, want)
		}
	}
}
