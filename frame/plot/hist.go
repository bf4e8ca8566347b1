package plot

import (
	"fmt"
	"image/color"

	"github.com/jobframe/jobframe/frame"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// histLayer is a binned histogram.
type histLayer struct {
	label string
	bins  []plotter.HistogramBin
}

// Hist draws a histogram frame as ops.Histogram, ops.HistogramRange and
// ops.HistogramEdges return it (columns lo, hi: the bin edges, and
// count) as adjoining bars. The x axis is in the unit of the counted
// column; say it in the figure's x label. label names the bars in the
// legend ("" for none).
func (f *Figure) Hist(h *frame.Frame, label string) *Figure {
	if f.err != nil {
		return f
	}
	if err := frameErr(h, "histogram "+label); err != nil {
		return f.fail("%w", err)
	}
	lo, lv, err1 := h.Float64s("lo")
	hi, hv, err2 := h.Float64s("hi")
	n, nv, err3 := h.Float64s("count")
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return f.fail("histogram %q (want columns lo, hi, count): %w", label, err)
		}
	}
	l := &histLayer{label: label}
	for i := range lo {
		if lv[i] && hv[i] && nv[i] {
			l.bins = append(l.bins, plotter.HistogramBin{Min: lo[i], Max: hi[i], Weight: n[i]})
		}
	}
	return f.add(l)
}

func (l *histLayer) kind() xKind                     { return xNumber }
func (l *histLayer) timeRange() (int64, int64, bool) { return 0, 0, false }

func (l *histLayer) draw(p *gplot.Plot, r *render) error {
	if len(l.bins) == 0 {
		return fmt.Errorf("histogram %q: no bins", l.label)
	}
	h := &plotter.Histogram{Bins: l.bins, Width: l.bins[0].Max - l.bins[0].Min}
	c := color.NRGBAModel.Convert(Color(r.index)).(color.NRGBA)
	c.A = 0xc0
	h.FillColor = c
	h.LineStyle = plotter.DefaultLineStyle
	h.LineStyle.Color = color.White
	h.LineStyle.Width /= 2
	p.Add(h)
	if l.label != "" {
		p.Legend.Add(l.label, h)
	}
	return nil
}
