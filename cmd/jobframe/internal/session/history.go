package session

import (
	"go/scanner"
	"go/token"
	"strings"
)

// historyEntry turns a statement typed over several lines into the one
// line a history file can hold (readline's file has one entry per line),
// still valid Go when recalled: lines are joined with "; " where Go would
// insert a semicolon at the newline (after an identifier, a literal,
// return, break, continue, fallthrough, ++, --, ), ] or }) and with " "
// elsewhere (after an operator, a comma or an opening brace). A "//"
// comment at the end of a line, which would swallow what follows, is
// dropped. A single line is kept as typed.
func historyEntry(src string) string {
	src = strings.TrimRight(src, "\n")
	if !strings.Contains(src, "\n") {
		return src
	}
	var b strings.Builder
	for _, line := range strings.Split(src, "\n") {
		code, semi := lineEnd(line)
		code = strings.TrimSpace(code)
		if code == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString(code)
		if semi {
			b.WriteString(";")
		}
	}
	return strings.TrimSuffix(b.String(), ";")
}

// lineEnd returns line without a trailing // comment, and whether Go's
// lexer inserts a semicolon at its end.
func lineEnd(line string) (string, bool) {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(line)+1)
	// Errors (an unterminated raw string that continues on the next
	// line) end the scan; the line is then kept whole.
	s.Init(file, []byte(line+"\n"), func(token.Position, string) {}, scanner.ScanComments)
	code, semi := line, false
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		switch {
		case tok == token.COMMENT && strings.HasPrefix(lit, "//"):
			code = line[:file.Offset(pos)]
		case tok == token.SEMICOLON && lit == "\n":
			semi = true
		case tok == token.ILLEGAL:
			return line, false
		}
	}
	return code, semi
}
