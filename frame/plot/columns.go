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

// gridLines is a light grid behind the data.
func gridLines() gplot.Plotter {
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{Y: 0xe0}
	g.Horizontal.Color = color.Gray{Y: 0xe0}
	g.Vertical.Width /= 2
	g.Horizontal.Width /= 2
	return g
}
