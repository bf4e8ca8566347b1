package source

// SkimsRows reports whether a loader whose frame name has the columns
// has may count that frame's rows and span their times instead of
// storing them (Dataset.AddSkimmedRows, Dataset.Skimmed), as a lake's
// reader takes them from its footers: o.SpanOnly names the frame and
// lists none of its columns (those whose rows the caller reads), the
// frame has no run column that o keeps (a log of several runs spans
// each on its rows), and the load is whole, not a stream (Batch).
func (o Options) SkimsRows(name string, has func(col string) bool) bool {
	cols, ok := o.SpanOnly[name]
	if !ok || o.Batch != nil || has("run") && o.Keeps(name, "run") {
		return false
	}
	for _, c := range cols {
		if has(c) {
			return false
		}
	}
	return true
}

// Skim counts the rows of a frame that a load reads for their span
// alone (SkimsRows) and spans their times, for the dataset.
type Skim struct {
	// On says the rows are skimmed: counted by Add, not stored.
	On   bool
	span Extent
	rows int
}

// Add counts one row of time t (µs).
func (s *Skim) Add(t int64) {
	s.span.Add(t, t)
	s.rows++
}

// Set gives d the rows counted of its frame name and their span
// (Dataset.Skimmed, AddSkimmedRows), when s is on and d has that frame.
func (s *Skim) Set(d *Dataset, name string) {
	if _, ok := d.Frames[name]; !ok || !s.On {
		return
	}
	d.Skimmed.Join(s.span)
	d.AddSkimmedRows(name, s.rows)
}
