package flux

import (
	"encoding/json"
	"math"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// logBuilder is what one job's eventlog says.
type logBuilder struct {
	job                       string
	submit, start, end        *float64
	userID, urgency, wait     *int64
	priority                  *float64
	excType, excNote, summary string
	fatal                     bool    // an exception of severity 0 ended the job
	fatalAt                   float64 // when
	last                      string  // the last event of the job's life (submit, start, finish, clean, ...)
	events                    []logEvent
	sets                      columns.Sets // the frames' columns to build: those the load keeps
	firstLine                 int
}

// logEvent is one entry, for the events frame.
type logEvent struct {
	time    int64
	line    int
	name    string
	context string
}

// add takes entry e of line n and its context; it returns the field at
// fault and what was wanted there when the context cannot be read.
func (b *logBuilder) add(e *entry, ctx map[string]json.RawMessage, n int) (field, want string) {
	t := *e.Timestamp
	if b.firstLine == 0 {
		b.firstLine = n
	}
	b.events = append(b.events, logEvent{time: int64(math.Round(t * 1e6)), line: n, name: *e.Name, context: string(e.Context)})
	switch *e.Name {
	case "submit":
		b.submit, b.last = &t, "submit"
		if !intOf(ctx, "userid", &b.userID) || !intOf(ctx, "urgency", &b.urgency) {
			return "context.userid", "the submitter's userid and the urgency, integers"
		}
	case "priority":
		if v, ok := ctx["priority"]; ok {
			var p float64
			if json.Unmarshal(v, &p) != nil {
				return "context.priority", "a number"
			}
			b.priority = &p
		}
	case "alloc":
		var a struct {
			Annotations struct {
				Sched struct {
					Summary string `json:"resource_summary"`
				} `json:"sched"`
			} `json:"annotations"`
		}
		if raw, ok := ctx["annotations"]; ok && json.Unmarshal([]byte(`{"annotations":`+string(raw)+`}`), &a) == nil {
			b.summary = a.Annotations.Sched.Summary
		}
		b.last = "alloc"
	case "start", "starting":
		if b.start == nil {
			b.start, b.last = &t, *e.Name
		}
	case "finish", "complete":
		b.end, b.last = &t, *e.Name
		if !intOf(ctx, "status", &b.wait) || b.wait == nil {
			return "context.status", "the job's wait status, an integer"
		}
	case "exception":
		var sev *int64
		if !intOf(ctx, "severity", &sev) || sev == nil {
			return "context.severity", "the exception's severity, an integer (0 is fatal)"
		}
		var typ, note string
		_ = json.Unmarshal(ctx["type"], &typ)
		_ = json.Unmarshal(ctx["note"], &note)
		if *sev == 0 && !b.fatal {
			b.fatal, b.fatalAt, b.excType, b.excNote = true, t, typ, note
		}
	case "clean", "done":
		b.last = *e.Name
	}
	return "", ""
}

// intOf reads ctx[key] as an integer into *dst (left nil when absent);
// it reports false when it is there and no integer.
func intOf(ctx map[string]json.RawMessage, key string, dst **int64) bool {
	raw, ok := ctx[key]
	if !ok {
		return true
	}
	var v int64
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	*dst = &v
	return true
}

// state is the run's state in the vocabulary: a fatal exception's
// (cancel canceled, timeout timeout, any other failed) unless the job
// finished with status 0 first, else the wait status's (0 success,
// another failed), else running.
func (b *logBuilder) state() (string, string) {
	switch {
	case b.fatal && (b.end == nil || b.fatalAt <= *b.end || *b.wait != 0):
		switch b.excType {
		case "cancel":
			return schema.Canceled, "exception " + b.excType
		case "timeout":
			return schema.Timeout, "exception " + b.excType
		}
		return schema.Failed, "exception " + b.excType
	case b.wait != nil && *b.wait == 0:
		return schema.Success, "status 0"
	case b.wait != nil:
		return schema.Failed, "status " + itoa(*b.wait)
	case b.start != nil:
		return schema.Running, "running"
	}
	return schema.Waiting, "waiting"
}

// frames builds the frames want asks for (nil: all).
func (b *logBuilder) frames(want map[string]bool) map[string]*frame.Frame {
	return columns.BuildFrames([]columns.Build{{Name: schema.Jobs, Frame: b.jobsFrame}, {Name: schema.Tasks, Frame: b.tasks}, {Name: schema.Events, Frame: b.eventsFrame}}, want)
}

// end is the run's end: the finish, else a fatal exception's time.
func (b *logBuilder) endTime() *float64 {
	if b.end != nil {
		return b.end
	}
	if b.fatal {
		return &b.fatalAt
	}
	return nil
}

// tasks is one row when the job started.
func (b *logBuilder) tasks() *frame.Frame {
	s := b.sets.Of(schema.Tasks)
	s.Const("source", Source)
	id, task, attempt, category := s.Str("job"), s.DenseInt("task"), s.DenseInt("attempt"), s.Str("category")
	submit, start, end := s.Time("submit"), s.Time("start"), s.Time("end")
	state, raw, exit, signal := s.Str("state"), s.Str("raw_state"), s.Int("exit_code"), s.Int("signal")
	wallTime, resources, line := s.Float("wall_time_s"), s.Str("resources"), s.Int("line")
	if b.start == nil {
		return s.Frame(0)
	}
	id.Add(b.job)
	task.Add(0)
	attempt.Add(1)
	category.Null()
	optTime(submit, b.submit)
	optTime(start, b.start)
	e := b.endTime()
	optTime(end, e)
	st, rs := b.state()
	state.Add(st)
	raw.Add(rs)
	code, codeOK, sig, sigOK := exitParts(b.wait)
	exit.Opt(code, codeOK)
	signal.Opt(sig, sigOK)
	if e != nil {
		wallTime.Add(*e - *b.start)
	} else {
		wallTime.Null()
	}
	resources.Opt(b.summary, b.summary != "")
	line.Add(int64(b.firstLine))
	return s.Frame(1)
}

// jobsFrame is one row: the job.
func (b *logBuilder) jobsFrame() *frame.Frame {
	s := b.sets.Of(schema.Jobs)
	id, user, urgency, priority := s.Str("job"), s.Int("user_id"), s.Int("urgency"), s.Float("priority")
	submit, start, end := s.Time("submit"), s.Time("start"), s.Time("end")
	state, status, exit, signal := s.Str("state"), s.Str("status"), s.Int("exit_code"), s.Int("signal")
	excType, excNote, resources := s.Str("exception_type"), s.Str("exception_note"), s.Str("resources")
	if len(b.events) == 0 {
		return s.Frame(0)
	}
	id.Add(b.job)
	optInt(user, b.userID)
	optInt(urgency, b.urgency)
	if b.priority != nil {
		priority.Add(*b.priority)
	} else {
		priority.Null()
	}
	optTime(submit, b.submit)
	optTime(start, b.start)
	optTime(end, b.endTime())
	state.Add(b.last)
	st, _ := b.state()
	if b.start == nil && b.fatal {
		st = schema.Canceled // ended before it ran
		if b.excType != "cancel" {
			st = schema.Failed
		}
	}
	status.Add(st)
	code, codeOK, sig, sigOK := exitParts(b.wait)
	exit.Opt(code, codeOK)
	signal.Opt(sig, sigOK)
	excType.Opt(b.excType, b.excType != "")
	excNote.Opt(b.excNote, b.excNote != "")
	resources.Opt(b.summary, b.summary != "")
	return s.Frame(1)
}

// eventsFrame is one row per entry: its time, line, name, the job and
// the context as written.
func (b *logBuilder) eventsFrame() *frame.Frame {
	s := b.sets.Of(schema.Events)
	tm, line, typ, job, ctx := s.Time("time"), s.DenseInt("line"), s.Str("type"), s.Str("job"), s.Str("context")
	s.Reserve(len(b.events))
	for _, e := range b.events {
		tm.Add(e.time)
		line.Add(int64(e.line))
		typ.Add(e.name)
		job.Add(b.job)
		ctx.Opt(e.context, e.context != "")
	}
	return s.Frame(len(b.events))
}
