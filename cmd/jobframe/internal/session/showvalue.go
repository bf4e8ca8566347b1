package session

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Limits of a value shown as text (not a frame, nor a value with a
// String method of its own): what a screen holds.
const (
	maxValueLines = 40
	maxValueBytes = 8 << 10
)

// valueText is v as the REPL and the kernel show it: Go's %+v (fields
// named), cut to maxValueLines lines of at most width characters each
// (0: any) and maxValueBytes in all, saying how much was left out.
func valueText(v any, width int) string {
	text := fmt.Sprintf("%+v", v)
	if _, ok := v.(fmt.Stringer); ok {
		text = fmt.Sprint(v) // its own form, as the type wants it read
	}
	cut := 0 // bytes left out
	if len(text) > maxValueBytes {
		end := maxValueBytes
		for end > 0 && !utf8.RuneStart(text[end]) {
			end--
		}
		cut, text = len(text)-end, text[:end]
	}
	lines := strings.Split(text, "\n")
	more := 0
	if len(lines) > maxValueLines {
		more, lines = len(lines)-maxValueLines, lines[:maxValueLines]
	}
	for k, l := range lines {
		if width > 4 && utf8.RuneCountInString(l) > width {
			lines[k] = string([]rune(l)[:width-3]) + "..."
		}
	}
	out := strings.Join(lines, "\n")
	switch {
	case more > 0:
		out += fmt.Sprintf("\n... (%d more lines)", more)
	case cut > 0:
		out += fmt.Sprintf("... (%d more bytes)", cut)
	}
	return out
}
