package schema

import (
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// Check reports whether f conforms to the canonical frame name: every
// core column f has is of the core column's type (ids: int64 or string), every tag.* column and
// "tags" hold text, and the values of a tasks or placements "state"
// column are in the state vocabulary. Columns beyond the core ones are
// the source's own and are not checked. A frame name the schema does not
// list is an error.
func Check(name string, f *frame.Frame) error {
	sf, ok := Lookup(name)
	if !ok {
		return fmt.Errorf("%q is not a canonical frame", name)
	}
	if f.Err() != nil {
		return fmt.Errorf("the %s frame: %w", name, f.Err())
	}
	types := f.Types()
	for i, col := range f.Names() {
		want, core := sf.Column(col)
		switch {
		case core && want.Type == frame.Invalid && types[i] != frame.Int64 && types[i] != frame.String:
			return fmt.Errorf("the %s frame's column %s is %s, want an integer or text id", name, col, types[i])
		case core && want.Type != frame.Invalid && types[i] != want.Type:
			return fmt.Errorf("the %s frame's column %s is %s, want %s", name, col, types[i], want.Type)
		case strings.HasPrefix(col, "tag.") && types[i] != frame.String:
			return fmt.Errorf("the %s frame's tag column %s is %s, want string", name, col, types[i])
		}
	}
	if t, _ := f.Type("state"); (name == Tasks || name == Placements) && t == frame.String {
		states, valid, err := f.Strings("state")
		if err != nil {
			return err
		}
		for i, s := range states {
			if valid[i] && !KnownState(s) {
				return fmt.Errorf("the %s frame's row %d has state %q, which is not in the vocabulary (%s)", name, i, s, strings.Join(States(), ", "))
			}
		}
	}
	return nil
}
