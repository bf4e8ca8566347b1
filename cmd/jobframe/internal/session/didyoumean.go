package session

import (
	"go/types"
	"regexp"
	"strings"
)

// undefinedName matches the interpreter's and the type checker's
// messages for a name that does not exist: "undefined: NAME" and
// `package frame "..." has no symbol NAME`.
var undefinedName = regexp.MustCompile(`undefined: ([\pL_][\pL\pN_.]*)$|package (\w+) "[^"]*" has no symbol ([\pL_][\pL\pN_]*)$`)

// withHint is msg with didYouMean's hint, when msg ends with a name that
// does not exist.
func (s *Session) withHint(msg string) string {
	m := undefinedName.FindStringSubmatch(msg)
	switch {
	case m == nil:
		return msg
	case m[1] != "":
		return msg + s.didYouMean(m[1])
	}
	return msg + s.didYouMean(m[2]+"."+m[3])
}

// didYouMean is the hint for a name that does not exist (NAME or
// pkg.NAME): " (did you mean NAME2?)", NAME2 the name in scope (the
// session's, the packages' members, Go's built-in ones) nearest to NAME,
// within a third of its length in edits; "" when none is that near.
func (s *Session) didYouMean(name string) string {
	var candidates []string
	prefix := ""
	if pkg, member, ok := strings.Cut(name, "."); ok {
		candidates, name, prefix = s.chk.Members(pkg), member, pkg+"."
	} else {
		candidates = append(s.chk.Names(), types.Universe.Names()...)
	}
	best, bestD := "", len(name)/3+1
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(name), strings.ToLower(c)); d < bestD || d == bestD && best != "" && c < best {
			best, bestD = c, d
		}
	}
	if best == "" || best == name {
		return ""
	}
	return " (did you mean " + prefix + best + "?)"
}

// editDistance is the number of insertions, deletions, substitutions
// and swaps of adjacent letters that make a into b (Damerau–Levenshtein,
// optimal string alignment).
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
