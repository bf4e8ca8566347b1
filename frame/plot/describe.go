package plot

import (
	"fmt"
	"strings"
)

// String describes the figure as a person reads it in the REPL: its
// title, axes and layers (kind, label and points), or its error.
func (f *Figure) String() string {
	if f.err != nil {
		return fmt.Sprintf("figure %q: %v", f.title, f.err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "figure %q (x: %q, y: %q), %d layers", f.title, f.xLabel, f.yLabel, len(f.layers))
	s, err := f.Spec()
	if err != nil {
		fmt.Fprintf(&b, ": %v", err)
		return b.String()
	}
	for _, l := range s.Layers {
		n := len(l.X)
		switch {
		case l.Gantt != nil:
			n = len(l.Gantt.Row)
		case l.Boxes != nil:
			n = len(l.Boxes)
		}
		fmt.Fprintf(&b, "\n  %s %q: %d points", l.Kind, l.Label, n)
	}
	b.WriteString("\n(Save(\"name.png\") or .svg draws it; a notebook shows it)")
	return b.String()
}
