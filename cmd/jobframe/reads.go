package main

import "github.com/jobframe/jobframe/frame/schema"

// reads is what an analysis loads (loadColumns): the frames a lake's
// first read takes, each of its columns (nil: whole), the others from
// their footers; and the frames a load of logs reads, the others of
// their run and time columns alone.
type reads struct{ lake, logs map[string][]string }

// busyReads is what busy of resource r reads: the placements, of the
// columns of ops.Busy (ties in log order); of logs the tasks too, of
// those of ops.Steps over req_r, which a lake reads after when no
// placement holds r.
func busyReads(r string, rf *rowFlags) reads {
	cols := []string{"start", "end", "start_line", "end_line"}
	p := analysisColumns(append(cols, r), rf.withs, rf.wheres)
	t := analysisColumns(append(cols, "req_"+r), rf.withs, rf.wheres)
	return reads{lake: map[string][]string{schema.Placements: p}, logs: map[string][]string{schema.Placements: p, schema.Tasks: t}}
}

// capacityReads is what capacity reads: the workers and allocations
// whole.
func capacityReads() reads {
	f := map[string][]string{schema.Workers: nil, schema.Allocations: nil}
	return reads{lake: f, logs: f}
}

// tasksPerWorkerReads is what tasks-per-worker reads: the placements, of
// ops.TasksPerWorker's columns, and the workers whole.
func tasksPerWorkerReads(rf *rowFlags) reads {
	f := map[string][]string{schema.Placements: analysisColumns([]string{"worker", "job", "task", "start", "start_line"}, rf.withs, rf.wheres), schema.Workers: nil}
	return reads{lake: f, logs: f}
}

// histReads is what hist of column col of frame name reads.
func histReads(name, col string, withs, wheres []string) reads {
	f := map[string][]string{name: analysisColumns([]string{col}, withs, wheres)}
	return reads{lake: f, logs: f}
}

// intervalsReads is what intervals by keys reads: frame name, or the
// procs and, of logs, the tasks too (a lake reads them after when it
// has no procs), of start, end and the keys.
func intervalsReads(name string, keys, withs, wheres []string) reads {
	cols := analysisColumns(append([]string{"start", "end"}, keys...), withs, wheres)
	if name != "" {
		f := map[string][]string{name: cols}
		return reads{lake: f, logs: f}
	}
	return reads{lake: map[string][]string{schema.Procs: cols}, logs: map[string][]string{schema.Procs: cols, schema.Tasks: cols}}
}

// allocationsReads is what allocations reads of one source: its
// allocations and workers whole, and the frames of its work (workOf),
// each of the columns its work frame takes (work); a lake's first read
// takes the allocations and workers alone. With --with or --where, which
// cut every frame that has their columns, logs are read whole.
func allocationsReads(rf *rowFlags) allocationReads {
	whole := map[string][]string{schema.Allocations: nil, schema.Workers: nil}
	work := map[string][]string{
		schema.Placements: analysisColumns(placementWork, rf.withs, rf.wheres),
		schema.Tasks:      analysisColumns(batchJobWork, rf.withs, rf.wheres),
		schema.Procs:      analysisColumns(processWork, rf.withs, rf.wheres),
	}
	rd := allocationReads{reads: reads{lake: whole}, work: work}
	if rf.none() {
		rd.logs = map[string][]string{schema.Allocations: nil, schema.Workers: nil}
		for name, cols := range work {
			rd.logs[name] = cols
		}
	}
	return rd
}

// allocationReads is reads with the columns of each work frame.
type allocationReads struct {
	reads
	work map[string][]string
}
