package cctools

import (
	"io"

	"github.com/jobframe/jobframe/loaders/source"
)

// LoadTaskVine reads a TaskVine transactions log (Jan 2023 to 7.17 and
// master). A Work Queue log read this way is labelled "workqueue".
func LoadTaskVine(r io.Reader, o source.Options) (*source.Dataset, error) {
	return o.Project(loadCctools(r, o))
}
