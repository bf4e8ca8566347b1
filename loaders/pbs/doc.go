// Package pbs reads the accounting logs of PBS Professional, OpenPBS and
// Torque (server_priv/accounting/YYYYMMDD) into jobframe's canonical
// frames: Load reads one log, LoadInputs several as one (a folder's
// daily logs), Format describes the format to loaders.OpenWith
// (docs/formats.md#pbs-accounting-logs).
//
// A line is "MM/DD/YYYY HH:MM:SS;T;id;key=value key=value ...":
//
//   - The date has no zone: it is read in Options.TimeZone (UTC when
//     empty). The times the attributes carry (ctime, qtime, etime,
//     start, end) are seconds since 1970 and need none; 0 is unset.
//   - The type is one of OpenPBS's acct.h (Q queued, S and s started, E
//     ended, D deleted, A aborted, R rerun, C checkpointed, T restarted,
//     M moved, a altered, z suspended, r resumed, u, c and e phased usage,
//     L license, U, Y, B, F, K and k reservations, P and p
//     provisioning). Another type is a bad record naming it.
//   - Values are separated by spaces; one with spaces is quoted in " or
//     ' (OpenPBS quotes so); a word without '=' continues the value
//     before it (Torque's Resource_Request_2.0=-L tasks=... is not
//     quoted).
//   - Durations are [[[D:]HH:]MM:]SS or plain seconds; sizes a number
//     and b, kb, mb, gb, tb or pb (or w, kw, ... for words of 8 bytes),
//     in any case, powers of 1024, a bare number being bytes: they
//     become seconds (_s) and MiB (_mb). An unknown unit is a bad record
//     naming the attribute.
//
// Frames:
//
//   - jobs: one row per job id, its attributes the later records'
//     over the earlier; state is what the last record that changed it
//     says ("queued", "running", "ended", "deleted", "rerun", "aborted",
//     "ended without running"), status the same in the vocabulary;
//     req_cpus, req_nodes are what the last run held (exec_host's slots
//     and hosts, as seff reads AllocCPUS) or else what was requested
//     (Resource_List.ncpus, the select's ncpus, the nodes' ppn);
//     cpu_time_s, wall_time_s, mem_mb and vmem_mb are resources_used of
//     the last run; qtime, Resource_List.ncpus, nodect and ngpus and
//     resources_used.ncpus keep columns of their own (resource_list_ncpus,
//     ...), typed, as PBS wrote them. Every other attribute is a text
//     column named in
//     lower case with '.' as '_' (Resource_List.pmem is
//     resource_list_pmem).
//   - allocations: the jobs as batch allocations (queued = ctime,
//     eligible = etime, start, end, nodes, cpus, gpus, mem_mb, wait_s
//     = start − eligible and queue_s = start − queued in seconds).
//   - tasks: one row per run (an S record to its E, R or A; an E alone
//     when its S is in an earlier log), category the job's name, task 0,
//     attempt run_count (PBS Professional) or the run's place among its
//     job's runs; state from Exit_status (see endState), canceled when a
//     D came while it ran, lost when an R (rerun) or an A ended it,
//     running when nothing did.
//   - placements: one row per run and exec_host host, cpus the slots it
//     held there, GPUs and memory requested shared evenly.
//   - events: one row per record.
package pbs
