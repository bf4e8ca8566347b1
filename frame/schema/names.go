package schema

// The canonical frame names (design.md).
const (
	Tasks      = "tasks"      // one row per task attempt
	Placements = "placements" // one row per (task attempt, worker)

	Workers     = "workers"     // one row per worker connection
	Allocations = "allocations" // one row per batch allocation
	Events      = "events"      // one row per raw record or state transition
	Jobs        = "jobs"        // one row per job
	Procs       = "procs"       // one row per process (EPMT)
	Threads     = "threads"     // one row per thread row (EPMT)
	Perf        = "perf"        // one row per performance-log sample
	Transfers   = "transfers"   // one row per file transfer
)
