package frame

import (
	"fmt"
	"sort"
	"strings"

	"github.com/apache/arrow/go/v17/arrow"
)

// TagPrefix starts the name of every per-key tag column ("tag.op").
const TagPrefix = "tag."

// ParseTags parses tag text of the form "k:v;k:v" (EPMT's tag_from_string):
// pieces are split on ";" and trimmed; a piece "k:v" gives k → v (both
// trimmed); a bare word gives word → "1". Values stay strings. Empty pieces
// (a trailing ";") are skipped; EPMT would store them as the key "" and we
// deliberately do not. A piece with more than one ":" is returned in bad
// and left out of the map (EPMT drops it with a warning).
func ParseTags(s string) (tags map[string]string, bad []string) {
	tags = map[string]string{}
	for _, piece := range strings.Split(s, ";") {
		piece = strings.TrimSpace(piece)
		if piece == "" {
			continue
		}
		parts := strings.Split(piece, ":")
		switch len(parts) {
		case 1:
			tags[piece] = "1"
		case 2:
			tags[strings.TrimSpace(parts[0])] = strings.TrimSpace(parts[1])
		default:
			bad = append(bad, piece)
		}
	}
	return tags, bad
}

// FormatTags returns the canonical text of tags: "k:v" pairs with keys in
// ascending order, joined by ";" ("" for no tags).
func FormatTags(tags map[string]string) string {
	keys := make([]string, 0, len(tags))
	for k := range tags {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(k)
		b.WriteByte(':')
		b.WriteString(tags[k])
	}
	return b.String()
}

// WithTags parses the tag text in column src (see ParseTags) and returns
// the frame with a canonical "tags" column (replacing any of that name)
// and one string column "tag.<key>" per key found, in key order; a row
// without a key is null there. A null src gives null tags. A malformed
// piece is an error naming the row.
func (f *Frame) WithTags(src string) *Frame {
	if f.err != nil {
		return f
	}
	text, valid, err := f.Strings(src)
	if err != nil {
		return WithErr(fmt.Errorf("WithTags: %w", err))
	}
	canon := make([]string, len(text))
	perKey := map[string][]string{}
	perKeyValid := map[string][]bool{}
	for i, s := range text {
		if !valid[i] {
			continue
		}
		tags, bad := ParseTags(s)
		if len(bad) > 0 {
			return Errorf("WithTags: column %q row %d: tag piece %q has more than one ':'", src, i, bad[0])
		}
		canon[i] = FormatTags(tags)
		for k, v := range tags {
			if perKey[k] == nil {
				perKey[k] = make([]string, len(text))
				perKeyValid[k] = make([]bool, len(text))
			}
			perKey[k][i] = v
			perKeyValid[k][i] = true
		}
	}
	out := f.setColumn("tags", newString(canon, valid))
	keys := make([]string, 0, len(perKey))
	for k := range perKey {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = out.setColumn(TagPrefix+k, newString(perKey[k], perKeyValid[k]))
	}
	return out
}

// TagKeys returns the keys of the frame's tag.<key> columns, in column
// order.
func (f *Frame) TagKeys() []string {
	var keys []string
	for _, n := range f.names {
		if strings.HasPrefix(n, TagPrefix) {
			keys = append(keys, strings.TrimPrefix(n, TagPrefix))
		}
	}
	return keys
}

// TagsFromColumns rebuilds the canonical "tags" column from the frame's
// tag.<key> string columns (the inverse of WithTags): each row's tags are
// the keys whose column is non-null there.
func (f *Frame) TagsFromColumns() *Frame {
	if f.err != nil {
		return f
	}
	keys := f.TagKeys()
	sort.Strings(keys)
	cols := make([]arrow.Array, len(keys))
	for k, key := range keys {
		a, err := f.typedCol("TagsFromColumns", TagPrefix+key, String)
		if err != nil {
			return WithErr(err)
		}
		cols[k] = a
	}
	canon := make([]string, f.nrows)
	var b strings.Builder
	for i := range canon {
		b.Reset()
		for k, a := range cols {
			if a.IsNull(i) {
				continue
			}
			if b.Len() > 0 {
				b.WriteByte(';')
			}
			b.WriteString(keys[k])
			b.WriteByte(':')
			b.WriteString(strAt(a, i))
		}
		canon[i] = b.String()
	}
	return f.setColumn("tags", newString(canon, nil))
}
