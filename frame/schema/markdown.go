package schema

import (
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// Markdown renders the schema as a Markdown document: every frame with
// what a row is and its core columns (name, type, unit, meaning), then
// the state and resource vocabularies. docs/schema.md is its output.
func Markdown() string {
	var b strings.Builder
	b.WriteString("# jobframe: the canonical frames\n\n")
	b.WriteString("Generated from package frame/schema (`go test ./frame/schema -update` rewrites it).\n")
	b.WriteString("Every loader fills the frames its source records, with these core columns\n")
	b.WriteString("where it has them, and keeps its own fields as further columns. Times are\n")
	b.WriteString("µs since the Unix epoch, UTC; tags are a `tags` column (`k:v;k:v`, keys\n")
	b.WriteString("sorted) and one `tag.<key>` column per key.\n")
	for _, f := range Frames() {
		fmt.Fprintf(&b, "\n## %s\n\nOne row per %s.\n\n| column | type | unit | meaning |\n| --- | --- | --- | --- |\n", f.Name, f.Row)
		for _, c := range f.Columns {
			t := c.Type.String()
			if c.Type == frame.Invalid {
				t = "int64 or string"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", c.Name, t, c.Unit, c.Doc)
		}
	}
	b.WriteString("\n## Task states\n\n`state` takes one of: ")
	for i, s := range States() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "`%s`", s)
	}
	b.WriteString(". `raw_state` keeps the source's own word.\n\n## Resources\n\nThe resource columns are ")
	for i, r := range Resources() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "`%s`", r)
	}
	b.WriteString(" (in tasks with a `req_` prefix); `schema.Resource` also takes cores, memory and disk.\n")
	return b.String()
}
