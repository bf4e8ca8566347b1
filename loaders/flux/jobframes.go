package flux

import (
	"math"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/hostlist"
)

// Source is the Dataset.Source of Flux loads.
const Source = "flux"

// jobsBuilder keeps the last record of each id, in the order the ids
// were first seen: pointers to the records as decoded (the line batches
// of job-list records are not recycled, and keep them).
type jobsBuilder struct {
	jobs    []*jobRecord
	byID    map[uint64]int
	records []snapshot
	sets    columns.Sets // the frames' columns to build: those the load keeps
}

// snapshot is one record as read, for the events frame: a job's state
// at the latest of its times.
type snapshot struct {
	id           uint64
	time         int64
	timeOK       bool
	state, extra string
	line         int
}

func (b *jobsBuilder) add(j *jobRecord) {
	snap := snapshot{id: *j.ID, line: j.line}
	for _, t := range []*float64{j.Submit, j.Depend, j.Run, j.Cleanup, j.Inactive} {
		if us, ok := micros(t); ok && (!snap.timeOK || us > snap.time) {
			snap.time, snap.timeOK = us, true
		}
	}
	if j.State != nil {
		snap.state = stateName(*j.State)
	}
	if j.Result != nil {
		snap.extra = resultName(*j.Result)
	}
	b.records = append(b.records, snap)
	if i, ok := b.byID[*j.ID]; ok {
		b.jobs[i] = j
		return
	}
	b.byID[*j.ID] = len(b.jobs)
	b.jobs = append(b.jobs, j)
}

// micros is seconds since 1970 as µs, rounded.
func micros(s *float64) (int64, bool) {
	if s == nil {
		return 0, false
	}
	return int64(math.Round(*s * 1e6)), true
}

func optStr(c *columns.Str, s *string) {
	if s == nil || *s == "" {
		c.Null()
		return
	}
	c.Add(*s)
}

func optInt(c *columns.Int, v *int64) {
	if v == nil {
		c.Null()
		return
	}
	c.Add(*v)
}

func optTime(c *columns.Int, s *float64) { c.Opt(micros(s)) }

func optCount(c *columns.Float, v *int64) {
	if v == nil {
		c.Null()
		return
	}
	c.Add(float64(*v))
}

// frames builds the frames want asks for (nil: all).
func (b *jobsBuilder) frames(want map[string]bool) map[string]*frame.Frame {
	return columns.BuildFrames([]columns.Build{{Name: schema.Jobs, Frame: b.jobsFrame}, {Name: schema.Tasks, Frame: b.tasks}, {Name: schema.Placements, Frame: b.placements}, {Name: schema.Events, Frame: b.eventsFrame}}, want)
}

// eventsFrame is one row per record read: the job's state (and result)
// in that record, at the latest of its times. A stream of job-list
// records is the jobs' state changes; the jobs frame keeps each job's
// last.
func (b *jobsBuilder) eventsFrame() *frame.Frame {
	s := b.sets.Of(schema.Events)
	tm, line, id, state, result := s.Time("time"), s.DenseInt("line"), s.PlainStr("job", idBytes*len(b.records)), s.Str("state"), s.Str("result")
	s.Reserve(len(b.records))
	var scratch []byte
	for _, r := range b.records {
		tm.Opt(r.time, r.timeOK)
		line.Add(int64(r.line))
		addID(id, r.id, &scratch)
		state.Opt(r.state, r.state != "")
		result.Opt(r.extra, r.extra != "")
	}
	return s.Frame(len(b.records))
}

// rawState words a record's state: the result once inactive, else the
// state's name.
func rawState(j *jobRecord) string {
	if j.Result != nil {
		return resultName(*j.Result)
	}
	if j.State != nil {
		return stateName(*j.State)
	}
	return "unknown"
}

// limit is the job's time limit, seconds (duration; 0 is none).
func limit(j *jobRecord) (float64, bool) {
	if j.Duration == nil || *j.Duration <= 0 {
		return 0, false
	}
	return *j.Duration, true
}

func wall(j *jobRecord) (float64, bool) {
	if j.Run == nil || j.Cleanup == nil {
		return 0, false
	}
	return *j.Cleanup - *j.Run, true
}

func (b *jobsBuilder) jobsFrame() *frame.Frame {
	s := b.sets.Of(schema.Jobs)
	id, f58, name, user := s.PlainStr("job", idBytes*len(b.jobs)), s.PlainStr("job_f58", idBytes*len(b.jobs)), s.Str("name"), s.Int("user_id")
	queue, project, bank := s.Str("queue"), s.Str("project"), s.Str("bank")
	submit, start, end, inactive := s.Time("submit"), s.Time("start"), s.Time("end"), s.Time("inactive")
	state, status, exit, signal, rc := s.Str("state"), s.Str("status"), s.Int("exit_code"), s.Int("signal"), s.Int("returncode")
	tasks, cpus, nodes, reqTime, wallTime := s.Float("req_tasks"), s.Float("req_cpus"), s.Float("req_nodes"), s.Float("req_time_s"), s.Float("wall_time_s")
	ranks, nodelist, priority, urgency := s.Str("ranks"), s.Str("nodelist"), s.Float("priority"), s.Int("urgency")
	excType, excNote, excSeverity, deps, line := s.Str("exception_type"), s.Str("exception_note"), s.Int("exception_severity"), s.Str("dependencies"), s.Int("line")
	s.Reserve(len(b.jobs))
	var scratch []byte
	for i := range b.jobs {
		j := b.jobs[i]
		addID(id, *j.ID, &scratch)
		if f58 != nil {
			scratch = appendF58(scratch[:0], *j.ID)
			f58.Plain.AddBytes(scratch)
		}
		optStr(name, j.Name)
		optInt(user, j.UserID)
		optStr(queue, j.Queue)
		optStr(project, j.Project)
		optStr(bank, j.Bank)
		optTime(submit, j.Submit)
		optTime(start, j.Run)
		optTime(end, j.Cleanup)
		optTime(inactive, j.Inactive)
		state.Add(rawState(j))
		status.Add(jobStatus(j.State, j.Result, j.WaitStatus, j.Exception))
		code, codeOK, sig, sigOK := exitParts(j.WaitStatus)
		exit.Opt(code, codeOK)
		signal.Opt(sig, sigOK)
		rc.Opt(returnCode(j))
		optCount(tasks, j.NTasks)
		optCount(cpus, j.NCores)
		optCount(nodes, j.NNodes)
		reqTime.Opt(limit(j))
		wallTime.Opt(wall(j))
		optStr(ranks, j.Ranks)
		optStr(nodelist, j.Nodelist)
		if j.Priority != nil {
			priority.Add(*j.Priority)
		} else {
			priority.Null()
		}
		optInt(urgency, j.Urgency)
		optStr(excType, j.ExceptionType)
		optStr(excNote, j.ExceptionNote)
		optInt(excSeverity, j.ExceptionSeverity)
		deps.Opt(strings.Join(j.Dependencies, " "), len(j.Dependencies) > 0)
		line.Add(int64(j.line))
	}
	return s.Frame(len(b.jobs))
}

// tasks is one row per job that started (t_run): Flux runs a job once.
func (b *jobsBuilder) tasks() *frame.Frame {
	s := b.sets.Of(schema.Tasks)
	s.Const("source", Source)
	id, task, attempt, worker, category := s.PlainStr("job", idBytes*len(b.jobs)), s.DenseInt("task"), s.DenseInt("attempt"), s.Str("worker"), s.Str("category")
	submit, start, end := s.Time("submit"), s.Time("start"), s.Time("end")
	state, raw, exit, signal := s.Str("state"), s.Str("raw_state"), s.Int("exit_code"), s.Int("signal")
	cpus, nodes, ntasks, reqTime, wallTime := s.Float("req_cpus"), s.Float("req_nodes"), s.Float("req_tasks"), s.Float("req_time_s"), s.Float("wall_time_s")
	user, queue, line := s.Int("user_id"), s.Str("queue"), s.Int("line")
	n := 0
	var scratch []byte
	var memo hostMemo
	for i := range b.jobs {
		j := b.jobs[i]
		if j.Run == nil {
			continue
		}
		n++
		addID(id, *j.ID, &scratch)
		task.Add(0)
		attempt.Add(1)
		if hosts := memo.expand(str(j.Nodelist)); len(hosts) > 0 {
			worker.Add(hosts[0])
		} else {
			worker.Null()
		}
		optStr(category, j.Name)
		optTime(submit, j.Submit)
		optTime(start, j.Run)
		optTime(end, j.Cleanup)
		state.Add(jobStatus(j.State, j.Result, j.WaitStatus, j.Exception))
		raw.Add(rawState(j))
		code, codeOK, sig, sigOK := exitParts(j.WaitStatus)
		exit.Opt(code, codeOK)
		signal.Opt(sig, sigOK)
		optCount(cpus, j.NCores)
		optCount(nodes, j.NNodes)
		optCount(ntasks, j.NTasks)
		reqTime.Opt(limit(j))
		wallTime.Opt(wall(j))
		optInt(user, j.UserID)
		optStr(queue, j.Queue)
		line.Add(int64(j.line))
	}
	return s.Frame(n)
}

func str(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// placements is one row per broker rank a started job held: its node
// (the nodelist's name at that place) and an even share of its cores.
func (b *jobsBuilder) placements() *frame.Frame {
	s := b.sets.Of(schema.Placements)
	id, task, attempt, worker, rank, root := s.PlainStr("job", idBytes*len(b.jobs)), s.DenseInt("task"), s.DenseInt("attempt"), s.Str("worker"), s.Int("rank"), s.Bool("root")
	start, end, state, cpus := s.Time("start"), s.Time("end"), s.Str("state"), s.Float("cpus")
	n := 0
	var scratch []byte
	var memo hostMemo
	for i := range b.jobs {
		j := b.jobs[i]
		if j.Run == nil {
			continue
		}
		hosts := memo.expand(str(j.Nodelist)) // check read it
		ids, _ := idset(str(j.Ranks))
		for k, h := range hosts {
			n++
			addID(id, *j.ID, &scratch)
			task.Add(0)
			attempt.Add(1)
			worker.Add(h)
			rank.Opt(at(ids, k))
			root.Add(k == 0)
			optTime(start, j.Run)
			optTime(end, j.Cleanup)
			state.Add(jobStatus(j.State, j.Result, j.WaitStatus, j.Exception))
			if j.NCores != nil {
				cpus.Add(float64(*j.NCores) / float64(len(hosts)))
			} else {
				cpus.Null()
			}
		}
	}
	return s.Frame(n)
}

// hostMemo expands host lists, keeping the expansions of up to
// memoLists lists: a log's jobs run on the same nodes again and again.
type hostMemo struct{ m map[string][]string }

const memoLists = 4096

// expand is hostlist.Expand of a list check has read (nil for an error).
func (h *hostMemo) expand(list string) []string {
	if hosts, ok := h.m[list]; ok {
		return hosts
	}
	hosts, err := hostlist.Expand(list)
	if err != nil {
		return nil
	}
	if h.m == nil || len(h.m) >= memoLists {
		h.m = map[string][]string{}
	}
	h.m[list] = hosts
	return hosts
}

func at(ids []int64, k int) (int64, bool) {
	if k < len(ids) {
		return ids[k], true
	}
	return 0, false
}

// idset reads an RFC 22 id set, "[0-3,5]" or "0": the ids in order.
func idset(s string) ([]int64, bool) {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	if s == "" {
		return nil, true
	}
	var out []int64
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		if !isRange {
			hi = lo
		}
		a, err1 := strconv.ParseInt(lo, 10, 64)
		b, err2 := strconv.ParseInt(hi, 10, 64)
		if err1 != nil || err2 != nil || b < a || a < 0 || b-a > hostlist.MaxHosts || len(out) > hostlist.MaxHosts {
			return nil, false
		}
		for v := a; v <= b; v++ {
			out = append(out, v)
		}
	}
	return out, true
}

// idBytes is room for a job id's text, for reserving id columns.
const idBytes = 17

// addID appends job id's decimal text to c (a plain column), with
// scratch as room.
func addID(c *columns.Str, id uint64, scratch *[]byte) {
	if c == nil { // a column the load leaves out
		return
	}
	*scratch = strconv.AppendUint((*scratch)[:0], id, 10)
	c.Plain.AddBytes(*scratch)
}

// F58 writes a job id as Flux shows it: ƒ and the id in base 58
// (RFC 19's FLUID encoding).
func F58(id uint64) string { return string(appendF58(nil, id)) }

// appendF58 appends F58(id) to b.
func appendF58(b []byte, id uint64) []byte {
	const digits = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	b = append(b, "ƒ"...)
	if id == 0 {
		return append(b, '1')
	}
	var buf [16]byte
	i := len(buf)
	for ; id > 0; id /= 58 {
		i--
		buf[i] = digits[id%58]
	}
	return append(b, buf[i:]...)
}

// returnCode is the job's return code as flux jobs shows it: the record's
// returncode when it has one, else the exit code, or the negated signal
// when a signal ended it, or -128 for a job that ended without running;
// none while the job is active.
func returnCode(j *jobRecord) (int64, bool) {
	switch code, codeOK, sig, sigOK := exitParts(j.WaitStatus); {
	case j.ReturnCode != nil:
		return *j.ReturnCode, true
	case codeOK:
		return code, true
	case sigOK:
		return -sig, true
	case j.State != nil && *j.State == 64 && j.Run == nil:
		return -128, true
	}
	return 0, false
}
