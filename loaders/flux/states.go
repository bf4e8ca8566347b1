package flux

import (
	"strconv"

	"github.com/jobframe/jobframe/frame/schema"
)

// stateName is the name of a job state (flux_job_state_t), "" for none.
func stateName(s int64) string {
	switch s {
	case 1:
		return "NEW"
	case 2:
		return "DEPEND"
	case 4:
		return "PRIORITY"
	case 8:
		return "SCHED"
	case 16:
		return "RUN"
	case 32:
		return "CLEANUP"
	case 64:
		return "INACTIVE"
	}
	return ""
}

// resultName is the name of a job result (flux_job_result_t), "" for
// none.
func resultName(r int64) string {
	switch r {
	case 1:
		return "COMPLETED"
	case 2:
		return "FAILED"
	case 4:
		return "CANCELED"
	case 8:
		return "TIMEOUT"
	}
	return ""
}

// jobStatus is a job's state in the vocabulary: running while RUN or
// CLEANUP, waiting before; once INACTIVE, its result's (COMPLETED
// success, FAILED failed, CANCELED canceled, TIMEOUT timeout), else
// failed when an exception occurred, else success on a wait status of
// 0.
func jobStatus(state, result, wait *int64, exception *bool) string {
	switch {
	case state != nil && (*state == 16 || *state == 32):
		return schema.Running
	case state != nil && *state < 16:
		return schema.Waiting
	case result != nil:
		switch *result {
		case 1:
			return schema.Success
		case 4:
			return schema.Canceled
		case 8:
			return schema.Timeout
		}
		return schema.Failed
	case exception != nil && *exception:
		return schema.Failed
	case wait != nil && *wait == 0:
		return schema.Success
	case wait != nil:
		return schema.Failed
	}
	return schema.Waiting
}

// exitParts splits a wait status into the exit code (status >> 8, when
// the job exited) and the signal that killed it (status & 0x7f).
func exitParts(w *int64) (code int64, codeOK bool, signal int64, signalOK bool) {
	if w == nil || *w < 0 {
		return 0, false, 0, false
	}
	if sig := *w & 0x7f; sig != 0 {
		return 0, false, sig, true
	}
	return *w >> 8, true, 0, false
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
