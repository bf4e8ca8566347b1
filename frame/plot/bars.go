package plot

import (
	"fmt"
	"math"

	"github.com/jobframe/jobframe/frame"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// barsLayer is one value per category.
type barsLayer struct {
	label  string
	cats   []string
	values []float64
}

// Bars draws one bar per row of t: the category in column catCol (any
// type, shown as text) and the height in column valueCol (a number; a
// null draws no bar). Several Bars layers on one figure stand side by
// side and must have the same categories in the same order. label names
// the bars in the legend ("" for none).
func (f *Figure) Bars(t *frame.Frame, catCol, valueCol, label string) *Figure {
	if f.err != nil {
		return f
	}
	if err := frameErr(t, "bars "+label); err != nil {
		return f.fail("%w", err)
	}
	cats, err := t.Texts(catCol)
	if err != nil {
		return f.fail("bars %q: %w", label, err)
	}
	vals, valid, err := t.Float64s(valueCol)
	if err != nil {
		return f.fail("bars %q: %w", label, err)
	}
	l := &barsLayer{label: label, cats: cats, values: make([]float64, len(vals))}
	for i, v := range vals {
		if !valid[i] || math.IsNaN(v) {
			v = 0
		}
		l.values[i] = v
	}
	return f.add(l)
}

func (l *barsLayer) kind() xKind                     { return xNominal }
func (l *barsLayer) timeRange() (int64, int64, bool) { return 0, 0, false }

func (l *barsLayer) draw(p *gplot.Plot, r *render) error {
	if len(l.cats) == 0 {
		return fmt.Errorf("bars %q: no rows", l.label)
	}
	if err := setCategories(r, l.cats); err != nil {
		return fmt.Errorf("bars %q: %w", l.label, err)
	}
	// Bars of all layers share 80% of a category's width.
	width := vg.Length(r.categoryWidth(len(l.cats)) * 0.7 / float64(r.layers))
	b, err := plotter.NewBarChart(plotter.Values(l.values), max(width, 0.5))
	if err != nil {
		return fmt.Errorf("bars %q: %w", l.label, err)
	}
	b.Color = Color(r.index)
	b.LineStyle.Width = 0
	b.Offset = width * vg.Length(float64(r.index)-float64(r.layers-1)/2)
	p.Add(b)
	if l.label != "" {
		p.Legend.Add(l.label, b)
	}
	return nil
}

// setCategories records the nominal x labels, or checks that a later
// layer has the same.
func setCategories(r *render, cats []string) error {
	if len(*r.categories) == 0 {
		*r.categories = cats
		return nil
	}
	if len(*r.categories) != len(cats) {
		return fmt.Errorf("%d categories where an earlier layer has %d", len(cats), len(*r.categories))
	}
	for i, c := range cats {
		if (*r.categories)[i] != c {
			return fmt.Errorf("category %d is %q where an earlier layer has %q", i, c, (*r.categories)[i])
		}
	}
	return nil
}
