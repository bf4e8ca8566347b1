package session

import "strings"

// The completer's reading of a partial line of Go: where a string is
// open, where an operand ends and begins, which bracket is unclosed.
// Partial lines do not parse, so these scan bytes, skipping string and
// rune literals.

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// openString reports whether text ends inside an interpreted string
// literal, and the index of its opening quote.
func openString(text string) (int, bool) {
	start := -1
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case start >= 0 && c == '\\':
			i++
		case start >= 0 && c == '"':
			start = -1
		case start < 0 && c == '"':
			start = i
		case start < 0 && (c == '`' || c == '\''):
			end := strings.IndexByte(text[i+1:], c)
			if end < 0 {
				return -1, false // in a raw string or rune: nothing to offer
			}
			i += end + 1
		}
	}
	return start, start >= 0
}

// literalSpans returns, for each byte of text, whether it is inside a
// string or rune literal (quotes included).
func literalSpans(text string) []bool {
	in := make([]bool, len(text))
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '"' && c != '`' && c != '\'' {
			continue
		}
		j := i + 1
		for j < len(text) && text[j] != c {
			if text[j] == '\\' && c != '`' {
				j++
			}
			j++
		}
		for k := i; k <= j && k < len(text); k++ {
			in[k] = true
		}
		i = j
	}
	return in
}

// unclosed returns the index of the innermost bracket open (one of
// "([{") that text leaves unclosed, or -1.
func unclosed(text string, open byte) int {
	if i := innermostOpen(text, literalSpans(text), len(text)); i >= 0 && text[i] == open {
		return i
	}
	return -1
}

// innermostOpen returns the index of the innermost bracket that
// text[:end] leaves open (lit marks text's literals), or -1.
func innermostOpen(text string, lit []bool, end int) int {
	depth := 0
	for i := end - 1; i >= 0; i-- {
		if lit[i] {
			continue
		}
		switch text[i] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}

// operand returns the primary expression that ends text: identifiers,
// selectors, calls and index expressions ("tasks", "ops.Busy(p, "x")",
// "d.Frames["tasks"].Where("state", "==", "failed")"), or "".
func operand(text string) string {
	text = strings.TrimRight(text, " \t")
	lit := literalSpans(text)
	i := len(text)
	for {
		switch {
		case i > 0 && !lit[i-1] && isIdentByte(text[i-1]):
			for i > 0 && !lit[i-1] && isIdentByte(text[i-1]) {
				i--
			}
		case i > 0 && !lit[i-1] && (text[i-1] == ')' || text[i-1] == ']'):
			open := innermostOpen(text, lit, i-1) // the bracket that the one at i-1 closes
			if open < 0 {
				return ""
			}
			i = open
			continue // the callee or the indexed operand comes before
		default:
			return text[i:]
		}
		if i > 0 && text[i-1] == '.' && !lit[i-1] {
			i--
			continue
		}
		return text[i:]
	}
}

// topLevelCommas returns the indexes of the commas of args (a call's
// arguments, a literal's elements, so far) outside brackets and
// literals.
func topLevelCommas(args string) []int {
	lit := literalSpans(args)
	var commas []int
	depth := 0
	for i := 0; i < len(args); i++ {
		if lit[i] {
			continue
		}
		switch args[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				commas = append(commas, i)
			}
		}
	}
	return commas
}

// literalType reports whether text ends where a struct literal's field
// name goes ("loaders.Options{" or "loaders.Options{Lenient: true, "),
// and returns the literal's type expression.
func literalType(text string) (string, bool) {
	open := unclosed(text, '{')
	if open < 0 {
		return "", false
	}
	elems := text[open+1:]
	if c := topLevelCommas(elems); len(c) > 0 {
		elems = elems[c[len(c)-1]+1:]
	}
	if strings.TrimSpace(elems) != "" {
		return "", false // inside an element's value
	}
	typ := operand(text[:open])
	return typ, typ != ""
}
