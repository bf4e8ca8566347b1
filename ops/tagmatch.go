package ops

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jobframe/jobframe/frame"
)

// tagSet is one parsed tag: key → value, with its canonical text.
type tagSet struct {
	text string
	kv   map[string]string
}

// parseTagList parses tag texts ("k:v;k:v"); "" is the empty tag, which
// matches only untagged rows (docs/semantics.md#tag-matching).
func parseTagList(op string, texts []string) ([]tagSet, error) {
	out := make([]tagSet, len(texts))
	for i, s := range texts {
		kv, bad := frame.ParseTags(s)
		if len(bad) > 0 {
			return nil, fmt.Errorf("%s: tag %q: cannot read %q (want k:v;k:v)", op, s, bad[0])
		}
		out[i] = tagSet{frame.FormatTags(kv), kv}
	}
	return out, nil
}

// rowTags returns the parsed tags of every row of f's tags column (null
// and "" are the empty tag), parsing each distinct text once.
func rowTags(op string, f *frame.Frame) ([]map[string]string, error) {
	texts, ok, err := f.Strings("tags")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	cache := map[string]map[string]string{}
	out := make([]map[string]string, len(texts))
	for i, s := range texts {
		if !ok[i] {
			s = ""
		}
		kv, seen := cache[s]
		if !seen {
			kv, _ = frame.ParseTags(s)
			cache[s] = kv
		}
		out[i] = kv
	}
	return out, nil
}

// tagMatches is EPMT's tag test: every pair of want is in have (superset),
// or with exact, have equals want; the empty want matches only the empty
// have.
func tagMatches(have, want map[string]string, exact bool) bool {
	if len(want) == 0 || exact {
		if len(have) != len(want) {
			return false
		}
	}
	for k, v := range want {
		if hv, ok := have[k]; !ok || hv != v {
			return false
		}
	}
	return true
}

// MatchTags returns the rows of f (procs, jobs, or any frame with a tags
// column) whose tags match any of the given tag texts (a list is an OR),
// with EPMT's rule (docs/semantics.md#tag-matching): a row matches "k:v;k2:v2" when it
// has every one of those pairs (superset), or, with exact, when its tags
// are exactly those; "" matches only untagged rows.
func MatchTags(f *frame.Frame, exact bool, tags ...string) *frame.Frame {
	if err := require("MatchTags", f, "the procs and jobs frames have it; frame.WithTags makes one", "tags"); err != nil {
		return frame.WithErr(err)
	}
	want, err := parseTagList("MatchTags", tags)
	if err != nil {
		return frame.WithErr(err)
	}
	have, err := rowTags("MatchTags", f)
	if err != nil {
		return frame.WithErr(err)
	}
	var rows []int
	for i, h := range have {
		for _, w := range want {
			if tagMatches(h, w.kv, exact) {
				rows = append(rows, i)
				break
			}
		}
	}
	return f.Take(rows)
}

// tagJSON is Python's json.dumps(tag, sort_keys=True) for a dict of
// strings, the order EPMT sorts tags by.
func tagJSON(kv map[string]string) string {
	keys := make([]string, 0, len(kv))
	for k := range kv {
		keys = append(keys, k)
	}
	slices.Sort(keys) // UTF-8 byte order is code point order, as Python's
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		pyJSONString(&b, k)
		b.WriteString(": ")
		pyJSONString(&b, kv[k])
	}
	b.WriteByte('}')
	return b.String()
}

// pyJSONString writes s as Python's json module does with ensure_ascii.
func pyJSONString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20 || (r >= 0x7f && r <= 0xffff) || r == utf8.RuneError:
			if r < 0x7f {
				b.WriteString(`\u00`)
				b.WriteString(hex2(int(r)))
				continue
			}
			b.WriteString(`\u`)
			b.WriteString(hex4(int(r)))
		case r > 0xffff:
			r -= 0x10000
			b.WriteString(`\u` + hex4(0xd800+int(r>>10)) + `\u` + hex4(0xdc00+int(r&0x3ff)))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

func hex2(v int) string {
	s := strconv.FormatInt(int64(v), 16)
	return strings.Repeat("0", 2-len(s)) + s
}
func hex4(v int) string {
	s := strconv.FormatInt(int64(v), 16)
	return strings.Repeat("0", 4-len(s)) + s
}
