package plot

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"github.com/jobframe/jobframe/frame"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// maxOutliers bounds the outlier marks drawn per box: outliers closer
// than 1/300 of the value range are drawn once.
const maxOutliers = 300

// BoxStats are the figures a box of a box plot shows, in the unit of the
// values: the quartiles (numpy's linear interpolation), the whiskers (the
// most extreme values within 1.5 IQR of the box, Tukey's rule) and the
// values beyond them.
type BoxStats struct {
	N                    int
	Q1, Median, Q3       float64
	WhiskerLo, WhiskerHi float64
	Outliers             []float64
	Min, Max             float64
}

// ComputeBoxStats returns the box figures of the non-NaN values of vs
// (which it sorts in place).
func ComputeBoxStats(vs []float64) BoxStats {
	clean := vs[:0]
	for _, v := range vs {
		if !math.IsNaN(v) {
			clean = append(clean, v)
		}
	}
	sort.Float64s(clean)
	s := BoxStats{N: len(clean)}
	if len(clean) == 0 {
		return s
	}
	s.Q1 = frame.QuantileSorted(clean, 0.25)
	s.Median = frame.QuantileSorted(clean, 0.5)
	s.Q3 = frame.QuantileSorted(clean, 0.75)
	iqr := s.Q3 - s.Q1
	lo, hi := s.Q1-1.5*iqr, s.Q3+1.5*iqr
	s.Min, s.Max = clean[0], clean[len(clean)-1]
	s.WhiskerLo, s.WhiskerHi = s.Q1, s.Q3
	for _, v := range clean {
		if v >= lo {
			s.WhiskerLo = v
			break
		}
	}
	for i := len(clean) - 1; i >= 0; i-- {
		if clean[i] <= hi {
			s.WhiskerHi = clean[i]
			break
		}
	}
	for _, v := range clean {
		if v < lo || v > hi {
			s.Outliers = append(s.Outliers, v)
		}
	}
	return s
}

// boxLayer is one box per category.
type boxLayer struct {
	label string
	cats  []string
	stats []BoxStats
}

// Box draws one box per category of column catCol (any type, shown as
// text; categories in sorted order) over the numbers of column valueCol
// of t (nulls and NaN left out): the box from the first to the third
// quartile with the median, whiskers to the most extreme values within
// 1.5 IQR, and the values beyond as points (at most 300 distinct marks
// per box). label names the boxes in the legend ("" for none).
func (f *Figure) Box(t *frame.Frame, catCol, valueCol, label string) *Figure {
	if f.err != nil {
		return f
	}
	if err := frameErr(t, "box "+label); err != nil {
		return f.fail("%w", err)
	}
	cats, of, err := categoriesOf(t, catCol)
	if err != nil {
		return f.fail("box %q: %w", label, err)
	}
	vals, valid, err := t.Float64s(valueCol)
	if err != nil {
		return f.fail("box %q: %w", label, err)
	}
	counts := make([]int, len(cats))
	for i, v := range vals {
		if valid[i] && !math.IsNaN(v) {
			counts[of(i)]++
		}
	}
	groups := make([][]float64, len(cats))
	for c, n := range counts {
		groups[c] = make([]float64, 0, n)
	}
	for i, v := range vals {
		if valid[i] && !math.IsNaN(v) {
			c := of(i)
			groups[c] = append(groups[c], v)
		}
	}
	l := &boxLayer{label: label}
	order := make([]int, 0, len(cats))
	for c, n := range counts {
		if n > 0 {
			order = append(order, c)
		}
	}
	sort.Slice(order, func(x, y int) bool { return cats[order[x]] < cats[order[y]] })
	for _, c := range order {
		l.cats = append(l.cats, cats[c])
		l.stats = append(l.stats, ComputeBoxStats(groups[c]))
	}
	return f.add(l)
}

// categoriesOf returns the distinct texts of column col of t (frame
// .Texts: a null string is "", another null "null") and, for each row,
// the index of its text among them. The rows are grouped (4 bytes a
// row) rather than each given its text (16 bytes a row, and a string
// for each row of a column that is not a dictionary's).
func categoriesOf(t *frame.Frame, col string) ([]string, func(row int) int, error) {
	g := t.GroupBy(col)
	keys := g.Agg()
	if err := keys.Err(); err != nil {
		return nil, nil, err
	}
	texts, err := keys.Texts(col)
	if err != nil {
		return nil, nil, err
	}
	var cats []string
	at := map[string]int{}
	ofGroup := make([]int, len(texts)) // a null string and "" are one text
	for k, s := range texts {
		c, ok := at[s]
		if !ok {
			c = len(cats)
			at[s], cats = c, append(cats, s)
		}
		ofGroup[k] = c
	}
	gid := g.GroupIDs()
	return cats, func(row int) int { return ofGroup[gid[row]] }, nil
}

func (l *boxLayer) kind() xKind                     { return xNominal }
func (l *boxLayer) timeRange() (int64, int64, bool) { return 0, 0, false }

func (l *boxLayer) draw(p *gplot.Plot, r *render) error {
	if len(l.cats) == 0 {
		return fmt.Errorf("box %q: no values", l.label)
	}
	if err := setCategories(r, l.cats); err != nil {
		return fmt.Errorf("box %q: %w", l.label, err)
	}
	width := vg.Length(r.categoryWidth(len(l.cats)) * 0.5 / float64(r.layers))
	b := &boxes{stats: l.stats, color: Color(r.index), width: min(max(width, 2), 40),
		offset: width * vg.Length(float64(r.index)-float64(r.layers-1)/2)}
	p.Add(b)
	if l.label != "" {
		p.Legend.Add(l.label, b)
	}
	return nil
}

// boxes is the gonum plotter of a box layer.
type boxes struct {
	stats         []BoxStats
	color         color.Color
	width, offset vg.Length
}

func (b *boxes) DataRange() (xmin, xmax, ymin, ymax float64) {
	ymin, ymax = math.Inf(1), math.Inf(-1)
	for _, s := range b.stats {
		if s.N > 0 {
			ymin, ymax = min(ymin, s.Min), max(ymax, s.Max)
		}
	}
	return -0.5, float64(len(b.stats)) - 0.5, ymin, ymax
}

func (b *boxes) Plot(c draw.Canvas, p *gplot.Plot) {
	trX, trY := p.Transforms(&c)
	line := draw.LineStyle{Color: b.color, Width: vg.Points(1)}
	fill := color.NRGBAModel.Convert(b.color).(color.NRGBA)
	fill.A = 0x40
	_, _, ymin, ymax := b.DataRange()
	step := (ymax - ymin) / maxOutliers
	for i, s := range b.stats {
		if s.N == 0 {
			continue
		}
		x := trX(float64(i)) + b.offset
		x0, x1 := x-b.width/2, x+b.width/2
		q1, q3, med := trY(s.Q1), trY(s.Q3), trY(s.Median)
		box := []vg.Point{{X: x0, Y: q1}, {X: x1, Y: q1}, {X: x1, Y: q3}, {X: x0, Y: q3}, {X: x0, Y: q1}}
		c.FillPolygon(fill, c.ClipPolygonXY(box))
		c.StrokeLines(line, c.ClipLinesXY(box)...)
		c.StrokeLines(draw.LineStyle{Color: b.color, Width: vg.Points(2)}, c.ClipLinesXY([]vg.Point{{X: x0, Y: med}, {X: x1, Y: med}})...)
		lo, hi := trY(s.WhiskerLo), trY(s.WhiskerHi)
		c.StrokeLines(line, c.ClipLinesXY(
			[]vg.Point{{X: x, Y: q1}, {X: x, Y: lo}}, []vg.Point{{X: x - b.width/4, Y: lo}, {X: x + b.width/4, Y: lo}},
			[]vg.Point{{X: x, Y: q3}, {X: x, Y: hi}}, []vg.Point{{X: x - b.width/4, Y: hi}, {X: x + b.width/4, Y: hi}})...)
		glyph := draw.GlyphStyle{Color: b.color, Radius: vg.Points(1.5), Shape: draw.CircleGlyph{}}
		last := math.Inf(-1)
		for _, v := range s.Outliers { // sorted
			if v-last < step && step > 0 {
				continue
			}
			last = v
			pt := vg.Point{X: x, Y: trY(v)}
			if c.Contains(pt) {
				c.DrawGlyph(glyph, pt)
			}
		}
	}
}

// Thumbnail draws the legend mark of a box layer.
func (b *boxes) Thumbnail(c *draw.Canvas) {
	fill := color.NRGBAModel.Convert(b.color).(color.NRGBA)
	fill.A = 0x40
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Min.Y}}
	c.FillPolygon(fill, pts)
	c.StrokeLines(draw.LineStyle{Color: b.color, Width: vg.Points(1)}, pts)
}
