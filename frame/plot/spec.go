package plot

import (
	"fmt"
	"math"
	"sort"
)

// GanttMaxBars is the number of attempts up to which a Gantt layer's
// Spec lists every attempt with its details; above it, bars of one
// worker and state closer than 1/4000 of the time span are merged and
// counted.
const GanttMaxBars = 20000

// Spec is a figure as data, for charts drawn by something else than
// gonum (the report's interactive charts, its JSON document). Times on
// a time axis are seconds since OriginUS, rounded to the millisecond;
// step series are thinned to the figure's MaxPoints as they are for
// Render.
type Spec struct {
	Title  string `json:"title"`
	XLabel string `json:"x_label"`
	YLabel string `json:"y_label"`
	// X is what the x axis holds: "time" (seconds since OriginUS),
	// "number" (histogram values, untimed steps) or "category".
	X string `json:"x"`
	// OriginUS is the time of x = 0 on a time axis, µs since the Unix
	// epoch (UTC): Origin, else the earliest time drawn.
	OriginUS int64 `json:"origin_us,omitempty"`
	// Categories are the x labels of bars and boxes, in order.
	Categories []string    `json:"categories,omitempty"`
	Layers     []LayerSpec `json:"layers"`
}

// LayerSpec is one layer of a Spec. Kind says which fields it fills:
//   - "step": X and Y, a post-step series (each Y holds until the next X);
//   - "hist": Lo, Hi (bin edges) and Y (counts);
//   - "bars": Y, one value per category of the Spec;
//   - "box": Boxes, one per category of the Spec;
//   - "gantt": Gantt.
type LayerSpec struct {
	Kind  string     `json:"kind"`
	Label string     `json:"label,omitempty"`
	X     []float64  `json:"x,omitempty"`
	Y     []float64  `json:"y,omitempty"`
	Lo    []float64  `json:"lo,omitempty"`
	Hi    []float64  `json:"hi,omitempty"`
	Boxes []BoxStats `json:"boxes,omitempty"`
	Gantt *GanttSpec `json:"gantt,omitempty"`
}

// GanttSpec holds the bars of a Gantt layer as parallel arrays, one
// entry per bar: Row indexes Rows (the workers, at most GanttMaxRows of
// Total), Start and End are seconds since the Spec's origin (the end of
// a still running attempt is the last time drawn, and Running says so),
// State indexes States. Count is the number of attempts a bar stands
// for (1 unless bars were merged); Detail names the attempt of a bar
// that stands for one ("job 3 task 17 attempt 0"), and is empty for
// merged bars.
type GanttSpec struct {
	Rows    []string  `json:"rows"`
	Total   int       `json:"total_rows"`
	States  []string  `json:"states"`
	Row     []int     `json:"row"`
	Start   []float64 `json:"start"`
	End     []float64 `json:"end"`
	State   []int     `json:"state"`
	Count   []int     `json:"count"`
	Running []bool    `json:"running"`
	Detail  []string  `json:"detail"`
}

// specSeconds maps a time in µs to the x value of a Spec's time axis:
// seconds since origin, rounded to the millisecond.
func specSeconds(origin int64) func(us int64) float64 {
	return func(us int64) float64 { return math.Round(float64(us-origin)/1e3) / 1e3 }
}

// Spec returns the figure as data, or the figure's error, or an error if
// a layer has nothing to draw.
func (f *Figure) Spec() (*Spec, error) {
	if f.err != nil {
		return nil, f.err
	}
	if len(f.layers) == 0 {
		return nil, fmt.Errorf("plot %q: nothing to draw", f.title)
	}
	s := &Spec{Title: f.title, XLabel: f.xLabel, YLabel: f.yLabel}
	r := &render{layers: len(f.layers), widthPx: f.widthPx, heightPx: f.heightPx, maxPoints: f.maxPoints, categories: new([]string)}
	switch f.layers[0].kind() {
	case xTime:
		s.X = "time"
		lo, hi := f.timeSpan()
		r.lo, r.hi = lo, hi
		s.OriginUS = lo
		if f.hasOrigin {
			s.OriginUS = f.origin
		}
		origin := s.OriginUS
		r.x = specSeconds(origin)
		r.pixel = max(float64(hi-lo), 1e6) / 4000
	case xNumber:
		s.X = "number"
	default:
		s.X = "category"
	}
	for i, l := range f.layers {
		r.index = i
		ls, err := l.spec(r)
		if err != nil {
			return nil, fmt.Errorf("plot %q: %w", f.title, err)
		}
		s.Layers = append(s.Layers, ls)
	}
	s.Categories = *r.categories
	return s, nil
}

func (l *stepLayer) spec(r *render) (LayerSpec, error) {
	if len(l.values) == 0 {
		return LayerSpec{}, fmt.Errorf("step %q: no points", l.label)
	}
	x := l.x(r)
	s := LayerSpec{Kind: "step", Label: l.label}
	for _, k := range thin(len(l.values), x, l.values, r.maxPoints) {
		s.X, s.Y = append(s.X, x(k)), append(s.Y, l.values[k])
	}
	return s, nil
}

func (l *histLayer) spec(*render) (LayerSpec, error) {
	if len(l.bins) == 0 {
		return LayerSpec{}, fmt.Errorf("histogram %q: no bins", l.label)
	}
	s := LayerSpec{Kind: "hist", Label: l.label}
	for _, b := range l.bins {
		s.Lo, s.Hi, s.Y = append(s.Lo, b.Min), append(s.Hi, b.Max), append(s.Y, b.Weight)
	}
	return s, nil
}

func (l *barsLayer) spec(r *render) (LayerSpec, error) {
	if len(l.cats) == 0 {
		return LayerSpec{}, fmt.Errorf("bars %q: no rows", l.label)
	}
	if err := setCategories(r, l.cats); err != nil {
		return LayerSpec{}, fmt.Errorf("bars %q: %w", l.label, err)
	}
	return LayerSpec{Kind: "bars", Label: l.label, Y: l.values}, nil
}

func (l *boxLayer) spec(r *render) (LayerSpec, error) {
	if len(l.cats) == 0 {
		return LayerSpec{}, fmt.Errorf("box %q: no values", l.label)
	}
	if err := setCategories(r, l.cats); err != nil {
		return LayerSpec{}, fmt.Errorf("box %q: %w", l.label, err)
	}
	boxes := make([]BoxStats, len(l.stats))
	for i, b := range l.stats {
		b.Outliers = thinOutliers(b.Outliers, b.Min, b.Max)
		boxes[i] = b
	}
	return LayerSpec{Kind: "box", Label: l.label, Boxes: boxes}, nil
}

// thinOutliers keeps one of the sorted outliers closer than 1/300 of the
// value range, as the drawn box plot does.
func thinOutliers(out []float64, lo, hi float64) []float64 {
	if len(out) <= maxOutliers {
		return out
	}
	step := (hi - lo) / maxOutliers
	var kept []float64
	for _, v := range out {
		if len(kept) == 0 || v-kept[len(kept)-1] >= step {
			kept = append(kept, v)
		}
	}
	return kept
}

func (l *ganttLayer) spec(r *render) (LayerSpec, error) {
	if len(l.workers) == 0 {
		return LayerSpec{}, fmt.Errorf("gantt: no started attempts")
	}
	g := &GanttSpec{Rows: l.workers, Total: l.total}
	n := 0
	for _, bs := range l.bars {
		n += len(bs)
	}
	state := map[string]int{}
	stateOf := func(s string) int {
		k, ok := state[s]
		if !ok {
			k = len(g.States)
			state[s] = k
			g.States = append(g.States, s)
		}
		return k
	}
	// The bars drawn, by row, then the details of those that are one
	// attempt: a million attempts merge to a few thousand bars, and only
	// the attempts drawn alone are named.
	spans := make([][]merged, len(l.bars))
	drawn := 0
	var named []int
	for row, bs := range l.bars {
		if n <= GanttMaxBars {
			spans[row] = make([]merged, len(bs))
			for k, i := range bs {
				start, end := l.bar(i)
				spans[row][k] = merged{start: start, end: end, state: l.states[l.state[i]], running: end < 0, count: 1, first: int(i)}
			}
		} else {
			spans[row] = l.mergeCounted(bs, r.hi, r.pixel)
		}
		drawn += len(spans[row])
		for _, m := range spans[row] {
			if m.count == 1 {
				named = append(named, m.first)
			}
		}
	}
	details := l.details(named)
	g.Row, g.Start, g.End = make([]int, 0, drawn), make([]float64, 0, drawn), make([]float64, 0, drawn)
	g.State, g.Count, g.Running, g.Detail = make([]int, 0, drawn), make([]int, 0, drawn), make([]bool, 0, drawn), make([]string, 0, drawn)
	for row, ms := range spans {
		for _, m := range ms {
			end := m.end
			if m.running {
				end = r.hi
			}
			d := ""
			if m.count == 1 {
				d, details = details[0], details[1:]
			}
			g.Row = append(g.Row, row)
			g.Start, g.End = append(g.Start, r.x(m.start)), append(g.End, r.x(end))
			g.State = append(g.State, stateOf(m.state))
			g.Count, g.Running, g.Detail = append(g.Count, m.count), append(g.Running, m.running), append(g.Detail, d)
		}
	}
	sort.Strings(g.States)
	remap := make([]int, len(g.States))
	for i, s := range g.States {
		remap[state[s]] = i
	}
	for i := range g.State {
		g.State[i] = remap[g.State[i]]
	}
	return LayerSpec{Kind: "gantt", Gantt: g}, nil
}

// details names the attempts of rows of the drawn frame, in order, from
// their job (when the frame has one), task and attempt columns.
func (l *ganttLayer) details(rows []int) []string {
	cols := []string{"job", "task", "attempt"}
	picked := l.g.Take(rows)
	out := make([]string, len(rows))
	for _, c := range cols {
		if !picked.Has(c) {
			continue
		}
		vals, err := picked.Texts(c)
		if err != nil {
			continue
		}
		for k, v := range vals {
			if out[k] != "" {
				out[k] += " "
			}
			out[k] += c + " " + v
		}
	}
	return out
}

// merged is a span of bars of one worker and state.
type merged struct {
	start, end int64
	state      string
	running    bool
	count      int
	first      int // the frame row of its first bar
}

// mergeCounted merges the bars of one worker (sorted by start) by state
// as MergeBars does, counting the attempts of each span; a still running
// bar ends at hi.
func (l *ganttLayer) mergeCounted(bs []int32, hi int64, pixel float64) []merged {
	open := map[int32]int{} // state → index in out of its last span
	var out []merged
	for _, i := range bs {
		start, end := l.bar(i)
		running := end < 0
		if running {
			end = hi
		}
		if k, ok := open[l.state[i]]; ok && float64(start-out[k].end) < pixel {
			out[k].end = max(out[k].end, end)
			out[k].running = out[k].running || running
			out[k].count++
			continue
		}
		open[l.state[i]] = len(out)
		out = append(out, merged{start: start, end: end, state: l.states[l.state[i]], running: running, count: 1, first: int(i)})
	}
	return out
}
