package plot

import (
	"fmt"
	"image/color"

	"github.com/jobframe/jobframe/frame"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// frameErr returns the error a frame carries, or that it is nil.
func frameErr(f *frame.Frame, what string) error {
	if f == nil {
		return fmt.Errorf("%s: nil frame", what)
	}
	if err := f.Err(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// labels returns the values of column col as text ("" where null),
// whatever its type.
func labels(f *frame.Frame, col string) ([]string, error) {
	t, err := f.Type(col)
	if err != nil {
		return nil, err
	}
	if t == frame.String {
		s, _, err := f.Strings(col)
		return s, err
	}
	c := -1
	for i, n := range f.Names() {
		if n == col {
			c = i
		}
	}
	out := make([]string, f.NumRows())
	for i := range out {
		out[i] = f.FormatValue(c, i)
	}
	return out, nil
}

// gridLines is a light grid behind the data.
func gridLines() gplot.Plotter {
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{Y: 0xe0}
	g.Horizontal.Color = color.Gray{Y: 0xe0}
	g.Vertical.Width /= 2
	g.Horizontal.Width /= 2
	return g
}
