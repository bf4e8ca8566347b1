package pbs

import (
	"strconv"

	"github.com/jobframe/jobframe/frame/schema"
)

// endState is the state of a run its E record ends, from Exit_status
// (docs/formats.md#pbs-accounting-logs):
//
//   - a run deleted while it ran (a D record before its E) is canceled,
//     whatever its status;
//   - 0 is success, 1 to 255 the job script's own failure, 256 and up a
//     kill by signal (status − 256), failed;
//   - negative statuses are PBS's own (JOB_EXEC_*), and the two families
//     number them differently: PBS Professional's -24 to -28 (ncpus,
//     vmem, mem, cput over their limits) are exhausted and -29
//     (walltime) timeout; Torque's -10 and -12 (memory, CPU time) are
//     exhausted and -11 (walltime) timeout. The record is PBS
//     Professional's when its job has exec_vnode, run_count or a
//     select, which Torque never writes. Every other negative status
//     (the run could not start, its node failed, it is to be rerun) is
//     lost.
//
// raw words it: "exit 0", "exit 271 (signal 15)", "exit -11".
func endState(exit num, canceled, pbsPro bool) (state, raw string) {
	raw = "exit unknown"
	if exit.ok {
		raw = "exit " + strconv.FormatInt(exit.v, 10)
		if exit.v >= 256 {
			raw += " (signal " + strconv.FormatInt(exit.v-256, 10) + ")"
		}
	}
	switch {
	case canceled:
		return schema.Canceled, "deleted, " + raw
	case !exit.ok:
		return schema.Failed, raw
	case exit.v == 0:
		return schema.Success, raw
	case exit.v > 0:
		return schema.Failed, raw
	case pbsPro && exit.v == -29, !pbsPro && exit.v == -11:
		return schema.Timeout, raw
	case pbsPro && exit.v >= -28 && exit.v <= -24, !pbsPro && (exit.v == -10 || exit.v == -12):
		return schema.Exhausted, raw
	}
	return schema.Lost, raw
}

// jobStatus is a job's state in the vocabulary: its open run's
// (running), its last run's, or, without runs, waiting while queued and
// canceled once deleted, aborted or ended without running.
func (b *builder) jobStatus(j *job) string {
	switch {
	case j.open >= 0:
		return schema.Running
	case j.last >= 0:
		return b.runs[j.last].state
	case j.deleted || j.aborted || j.raw == "ended without running":
		return schema.Canceled
	}
	return schema.Waiting
}
