package cctools

// Work Queue transactions log (cctools work_queue.c; formats.md §2). The
// engine is in cctools_txn.go; this file holds the Work Queue grammar it
// implements and the entry point.
//
//   - "<epoch µs> <manager pid> <record>", one per line; '#' lines and
//     blank lines are skipped. The file is opened for appending, so it can
//     hold several runs, each from MANAGER START (MASTER START up to 7.1)
//     to MANAGER END: task ids restart in every run, and every row has a
//     "run" column (0, 1, ...).
//   - WORKER <id> <host:port>  CONNECTION | DISCONNECTION <reason>;
//     WORKER <id> RESOURCES {totals}.
//   - CATEGORY <name> MAX|MIN {..}, CATEGORY <name> FIRST <mode> {..}:
//     the "categories" frame.
//   - TASK <id> WAITING <category> FIRST_RESOURCES|MAX_RESOURCES
//     {requested}: re-emitted on every requeue.
//   - TASK <id> RUNNING <host:port>  <mode> {allocated box}: the worker is
//     named by address and mapped to its id through CONNECTION.
//   - TASK <id> WAITING_RETRIEVAL <host:port>
//   - TASK <id> RETRIEVED <result>  <exit>  {limits exceeded} {measured}
//     (no exit code before 7.1); DONE repeats the tail of the attempt's
//     RETRIEVED and is never counted twice.
//   - TASK <id> CANCELED; TRANSFER INPUT|OUTPUT <task> <cache> <MB> <s>
//     <name> (since 7.5): the "transfers" frame.
//   - Resources are [value, "unit"] pairs, looked up by key and converted
//     by unit ("us" to seconds; "MB" kept as MB = 2^20 bytes): allocated
//     box -> req_cpus/req_mem_mb/req_disk_mb/req_gpus, the WAITING request
//     -> requested_*, measured -> mem_mb, wall_time_s, cpu_time_s, cores,
//     bandwidth_mbps, ... (one column per key, null where absent: a log
//     without monitoring has only the wq_* keys).
//   - Lost attempts have no RETRIEVED: the worker's DISCONNECTION closes
//     them (state lost); a WAITING after RETRIEVED RESOURCE_EXHAUSTION is
//     the retry of an exhausted attempt.

import (
	"io"

	"github.com/jobframe/jobframe/loaders/source"
)

// LoadWorkQueue reads a Work Queue transactions log (all versions since
// 6.x, several runs per file). A TaskVine log read this way is recognised
// by its markers and labelled "taskvine".
func LoadWorkQueue(r io.Reader, o source.Options) (*source.Dataset, error) {
	return o.Project(loadCctools(r, o))
}
