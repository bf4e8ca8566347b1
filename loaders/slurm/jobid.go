package slurm

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Slurm's own numbers for the named steps (slurm.h: SLURM_BATCH_SCRIPT
// and friends, as signed 32-bit values), so that every step has an
// integer task id.
const (
	stepPending     = -3 // SLURM_PENDING_STEP
	stepExtern      = -4 // SLURM_EXTERN_CONT
	stepBatch       = -5 // SLURM_BATCH_SCRIPT
	stepInteractive = -6 // SLURM_INTERACTIVE_STEP
)

// jobID is a JobID split into its parts: "123", "123_4", "123_[1-5%2]",
// "123+1", each optionally followed by ".step" ("batch", "extern", "0",
// "0+1" for a heterogeneous step).
type jobID struct {
	job       string // the job part ("123_4", "123+1")
	step      string // the step part, "" for the job itself
	stepNum   int64  // the step as an integer (named steps: Slurm's numbers)
	arrayJob  string // "123" of an array task, else ""
	arrayTask int64  // 4 of "123_4"
	hasTask   bool   // the array task index is a number (not "[1-5]")
	hetJob    string // "123" of "123+1", else ""
	hetComp   int64  // 1 of "123+1"
}

// parseJobID splits a JobID.
func parseJobID(s string) (jobID, error) {
	var id jobID
	if s == "" {
		return id, fmt.Errorf("%w: empty JobID", errBad)
	}
	id.job = s
	if i := strings.IndexByte(s, '.'); i >= 0 {
		id.job, id.step = s[:i], s[i+1:]
		n, err := stepNumber(id.step)
		if err != nil {
			return id, err
		}
		id.stepNum = n
	}
	base := id.job
	if a, t, ok := strings.Cut(id.job, "_"); ok {
		base, id.arrayJob = a, a
		if v, err := strconv.ParseInt(t, 10, 64); err == nil && v >= 0 {
			id.arrayTask, id.hasTask = v, true
		} else if !strings.HasPrefix(t, "[") || !strings.HasSuffix(t, "]") {
			return id, fmt.Errorf("%w: array task %q is neither a number nor [range]", errBad, t)
		}
	} else if h, c, ok := strings.Cut(id.job, "+"); ok {
		v, err := strconv.ParseInt(c, 10, 64)
		if err != nil || v < 0 {
			return id, fmt.Errorf("%w: heterogeneous component %q is not a number", errBad, c)
		}
		base, id.hetJob, id.hetComp = h, h, v
	}
	if v, ok := digits(base, math.MaxUint32); !ok || v == 0 {
		return id, fmt.Errorf("%w: job number %q is not a positive integer", errBad, base)
	}
	return id, nil
}

// stepNumber is the integer id of a step: its number ("0", "0+1" gives
// 0), or Slurm's number for a named step.
func stepNumber(step string) (int64, error) {
	switch step {
	case "batch":
		return stepBatch, nil
	case "extern":
		return stepExtern, nil
	case "interactive":
		return stepInteractive, nil
	case "pending":
		return stepPending, nil
	}
	num, _, _ := strings.Cut(step, "+")
	v, ok := digits(num, math.MaxInt32)
	if !ok {
		return 0, fmt.Errorf("%w: step %q is neither a number nor batch, extern, interactive", errBad, step)
	}
	return int64(v), nil
}
