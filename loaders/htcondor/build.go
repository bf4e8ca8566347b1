package htcondor

import (
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/words"
	"github.com/jobframe/jobframe/loaders/source"
)

type num struct {
	v  int64
	ok bool
}

type flt struct {
	v  float64
	ok bool
}

// job is what the events of one cluster.proc say.
type job struct {
	cluster, proc           int64
	id                      string
	dagNode, submitHost     string
	submit                  num
	raw                     string // the last event that changed the job's state, by name
	aborted, held           bool
	holdReason, abortReason string
	totalCPU                flt
	memMB                   flt   // the largest MemoryUsage of any run
	open, last              int32 // the open run and the last one, -1 for none
	runs                    int64
	line                    int
}

// run is one execution: from an execute event to what ended it.
type run struct {
	job                 int32
	attempt             int64
	start, end          num
	host, slot          string
	state, raw          string
	exit, signal        num
	cpu, sent, received flt
	memMB               flt
	res                 resources
	line                int
}

// event is one event of the log, for the events frame.
type event struct {
	time         int64
	line, file   int
	code         int
	job          int32 // -1 for an event of no job
	text, detail string
}

// builder takes the events of the logs, in order.
type builder struct {
	jobs []job
	byID map[[2]int64]int32
	runs []run
	// events are the events in order, a slice per block parsed, each of
	// its block's size (growing one slice would copy them again and
	// again)
	events [][]event
	file   int
	// keeps says which columns of a frame the load keeps (Options
	// .Columns and Omit); keepText and keepDetail whether the events
	// keep their text and detail, each a view that keeps its line alive
	keeps                func(frame, col string) bool
	keepText, keepDetail bool
	sets                 columns.Sets // the frames' columns to build
	// words are the texts jobs and runs keep past their lines: hosts,
	// slots and reasons repeat
	words words.Table
	// skim counts the events when they are wanted for their span alone
	// (Options.SkimsRows): none is then kept in events
	skim source.Skim
}

// eventColumn reports whether the events frame has a column named c
// (eventsFrame).
func eventColumn(c string) bool {
	switch c {
	case "time", "line", "code", "type", "job", "text", "detail":
		return true
	}
	return false
}

// room makes room for the n events of the next block (none when they
// are skimmed).
func (b *builder) room(n int) {
	if !b.skim.On {
		b.events = append(b.events, make([]event, 0, n))
	}
}

// addEvent adds e, in the room of its block, or counts it when the
// events are skimmed.
func (b *builder) addEvent(e event) {
	if b.skim.On {
		b.skim.Add(e.time)
		return
	}
	if len(b.events) == 0 {
		b.room(1)
	}
	last := &b.events[len(b.events)-1]
	*last = append(*last, e)
}

// eventCount is the number of events added.
func (b *builder) eventCount() int {
	n := 0
	for _, es := range b.events {
		n += len(es)
	}
	return n
}

// newBuilder makes a builder for a load with options o.
func newBuilder(o source.Options) *builder {
	want := source.WantFrames(o)
	events := want == nil || want[schema.Events]
	skim := o.SkimsRows(schema.Events, eventColumn)
	return &builder{byID: map[[2]int64]int32{}, keeps: o.Keeps, skim: source.Skim{On: skim},
		keepText: events && !skim && o.Keeps(schema.Events, "text"), keepDetail: events && !skim && o.Keeps(schema.Events, "detail")}
}

// word returns s interned: a text a job or run keeps, no view of its line.
func (b *builder) word(s string) string { return b.words.Text(b.words.Code(s)) }

// jobOf returns the job of h and its number, made on its first event.
func (b *builder) jobOf(h *header) (*job, int32) {
	k, ok := b.byID[[2]int64{h.cluster, h.proc}]
	if !ok {
		k = int32(len(b.jobs))
		b.byID[[2]int64{h.cluster, h.proc}] = k
		b.jobs = append(b.jobs, job{cluster: h.cluster, proc: h.proc, open: -1, last: -1,
			id: strconv.FormatInt(h.cluster, 10) + "." + strconv.FormatInt(h.proc, 10)})
	}
	return &b.jobs[k], k
}

// apply adds one event, its time at (µs) and its body read.
func (b *builder) apply(h *header, at int64, bd *body, detail string, line int) {
	e := event{time: at, line: line, file: b.file, code: h.code, job: -1}
	if b.keepText {
		e.text = h.text
	}
	if b.keepDetail {
		e.detail = detail
	}
	if h.placeholder {
		b.addEvent(e)
		return
	}
	j, k := b.jobOf(h)
	e.job = k
	b.addEvent(e)
	j.line = line
	if bd.dagNode != "" && bd.dagNode != j.dagNode {
		j.dagNode = strings.Clone(bd.dagNode)
	}
	switch h.code {
	case evSubmit:
		j.submit = num{at, true}
		j.submitHost = b.word(address(strings.TrimPrefix(h.text, "Job submitted from host:")))
		j.raw = eventName(h.code)
	case evExecute:
		b.end(j, at, schema.Lost, "executed again before an end", line)
		b.start(j, e.job, at, h, bd, line)
	case evImageSize:
		if bd.haveMem {
			if j.open >= 0 {
				r := &b.runs[j.open]
				r.memMB = flt{max(r.memMB.v, bd.memMB), true}
			}
			j.memMB = flt{max(j.memMB.v, bd.memMB), true}
		}
	case evTerminated:
		b.terminated(j, e.job, at, h, bd, line)
	case evEvicted, evCheckpointed, evShadowException, evReconnectFailed:
		if r := b.usage(j, bd); r != nil {
			b.end(j, at, schema.Lost, eventName(h.code)+reason(bd.detail), line)
		}
	case evExecutableError:
		b.usage(j, bd)
		if !b.end(j, at, schema.Failed, eventName(h.code)+reason(h.text), line) {
			j.raw = eventName(h.code)
		}
	case evAborted:
		j.aborted, j.abortReason, j.raw = true, b.word(bd.detail), eventName(h.code)
		b.end(j, at, schema.Canceled, "aborted"+reason(bd.detail), line)
	case evHeld:
		j.held, j.holdReason, j.raw = true, b.word(bd.detail), eventName(h.code)
		b.end(j, at, schema.Lost, "held"+reason(bd.detail), line)
	case evReleased:
		j.held, j.raw = false, eventName(h.code)
	}
}

func reason(s string) string {
	if s == "" {
		return ""
	}
	return ": " + s
}

// start opens a run of job j (number k).
func (b *builder) start(j *job, k int32, at int64, h *header, bd *body, line int) {
	j.runs++
	host := address(strings.TrimPrefix(h.text, "Job executing on host:"))
	if _, after, ok := strings.Cut(bd.slot, "@"); ok {
		host = after
	}
	j.open, j.last = int32(len(b.runs)), int32(len(b.runs))
	j.raw = eventName(h.code)
	b.runs = append(b.runs, run{job: k, attempt: j.runs, start: num{at, true}, host: b.word(host), slot: b.word(bd.slot), res: bd.res, line: line})
}

// usage records on j's open run what an ending event measured: the
// run's CPU time and bytes and the resources table. It returns the run,
// nil when none is open.
func (b *builder) usage(j *job, bd *body) *run {
	if j.open < 0 {
		return nil
	}
	r := &b.runs[j.open]
	if bd.haveRun {
		r.cpu = flt{bd.runCPU, true}
	}
	if bd.haveBytes {
		r.sent, r.received = flt{bd.sent, true}, flt{bd.received, true}
	}
	r.res.merge(&bd.res)
	if v, ok := bd.res.get(2, usage); ok {
		r.memMB = flt{max(r.memMB.v, v), true}
		j.memMB = flt{max(j.memMB.v, v), true}
	}
	return r
}

// end closes j's open run at at, in state; it reports whether one was
// open.
func (b *builder) end(j *job, at int64, state, raw string, line int) bool {
	if j.open < 0 {
		return false
	}
	r := &b.runs[j.open]
	r.end, r.state, r.raw, r.line = num{at, true}, state, raw, line
	j.open = -1
	if state != schema.Lost || j.raw == "" {
		j.raw = raw
	}
	return true
}

// terminated ends j's run with its exit; a termination whose execute
// event is not in the log makes a run without a start.
func (b *builder) terminated(j *job, k int32, at int64, h *header, bd *body, line int) {
	if j.open < 0 {
		j.runs++
		j.open, j.last = int32(len(b.runs)), int32(len(b.runs))
		b.runs = append(b.runs, run{job: k, attempt: j.runs, line: line})
	}
	r := b.usage(j, bd)
	if bd.haveTotal {
		j.totalCPU = flt{bd.totalCPU, true}
	}
	state, raw := schema.Failed, "exit "+strconv.FormatInt(bd.exit, 10)
	switch {
	case bd.haveSig:
		raw = "signal " + strconv.FormatInt(bd.signal, 10)
		r.signal = num{bd.signal, true}
	case bd.exit == 0:
		state = schema.Success
	}
	r.exit = num{bd.exit, bd.haveExit}
	b.end(j, at, state, raw, line)
	j.raw = eventName(h.code)
}

// merge takes the values o has.
func (r *resources) merge(o *resources) {
	for i := range 4 {
		for c := range 3 {
			if v, ok := o.get(i, c); ok {
				r.set(i, c, v)
			}
		}
	}
}

// address is the host of an address as HTCondor writes it,
// "<128.105.144.30:32794?addrs=...>": 128.105.144.30 (the alias when
// the address names one).
func address(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "<"), ">")
	if i := strings.Index(s, "alias="); i >= 0 {
		alias := s[i+len("alias="):]
		if j := strings.IndexAny(alias, "&>"); j >= 0 {
			alias = alias[:j]
		}
		if alias != "" {
			return alias
		}
	}
	if i := strings.IndexAny(s, "?"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, ':'); i >= 0 && !strings.Contains(s[i:], "]") {
		s = s[:i]
	}
	return s
}
