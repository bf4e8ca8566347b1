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
