package ops

import (
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// require checks that f has the columns an op needs; the error names the
// op, the missing columns and the loaders whose frames have them.
func require(op string, f *frame.Frame, from string, cols ...string) error {
	if f == nil {
		return fmt.Errorf("%s: no frame given", op)
	}
	if err := f.Err(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	var missing []string
	for _, c := range cols {
		if !f.Has(c) {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s: the frame lacks column(s) %s; %s", op, strings.Join(missing, ", "), from)
	}
	return nil
}
