package plot

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Time axis modes for TimeAxis.
const (
	// Elapsed shows times as minutes since the origin (Origin, else the
	// earliest time drawn).
	Elapsed = "elapsed"
	// Clock shows times as wall-clock times in UTC.
	Clock = "clock"
)

// DefaultMaxPoints is the number of points above which a step series is
// thinned (about two per pixel column of a default-sized figure, times
// the four points kept per bucket).
const DefaultMaxPoints = 4000

// xKind is what a layer puts on the x axis.
type xKind int

const (
	xNone    xKind = iota
	xTime          // times, µs since the epoch
	xNumber        // plain numbers (histogram values)
	xNominal       // categories (bars, boxes)
)

func (k xKind) String() string {
	return [...]string{"none", "times", "numbers", "categories"}[k]
}

// layer is one thing drawn on a figure.
type layer interface {
	kind() xKind
	// timeRange is the span of the layer's times in µs (xTime layers).
	timeRange() (lo, hi int64, ok bool)
	// draw adds the layer's plotters and legend entries to p.
	draw(p *gplot.Plot, r *render) error
	// spec returns the layer as data (Figure.Spec).
	spec(r *render) (LayerSpec, error)
}

// render is what layers need to know when they are drawn.
type render struct {
	// x maps a time in µs to the axis value.
	x func(us int64) float64
	// lo and hi are the earliest and latest times drawn, in µs.
	lo, hi int64
	// pixel is the data width of one pixel of the x axis, in µs.
	pixel float64
	// widthPx and heightPx are the figure's size in pixels.
	widthPx, heightPx int
	// index is the layer's position among the figure's layers, of
	// layers in all.
	index, layers int
	// maxPoints is the figure's step thinning threshold.
	maxPoints int
	// categories collects the nominal x labels of bar and box layers.
	categories *[]string
}

// Figure is a chart being built: a title, axis labels and layers drawn
// when it is saved. Its methods return the figure, so that calls chain;
// the first error is kept, later calls do nothing, and Save, Render and
// Err report it.
type Figure struct {
	title, xLabel, yLabel string
	layers                []layer
	timeMode              string
	origin                int64
	hasOrigin             bool
	widthPx, heightPx     int
	maxPoints             int
	err                   error
}

// New starts a figure with a title and axis labels (units belong in the
// labels, e.g. "memory (MB)"). An empty x label on a time axis becomes
// "elapsed (min) since …" or "time (UTC)".
func New(title, xLabel, yLabel string) *Figure {
	return &Figure{title: title, xLabel: xLabel, yLabel: yLabel, timeMode: Elapsed,
		widthPx: 900, heightPx: 420, maxPoints: DefaultMaxPoints}
}

// Err returns the first error of the figure's calls, or nil.
func (f *Figure) Err() error { return f.err }

func (f *Figure) fail(format string, args ...any) *Figure {
	if f.err == nil {
		f.err = fmt.Errorf("plot %q: "+format, append([]any{f.title}, args...)...)
	}
	return f
}

// TimeAxis sets how times are shown on the x axis: Elapsed ("elapsed",
// minutes since the origin, the default) or Clock ("clock", wall-clock
// time in UTC).
func (f *Figure) TimeAxis(mode string) *Figure {
	if f.err != nil {
		return f
	}
	if mode != Elapsed && mode != Clock {
		return f.fail("time axis %q: want %q or %q", mode, Elapsed, Clock)
	}
	f.timeMode = mode
	return f
}

// Origin sets the time that elapsed minutes count from (by default the
// earliest time drawn), for example the start of the log.
func (f *Figure) Origin(t time.Time) *Figure {
	f.origin, f.hasOrigin = t.UnixMicro(), true
	return f
}

// OriginMicros is Origin with a time in µs since the Unix epoch, as
// loaders.Dataset.LogStart holds it.
func (f *Figure) OriginMicros(us int64) *Figure {
	f.origin, f.hasOrigin = us, true
	return f
}

// Size sets the figure's size in pixels (PNG at 96 dpi; SVG in the same
// proportions). The default is 900 × 420.
func (f *Figure) Size(widthPx, heightPx int) *Figure {
	if f.err != nil {
		return f
	}
	if widthPx < 100 || heightPx < 80 || widthPx > 20000 || heightPx > 20000 {
		return f.fail("size %d×%d px: want 100 to 20000 wide and 80 to 20000 high", widthPx, heightPx)
	}
	f.widthPx, f.heightPx = widthPx, heightPx
	return f
}

// MaxPoints sets the number of points above which a step series is
// thinned (DefaultMaxPoints; 0 never thins).
func (f *Figure) MaxPoints(n int) *Figure {
	if n < 0 {
		return f.fail("max points %d: want 0 or more", n)
	}
	f.maxPoints = n
	return f
}

func (f *Figure) add(l layer) *Figure {
	if f.err != nil {
		return f
	}
	if len(f.layers) > 0 && f.layers[0].kind() != l.kind() {
		return f.fail("cannot draw %s on an x axis of %s", l.kind(), f.layers[0].kind())
	}
	f.layers = append(f.layers, l)
	return f
}

// Save draws the figure into a file whose extension (.png or .svg)
// chooses the format.
func (f *Figure) Save(path string) error {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	var buf bytes.Buffer
	if err := f.Render(&buf, format); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("plot %q: %w", f.title, err)
	}
	return nil
}

// Render draws the figure to w as "png" or "svg".
func (f *Figure) Render(w io.Writer, format string) error {
	if f.err != nil {
		return f.err
	}
	if format != "png" && format != "svg" {
		return fmt.Errorf("plot %q: format %q: want png or svg", f.title, format)
	}
	p, err := f.build()
	if err != nil {
		return err
	}
	// gonum lengths are points (1/72 in); the PNG is drawn at 96 dpi.
	wpt, hpt := vg.Length(f.widthPx)*0.75, vg.Length(f.heightPx)*0.75
	var c interface {
		vg.CanvasSizer
		io.WriterTo
	}
	if format == "svg" {
		c = vgsvg.New(wpt, hpt)
	} else {
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(wpt, hpt), vgimg.UseDPI(96))}
	}
	p.Draw(draw.New(c))
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("plot %q: %w", f.title, err)
	}
	return nil
}

// build turns the layers into a gonum plot.
func (f *Figure) build() (*gplot.Plot, error) {
	if len(f.layers) == 0 {
		return nil, fmt.Errorf("plot %q: nothing to draw", f.title)
	}
	p := gplot.New()
	p.Title.Text = f.title
	p.X.Label.Text = f.xLabel
	p.Y.Label.Text = f.yLabel
	p.Legend.Top = true
	p.Add(gridLines())
	r := &render{layers: len(f.layers), widthPx: f.widthPx, heightPx: f.heightPx, maxPoints: f.maxPoints, categories: new([]string)}
	if f.layers[0].kind() == xTime {
		f.timeAxis(p, r)
	}
	for i, l := range f.layers {
		r.index = i
		if err := l.draw(p, r); err != nil {
			return nil, fmt.Errorf("plot %q: %w", f.title, err)
		}
	}
	if len(*r.categories) > 0 {
		p.NominalX(*r.categories...)
		p.X.Min, p.X.Max = -0.5, float64(len(*r.categories))-0.5
		if len(*r.categories) > 8 {
			p.X.Tick.Label.Rotation = math.Pi / 4
			p.X.Tick.Label.XAlign = draw.XRight
			p.X.Tick.Label.YAlign = draw.YCenter
		}
	}
	return p, nil
}

// timeSpan returns the earliest and latest times of the layers, in µs
// (0, 0 when none has a time).
func (f *Figure) timeSpan() (lo, hi int64) {
	lo, hi, any := int64(math.MaxInt64), int64(math.MinInt64), false
	for _, l := range f.layers {
		if a, b, ok := l.timeRange(); ok {
			lo, hi, any = min(lo, a), max(hi, b), true
		}
	}
	if !any {
		return 0, 0
	}
	return lo, hi
}

// timeAxis sets the x mapping and ticks of a time axis.
func (f *Figure) timeAxis(p *gplot.Plot, r *render) {
	lo, hi := f.timeSpan()
	span := float64(hi - lo)
	if span <= 0 {
		span = 1e6
	}
	r.lo, r.hi = lo, hi
	r.pixel = span / float64(f.widthPx)
	if f.timeMode == Clock {
		r.x = func(us int64) float64 { return float64(us) / 1e6 }
		format := "15:04"
		if span > 20*3600e6 {
			format = "01-02 15:04"
		} else if span < 300e6 {
			format = "15:04:05"
		}
		p.X.Tick.Marker = gplot.TimeTicks{Format: format, Time: func(t float64) time.Time {
			return time.UnixMicro(int64(math.Round(t * 1e6))).UTC()
		}}
		if p.X.Label.Text == "" {
			p.X.Label.Text = "time (UTC)"
		}
		return
	}
	origin := lo
	if f.hasOrigin {
		origin = f.origin
	}
	r.x = func(us int64) float64 { return float64(us-origin) / 60e6 }
	if p.X.Label.Text == "" {
		p.X.Label.Text = "elapsed (min) since " + time.UnixMicro(origin).UTC().Format("2006-01-02 15:04:05") + " UTC"
	}
}

// categoryWidth is the approximate width of one of n categories on the
// x axis, in points: the figure less the y axis, divided evenly.
func (r *render) categoryWidth(n int) float64 {
	return max(float64(r.widthPx)*0.75-60, 10) / float64(max(n, 1))
}

// palette is the Okabe–Ito colorblind-safe palette, in the order layers
// take it.
var palette = [...]color.NRGBA{
	{0x00, 0x72, 0xB2, 0xff}, // blue
	{0xD5, 0x5E, 0x00, 0xff}, // vermillion
	{0x00, 0x9E, 0x73, 0xff}, // bluish green
	{0xE6, 0x9F, 0x00, 0xff}, // orange
	{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	{0x56, 0xB4, 0xE9, 0xff}, // sky blue
	{0xF0, 0xE4, 0x42, 0xff}, // yellow
	{0x00, 0x00, 0x00, 0xff}, // black
}

// Color returns the i-th color of the figure palette (Okabe–Ito, cycled).
func Color(i int) color.Color { return palette[((i%len(palette))+len(palette))%len(palette)] }
