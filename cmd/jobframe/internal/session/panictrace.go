package session

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
)

// yaegiPanicLine is what yaegi writes to the interpreter's stderr for
// every interpreted frame a panic unwinds through ("59:5: panic:
// main.check(...)"), os.Exit included, since yaegi's os.Exit panics.
var yaegiPanicLine = regexp.MustCompile(`^(?:[^\s:]+:)?\d+:\d+: panic: (.*)\(\.\.\.\)\n$`)

// panicTrace is the stderr given to the interpreter: it passes writes
// through, except yaegi's per-frame panic lines, which it keeps so that
// the caller can show them as a trace after the panic's message (a real
// panic) or drop them (os.Exit, or a REPL where positions mean nothing).
type panicTrace struct {
	w      io.Writer
	mu     sync.Mutex
	frames []string // the functions, "main.check", innermost first
}

func (p *panicTrace) Write(b []byte) (int, error) {
	if m := yaegiPanicLine.FindSubmatch(b); m != nil {
		p.mu.Lock()
		p.frames = append(p.frames, string(m[1]))
		p.mu.Unlock()
		return len(b), nil
	}
	return p.w.Write(b)
}

// take returns the frames kept since the last take and forgets them.
func (p *panicTrace) take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	f := p.frames
	p.frames = nil
	return f
}

// formatTrace renders frames as indented "in FUNC" lines, innermost
// first. yaegi's positions are not kept: they are those of nodes of its
// compiled graph, often not the line that panicked.
func formatTrace(frames []string) string {
	var b strings.Builder
	for _, fn := range frames {
		fmt.Fprintf(&b, "\tin %s\n", fn)
	}
	return b.String()
}
