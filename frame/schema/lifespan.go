package schema

// Begins are the time columns that begin a row's life, in the order
// tried: a row begins at the first of them that holds a time (a task
// from its submission, while it waits; a worker from its connection; a
// point row, an event or a sample, at its time). ops.Window and the
// lake's pruning read rows this way.
func Begins() []string { return []string{"submit", "queued", "connected", "start", "time"} }

// Ends are the time columns that end a row's life: a frame's first of
// them that it has ends each row (null: still going at the end of the
// log).
func Ends() []string { return []string{"end", "lost", "time"} }
