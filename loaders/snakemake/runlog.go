package snakemake

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// A run log (.snakemake/log/*.snakemake.log) is what Snakemake prints
// as it runs, one file per invocation: a time in brackets, in the
// local time of the host and to the second, before each record; a
// record is a job's start (rule NAME:, localrule or checkpoint, then
// its properties indented: jobid, wildcards, threads, ...), its end
// (Finished job N. before Snakemake 8, Finished jobid: N (Rule: NAME)
// since), its failure (Error in rule NAME: with its jobid), a retry
// (Trying to restart job N.), a submission to a cluster (Submitted job
// N with external jobid 'ID'., or Snakemake 8's SLURM executor's Job N
// has been submitted with SLURM jobid ID), and the progress (N of M
// steps (P%) done). Other lines are Snakemake's messages and the
// jobs' own output: not records.

var (
	stampLine    = regexp.MustCompile(`^\[(\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4})\]$`)
	ruleLine     = regexp.MustCompile(`^(?:local)?(?:rule|checkpoint) (\S+):$`)
	errorLine    = regexp.MustCompile(`^Error in rule (\S+):$`)
	finishedLine = regexp.MustCompile(`^Finished job (\d+)\.$|^Finished jobid: (\d+)(?: \(Rule: \S+\))?$`)
	restartLine  = regexp.MustCompile(`^Trying to restart job (\d+)\.$`)
	submitLine   = regexp.MustCompile(`^Submitted (?:\S+ )?job (\d+) with external jobid '([^']*)'\.$|^Job (\d+) has been submitted with SLURM jobid (\S+)`)
	progressLine = regexp.MustCompile(`^(\d+) of (\d+) steps \(\d+(?:\.\d+)?%\) done$`)
	coresLine    = regexp.MustCompile(`^Provided cores: (\d+)$`)
	propLine     = regexp.MustCompile(`^    ([a-z_-]+): ?(.*)$`)
)

// ctimeLayout is Python's ctime(), as Snakemake writes its times.
const ctimeLayout = "Mon Jan _2 15:04:05 2006"

// logAttempt is one start of a job in a run log, with what ended it.
type logAttempt struct {
	jobID                                       int64
	attempt                                     int64
	rule                                        string
	start, end                                  num
	raw                                         string // finished, error, or "" while open
	wildcards, threads, resources, output, log  string
	input, benchmark, reason, external, message string
	line                                        int
	started                                     bool // its start record is in the log
}

// logEvent is one timed record of a run log.
type logEvent struct {
	time  num
	line  int
	typ   string
	jobID int64
	rule  string
}

// runLog is one run log read.
type runLog struct {
	sets        columns.Sets // the frames' columns to build: those the load keeps
	attempts    []logAttempt
	events      []logEvent
	first, last num
	cores       num
	done, total num
	outcome     string        // complete, failed or incomplete
	open        map[int64]int // jobid -> its attempt without an end
	tries       map[int64]int64
	external    map[int64]string
	noStart     int // jobs ended whose start is not in the log
}

// num is an optional integer (a time in µs, a count).
type num struct {
	v  int64
	ok bool
}

// logParser reads a run log line by line.
type logParser struct {
	p   *source.Problems
	loc *time.Location
	now num
	lg  runLog
	cur *logAttempt // the block being read: a rule's start or an error
	key string      // the property a continuation line adds to
}

func newLogParser(p *source.Problems, loc *time.Location) *logParser {
	return &logParser{p: p, loc: loc, lg: runLog{open: map[int64]int{}, tries: map[int64]int64{}, external: map[int64]string{}}}
}

// line reads line n.
func (lp *logParser) line(text string, n int) error {
	if lp.cur != nil {
		if m := propLine.FindStringSubmatch(text); m != nil {
			lp.key = m[1]
			return lp.prop(m[1], strings.TrimSpace(m[2]), n)
		}
		if strings.HasPrefix(text, "        ") && lp.key != "" { // a property's next line (a shell command)
			return nil
		}
		if err := lp.closeBlock(); err != nil {
			return err
		}
	}
	if m := stampLine.FindStringSubmatch(text); m != nil {
		t, err := time.ParseInLocation(ctimeLayout, m[1], lp.loc)
		if err != nil {
			lp.now = num{} // lenient: the records up to the next time have none
			return lp.p.Bad(n, "time", text, "a time as Python's ctime writes it (Sat Nov 28 04:20:21 2026)", err)
		}
		lp.now = num{t.UnixMicro(), true}
		if !lp.lg.first.ok {
			lp.lg.first = lp.now
		}
		lp.lg.last = lp.now
		return nil
	}
	return lp.record(text, n)
}

// record reads a line that is not a property nor a time. A number too
// large for an int64 (a job id, a count) makes the line a bad record.
func (lp *logParser) record(text string, n int) error {
	var bad error
	num64 := func(field, s string) int64 {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil && bad == nil {
			bad = lp.p.Bad(n, field, text, "a whole number that fits 64 bits", err)
			if bad == nil { // lenient: the record is skipped
				bad = errSkipped
			}
		}
		return v
	}
	switch {
	case ruleLine.MatchString(text):
		lp.cur = &logAttempt{rule: ruleLine.FindStringSubmatch(text)[1], start: lp.now, line: n, jobID: -1}
	case errorLine.MatchString(text):
		lp.cur = &logAttempt{rule: errorLine.FindStringSubmatch(text)[1], end: lp.now, raw: "error", line: n, jobID: -1}
	case finishedLine.MatchString(text):
		m := finishedLine.FindStringSubmatch(text)
		if id := num64("jobid", m[1]+m[2]); bad == nil {
			lp.end(id, "finished", "", n)
		}
	case restartLine.MatchString(text):
		if id := num64("jobid", restartLine.FindStringSubmatch(text)[1]); bad == nil {
			lp.lg.events = append(lp.lg.events, logEvent{lp.now, n, "restart", id, ""})
		}
	case submitLine.MatchString(text):
		m := submitLine.FindStringSubmatch(text)
		if id := num64("jobid", m[1]+m[3]); bad == nil {
			lp.submitted(id, m[2]+m[4], n)
		}
	case progressLine.MatchString(text):
		m := progressLine.FindStringSubmatch(text)
		if done, total := num64("steps", m[1]), num64("steps", m[2]); bad == nil {
			lp.lg.done, lp.lg.total = num{done, true}, num{total, true}
		}
	case coresLine.MatchString(text):
		if c := num64("cores", coresLine.FindStringSubmatch(text)[1]); bad == nil {
			lp.lg.cores = num{c, true}
		}
	case strings.HasPrefix(text, "Nothing to be done"):
		lp.lg.outcome = "complete"
	case strings.HasPrefix(text, "Exiting because a job execution failed"):
		lp.lg.outcome = "failed"
	}
	if bad == errSkipped {
		return nil
	}
	return bad
}

// errSkipped marks a record skipped in lenient mode.
var errSkipped = errors.New("skipped")

// submitted records job id's submission to a cluster as batch job ext.
func (lp *logParser) submitted(id int64, ext string, n int) {
	lp.lg.external[id] = ext
	if k, ok := lp.lg.open[id]; ok {
		lp.lg.attempts[k].external = ext
	}
	lp.lg.events = append(lp.lg.events, logEvent{lp.now, n, "submitted", id, ""})
}

// prop reads a property of the block being read.
func (lp *logParser) prop(key, val string, n int) error {
	c := lp.cur
	switch key {
	case "jobid":
		id, err := strconv.ParseInt(val, 10, 64)
		if err != nil || id < 0 {
			lp.cur, lp.key = nil, ""
			return lp.p.Bad(n, "jobid", val, "a job id (a whole number from 0)", err)
		}
		c.jobID = id
	case "wildcards":
		c.wildcards = val
	case "threads":
		if v, err := strconv.ParseFloat(val, 64); err != nil || v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			lp.cur, lp.key = nil, ""
			return lp.p.Bad(n, "threads", val, "a count of threads", err)
		}
		c.threads = val
	case "resources":
		c.resources = val
	case "output":
		c.output = val
	case "input":
		c.input = val
	case "log":
		c.log = val
	case "benchmark":
		c.benchmark = val
	case "reason":
		c.reason = val
	case "message":
		c.message = val
	}
	return nil
}

// closeBlock ends the block being read: a start opens an attempt of its
// job, an error ends the job's open attempt as failed.
func (lp *logParser) closeBlock() error {
	c := lp.cur
	lp.cur, lp.key = nil, ""
	if c.jobID < 0 {
		return lp.p.Bad(c.line, "jobid", c.rule, "a jobid: line in the record of the job (rule "+c.rule+")", nil)
	}
	if c.raw == "error" {
		lp.end(c.jobID, "error", c.rule, c.line)
		return nil
	}
	lp.lg.tries[c.jobID]++
	c.attempt, c.started = lp.lg.tries[c.jobID], true
	if x, ok := lp.lg.external[c.jobID]; ok {
		c.external = x
	}
	lp.lg.open[c.jobID] = len(lp.lg.attempts)
	lp.lg.attempts = append(lp.lg.attempts, *c)
	lp.lg.events = append(lp.lg.events, logEvent{c.start, c.line, "start", c.jobID, c.rule})
	return nil
}

// end ends the open attempt of job id with raw (finished or error) at
// the current time; a job with no open attempt (its start is not in the
// log) gets one with no start.
func (lp *logParser) end(id int64, raw, rule string, n int) {
	k, ok := lp.lg.open[id]
	if !ok {
		lp.lg.tries[id]++
		k = len(lp.lg.attempts)
		lp.lg.attempts = append(lp.lg.attempts, logAttempt{jobID: id, attempt: lp.lg.tries[id], rule: rule, line: n})
		lp.lg.noStart++
	}
	delete(lp.lg.open, id)
	a := &lp.lg.attempts[k]
	a.end, a.raw = lp.now, raw
	if a.rule == "" {
		a.rule = rule
	}
	lp.lg.events = append(lp.lg.events, logEvent{lp.now, n, raw, id, a.rule})
}

// finish ends the read: a block still open is closed, the outcome is
// complete when every step was done.
func (lp *logParser) finish() error {
	if lp.cur != nil {
		if err := lp.closeBlock(); err != nil {
			return err
		}
	}
	if lp.lg.outcome == "" {
		lp.lg.outcome = "incomplete"
		if lp.lg.total.ok && lp.lg.done.v == lp.lg.total.v {
			lp.lg.outcome = "complete"
		}
	}
	if lp.lg.noStart > 0 {
		lp.p.Note(0, "", "", strconv.Itoa(lp.lg.noStart)+" jobs ended without their start in the log: their attempts have no start")
	}
	return nil
}

// logState is an attempt's state: finished success, error failed; one
// still open is running while the log goes on, and has no state once
// the run ended (Snakemake stopped without saying how it ended).
func logState(raw, outcome string) string {
	switch raw {
	case "finished":
		return schema.Success
	case "error":
		return schema.Failed
	}
	if outcome == "incomplete" {
		return schema.Running
	}
	return ""
}
