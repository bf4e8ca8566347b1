// Package cctools reads the logs of the Cooperative Computing Lab's
// managers, Work Queue and TaskVine, into jobframe's canonical frames:
// the transactions log (LoadWorkQueue, LoadTaskVine; one engine,
// txn.go, reads both), the performance log (LoadPerfLog), TaskVine's
// task graph (LoadTaskGraph) and the resource monitor's time series of
// each task (LoadSeries, series.go). Transactions, Performance,
// TaskGraph and Series describe the formats to loaders.OpenWith.
//
// Work Queue transactions log (cctools work_queue.c; docs/formats.md).
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
//
// TaskVine transactions log (cctools taskvine/src/manager/vine_txn_log.c;
// docs/formats.md). The framing is Work Queue's and the engine is shared
// (txn.go); the differences it handles:
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
//
// The transactions format streams (source.Options.Batch): the attempts
// of every task that ended (DONE or CANCELED) are handed over in
// batches and the task forgotten, so a 25 GB log is read in bounded
// memory; stream.go says what is kept. It also resumes
// (source.Options.Resume): a batch near the log's end carries a
// checkpoint of that state, from which a later load of the grown log
// goes on (checkpoint.go).
//
// Work Queue and TaskVine performance logs (work_queue.c log_queue_stats,
// vine_perf_log.c; docs/formats.md): a header line
// "# timestamp <name> <name> ..." and then one line of space-separated
// numbers per sample. The column set differs between versions, so values
// are mapped by header name; Work Queue appends, so a file may hold
// several headers, each starting a new run. timestamp is epoch µs;
// time_* columns are cumulative µs; memory and disk in MB; bandwidth and
// manager_load are floats. Columns whose values are all integers are
// int64, others float64; a column absent from a run is null there.
package cctools
