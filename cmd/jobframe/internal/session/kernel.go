package session

import (
	"encoding/base64"
	"fmt"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/jupyter"
	"github.com/jobframe/jobframe/frame"
)

// Kernel is a session as a Jupyter kernel's interpreter
// (jupyter.Interpreter): cells run as REPL inputs, completion and
// inspection as in the REPL.
type Kernel struct{ s *Session }

// NewKernel returns s as a Jupyter kernel's interpreter.
func NewKernel(s *Session) *Kernel { return &Kernel{s: s} }

// Execute runs a cell: Go statements and declarations, the value of its
// last expression shown; a cell of one line "expr?" shows expr's
// documentation. The cell runs as the REPL runs what is typed, one
// complete statement or declaration after another (yaegi handles those
// better than a whole cell at once), and stops at the first error, whose
// line:col are the cell's.
func (k *Kernel) Execute(code string) (map[string]any, *jupyter.ExecError) {
	if expr, ok := strings.CutSuffix(strings.TrimSpace(code), "?"); ok && !strings.Contains(expr, "\n") {
		return map[string]any{"text/plain": k.s.docOf(expr)}, nil
	}
	lines := strings.SplitAfter(code, "\n")
	var last outcome
	src, start := "", 0
	for i, line := range lines {
		if src == "" && strings.TrimSpace(line) == "" {
			continue
		}
		if src == "" {
			start = i
		}
		src += strings.TrimSuffix(line, "\n") + "\n"
		last = k.s.evaluate("", src, strings.TrimSuffix(line, "\n"), i < len(lines)-1, false)
		if last.needMore {
			continue
		}
		src = ""
		if last.errKind != "" {
			text := shiftLines(last.errText, start)
			return nil, &jupyter.ExecError{Name: last.errKind, Value: text, Traceback: strings.Split(text, "\n")}
		}
	}
	if !last.value.IsValid() {
		return nil, nil
	}
	return display(last.value.Interface())
}

// linePosition matches the "line:col: " of an error.
var linePosition = regexp.MustCompile(`(?m)^(\t?)(\d+):(\d+): `)

// shiftLines adds offset to the line of every "line:col: " in text.
func shiftLines(text string, offset int) string {
	if offset == 0 {
		return text
	}
	return linePosition.ReplaceAllStringFunc(text, func(m string) string {
		p := linePosition.FindStringSubmatch(m)
		line, _ := strconv.Atoi(p[2])
		return fmt.Sprintf("%s%d:%s: ", p[1], line+offset, p[3])
	})
}

// kernelTextWidth is the width of a frame's text/plain (characters).
const kernelTextWidth = 120

// display returns the MIME bundle of a value: a frame as an HTML table
// and text; anything with the display methods of Go notebooks (HTML,
// PNG, SVG, Markdown), those; else its text.
func display(v any) (map[string]any, *jupyter.ExecError) {
	if f, ok := v.(*frame.Frame); ok {
		// text/plain is what a console shows (jupyter console, a
		// notebook's text export): a wide frame's middle columns elided to
		// fit 120 characters, as pandas' notebook repr does at its width
		var text strings.Builder
		o := frame.DefaultPrintOptions()
		o.Width = kernelTextWidth
		f.WriteText(&text, o)
		return map[string]any{"text/plain": text.String(), "text/html": f.HTML()}, nil
	}
	data := map[string]any{}
	if e, ok := v.(interface{ Err() error }); ok && e.Err() != nil {
		return nil, &jupyter.ExecError{Name: "error", Value: e.Err().Error(), Traceback: []string{"error: " + e.Err().Error()}}
	}
	if h, ok := v.(interface{ HTML() string }); ok {
		data["text/html"] = h.HTML()
	}
	if m, ok := v.(interface{ Markdown() string }); ok {
		data["text/markdown"] = m.Markdown()
	}
	if p, ok := v.(interface{ PNG() []byte }); ok {
		if b := p.PNG(); b != nil {
			data["image/png"] = base64.StdEncoding.EncodeToString(b)
		}
	}
	if s, ok := v.(interface{ SVG() string }); ok && data["image/png"] == nil {
		data["image/svg+xml"] = s.SVG()
	}
	if len(data) > 0 {
		data["text/plain"] = fmt.Sprintf("<%T>", v)
		return data, nil
	}
	return map[string]any{"text/plain": valueText(v, kernelTextWidth)}, nil
}

// Interrupt stops the cell under way.
func (k *Kernel) Interrupt() { k.s.run.interrupt() }

// Complete returns the REPL's completions of the word before cursor.
func (k *Kernel) Complete(code string, cursor int) ([]string, int) {
	names, partial := k.s.complete(code[:cursor])
	var out []string
	seen := map[string]bool{}
	for _, n := range names {
		if strings.HasPrefix(n, partial) && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, cursor - len(partial)
}

// Inspect documents the expression that ends at the cursor (the rest of
// an identifier the cursor is inside included).
func (k *Kernel) Inspect(code string, cursor int) (string, bool) {
	end := cursor
	for end < len(code) && isIdentByte(code[end]) {
		end++
	}
	expr := operand(code[:end])
	if expr == "" {
		return "", false
	}
	if _, ok := k.s.chk.Denote(expr); !ok {
		return "", false
	}
	return k.s.docOf(expr), true
}

// IsComplete reports whether code is a whole cell ("complete"), ends
// inside a statement ("incomplete"), or cannot become Go ("invalid").
func (k *Kernel) IsComplete(code string) string {
	_, errFile := parser.ParseFile(token.NewFileSet(), "", "package main\n"+code, 0)
	_, errStmt := parser.ParseFile(token.NewFileSet(), "", "package main; func _() {\n"+code+"\n}", 0)
	if errFile == nil || errStmt == nil {
		return "complete"
	}
	last := code[strings.LastIndexByte(code, '\n')+1:]
	if incomplete(errFile, last) || incomplete(errStmt, last) {
		return "incomplete"
	}
	return "invalid"
}
