package lsf

import (
	"strconv"

	"github.com/jobframe/jobframe/frame/schema"
)

// The bits of jStatus a JOB_FINISH record holds (lsbatch.h JOB_STAT_*).
const (
	statExit  = 0x20  // the job exited with a failure or was killed
	statDone  = 0x40  // the job ended with status 0
	statPDone = 0x80  // its post-execution processing succeeded
	statPErr  = 0x100 // its post-execution processing failed
)

// termReasons are the names of exitInfo's values, the termination
// reasons of lsbatch.h (TERM_*) that bacct shows.
var termReasons = []string{
	"TERM_UNKNOWN", "TERM_PREEMPT", "TERM_WINDOW", "TERM_LOAD", "TERM_OTHER", "TERM_RUNLIMIT", "TERM_DEADLINE",
	"TERM_PROCESSLIMIT", "TERM_FORCE_OWNER", "TERM_FORCE_ADMIN", "TERM_REQUEUE_OWNER", "TERM_REQUEUE_ADMIN",
	"TERM_CPULIMIT", "TERM_CHKPNT", "TERM_OWNER", "TERM_ADMIN", "TERM_MEMLIMIT", "TERM_EXTERNAL_SIGNAL", "TERM_RMS",
	"TERM_ZOMBIE", "TERM_SWAP", "TERM_THREADLIMIT", "TERM_SLURM", "TERM_BUCKET_KILL", "TERM_CTRL_PID",
	"TERM_CWD_NOTEXIST", "TERM_REMOVE_HUNG_JOB", "TERM_ORPHAN_SYSTEM", "TERM_PRE_EXEC_FAIL",
}

// termReason is the name of exitInfo code, "" for a code this list
// lacks (a newer LSF's): the column then holds null and exit_info the
// number.
func termReason(code int64) string {
	if code >= 0 && code < int64(len(termReasons)) {
		return termReasons[code]
	}
	return ""
}

// rawState words jStatus as bacct does: DONE or EXIT, and the
// post-execution bits after a '+'.
func rawState(jStatus int64) string {
	s := "EXIT"
	if jStatus&statDone != 0 {
		s = "DONE"
	}
	if jStatus&statPDone != 0 {
		s += "+PDONE"
	}
	if jStatus&statPErr != 0 {
		s += "+PERR"
	}
	return s
}

// runState is the state of a run in the vocabulary
// (docs/formats.md#lsf-accounting-log-lsbacct): DONE is success; EXIT is what its
// termination reason says (the run, CPU-time or deadline limit:
// timeout; the memory, swap, process or thread limit: exhausted; a
// kill by its owner or an administrator: canceled; preemption, a
// requeue, a lost host or a zombie: lost), else failed.
func runState(jStatus int64, exitInfo int64, haveExitInfo bool) string {
	if jStatus&statDone != 0 {
		return schema.Success
	}
	if !haveExitInfo {
		return schema.Failed
	}
	switch termReason(exitInfo) {
	case "TERM_RUNLIMIT", "TERM_CPULIMIT", "TERM_DEADLINE":
		return schema.Timeout
	case "TERM_MEMLIMIT", "TERM_SWAP", "TERM_PROCESSLIMIT", "TERM_THREADLIMIT":
		return schema.Exhausted
	case "TERM_OWNER", "TERM_ADMIN", "TERM_FORCE_OWNER", "TERM_FORCE_ADMIN", "TERM_BUCKET_KILL":
		return schema.Canceled
	case "TERM_PREEMPT", "TERM_REQUEUE_OWNER", "TERM_REQUEUE_ADMIN", "TERM_ZOMBIE", "TERM_SLURM", "TERM_ORPHAN_SYSTEM",
		"TERM_REMOVE_HUNG_JOB", "TERM_WINDOW", "TERM_LOAD", "TERM_CHKPNT":
		return schema.Lost
	}
	return schema.Failed
}

// neverRanState is the state of a job that finished without starting
// (startTime 0): failed when its working directory was missing or its
// pre-execution command failed, else canceled (killed while pending).
func neverRanState(exitInfo int64) string {
	switch termReason(exitInfo) {
	case "TERM_CWD_NOTEXIST", "TERM_PRE_EXEC_FAIL":
		return schema.Failed
	}
	return schema.Canceled
}

// exitParts splits exitStatus, a wait(2) status, into the exit code
// (status >> 8, when the job exited) and the signal that killed it
// (status & 0x7f, when one did).
func exitParts(status int64) (code int64, codeOK bool, signal int64, signalOK bool) {
	if status < 0 {
		return 0, false, 0, false
	}
	if sig := status & 0x7f; sig != 0 {
		return 0, false, sig, true
	}
	return status >> 8, true, 0, false
}

// rawExit words a run's end: "DONE", "EXIT exit 127", "EXIT
// TERM_RUNLIMIT signal 12".
func rawExit(r *record) string {
	s := rawState(r.jStatus)
	if r.tail.haveExitInfo && r.tail.exitInfo != 0 {
		if name := termReason(r.tail.exitInfo); name != "" {
			s += " " + name
		} else {
			s += " exitInfo " + strconv.FormatInt(r.tail.exitInfo, 10)
		}
	}
	code, codeOK, sig, sigOK := exitParts(r.exitStatus)
	switch {
	case sigOK:
		s += " signal " + strconv.FormatInt(sig, 10)
	case codeOK && code != 0:
		s += " exit " + strconv.FormatInt(code, 10)
	}
	return s
}
