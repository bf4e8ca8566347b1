package ops

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// A work frame lists what ran inside batch allocations, one row per piece
// of work, for AllocationUse: allocation (the batch system's job id, as
// text; null where the work ran in no allocation the source names), start
// and end, and what the work held or used: cpus (cores held), nodes
// (nodes held), cpu_time_s (measured CPU time, s). A column the source
// does not record is null. WorkerAllocationWork, BatchJobWork and
// ProcessWork make one from the frames of the sources that link work to
// allocations.

// WorkerAllocationWork lists the task placements that ran on workers
// started inside batch allocations: workers whose allocation column holds
// the batch system's job id (HyperQueue's autoalloc workers). Columns:
// allocation, job, task, attempt, worker, start, end, cpus (cores the
// placement held), nodes and cpu_time_s (null: HyperQueue records
// neither per placement). Placements on workers started by hand (no
// allocation) are left out: they ran in no allocation.
func WorkerAllocationWork(placements, workers *frame.Frame) *frame.Frame {
	const op = "WorkerAllocationWork"
	if err := requireFrame(op, placements, schema.Placements, "worker", "start", "end", "cpus"); err != nil {
		return frame.WithErr(err)
	}
	if err := requireFrame(op, workers, schema.Workers, "worker", "allocation"); err != nil {
		return frame.WithErr(err)
	}
	ids, idOK, err := textColumn(workers, "worker")
	if err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	allocs, allocOK, err := textColumn(workers, "allocation")
	if err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	allocOf := map[string]string{}
	for i := range ids {
		if idOK[i] && allocOK[i] && allocs[i] != "" {
			allocOf[ids[i]] = allocs[i]
		}
	}
	w, wOK, err := textColumn(placements, "worker")
	if err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	keep := make([]int, 0, len(w))
	alloc := make([]string, 0, len(w))
	for i := range w {
		if a, ok := allocOf[w[i]]; ok && wOK[i] {
			keep = append(keep, i)
			alloc = append(alloc, a)
		}
	}
	rows := placements.Take(keep)
	n := len(keep)
	cols := []frame.Column{frame.StringCol("allocation", alloc, nil)}
	for _, name := range []string{"job", "task", "attempt", "worker", "start", "end", "cpus"} {
		if rows.Has(name) {
			c, _ := rows.Col(name)
			cols = append(cols, c)
		}
	}
	cols = append(cols, nullFloats("nodes", n), nullFloats("cpu_time_s", n))
	return frame.New(cols...)
}

// BatchJobWork lists the task attempts that ran in batch jobs, from a
// tasks frame with a batch_job column (the workflow system's own id of
// the batch job, Balsam's) and an allocations frame mapping that id to
// the batch system's (id and scheduler_id). Columns: allocation (the
// scheduler_id), job, task, attempt, start, end, cpus (req_cpus), nodes
// (req_nodes: Balsam packs tasks on fractions of a node) and cpu_time_s
// (null where tasks lacks the column). An attempt whose batch job is
// not in allocations, or has no scheduler_id, keeps a null allocation.
// Attempts with no batch job are left out.
func BatchJobWork(tasks, allocations *frame.Frame) *frame.Frame {
	const op = "BatchJobWork"
	if err := requireFrame(op, tasks, schema.Tasks, "batch_job", "start", "end"); err != nil {
		return frame.WithErr(err)
	}
	if err := requireFrame(op, allocations, schema.Allocations, "id", "scheduler_id"); err != nil {
		return frame.WithErr(err)
	}
	ids, idOK, err1 := textColumn(allocations, "id")
	sched, schedOK, err2 := textColumn(allocations, "scheduler_id")
	batch, batchOK, err3 := textColumn(tasks, "batch_job")
	if err := errors.Join(err1, err2, err3); err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	schedOf := map[string]string{}
	for i := range ids {
		if idOK[i] && schedOK[i] {
			schedOf[ids[i]] = sched[i]
		}
	}
	var keep []int
	var alloc []string
	var allocOK []bool
	for i := range batch {
		if !batchOK[i] {
			continue
		}
		s, ok := schedOf[batch[i]]
		keep, alloc, allocOK = append(keep, i), append(alloc, s), append(allocOK, ok)
	}
	rows := tasks.Take(keep)
	cols := []frame.Column{frame.StringCol("allocation", alloc, allocOK)}
	for _, name := range []string{"job", "task", "attempt", "start", "end"} {
		if rows.Has(name) {
			c, _ := rows.Col(name)
			cols = append(cols, c)
		}
	}
	cols = append(cols, floatOrNull(rows, "req_cpus", "cpus"), floatOrNull(rows, "req_nodes", "nodes"), floatOrNull(rows, "cpu_time_s", "cpu_time_s"))
	return frame.New(cols...)
}

// ProcessWork lists the processes of jobs whose job id is the batch
// system's (EPMT names a job by SLURM_JOB_ID or PBS_JOB_ID): columns
// allocation (the job), host, pid, start, end, cpus (null: a process
// does not say how many cores it held) and cpu_time_s (its cpu_time, µs,
// in seconds).
func ProcessWork(procs *frame.Frame) *frame.Frame {
	const op = "ProcessWork"
	if err := requireFrame(op, procs, schema.Procs, "job", "start", "end", "cpu_time"); err != nil {
		return frame.WithErr(err)
	}
	jobs, jobOK, err1 := textColumn(procs, "job")
	cpu, cpuOK, err2 := procs.Float64s("cpu_time")
	if err := errors.Join(err1, err2); err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	n := procs.NumRows()
	secs := make([]float64, n)
	for i := range secs {
		secs[i] = cpu[i] / 1e6
	}
	cols := []frame.Column{frame.StringCol("allocation", jobs, jobOK)}
	for _, name := range []string{"host", "pid", "start", "end"} {
		if procs.Has(name) {
			c, _ := procs.Col(name)
			cols = append(cols, c)
		}
	}
	cols = append(cols, nullFloats("cpus", n), nullFloats("nodes", n), frame.Float64Col("cpu_time_s", secs, cpuOK))
	return frame.New(cols...)
}

// textColumn returns a string or int64 column as text (an id), with its
// validity mask.
func textColumn(f *frame.Frame, name string) ([]string, []bool, error) {
	t, err := f.Type(name)
	if err != nil {
		return nil, nil, err
	}
	if t != frame.Int64 {
		return f.Strings(name)
	}
	v, ok, err := f.Int64s(name)
	if err != nil {
		return nil, nil, err
	}
	out := make([]string, len(v))
	for i := range v {
		if ok[i] {
			out[i] = strconv.FormatInt(v[i], 10)
		}
	}
	return out, ok, nil
}

// nullFloats is a float64 column of n nulls.
func nullFloats(name string, n int) frame.Column {
	return frame.Float64Col(name, make([]float64, n), make([]bool, n))
}

// floatOrNull is column from of f renamed to, or nulls when f lacks it.
func floatOrNull(f *frame.Frame, from, to string) frame.Column {
	if !f.Has(from) {
		return nullFloats(to, f.NumRows())
	}
	v, ok, err := f.Float64s(from)
	if err != nil {
		return frame.ErrCol(to, err)
	}
	return frame.Float64Col(to, v, ok)
}
