package hyperqueue

// The attempts open on each worker.

// openLists holds each worker's openSet: by id in a slice for the usual
// small ids, in a map for the rest.
type openLists struct {
	small []*openSet
	big   map[int64]*openSet
}

// maxSmallWorker bounds the ids openLists keeps in its slice.
const maxSmallWorker = 1 << 16

// get returns worker id's list, or nil.
func (l *openLists) get(id int64) *openSet {
	if id >= 0 && id < int64(len(l.small)) {
		return l.small[id]
	}
	return l.big[id] // nil map: nil
}

// of returns worker id's list, adding an empty one if it has none.
func (l *openLists) of(id int64) *openSet {
	if o := l.get(id); o != nil {
		return o
	}
	o := &openSet{}
	switch {
	case id >= 0 && id < maxSmallWorker:
		if id >= int64(len(l.small)) {
			l.small = append(l.small, make([]*openSet, int(id)+1-len(l.small))...)
		}
		l.small[id] = o
	default:
		if l.big == nil {
			l.big = map[int64]*openSet{}
		}
		l.big[id] = o
	}
	return o
}

// drop forgets worker id's list.
func (l *openLists) drop(id int64) {
	if id >= 0 && id < int64(len(l.small)) {
		l.small[id] = nil
	}
	delete(l.big, id)
}

// clear forgets every list.
func (l *openLists) clear() {
	clear(l.small)
	clear(l.big)
}

// openSet is the list of attempts started on one worker, in start order,
// closed ones included until the list next doubles.
type openSet struct {
	list []*attemptState
	live int // len(list) after the last compaction
}

// add appends a, first dropping the closed attempts when the list has
// doubled since the last compaction (amortised O(1) per attempt; the list
// stays within twice the worker's open attempts, plus a constant).
func (o *openSet) add(a *attemptState) {
	if len(o.list) >= 2*o.live+64 {
		kept := o.list[:0]
		for _, x := range o.list {
			if x.open {
				kept = append(kept, x)
			}
		}
		clear(o.list[len(kept):])
		o.list, o.live = kept, len(kept)
	}
	o.list = append(o.list, a)
}
