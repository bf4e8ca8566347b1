package cctools

import (
	"io"

	"github.com/jobframe/jobframe/loaders/source"
)

// LoadWorkQueue reads a Work Queue transactions log (all versions since
// 6.x, several runs per file). A TaskVine log read this way is recognised
// by its markers and labelled "taskvine".
func LoadWorkQueue(r io.Reader, o source.Options) (*source.Dataset, error) {
	return o.Project(loadCctools(r, o))
}
