package plot

import (
	"fmt"
	"math"

	"github.com/jobframe/jobframe/frame"
)

// StepKeeper takes a step series point by point, in time order, and
// keeps of each of its value columns the points a figure's Spec gives
// of it: those Thin keeps of the layer Step adds for that column to a
// figure on a time axis from origin (OriginMicros, or the series' first
// time) with MaxPoints(maxPoints). The Spec of a figure of Layer(k) is
// therefore the Spec of a figure of the whole series for column k (the
// page's charts; a figure drawn as an image buckets its axis in minutes
// and thins it again), and its highest and lowest values are the
// series': the series itself is never held. A 10M-attempt log's step
// series has tens of millions of points; each layer keeps at most
// maxPoints.
type StepKeeper struct {
	x         func(us int64) float64
	n         int // the points announced; −1: not counted
	maxPoints int
	from, to  int64 // their first and last times, announced
	all       bool
	buckets   buckets
	bucket    int // of the points since the last flush
	added     int
	prev      int64
	first     point
	last      point
	low, high []extreme // per layer: the bucket's lowest and highest so far
	times     [][]int64
	values    [][]float64
	kept      []int // per layer: the index of its last kept point
	err       error
}

// point is one point of the series: its index, time and values.
type point struct {
	i int
	t int64
	v []float64
}

// extreme is one point of the series with the value of one layer.
type extreme struct {
	i int
	t int64
	v float64
}

// NewStepKeeper returns a keeper for a step series of n points with
// layers value columns, whose first and last times are first and last
// (µs), for a Spec on a time axis from origin (µs) thinned to maxPoints
// (0: every point kept). n is −1 when the points are not counted
// before they come (a series walked a part of its times at a time): the
// keeper then keeps every point until more than maxPoints have come,
// and thins those kept as it would have from the first.
func NewStepKeeper(origin int64, n int, first, last int64, maxPoints, layers int) *StepKeeper {
	switch {
	case n < -1 || layers < 1 || maxPoints < 0:
		return &StepKeeper{err: fmt.Errorf("step keeper: %d points, %d layers, %d max points: want −1 (not counted) or more, 1 or more, 0 or more", n, layers, maxPoints)}
	case n != 0 && first > last:
		return &StepKeeper{err: fmt.Errorf("step keeper: first time %d after the last, %d", first, last)}
	}
	k := &StepKeeper{x: specSeconds(origin), n: n, from: first, to: last, all: maxPoints <= 0 || n <= maxPoints, maxPoints: maxPoints,
		times: make([][]int64, layers), values: make([][]float64, layers), kept: make([]int, layers)}
	if !k.all {
		k.thin()
	}
	return k
}

// thin starts thinning: the time buckets of the series' span, and room
// for a bucket's points.
func (k *StepKeeper) thin() {
	layers := len(k.times)
	k.all = false
	k.buckets = newBuckets(k.x(k.from), k.x(k.to), k.maxPoints)
	k.first, k.last = point{v: make([]float64, layers)}, point{v: make([]float64, layers)}
	k.low, k.high = make([]extreme, layers), make([]extreme, layers)
}

// overflow starts thinning a series not counted, once more than
// maxPoints points have come: the points kept so far are taken again,
// thinned.
func (k *StepKeeper) overflow() {
	times, values := k.times[0], k.values
	k.times, k.values = make([][]int64, len(values)), make([][]float64, len(values))
	k.thin()
	v := make([]float64, len(values))
	for i, t := range times {
		for l := range v {
			v[l] = values[l][i]
		}
		k.take(i, t, v)
	}
}

// Add takes the next point: its time in µs, not before the previous
// point's, and one value per layer, none NaN.
func (k *StepKeeper) Add(t int64, values []float64) {
	switch {
	case k.err != nil:
		return
	case len(values) != len(k.times):
		k.err = fmt.Errorf("step keeper: point %d has %d values, want %d", k.added, len(values), len(k.times))
		return
	case k.added > 0 && t < k.prev:
		k.err = fmt.Errorf("step keeper: point %d at %d, before the previous point's %d", k.added, t, k.prev)
		return
	case k.added == k.n: // never when not counted
		k.err = fmt.Errorf("step keeper: more than the %d points announced", k.n)
		return
	case k.added == 0 && t != k.from:
		k.err = fmt.Errorf("step keeper: the first point at %d, announced at %d", t, k.from)
		return
	}
	for _, v := range values {
		if math.IsNaN(v) {
			k.err = fmt.Errorf("step keeper: point %d has a NaN value", k.added)
			return
		}
	}
	i := k.added
	k.added, k.prev = k.added+1, t
	if k.all && k.n < 0 && k.maxPoints > 0 && i == k.maxPoints {
		k.overflow()
	}
	if k.all {
		for l, v := range values {
			k.times[l], k.values[l] = append(k.times[l], t), append(k.values[l], v)
		}
		return
	}
	k.take(i, t, values)
}

// take thins point i, at time t with values: a bucket's first, lowest,
// highest and last points are kept when the next bucket begins.
func (k *StepKeeper) take(i int, t int64, values []float64) {
	if b := k.buckets.of(k.x(t)); i == 0 || b != k.bucket {
		if i > 0 {
			k.flush()
		}
		k.bucket = b
		k.first.set(i, t, values)
		for l, v := range values {
			k.low[l], k.high[l] = extreme{i, t, v}, extreme{i, t, v}
		}
	} else {
		for l, v := range values {
			if v < k.low[l].v {
				k.low[l] = extreme{i, t, v}
			}
			if v > k.high[l].v {
				k.high[l] = extreme{i, t, v}
			}
		}
	}
	k.last.set(i, t, values)
}

// set makes p the point i at time t with values v (copied).
func (p *point) set(i int, t int64, v []float64) {
	p.i, p.t = i, t
	copy(p.v, v)
}

// flush keeps, for each layer, the current bucket's first, lowest,
// highest and last points, in order, each once (Thin).
func (k *StepKeeper) flush() {
	for l := range k.times {
		a, c := k.low[l], k.high[l]
		if c.i < a.i {
			a, c = c, a
		}
		for _, p := range [...]extreme{{k.first.i, k.first.t, k.first.v[l]}, a, c, {k.last.i, k.last.t, k.last.v[l]}} {
			if len(k.times[l]) == 0 || k.kept[l] < p.i {
				k.times[l], k.values[l], k.kept[l] = append(k.times[l], p.t), append(k.values[l], p.v), p.i
			}
		}
	}
}

// Layer returns the points kept of value column layer, as a step
// series: columns time and valueCol. It is an errored frame when the
// points added were not the ones announced (their number, first and
// last times, order).
// Call it once every point is added.
func (k *StepKeeper) Layer(layer int, valueCol string) *frame.Frame {
	switch {
	case k.err != nil:
	case k.n >= 0 && k.added != k.n:
		k.err = fmt.Errorf("step keeper: %d points added, %d announced", k.added, k.n)
	case k.added > 0 && k.prev != k.to:
		k.err = fmt.Errorf("step keeper: the last point at %d, announced at %d", k.prev, k.to)
	}
	if k.err != nil {
		return frame.WithErr(k.err)
	}
	if layer < 0 || layer >= len(k.times) {
		return frame.WithErr(fmt.Errorf("step keeper: layer %d of %d", layer, len(k.times)))
	}
	if !k.all && k.added > 0 && (len(k.times[layer]) == 0 || k.kept[layer] < k.added-1) {
		k.flush() // the last bucket, once
	}
	return frame.New(frame.MicrosCol("time", k.times[layer], nil), frame.Float64Col(valueCol, k.values[layer], nil))
}
