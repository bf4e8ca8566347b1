package cctools

// TaskVine transactions log (cctools taskvine/src/manager/vine_txn_log.c;
// formats.md §3). The framing is Work Queue's and the engine is shared
// (cctools_txn.go); the differences it handles:
//
//   - MANAGER <pid> START 0 / MANAGER <pid> END <µs since start> (since
//     Feb 2023); one run per file; a killed manager writes no END.
//   - WORKER <id> CONNECTION <host:port> (id first), WORKER <id>
//     DISCONNECTION <reason>, WORKER (null) for a worker that left before
//     sending its id.
//   - TASK <id> READY <category> <mode> <attempt> {requested} (WAITING
//     with an attempt number in Feb 2023, without one in Jan 2023); RUNNING
//     names the worker by id; DONE has no JSON since 7.5.1 (the final
//     measurements are those of the last RETRIEVED).
//   - Exhausted attempts that are retried have no RETRIEVED: RUNNING ->
//     WAITING_RETRIEVAL -> READY ... MAX_RESOURCES (state exhausted); a
//     forsaken attempt is re-queued with the same attempt number (state
//     forsaken); after a worker FAILURE its tasks go back to READY
//     (state lost). The "try" column holds TaskVine's attempt number.
//   - Library instances start at RUNNING with no READY; LIBRARY <id> SENT
//     names them (library = true).
//   - WORKER <id> TRANSFER INPUT|OUTPUT <name> <size> <wall> <start> and
//     CACHE_UPDATE <name> <size> <wall> <start>: bytes, µs and epoch µs
//     since 7.5.1; MB and seconds (no start) in 2023, and CACHE-UPDATE
//     with a hyphen in Jan 2023: the "transfers" frame, kind transfer or
//     cache_update.
//   - measured_fallback is true when the measured object has wall_time but
//     no cpu_time: since 7.15 TaskVine without monitoring reports the
//     allocation, not a measurement.
//   - APPLICATION <text> and LIBRARY records are kept in events.

import (
	"io"

	"github.com/jobframe/jobframe/loaders/source"
)

// LoadTaskVine reads a TaskVine transactions log (Jan 2023 to 7.17 and
// master). A Work Queue log read this way is labelled "workqueue".
func LoadTaskVine(r io.Reader, o source.Options) (*source.Dataset, error) {
	return o.Project(loadCctools(r, o))
}
