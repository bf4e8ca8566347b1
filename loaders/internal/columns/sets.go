package columns

import (
	"maps"
	"slices"

	"github.com/jobframe/jobframe/loaders/source"
)

// Sets are, by frame, the columns of the frames a loader builds at once
// (BuildFrames), each Set keeping the columns the load keeps. They are
// made before the frames are built, so that the frames' goroutines only
// read the map.
type Sets map[string]*Set

// NewSets makes the Sets of frames names, each keeping the columns keep
// allows of it (source.Options.Keeps; nil keeps all).
func NewSets(keep func(frame, col string) bool, names ...string) Sets {
	s := make(Sets, len(names))
	for _, name := range names {
		s[name] = &Set{Keep: func(col string) bool { return keep == nil || keep(name, col) }}
	}
	return s
}

// Of returns the Set of frame name; a Set that keeps every column when s
// has none (a frame built outside a load that made the Sets).
func (s Sets) Of(name string) *Set {
	if set, ok := s[name]; ok {
		return set
	}
	return &Set{}
}

// Skip names in d, by frame, the columns the Sets did not build
// (Dataset.Unbuilt).
func (s Sets) Skip(d *source.Dataset) {
	for _, name := range slices.Sorted(maps.Keys(s)) {
		d.Skip(name, s[name].Skipped()...)
	}
}
