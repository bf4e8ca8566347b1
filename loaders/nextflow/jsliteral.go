package nextflow

import (
	"errors"
	"fmt"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// jsonOfLiteral returns the JSON text of the JavaScript array or object
// literal that starts src (Nextflow's timeline data), and where it ends
// in src. Nextflow writes JSON except for two things: before 21.03 each
// segment's colour is a call such as c1(0), read here as null; and
// labels are escaped for JavaScript (StringEscapeUtils.escapeJavaScript),
// so a quote may be written \', read here as '. Nothing else is
// accepted: an unbalanced or unterminated literal is an error. A literal
// that is JSON already (Nextflow 21.03 and later) is returned as it is.
func jsonOfLiteral(src []byte) ([]byte, int, error) {
	if end, err := jsontext.ScanValue(src, 0, 0); err == nil {
		return src[:end], end, nil
	}
	out := make([]byte, 0, len(src))
	depth := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"':
			j, s, err := jsString(src, i)
			if err != nil {
				return nil, 0, err
			}
			out = append(out, s...)
			i = j - 1
		case c == '[' || c == '{':
			depth++
			out = append(out, c)
		case c == ']' || c == '}':
			depth--
			out = append(out, c)
			if depth == 0 {
				return out, i + 1, nil
			}
			if depth < 0 {
				return nil, 0, fmt.Errorf("unbalanced %q at byte %d", c, i)
			}
		case isIdentStart(c):
			j := i
			for j < len(src) && isIdentPart(src[j]) {
				j++
			}
			word := string(src[i:j])
			if j < len(src) && src[j] == '(' { // a colour call: c1(0)
				k := j + 1
				for k < len(src) && src[k] != ')' && src[k] != '\n' {
					k++
				}
				if k == len(src) || src[k] != ')' {
					return nil, 0, fmt.Errorf("unterminated call %s( at byte %d", word, i)
				}
				out = append(out, "null"...)
				i = k
				continue
			}
			switch word {
			case "true", "false", "null":
				out = append(out, word...)
			default:
				return nil, 0, fmt.Errorf("unexpected name %q at byte %d", word, i)
			}
			i = j - 1
		default:
			out = append(out, c)
		}
		if depth == 0 {
			return nil, 0, fmt.Errorf("want an array or object literal at byte %d", i)
		}
	}
	return nil, 0, errors.New("the data literal does not end")
}

// jsString copies the JavaScript string literal starting at src[i] as a
// JSON string; it returns the index after its closing quote.
func jsString(src []byte, i int) (int, []byte, error) {
	out := []byte{'"'}
	for j := i + 1; j < len(src); j++ {
		switch c := src[j]; c {
		case '"':
			return j + 1, append(out, '"'), nil
		case '\n':
			return 0, nil, fmt.Errorf("string at byte %d runs past the end of its line", i)
		case '\\':
			if j+1 == len(src) {
				return 0, nil, fmt.Errorf("string at byte %d does not end", i)
			}
			j++
			if src[j] == '\'' {
				out = append(out, '\'')
			} else {
				out = append(out, '\\', src[j])
			}
		default:
			out = append(out, c)
		}
	}
	return 0, nil, fmt.Errorf("string at byte %d does not end", i)
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }
