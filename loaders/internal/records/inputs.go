package records

import (
	"io"
	"runtime"

	"github.com/jobframe/jobframe/loaders/source"
)

// DecodedInputs reads inputs one after the other as the lines of one
// load (a folder's daily or rotated logs): each is opened by start
// (which may look at its head and refuse it), its lines decoded on every
// core by decode and applied in order by apply, with the input's place
// among them. It returns the inputs' names and their warnings, in order.
func DecodedInputs[T any](in []source.Input, o source.Options, start func(x source.Input, p *source.Problems) (io.Reader, error),
	decode func(line []byte, v *T), apply func(input int, p *source.Problems, line []byte, n int, v *T) error) (files []string, warnings []source.Warning, err error) {
	for i, x := range in {
		files = append(files, x.Name)
		p := o.Problems(x.Name)
		r, err := start(x, p)
		if err != nil {
			return nil, nil, err
		}
		err = DecodedLines(r, p, 1, runtime.GOMAXPROCS(0), decode, func(line []byte, n int, v *T) error { return apply(i, p, line, n, v) })
		if err != nil {
			return nil, nil, err
		}
		warnings = append(warnings, p.Finish()...)
	}
	return files, warnings, nil
}
