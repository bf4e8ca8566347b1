// Package wfcommons reads WfCommons workflow instances (WfFormat JSON,
// versions 1.4, 1.5 and 1.6; docs/formats.md#wfcommons-instances-wfformat) into jobframe's
// canonical frames: Load reads one instance, Format describes the format
// to loaders.OpenWith.
//
//   - jobs: one row for the run (job and name are the instance's name;
//     start is executedAt, end start + makespanInSeconds; makespan_s,
//     tasks, runtime_system and runtime_version (1.4's wms), schema_version,
//     created (createdAt as written), description). An executedAt that is
//     not ISO 8601 (Pegasus wrote "12-19-20T21:31:53Z") is a warning and
//     leaves start and end null.
//   - tasks: one row per specification task, in order (1.4: per task of
//     the flat workflow.tasks). task is the place from 1 and task_id
//     WfFormat's id; category is 1.4's category or the name without its
//     "_ID000001" suffix (WfCommons' naming); the execution task of the
//     same id gives start (its executedAt, when the instance has it:
//     WfInstances mostly do not), end (start + runtimeInSeconds),
//     wall_time_s (runtimeInSeconds), req_cpus (coreCount; 1.4 cores),
//     mem_mb (memoryInBytes, MiB), avg_cpu_pct and cpu_time_s = avgCPU /
//     100 * runtime, read_bytes, written_bytes, energy_kwh, avg_power_w,
//     priority, program and arguments (the command), worker (the first of
//     machines) and machines; input_files, input_bytes, output_files and
//     output_bytes count the task's files with their sizes. attempt is 1
//     (an instance records one execution per task), null for a task with
//     no execution record. WfFormat records no failures: state is absent.
//   - placements: one row per (task, machine it ran on), the task's cores
//     split evenly between its machines.
//   - workers: one row per machine (worker and host are nodeName; cpus is
//     cpu.coreCount, 1.4 cpu.count; mem_mb, system, architecture,
//     release, speed_mhz, vendor).
//   - dependencies: one row per edge, from every task's parents and
//     children read both ways (WfFormat declares an edge on either end),
//     with parent and child as task numbers; in 1.4 a reference may be a
//     task's name or id, as WfFormat's migration tool reads it.
//
// A document that is not JSON, or whose fields have the wrong JSON type,
// is an error naming the line (and field); an execution task or a parent
// or child naming no task of the instance is a bad record naming its
// place (workflow.specification.tasks[3].parents). Versions before 1.4
// are an error saying to migrate them with WfFormat's tool.
package wfcommons
