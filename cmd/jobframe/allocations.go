package main

import (
	"fmt"
	"io"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

func runAllocations(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("allocations", "BATCH... SOURCE... [--with NAME=EXPR]... [--where EXPR]... [-o FILE]",
		"Join the batch system's jobs (Slurm's sacct output, text or --json, a PBS or\n"+
			"Torque accounting log, or LSF's lsb.acct) to the work other sources ran in\n"+
			"them, and print per Slurm job: the queue wait (wait_s = start - eligible,\n"+
			"queue_s = start - submit), its core-seconds (core_s = cpus x elapsed_s) and the\n"+
			"share of them the work held (busy_share: HyperQueue tasks on autoalloc workers,\n"+
			"by cores), its node-seconds held (node_share: Balsam tasks in batch jobs, by\n"+
			"scheduler_id) or the CPU time it used (cpu_share: EPMT processes, whose job id is\n"+
			"the batch job's). Each argument is a source of its own; work in an allocation\n"+
			"no batch record has gets a row with its id and null batch columns. -o writes every column\n"+
			"(queued, eligible, start, end, node_s, busy_node_s, ... as ops.AllocationUse).\n"+
			"--from/--to keep the allocations and work active in the window (+D and -D count\n"+
			"from each source's own start and end).", stdout)
	af := addAnalysisFlags(fs)
	rf := addRowFlags(fs, "frames of each source that have the columns it reads (e.g. partition == \"gpu\" keeps those Slurm jobs)")
	sources, err := parse(fs, args)
	if err != nil {
		return err
	}
	cut := false // some source had the columns of --with/--where
	var batch []string
	var alloc *frame.Frame // the allocations of the one sacct source
	var work []*frame.Frame
	for _, src := range sources {
		d, err := af.loadAllocations(src, rf, stderr)
		if err != nil {
			return err
		}
		if !rf.none() {
			names, err := rf.cutFrames(d)
			if err != nil {
				return fmt.Errorf("%s: %w", src, err)
			}
			cut = cut || len(names) > 0
		}
		// A source is the batch system's accounting when it holds
		// allocations and no work linked to them (sacct output, a PBS
		// log, lsb.acct); the
		// others are work (autoalloc workers, batch jobs with a
		// scheduler_id, processes of a job).
		w := workOf(d.Frames)
		if a, ok := d.Frames[schema.Allocations]; ok && len(w) == 0 && a.NumRows() > 0 {
			batch = append(batch, src)
			alloc = a
			continue
		}
		if len(w) == 0 {
			return fmt.Errorf("%s (%s): neither batch allocations (sacct output, a PBS accounting log, lsb.acct) nor work linked to them (autoalloc workers, batch jobs with a scheduler_id, or EPMT processes)", src, d.Source)
		}
		work = append(work, w...)
	}
	if !rf.none() && !cut {
		return rf.noColumns()
	}
	if len(batch) == 0 {
		return usagef("no batch system's accounting among the sources (sacct output, a PBS accounting log, lsb.acct): give the batch jobs with the sources that ran in them")
	}
	if len(batch) > 1 {
		// Several sacct files (of any field sets) combine as one source
		// does: the loader aligns their columns. Their warnings were
		// printed already.
		d, err := loadWith(batch, loaders.Options{Lenient: *af.lenient}, stderr)
		if err != nil {
			return err
		}
		if _, err := af.window.cut(d); err != nil {
			return err
		}
		if alloc, err = d.Frame(schema.Allocations); err != nil {
			return err
		}
	}
	u := ops.AllocationUse(alloc, work...)
	if *af.out == "" {
		u = u.Select("id", "wait_s", "queue_s", "elapsed_s", "cpus", "core_s", "attempts", "busy_share", "node_share", "cpu_share")
	}
	return emit(u, *af.out, "allocation use", stdout, stderr)
}

// workOf makes the work frames of one source's frames: placements on
// autoalloc workers, tasks in batch jobs, processes of batch jobs.
func workOf(frames map[string]*frame.Frame) []*frame.Frame {
	var out []*frame.Frame
	p, w := frames[schema.Placements], frames[schema.Workers]
	if p != nil && w != nil && w.Has("allocation") {
		out = append(out, ops.WorkerAllocationWork(p, w))
	}
	t, a := frames[schema.Tasks], frames[schema.Allocations]
	if t != nil && a != nil && t.Has("batch_job") && a.Has("scheduler_id") {
		out = append(out, ops.BatchJobWork(t, a))
	}
	if pr := frames[schema.Procs]; pr != nil {
		out = append(out, ops.ProcessWork(pr))
	}
	return out
}

// Columns of the work frames (workOf) that allocations reads: those
// ops.WorkerAllocationWork, BatchJobWork and ProcessWork take.
var (
	placementWork = []string{"worker", "job", "task", "attempt", "start", "end", "cpus"}
	batchJobWork  = []string{"batch_job", "job", "task", "attempt", "start", "end", "req_cpus", "req_nodes", "cpu_time_s"}
	processWork   = []string{"job", "host", "pid", "start", "end", "cpu_time"}
)

// loadAllocations loads what allocations reads of one source
// (allocationsReads): its allocations and workers whole, then of a
// lake, whose first read took the other frames from their footers
// (their columns, not their rows), the frames workOf joins, each of the
// columns its work frame takes. Logs are read once: those frames, and
// the others of their run and time columns alone (whole with --with or
// --where). A lake of HyperQueue's 10M-task journal is so read
// without its tasks: 2.1-2.4 s and 1.7 GB against 6.4-10.5 s and 5.8-6.5
// GB.
func (af analysisFlags) loadAllocations(src string, rf *rowFlags, stderr io.Writer) (*loaders.Dataset, error) {
	sources := []string{src}
	rd := allocationsReads(rf)
	d, _, err := af.loadColumns(sources, stderr, rd.lake, rd.logs)
	if err != nil {
		return nil, err
	}
	read := map[string][]string{}
	w, a, t := d.Frames[schema.Workers], d.Frames[schema.Allocations], d.Frames[schema.Tasks]
	if d.SkimmedRows[schema.Placements] > 0 && w != nil && w.Has("allocation") {
		read[schema.Placements] = rd.work[schema.Placements]
	}
	if d.SkimmedRows[schema.Tasks] > 0 && t != nil && t.Has("batch_job") && a != nil && a.Has("scheduler_id") {
		read[schema.Tasks] = rd.work[schema.Tasks]
	}
	if d.SkimmedRows[schema.Procs] > 0 {
		read[schema.Procs] = rd.work[schema.Procs]
	}
	if len(read) == 0 {
		return d, nil
	}
	read[schema.Allocations], read[schema.Workers] = nil, nil
	d, _, err = af.reloadColumns(sources, stderr, read)
	return d, err
}
