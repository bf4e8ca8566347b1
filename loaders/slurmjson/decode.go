package slurmjson

import (
	"bytes"
	"fmt"
	"strconv"

	json "github.com/goccy/go-json"

	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// The document sacct --json (and slurmrestd's /slurmdb/.../jobs) writes:
// {jobs: [...], meta: {...}, errors: [...], warnings: [...]}. The fields
// read, and their forms across data_parser versions:
//
//   - numbers are plain (openapi/dbv0.0.37, .38), or {set, infinite,
//     number} (data_parser v0.0.39 on), or null for unset (24.11 on):
//     num reads the three;
//   - a state and an exit status are a string (.37 to .39) or an array
//     of flags, the base state first (v0.0.40 on): words reads both;
//   - a step's id is {job_id, step_id} (v0.0.39) or "123.batch" (v0.0.40
//     on): stepID reads both.

// document is the top of the file.
type document struct {
	Jobs   []json.RawMessage `json:"jobs"` // each decoded alone (job), so that a bad one is one bad record
	Errors []restError       `json:"errors"`
}

// restError is one of a document's errors or warnings.
type restError struct {
	Description string `json:"description"`
	Error       string `json:"error"`
}

// job is one element of jobs.
type job struct {
	Account     string    `json:"account"`
	AllocNodes  num       `json:"allocation_nodes"`
	Array       arrayInfo `json:"array"`
	Cluster     string    `json:"cluster"`
	Comment     comments  `json:"comment"`
	Constraints string    `json:"constraints"`
	DerivedExit exitCode  `json:"derived_exit_code"`
	ExitCode    exitCode  `json:"exit_code"`
	Group       string    `json:"group"`
	Het         hetInfo   `json:"het"`
	JobID       num       `json:"job_id"`
	Name        string    `json:"name"`
	Nodes       string    `json:"nodes"`
	Partition   string    `json:"partition"`
	Priority    num       `json:"priority"`
	QOS         string    `json:"qos"`
	Required    required  `json:"required"`
	State       jobState  `json:"state"`
	Steps       []step    `json:"steps"`
	SubmitLine  string    `json:"submit_line"`
	Time        jobTime   `json:"time"`
	TRES        tresLists `json:"tres"`
	User        string    `json:"user"`
	WorkDir     string    `json:"working_directory"`
	Restarts    num       `json:"restart_cnt"`
	Flags       []string  `json:"flags"`
}

type arrayInfo struct {
	JobID  num `json:"job_id"`
	TaskID num `json:"task_id"`
}

type hetInfo struct {
	JobID     num `json:"job_id"`
	JobOffset num `json:"job_offset"`
}

type comments struct {
	Job string `json:"job"`
}

type required struct {
	CPUs num `json:"CPUs"`
}

type jobState struct {
	Current words  `json:"current"`
	Reason  string `json:"reason"`
}

type exitCode struct {
	Status     words      `json:"status"`
	ReturnCode num        `json:"return_code"`
	Signal     signalInfo `json:"signal"`
}

type signalInfo struct {
	ID num `json:"id"`
}

// jobTime are a job's times: epoch seconds, durations in seconds, the
// limit in minutes.
type jobTime struct {
	Elapsed    num     `json:"elapsed"`
	Eligible   num     `json:"eligible"`
	End        num     `json:"end"`
	Start      num     `json:"start"`
	Submission num     `json:"submission"`
	Limit      num     `json:"limit"`
	System     cpuTime `json:"system"`
	User       cpuTime `json:"user"`
	Total      cpuTime `json:"total"`
}

type cpuTime struct {
	Seconds      num `json:"seconds"`
	Microseconds num `json:"microseconds"`
}

type tresLists struct {
	Allocated []tres `json:"allocated"`
	Requested []tres `json:"requested"`
}

// tres is one trackable resource: cpu, mem (MiB), node, billing, energy,
// gres (name gpu, gpu:a100), fs/disk (bytes), vmem, pages.
type tres struct {
	Type  string `json:"type"`
	Name  string `json:"name"`
	Count num    `json:"count"`
}

// step is one element of a job's steps.
type step struct {
	Time     stepTime   `json:"time"`
	ExitCode exitCode   `json:"exit_code"`
	Nodes    stepNodes  `json:"nodes"`
	Tasks    stepTasks  `json:"tasks"`
	State    words      `json:"state"`
	Step     stepIdent  `json:"step"`
	TRES     stepTRES   `json:"tres"`
	Stats    stepStats  `json:"statistics"`
	Required stepReqCPU `json:"required"`
}

type stepReqCPU struct {
	CPUs num `json:"CPUs"`
}

type stepStats struct {
	Energy struct {
		Consumed num `json:"consumed"`
	} `json:"energy"`
}

type stepTime struct {
	Elapsed num     `json:"elapsed"`
	End     num     `json:"end"`
	Start   num     `json:"start"`
	System  cpuTime `json:"system"`
	User    cpuTime `json:"user"`
	Total   cpuTime `json:"total"`
}

type stepNodes struct {
	Count num    `json:"count"`
	Range string `json:"range"`
}

type stepTasks struct {
	Count num `json:"count"`
}

type stepIdent struct {
	ID   stepID `json:"id"`
	Name string `json:"name"`
}

// stepTRES are a step's resources: requested (sacct's TRESUsageIn:
// what the step read and held) and consumed (TRESUsageOut), each as max,
// min, average and total; and what it was allocated.
type stepTRES struct {
	Requested usage  `json:"requested"`
	Consumed  usage  `json:"consumed"`
	Allocated []tres `json:"allocated"`
}

type usage struct {
	Max     []tres `json:"max"`
	Average []tres `json:"average"`
	Total   []tres `json:"total"`
}

// num is a number as any data_parser writes one: plain, {set, infinite,
// number}, or null. ok is false for null and unset; inf for infinite.
type num struct {
	v       int64
	ok, inf bool
}

func (n *num) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*n = num{}
	switch {
	case bytes.Equal(b, []byte("null")):
		return nil
	case len(b) > 0 && b[0] == '{':
		set, seen := false, false
		var number []byte
		err := jsontext.EachMember(b, func(key, val []byte) error {
			switch string(key) {
			case "set":
				set, seen = string(val) == "true", true
			case "infinite":
				n.inf = string(val) == "true"
			case "number":
				number = val
			}
			return nil
		})
		switch {
		case err != nil:
			return err
		case !seen:
			return fmt.Errorf("an object without \"set\" where a number goes")
		case n.inf || !set || number == nil:
			return nil
		}
		return n.UnmarshalJSON(number)
	case len(b) > 0 && b[0] == '"': // 23.11 writes some numbers as strings
		v, err := strconv.ParseInt(string(b[1:len(b)-1]), 10, 64)
		if err != nil {
			return fmt.Errorf("%s is not an integer", b)
		}
		n.v, n.ok = v, true
		return nil
	}
	v, ok, err := jsontext.Int(b)
	if err != nil {
		return fmt.Errorf("%s is not an integer: %w", b, err)
	}
	n.v, n.ok = v, ok
	return nil
}

// words is a string, or an array of strings (the first is the base state
// or status, the rest flags).
type words []string

func (w *words) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*w = nil
		return nil
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*w = words{s}
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf("want a string or an array of strings: %w", err)
	}
	*w = list
	return nil
}

// first is the base word, "" when there is none.
func (w words) first() string {
	if len(w) == 0 {
		return ""
	}
	return w[0]
}

// stepID is a step's id: "123.batch", or {job_id, step_id}.
type stepID struct {
	job  string // the job's id, as the step names it ("" in the string form)
	step string // batch, extern, 0, ...; the whole "123.batch" in the string form
}

func (s *stepID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var str string
		if err := json.Unmarshal(b, &str); err != nil {
			return err
		}
		*s = stepID{step: str}
		return nil
	}
	var w struct {
		JobID  num             `json:"job_id"`
		StepID json.RawMessage `json:"step_id"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return fmt.Errorf("want \"123.batch\" or {job_id, step_id}: %w", err)
	}
	var name string
	if err := json.Unmarshal(w.StepID, &name); err != nil {
		var n num
		if err := n.UnmarshalJSON(w.StepID); err != nil || !n.ok {
			return fmt.Errorf("step_id %s is neither a name nor a number", w.StepID)
		}
		name = strconv.FormatInt(n.v, 10)
	}
	*s = stepID{job: strconv.FormatInt(w.JobID.v, 10), step: name}
	return nil
}
