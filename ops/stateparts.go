package ops

// statePartTimes is the number of state changes up to which a series of
// StateCountsTo is walked whole; beyond it, a part of its time span at
// a time, each of about this many changes (32 MB of times, and the
// sort's room): a 10M-attempt log's 30M changes are eight parts, not
// 0.3 GB of times sorted at once.
const statePartTimes = 4 << 20

// stateBins is the number of equal spans of time the changes are
// counted in to cut the parts.
const stateBins = 4096

// walkInParts hands the waiting and running counts of the attempts, a
// point per distinct time of change, to the sink open returns: a part
// of the time span at a time when the changes are more than partTimes
// (the points then not counted before: open receives −1), each part's
// times gathered from the rows and sorted alone. A time is in one part
// only, and the counts carry from one part to the next.
func (e stateEvents) walkInParts(open func(points int, first, last int64) StepSink, partTimes int) {
	first, last, total := e.span()
	values := make([]float64, 2)
	var sink StepSink
	emit := func(t int64, waiting, running int) {
		values[0], values[1] = float64(waiting), float64(running)
		sink.Add(t, values)
	}
	if total <= partTimes {
		times := e.allTimes()
		sortSteps(times)
		sink = open(stepsSpan(times))
		walkSteps(times, emit)
		return
	}
	sink = open(-1, first, last)
	cw, cr := 0, 0
	var times stepTimes // each part's arrays, in the room of the parts before
	for _, p := range e.parts(first, last, partTimes) {
		times = e.times(p.from, p.to, p.room, times)
		sortSteps(times)
		cw, cr = walkStepsFrom(times, cw, cr, emit)
	}
}

// The kinds of change, the arrays of stepTimes.
const (
	kindWaitIn = iota
	kindStarted
	kindWaitOnly
	kindRunOnly
	kindRunOut
)

// each calls visit with every time at which an attempt changes state
// and its kind (the array of stepTimes it goes to), row by row.
func (e stateEvents) each(visit func(kind int, t int64)) {
	for i := range e.st {
		ready, readyOK := e.sub[i], e.subOK[i]
		if e.prev != nil && e.prev[i] >= 0 {
			ready, readyOK = e.en[e.prev[i]], e.enOK[e.prev[i]]
		}
		if readyOK {
			visit(kindWaitIn, ready)
		}
		switch {
		case readyOK && e.stOK[i]:
			visit(kindStarted, e.st[i])
		case readyOK && e.enOK[i]:
			visit(kindWaitOnly, e.en[i])
		case readyOK:
		case e.stOK[i]:
			visit(kindRunOnly, e.st[i])
		}
		if e.stOK[i] && e.enOK[i] {
			visit(kindRunOut, e.en[i])
		}
	}
}

// span returns the first and last times of change and how many changes
// there are (0, 0, 0 for none).
func (e stateEvents) span() (first, last int64, n int) {
	e.each(func(_ int, t int64) {
		if n == 0 {
			first, last = t, t
		}
		first, last, n = min(first, t), max(last, t), n+1
	})
	return first, last, n
}

// stepRoom is the number of times of each kind a part holds.
type stepRoom [5]int

// statePart is a span of time, from and to both included, and the
// changes of each kind in it.
type statePart struct {
	from, to int64
	room     stepRoom
}

// parts cuts the span from first to last into parts of about
// partTimes changes each, by counting the changes in stateBins equal
// spans.
func (e stateEvents) parts(first, last int64, partTimes int) []statePart {
	width := uint64(last-first)/stateBins + 1
	var count [stateBins]stepRoom
	e.each(func(kind int, t int64) { count[uint64(t-first)/width][kind]++ })
	var out []statePart
	p := statePart{from: first}
	in := 0
	for b := range stateBins {
		for k, c := range count[b] {
			p.room[k] += c
			in += c
		}
		if in >= partTimes || b == stateBins-1 {
			p.to = last
			if b < stateBins-1 {
				p.to = first + int64(uint64(b+1)*width) - 1
			}
			out = append(out, p)
			p, in = statePart{from: p.to + 1}, 0
		}
	}
	return out
}
