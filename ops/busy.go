package ops

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// Busy returns the step series of the amount of a resource held by
// running attempts: each placement (an attempt's share on one worker)
// adds its amount of column resource (cpus, gpus, mem_mb, ...) at its
// start and removes it at its end (never, when the end is null: still
// running when the log ends). Placements with a null start are left out.
//
// The series has one point per log record that changed at least one
// share (docs/semantics.md#busy-cpus): a HyperQueue worker loss that silently
// re-queues several tasks, or a cancel of many tasks, is one point, and
// points keep the log's order when times tie. Records are told apart by
// the placements' start_line and end_line columns (every cctools and
// HyperQueue loader fills them); without them, changes at equal times
// form one point. Columns: time and value (the amount held just after
// time). Amounts are allocations, not measured usage. The series starts
// at the first change; docs/semantics.md#busy-cpus also counts a
// first point (start of log, 0). A frame of several runs (a "run"
// column) gives each run's series, merged in time order (a run's lines
// order only its own records): the value is the sum over the runs, and
// each run drops out after its last point.
func Busy(placements *frame.Frame, resource string) *frame.Frame {
	if err := requireFrame("Busy", placements, schema.Placements, "start", "end", resource); err != nil {
		return frame.WithErr(err)
	}
	return perRun("Busy", placements, func(p *frame.Frame) *frame.Frame {
		var sk, ek string
		if p.Has("start_line") && p.Has("end_line") {
			sk, ek = "start_line", "end_line"
		}
		changes, err := intervalChanges("Busy", p, "start", "end", resource, sk, ek)
		if err != nil {
			return frame.WithErr(err)
		}
		return streamSteps(changes)
	})
}

// BusyByWorker is Busy per worker (docs/semantics.md#busy-cpus's per-worker
// variant): columns worker, time and value, the workers in sorted order
// and each one's points in log order. Dividing by the worker's cpus gives
// its utilization.
func BusyByWorker(placements *frame.Frame, resource string) *frame.Frame {
	if err := requireFrame("BusyByWorker", placements, schema.Placements, "worker", "start", "end", resource); err != nil {
		return frame.WithErr(err)
	}
	return seriesPerGroup("BusyByWorker", placements, "worker", func(f *frame.Frame) *frame.Frame { return Busy(f, resource) })
}
