package frame

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Strings: tests (Contains, HasPrefix, HasSuffix, Match), changes (Lower,
// Upper, Extract, SplitPart) and Len, each on the whole column; a null
// stays null. A dictionary column is worked on its distinct values once
// each, and its rows take their results.

// stringMap applies fn to every valid string of v, computing each
// distinct value once when v has few of them.
func stringMap(name string, e Expr, kind vkind, fn func(s string) (vec1 any, ok bool)) Expr {
	return unary(name, e, func(v vec) (vec, error) {
		if v.kind == vNull {
			return v, nil
		}
		if v.kind != vString {
			return vec{}, fmt.Errorf("%s of %s values (want string)", name, v.kind)
		}
		out := vec{kind: vNull, n: v.n}.as(kind)
		out.valid = append([]bool(nil), v.valid...)
		if out.valid == nil {
			out.valid = make([]bool, v.n)
			for r := range out.valid {
				out.valid[r] = true
			}
		}
		if v.dict != nil { // each distinct value once, then the rows by code
			res := make([]struct {
				x  any
				ok bool
			}, len(v.dict))
			for k, s := range v.dict {
				res[k].x, res[k].ok = fn(s)
			}
			for r, c := range v.codes {
				if !out.valid[r] {
					continue
				}
				out.set(r, res[c].x, res[c].ok)
			}
			return out, nil
		}
		memo := map[string]struct {
			x  any
			ok bool
		}{}
		for r, s := range v.s {
			if !out.valid[r] {
				continue
			}
			m, seen := memo[s]
			if !seen {
				m.x, m.ok = fn(s)
				if len(memo) < 1<<16 {
					memo[s] = m
				}
			}
			out.set(r, m.x, m.ok)
		}
		return out, nil
	})
}

// set stores a string function's result x at row r of v, or makes the
// row null when it has none (ok false).
func (v *vec) set(r int, x any, ok bool) {
	if !ok {
		v.valid[r] = false
		return
	}
	switch x := x.(type) {
	case bool:
		v.b[r] = x
	case int64:
		v.i[r] = x
	case string:
		v.s[r] = x
	}
}

// Contains is whether e holds sub.
func (e Expr) Contains(sub string) Expr {
	return stringMap("contains", e, vBool, func(s string) (any, bool) { return strings.Contains(s, sub), true })
}

// HasPrefix is whether e starts with prefix.
func (e Expr) HasPrefix(prefix string) Expr {
	return stringMap("has_prefix", e, vBool, func(s string) (any, bool) { return strings.HasPrefix(s, prefix), true })
}

// HasSuffix is whether e ends with suffix.
func (e Expr) HasSuffix(suffix string) Expr {
	return stringMap("has_suffix", e, vBool, func(s string) (any, bool) { return strings.HasSuffix(s, suffix), true })
}

// Lower is e in lower case.
func (e Expr) Lower() Expr {
	return stringMap("lower", e, vString, func(s string) (any, bool) { return strings.ToLower(s), true })
}

// Upper is e in upper case.
func (e Expr) Upper() Expr {
	return stringMap("upper", e, vString, func(s string) (any, bool) { return strings.ToUpper(s), true })
}

// Len is the number of characters (runes) of e, an int64.
func (e Expr) Len() Expr {
	return stringMap("len", e, vInt, func(s string) (any, bool) { return int64(utf8.RuneCountInString(s)), true })
}

// Match is whether e matches the regular expression pattern (Go's RE2
// syntax), anywhere in it.
func (e Expr) Match(pattern string) Expr {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return Expr{err: fmt.Errorf("Match: %w", err)}
	}
	return stringMap("match", e, vBool, func(s string) (any, bool) { return re.MatchString(s), true })
}

// Extract is group k of the first match of pattern in e (0: the whole
// match), null where it does not match.
func (e Expr) Extract(pattern string, k int) Expr {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return Expr{err: fmt.Errorf("Extract: %w", err)}
	}
	if k < 0 || k > re.NumSubexp() {
		return Expr{err: fmt.Errorf("Extract: group %d of a pattern with %d", k, re.NumSubexp())}
	}
	return stringMap("extract", e, vString, func(s string) (any, bool) {
		m := re.FindStringSubmatchIndex(s)
		if m == nil || m[2*k] < 0 {
			return "", false
		}
		return s[m[2*k]:m[2*k+1]], true
	})
}

// SplitPart is part k (from 0) of e split at sep, null where e has fewer
// parts.
func (e Expr) SplitPart(sep string, k int) Expr {
	return stringMap("split_part", e, vString, func(s string) (any, bool) {
		parts := strings.SplitN(s, sep, k+2)
		if k < 0 || k >= len(parts) {
			return "", false
		}
		return parts[k], true
	})
}
