// Package nextflow reads Nextflow's execution records into jobframe's
// tasks frame: LoadTrace reads the execution trace (trace.txt, written
// with -with-trace), LoadTimeline the data of the execution timeline page
// (timeline.html, -with-timeline); Trace and Timeline describe the two
// formats to loaders.OpenWith. docs/formats.md#nextflow-execution-trace-and-timeline has the details.
//
// The trace:
//
//   - The header line names the fields (trace.fields, any of Nextflow's
//     TraceRecord fields in any order), separated by tabs or another
//     trace.sep of one character (',', ';', '|'). A field name of a later
//     Nextflow is kept as text. "-" is a missing value.
//   - Values in human units (dates "2021-03-04 21:06:07.625" in the run's
//     local time, read in Options.TimeZone; durations "5m 18s", "13.9s",
//     "366ms"; sizes "218.2 MB" in powers of 1024; "97.8%") or raw
//     (trace.raw = true: ms since the epoch, ms, bytes), value by value.
//   - One row per line. task is task_id (a retried task has a new
//     task_id; attempt says which attempt it is, 1 when the trace has no
//     attempt field); category is process, or the name before " (tag)"
//     when there is no process field; state maps status (COMPLETED and
//     CACHED success, FAILED failed, ABORTED canceled, NEW and SUBMITTED
//     waiting, RUNNING running) and raw_state keeps it; exit_code is
//     exit; submit, start and end are submit, start and complete. The
//     default fields have submit only: end is then submit + duration
//     (exact to the rounding of the written duration, "5m 18s") and
//     start end − realtime (the latest it can have started: staging
//     comes before), and times_derived marks such rows; Absorb replaces
//     both with the timeline page's of the same run. wall_time_s is
//     realtime, duration_s duration
//     (complete minus submit); mem_mb is peak_rss, rss_mb, vmem_mb and
//     peak_vmem_mb the others (MiB); req_cpus, req_mem_mb, req_disk_mb and req_time_s are
//     cpus, memory, disk and time; worker is hostname; cpu_pct and
//     mem_pct are %cpu and %mem, and cpu_time_s = cpu_pct / 100 *
//     wall_time_s (Nextflow's %cpu is CPU time over realtime); the I/O
//     counters are *_bytes; line is the record's line.
//   - A record with another field count than the header, an unknown
//     status or a value not in its field's form is a bad record naming
//     the line and field (lenient: skipped and counted).
//
// The timeline: one row per task entry of the embedded data, in order
// (task is the entry's place: the page has no task ids; attempt is 1,
// an entry being one run of a task); name is the
// entry's label and category its process; submit, start and end come
// from the segments Nextflow draws ([submit, start], [start, start +
// realtime], [start + realtime, complete]), wall_time_s is the run
// segment (realtime, to the ms), duration_s end - submit; mem_mb and
// label_duration_s are read from the run segment's label "duration /
// peak_rss"; cached and color_index (the process's colour, 21.03 and
// later) as the page says. The page does not say whether a task failed:
// state is absent.
package nextflow
