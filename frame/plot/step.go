package plot

import (
	"fmt"
	"math"

	"github.com/jobframe/jobframe/frame"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// stepLayer is a step series: the value holds from its time to the next.
type stepLayer struct {
	label  string
	times  []int64 // µs, or plain numbers when timed is false
	values []float64
	timed  bool
	xs     []float64 // x values of an untimed series
}

// Step draws the step series in columns timeCol (a time, or a number)
// and valueCol of s as a post-step line (each value holds until the
// next point), as ops.Busy, ops.Capacity, ops.Steps and
// ops.StateCounts return them. Rows with a null time or value are left
// out. label names the line in the legend ("" for none).
func (f *Figure) Step(s *frame.Frame, timeCol, valueCol, label string) *Figure {
	if f.err != nil {
		return f
	}
	if err := frameErr(s, "step "+label); err != nil {
		return f.fail("%w", err)
	}
	l := &stepLayer{label: label}
	vals, vvalid, err := s.Float64s(valueCol)
	if err != nil {
		return f.fail("step %q: %w", label, err)
	}
	t, err := s.Type(timeCol)
	if err != nil {
		return f.fail("step %q: %w", label, err)
	}
	var tvalid []bool
	var ts []int64
	var xs []float64
	if t == frame.Time {
		l.timed = true
		if ts, tvalid, err = s.Micros(timeCol); err != nil {
			return f.fail("step %q: %w", label, err)
		}
	} else if xs, tvalid, err = s.Float64s(timeCol); err != nil {
		return f.fail("step %q: %w", label, err)
	}
	keep := func(i int) bool { return vvalid[i] && tvalid[i] && !math.IsNaN(vals[i]) }
	n := 0
	for i := range vals {
		if keep(i) {
			n++
		}
	}
	if n == len(vals) { // every point drawn: the layer reads the frame's own (immutable) columns
		l.times, l.xs, l.values = ts, xs, vals
		return f.add(l)
	}
	l.values = make([]float64, 0, n)
	if l.timed {
		l.times = make([]int64, 0, n)
	} else {
		l.xs = make([]float64, 0, n)
	}
	for i := range vals {
		if !keep(i) {
			continue
		}
		if l.timed {
			l.times = append(l.times, ts[i])
		} else {
			l.xs = append(l.xs, xs[i])
		}
		l.values = append(l.values, vals[i])
	}
	return f.add(l)
}

func (l *stepLayer) kind() xKind {
	if l.timed {
		return xTime
	}
	return xNumber
}

func (l *stepLayer) timeRange() (int64, int64, bool) {
	if !l.timed || len(l.times) == 0 {
		return 0, 0, false
	}
	lo, hi := l.times[0], l.times[0]
	for _, t := range l.times {
		lo, hi = min(lo, t), max(hi, t)
	}
	return lo, hi, true
}

func (l *stepLayer) draw(p *gplot.Plot, r *render) error {
	x := l.x(r)
	keep := thin(len(l.values), x, l.values, r.maxPoints)
	pts := make(plotter.XYs, len(keep))
	for i, k := range keep {
		pts[i] = plotter.XY{X: x(k), Y: l.values[k]}
	}
	if len(pts) == 0 {
		return fmt.Errorf("step %q: no points", l.label)
	}
	line, err := plotter.NewLine(pts)
	if err != nil {
		return fmt.Errorf("step %q: %w", l.label, err)
	}
	line.StepStyle = plotter.PostStep
	line.Color = Color(r.index)
	line.Width = vg.Points(1.5)
	p.Add(line)
	if l.label != "" {
		p.Legend.Add(l.label, line)
	}
	return nil
}

// x returns the axis value of the layer's point i.
func (l *stepLayer) x(r *render) func(i int) float64 {
	if l.timed {
		return func(i int) float64 { return r.x(l.times[i]) }
	}
	return func(i int) float64 { return l.xs[i] }
}

// Thin returns the indexes of the points of a step series (xs ascending)
// to draw when it has more than maxPoints points (all of them otherwise,
// or when maxPoints is 0): the x range is cut into maxPoints/4 equal
// buckets and each keeps its first, lowest, highest and last point, in
// order. Every local peak and trough of the series is therefore drawn at
// its time, and the value at each bucket's end is exact.
func Thin(xs, values []float64, maxPoints int) []int {
	return thin(len(xs), func(i int) float64 { return xs[i] }, values, maxPoints)
}

// thin is Thin of the n points whose x values x gives: a layer's axis
// values are computed as they are read, not held (a step series of a
// 10M-attempt log has tens of millions of points).
func thin(n int, x func(i int) float64, values []float64, maxPoints int) []int {
	keep := make([]int, 0, min(n, max(maxPoints, 0)+4))
	if maxPoints <= 0 || n <= maxPoints {
		for i := range n {
			keep = append(keep, i)
		}
		return keep
	}
	buckets := newBuckets(x(0), x(n-1), maxPoints)
	b := buckets.of(x(0))
	for i := 0; i < n; {
		first, lowest, highest, last := i, i, i, i
		next := b
		for i++; i < n; i++ {
			if next = buckets.of(x(i)); next != b {
				break
			}
			if values[i] < values[lowest] {
				lowest = i
			}
			if values[i] > values[highest] {
				highest = i
			}
			last = i
		}
		a, c := min(lowest, highest), max(lowest, highest)
		for _, k := range [...]int{first, a, c, last} {
			if len(keep) == 0 || keep[len(keep)-1] < k {
				keep = append(keep, k)
			}
		}
		b = next
	}
	return keep
}

// buckets cut the x range [lo, lo + n × width] of a thinned step series
// into n equal buckets (Thin).
type buckets struct {
	lo, width float64
	n         int
}

// newBuckets are the buckets Thin cuts x values from lo to hi into for
// maxPoints points: maxPoints/4 of them, as each keeps four.
func newBuckets(lo, hi float64, maxPoints int) buckets {
	n := max(maxPoints/4, 1)
	return buckets{lo: lo, width: (hi - lo) / float64(n), n: n}
}

// of returns the bucket of x.
func (b buckets) of(x float64) int {
	if b.width <= 0 {
		return 0
	}
	return min(int((x-b.lo)/b.width), b.n-1)
}
