package plot

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"

	"github.com/jobframe/jobframe/frame"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// GanttMaxRows is the number of rows (workers, or slots of workers) a
// Gantt chart shows at most: the ones with the most bar time, the others
// counted in the y label. The report's page shows 60 at a time, with a
// slider to move through them.
const GanttMaxRows = 2000

// ganttLabelRows is the number of rows up to which each is labelled.
const ganttLabelRows = 60

// StateColor returns the color of an attempt state in Gantt charts:
// success green, failed red, lost orange, canceled grey, running blue,
// any other state purple.
func StateColor(state string) color.Color {
	switch state {
	case "success":
		return color.NRGBA{0x00, 0x9E, 0x73, 0xff}
	case "failed":
		return color.NRGBA{0xD5, 0x5E, 0x00, 0xff}
	case "lost":
		return color.NRGBA{0xE6, 0x9F, 0x00, 0xff}
	case "canceled":
		return color.NRGBA{0x99, 0x99, 0x99, 0xff}
	case "running":
		return color.NRGBA{0x00, 0x72, 0xB2, 0xff}
	}
	return color.NRGBA{0xCC, 0x79, 0xA7, 0xff}
}

// stateRank orders the states drawn: success first, so that failures
// drawn later stay visible where bars of one worker overlap.
func stateRank(s string) int {
	switch s {
	case "success":
		return 0
	case "running":
		return 1
	}
	return 2
}

// ganttLayer is one row of bars per worker.
type ganttLayer struct {
	g       *frame.Frame // the frame drawn, for the attempts' details
	workers []string
	states  []string // the bars' states, by code
	// The bars' times and states, by row of g: a bar is a row, not a
	// copy of its fields (4 bytes a bar where a copy took 24).
	starts, ends []int64
	ended        []bool    // nil when every bar ended
	state        []int32   // in states
	bars         [][]int32 // per worker, rows of g by start
	total        int       // workers before the row limit
	lo, hi       int64
	any          bool
}

// bar returns the span of the bar of row i of the frame drawn in µs:
// its end is at least its start, and −1 while it runs.
func (l *ganttLayer) bar(i int32) (start, end int64) {
	if l.ended != nil && !l.ended[i] {
		return l.starts[i], -1
	}
	return l.starts[i], max(l.ends[i], l.starts[i])
}

// Gantt draws a timeline per worker of a frame as ops.Gantt returns it
// (columns worker, start, end and state): one bar per attempt from
// start to end (to the last time drawn when end is null: still running),
// colored by state (StateColor), with a legend of the states present.
// Bars of one worker and state less than a pixel apart are merged, so a
// million attempts draw as a few thousand bars; beyond GanttMaxRows
// workers only the busiest are drawn.
func (f *Figure) Gantt(g *frame.Frame) *Figure { return f.GanttOf(g, nil) }

// GanttOf is Gantt of the rows of g that rows lists (each at most
// once), in that order, as if g.Take(rows) were drawn (nil: every row,
// in order), without the copy: a caller that orders the bars of a timeline (by worker, then
// start) passes the order rather than a sorted copy of the columns.
// The workers' rows come in order of their first bar in that order;
// rows with a null start are left out.
func (f *Figure) GanttOf(g *frame.Frame, rows []int32) *Figure {
	if f.err != nil {
		return f
	}
	if err := frameErr(g, "gantt"); err != nil {
		return f.fail("%w", err)
	}
	workers, names, err := textCodes(g, "worker")
	if err != nil {
		return f.fail("gantt: %w", err)
	}
	starts, sv, err1 := g.Micros("start")
	ends, ev, err2 := g.Micros("end")
	states, stateNames, err3 := textCodes(g, "state")
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return f.fail("gantt (want columns worker, start, end, state): %w", err)
		}
	}
	if len(starts) > math.MaxInt32 {
		return f.fail("gantt: %d attempts, more than the %d a chart holds", len(starts), math.MaxInt32)
	}
	for _, r := range rows {
		if r < 0 || int(r) >= len(starts) {
			return f.fail("gantt: row %d of a frame of %d rows", r, len(starts))
		}
	}
	l := &ganttLayer{g: g, states: stateNames, starts: starts, ends: ends, ended: allOrNil(ev), state: states}
	if err := l.place(workers, names, allOrNil(sv), rows); err != nil {
		return f.fail("%w", err)
	}
	return f.add(l)
}

// place puts the bars of the rows of the frame drawn (in the order rows
// gives; nil: all) with a start (sv; nil: all) on the rows of their workers
// (codes into names), by start, and keeps the busiest GanttMaxRows
// workers. Rows far from the frame's order (by worker) are read once
// each out of order (for their worker and start); the bars' times are
// read in the frame's order.
func (l *ganttLayer) place(workers []int32, names []string, sv []bool, rows []int32) error {
	n := len(rows)
	if rows == nil {
		n = len(workers)
	}
	at := func(k int) int32 {
		if rows == nil {
			return int32(k)
		}
		return rows[k]
	}
	row := make([]int32, len(names)) // by worker code, from 1 (0: none yet)
	// A row per worker, in order of appearance, and each row's bars
	// counted first: its slice is made once at its size.
	rowAt := make([]int32, n) // by place in rows: its bar's row from 1, 0 when not drawn
	drawn := make([]bool, len(workers))
	var counts []int
	for k := range n {
		i := at(k)
		if sv != nil && !sv[i] {
			continue
		}
		if drawn[i] {
			return fmt.Errorf("gantt: row %d listed twice", i)
		}
		if w := workers[i]; row[w] == 0 {
			l.workers = append(l.workers, names[w])
			counts = append(counts, 0)
			row[w] = int32(len(l.workers))
		}
		rowAt[k], drawn[i] = row[workers[i]], true
		counts[rowAt[k]-1]++
	}
	l.bars = make([][]int32, len(l.workers))
	for r, c := range counts {
		l.bars[r] = make([]int32, 0, c)
	}
	for k, r := range rowAt {
		if r > 0 {
			l.bars[r-1] = append(l.bars[r-1], at(k))
		}
	}
	busy := make([]int64, len(l.workers))
	for i, ok := range drawn {
		if !ok {
			continue
		}
		start, end := l.bar(int32(i))
		if l.ended == nil || l.ended[i] {
			busy[row[workers[i]]-1] += end - start
		}
		if !l.any {
			l.lo, l.hi, l.any = start, start, true
		}
		l.lo, l.hi = min(l.lo, start), max(l.hi, start, end)
	}
	l.total = len(l.workers)
	if len(l.workers) > GanttMaxRows {
		idx := make([]int, len(l.workers))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return busy[idx[a]] > busy[idx[b]] })
		idx = idx[:GanttMaxRows]
		sort.Ints(idx)
		w, b := make([]string, len(idx)), make([][]int32, len(idx))
		for k, i := range idx {
			w[k], b[k] = l.workers[i], l.bars[i]
		}
		l.workers, l.bars = w, b
	}
	byStart := func(a, b int32) int { return cmp.Compare(l.starts[a], l.starts[b]) }
	for _, bs := range l.bars {
		if !slices.IsSortedFunc(bs, byStart) {
			slices.SortStableFunc(bs, byStart)
		}
	}
	return nil
}

func (l *ganttLayer) kind() xKind                     { return xTime }
func (l *ganttLayer) timeRange() (int64, int64, bool) { return l.lo, l.hi, l.any }

// MergeBars returns the spans to draw for bars of one worker and state
// sorted by start, each [start, end) in µs: bars that overlap or lie
// less than pixel µs apart are merged into one span.
func MergeBars(starts, ends []int64, pixel float64) [][2]int64 {
	var out [][2]int64
	for i := range starts {
		if n := len(out); n > 0 && float64(starts[i]-out[n-1][1]) < pixel {
			out[n-1][1] = max(out[n-1][1], ends[i])
			continue
		}
		out = append(out, [2]int64{starts[i], ends[i]})
	}
	return out
}

func (l *ganttLayer) draw(p *gplot.Plot, r *render) error {
	if len(l.workers) == 0 {
		return fmt.Errorf("gantt: no started attempts")
	}
	g := &ganttPlot{rows: len(l.workers), x: r.x}
	present := map[string]bool{}
	for row, bs := range l.bars {
		byState := map[string][2][]int64{}
		for _, i := range bs {
			start, end := l.bar(i)
			if end < 0 {
				end = r.hi
			}
			state := l.states[l.state[i]]
			s := byState[state]
			s[0], s[1] = append(s[0], start), append(s[1], end)
			byState[state] = s
			present[state] = true
		}
		for state, s := range byState {
			for _, span := range MergeBars(s[0], s[1], r.pixel) {
				g.spans = append(g.spans, ganttSpan{row: row, start: span[0], end: span[1], state: state})
			}
		}
	}
	sort.SliceStable(g.spans, func(a, b int) bool {
		ra, rb := stateRank(g.spans[a].state), stateRank(g.spans[b].state)
		if ra != rb {
			return ra < rb
		}
		if g.spans[a].state != g.spans[b].state {
			return g.spans[a].state < g.spans[b].state
		}
		if g.spans[a].row != g.spans[b].row {
			return g.spans[a].row < g.spans[b].row
		}
		return g.spans[a].start < g.spans[b].start
	})
	p.Add(g)
	states := make([]string, 0, len(present))
	for s := range present {
		states = append(states, s)
	}
	sort.Slice(states, func(a, b int) bool {
		if ra, rb := stateRank(states[a]), stateRank(states[b]); ra != rb {
			return ra < rb
		}
		return states[a] < states[b]
	})
	for _, s := range states {
		p.Legend.Add(s, swatch{StateColor(s)})
	}
	if len(l.workers) <= ganttLabelRows {
		p.NominalY(l.workers...)
	} else {
		p.Y.Tick.Marker = gplot.ConstantTicks{}
	}
	if p.Y.Label.Text == "" {
		p.Y.Label.Text = "worker"
	}
	if l.total > len(l.workers) {
		p.Y.Label.Text += fmt.Sprintf(" (the %d busiest of %d)", len(l.workers), l.total)
	} else if len(l.workers) > ganttLabelRows {
		p.Y.Label.Text += fmt.Sprintf(" (%d)", len(l.workers))
	}
	return nil
}

// allOrNil returns valid, or nil when every value is valid: the bars
// are then read without it.
func allOrNil(valid []bool) []bool {
	if slices.Contains(valid, false) {
		return valid
	}
	return nil
}

// ganttSpan is one drawn bar.
type ganttSpan struct {
	row        int
	start, end int64
	state      string
}

// ganttPlot is the gonum plotter of a Gantt layer.
type ganttPlot struct {
	rows  int
	spans []ganttSpan
	x     func(int64) float64
}

func (g *ganttPlot) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = 0, 0
	for i, s := range g.spans {
		a, b := g.x(s.start), g.x(s.end)
		if i == 0 {
			xmin, xmax = a, b
		}
		xmin, xmax = min(xmin, a), max(xmax, b)
	}
	return xmin, xmax, -0.5, float64(g.rows) - 0.5
}

func (g *ganttPlot) Plot(c draw.Canvas, p *gplot.Plot) {
	trX, trY := p.Transforms(&c)
	half := 0.4
	if g.rows > ganttLabelRows {
		half = 0.5 // rows of a pixel or two: no gaps
	}
	for _, s := range g.spans {
		x0, x1 := trX(g.x(s.start)), trX(g.x(s.end))
		if x1-x0 < 0.75 { // at least a pixel wide
			x1 = x0 + 0.75
		}
		y0, y1 := trY(float64(s.row)-half), trY(float64(s.row)+half)
		c.FillPolygon(StateColor(s.state), c.ClipPolygonXY([]vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}))
	}
}

// swatch is a legend mark filled with one color.
type swatch struct{ color color.Color }

// Thumbnail fills the legend mark.
func (s swatch) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(s.color, []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}})
}
