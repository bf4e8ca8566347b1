// Package hyperqueue reads HyperQueue journals (hq journal export,
// replay or stream output) into jobframe's canonical frames: Load reads
// one journal, Format describes the format to loaders.OpenWith.
//
// HyperQueue journal JSON (hq journal export | replay | stream), v0.19 to
// v0.26, as the hyperqueue sources write it (docs/formats.md):
//
//   - One JSON object per line: {"event": {..., "type": KIND}, "time":
//     RFC 3339 with ".mmm" or no fraction}. Keys are sorted; key order is
//     never relied on. Lines whose event has no "type" (stream-only
//     JobIdle/TaskNotify) are kept in events as "(untyped)".
//   - task-started carries "worker" (one) or "workers" (multi-node, root
//     first) and "instance" (since v0.24); "variant" only when non-zero.
//     v0.19-0.23 write "worker": -1 (unknown worker, kept as null).
//   - worker-lost silently puts the lost worker's running tasks back in
//     the queue: every open attempt rooted on it is closed as "lost"; a
//     non-root worker of a multi-node task only leaves that placement.
//     server-start/server-stop close every open attempt and worker.
//   - job-created (one per submit; open jobs get several) has
//     submit_desc.task_desc with either ids.ranges ({start, count, step}:
//     count is the span, ids are start+k*step < start+count) and the
//     shared resources, or {"n_tasks"} only (graph job: requests unknown).
//     Before v0.25 it has "desc" and no requests.
//   - Resource amounts are fixed point (10000 = 1.0). Policies:
//     {"Compact"|"ForceCompact"|"Tight"|"ForceTight"|"Scatter": amount} or
//     "All" (every unit of that resource on the worker the task started
//     on). A variant with n_nodes > 0 is multi-node and takes whole
//     workers, whatever its "cpus" entry says.
//   - Worker resources are found by name (cpus, gpus/<family>, mem in
//     MiB) with kinds List (count of values), Groups (total over groups),
//     Range (end-start+1, end inclusive) and Sum (size/10000).
//
// Frames: tasks (one row per start), placements (one per attempt and
// worker), workers, jobs, allocations (autoalloc), perf (worker-overview
// hardware samples), events (one per line, with the raw event JSON).
// Worker and job ids are strings, as in every source.
package hyperqueue
