package loaders

// Balsam REST API dumps (balsam/schemas, balsam/server; formats.md §4):
// GET /events/ (LogEventOut), GET /jobs/ and GET /batch-jobs/ records.
//
//   - Each file holds one kind of record, as a JSON array, the API's
//     {"count": N, "results": [...]} page, or JSON lines; the kind is told
//     by the fields of the first record (to_state: events; batch_job_id or
//     node_packing_count: jobs; filter_tags or job_mode: batch jobs).
//   - Timestamps are naive UTC ISO 8601 without a zone, with microseconds
//     only when non-zero; Job.last_update carries +00:00. All become µs UTC.
//   - Events have no tags and no batch job: both come from their Job
//     (job_id), which is why the three files are loaded together.
//   - Event order is kept as given (the API's default is timestamp DESC,
//     id ASC); every event has its id.
//   - data: {"num_nodes": float} on -> RUNNING (fractional when nodes are
//     shared), {"returncode", "error"} on RUNNING -> RUN_ERROR, {"message"}
//     on skipped stage-in/out; kept as JSON text, with num_nodes, returncode
//     and error also as columns.
//   - Attempts (tasks frame): every -> RUNNING event starts one, which ends
//     at the job's next event leaving RUNNING: RUN_DONE (success),
//     RUN_ERROR (failed), RUN_TIMEOUT (timeout); without one it is running.
//     RESTART_READY -> RUNNING cycles thus give several attempts.
//   - Batch jobs become allocations (start_time/end_time, num_nodes,
//     filter_tags).

import (
	"bufio"
	"bytes"
	"fmt"
	json "github.com/goccy/go-json"
	"io"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// BalsamFiles names the readers of one Balsam dataset; any may be nil.
type BalsamFiles struct {
	Events, Jobs, BatchJobs io.Reader
	// Names name the three inputs in errors (default "events", "jobs",
	// "batchjobs").
	EventsName, JobsName, BatchJobsName string
}

type balsamEvent struct {
	ID        *int64          `json:"id"`
	JobID     *int64          `json:"job_id"`
	Timestamp *string         `json:"timestamp"`
	FromState string          `json:"from_state"`
	ToState   *string         `json:"to_state"`
	Data      json.RawMessage `json:"data"`
}

type balsamJob struct {
	ID               *int64            `json:"id"`
	Workdir          string            `json:"workdir"`
	Tags             map[string]string `json:"tags"`
	AppID            *int64            `json:"app_id"`
	BatchJobID       *int64            `json:"batch_job_id"`
	State            string            `json:"state"`
	LastUpdate       *string           `json:"last_update"`
	ReturnCode       *int64            `json:"return_code"`
	ParentIDs        []int64           `json:"parent_ids"`
	NumNodes         *int64            `json:"num_nodes"`
	RanksPerNode     *int64            `json:"ranks_per_node"`
	ThreadsPerRank   *int64            `json:"threads_per_rank"`
	GPUsPerRank      *float64          `json:"gpus_per_rank"`
	NodePackingCount *int64            `json:"node_packing_count"`
	WallTimeMin      *int64            `json:"wall_time_min"`
}

type balsamBatchJob struct {
	ID          *int64            `json:"id"`
	SiteID      *int64            `json:"site_id"`
	SchedulerID *int64            `json:"scheduler_id"`
	Project     string            `json:"project"`
	Queue       string            `json:"queue"`
	NumNodes    *int64            `json:"num_nodes"`
	WallTimeMin *int64            `json:"wall_time_min"`
	JobMode     string            `json:"job_mode"`
	FilterTags  map[string]string `json:"filter_tags"`
	State       string            `json:"state"`
	StartTime   *string           `json:"start_time"`
	EndTime     *string           `json:"end_time"`
}

// jsonRecords streams the objects of a JSON array, an API page
// {"count", "results": [...]}, or JSON lines, calling each with the raw
// object and a function giving its line (the line the object ends on;
// computed only when asked, for error messages).
func jsonRecords(r io.Reader, p *problems, each func(raw json.RawMessage, line func() int) error) (err error) {
	defer func() { // the decoder can panic on malformed input (see unmarshalJSON)
		if r := recover(); r != nil {
			err = &ParseError{File: p.file, Want: "well-formed JSON", Err: fmt.Errorf("decoder failed: %v", r)}
		}
	}()
	lc := &lineCounter{r: r}
	br := bufio.NewReaderSize(lc, 64<<10)
	dec := json.NewDecoder(br)
	line := func() int {
		// lines consumed so far, minus those still buffered ahead of the
		// decoder
		rest, _ := io.ReadAll(io.LimitReader(dec.Buffered(), 1<<20))
		return lc.lines - bytes.Count(rest, []byte("\n")) - countBuffered(br) + 1
	}
	// Peek the first non-space byte: '[' array, '{' page or JSON lines.
	first, err := firstByte(br)
	if err == io.EOF {
		return nil
	}
	if err != nil {
		return err
	}
	decodeArray := func() error {
		if _, err := dec.Token(); err != nil { // [
			return p.bad(line(), "", "", "a JSON array of records", err)
		}
		for dec.More() {
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return p.bad(line(), "", "", "a JSON record", err)
			}
			if err := each(raw, line); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil { // ]
			return p.bad(line(), "", "", "the end of the array", err)
		}
		return nil
	}
	if first == '[' {
		return decodeArray()
	}
	// One object: a page with "results", or the first of JSON lines.
	var obj map[string]json.RawMessage
	if err := dec.Decode(&obj); err != nil {
		return p.bad(line(), "", "", "a JSON array, an API page or JSON lines", err)
	}
	if res, ok := obj["results"]; ok {
		var recs []json.RawMessage
		if err := unmarshalJSON(res, &recs); err != nil {
			return p.bad(1, "results", clip(string(res), 80), "an array of records", err)
		}
		for _, rec := range recs {
			if err := each(rec, func() int { return 1 }); err != nil {
				return err
			}
		}
		return nil
	}
	raw, _ := json.Marshal(obj)
	if err := each(raw, func() int { return 1 }); err != nil {
		return err
	}
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return p.bad(line(), "", "", "one JSON record per line", err)
		}
		if err := each(raw, line); err != nil {
			return err
		}
	}
}

// lineCounter counts the newlines read through it.
type lineCounter struct {
	r     io.Reader
	lines int
}

func (l *lineCounter) Read(b []byte) (int, error) {
	n, err := l.r.Read(b)
	l.lines += bytes.Count(b[:n], []byte("\n"))
	return n, err
}

func countBuffered(br *bufio.Reader) int {
	b, _ := br.Peek(br.Buffered())
	return bytes.Count(b, []byte("\n"))
}

func firstByte(br *bufio.Reader) (byte, error) {
	for {
		b, err := br.ReadByte()
		if err != nil {
			return 0, err
		}
		if b != ' ' && b != '\n' && b != '\r' && b != '\t' {
			return b, br.UnreadByte()
		}
	}
}

// balsamKind tells events, jobs and batch jobs apart by their fields.
func balsamKind(head []byte) string {
	switch {
	case bytes.Contains(head, []byte(`"to_state"`)):
		return "events"
	case bytes.Contains(head, []byte(`"node_packing_count"`)) || bytes.Contains(head, []byte(`"batch_job_id"`)):
		return "jobs"
	case bytes.Contains(head, []byte(`"filter_tags"`)) || bytes.Contains(head, []byte(`"job_mode"`)):
		return "batchjobs"
	}
	return ""
}

// LoadBalsam reads Balsam events, jobs and batch jobs together.
func LoadBalsam(in BalsamFiles, o Options) (*Dataset, error) {
	names := []string{orDefault(in.EventsName, "events"), orDefault(in.JobsName, "jobs"), orDefault(in.BatchJobsName, "batchjobs")}
	d := &Dataset{Source: "balsam", Frames: map[string]*frame.Frame{}}
	jobs := map[int64]*balsamJob{}
	var jobOrder []*balsamJob
	var warnings []Warning
	if in.Jobs != nil {
		d.Files = append(d.Files, names[1])
		p := problems{file: names[1], lenient: o.Lenient}
		err := jsonRecords(in.Jobs, &p, func(raw json.RawMessage, lineOf func() int) error {
			var j balsamJob
			if err := unmarshalJSON(raw, &j); err != nil {
				return p.bad(lineOf(), "", string(raw), "a Balsam Job record", err)
			}
			if j.ID == nil {
				return p.bad(lineOf(), "id", string(raw), "a job id", nil)
			}
			if j.LastUpdate != nil {
				if _, err := frame.ParseNaiveMicros(*j.LastUpdate); err != nil {
					return p.bad(lineOf(), "last_update", *j.LastUpdate, "an ISO 8601 time", err)
				}
			}
			jobs[*j.ID] = &j
			jobOrder = append(jobOrder, &j)
			return nil
		})
		if err != nil {
			return nil, err
		}
		warnings = append(warnings, p.finish()...)
	}
	var bjs []*balsamBatchJob
	if in.BatchJobs != nil {
		d.Files = append(d.Files, names[2])
		p := problems{file: names[2], lenient: o.Lenient}
		err := jsonRecords(in.BatchJobs, &p, func(raw json.RawMessage, lineOf func() int) error {
			var b balsamBatchJob
			if err := unmarshalJSON(raw, &b); err != nil {
				return p.bad(lineOf(), "", string(raw), "a Balsam BatchJob record", err)
			}
			if b.ID == nil {
				return p.bad(lineOf(), "id", string(raw), "a batch job id", nil)
			}
			for field, ts := range map[string]*string{"start_time": b.StartTime, "end_time": b.EndTime} {
				if ts != nil {
					if _, err := frame.ParseNaiveMicros(*ts); err != nil {
						return p.bad(lineOf(), field, *ts, "an ISO 8601 time or null", err)
					}
				}
			}
			bjs = append(bjs, &b)
			return nil
		})
		if err != nil {
			return nil, err
		}
		warnings = append(warnings, p.finish()...)
	}
	type event struct {
		id, job, time int64
		from, to      string
		data          string
	}
	var events []event
	if in.Events != nil {
		d.Files = append([]string{names[0]}, d.Files...)
		p := problems{file: names[0], lenient: o.Lenient}
		err := jsonRecords(in.Events, &p, func(raw json.RawMessage, lineOf func() int) error {
			var e balsamEvent
			if err := unmarshalJSON(raw, &e); err != nil {
				return p.bad(lineOf(), "", string(raw), "a Balsam LogEvent record", err)
			}
			switch {
			case e.ID == nil:
				return p.bad(lineOf(), "id", string(raw), "an event id", nil)
			case e.JobID == nil:
				return p.bad(lineOf(), "job_id", string(raw), "the event's job id", nil)
			case e.ToState == nil:
				return p.bad(lineOf(), "to_state", string(raw), "the state entered", nil)
			case e.Timestamp == nil:
				return p.bad(lineOf(), "timestamp", string(raw), "a timestamp", nil)
			}
			t, err := frame.ParseNaiveMicros(*e.Timestamp)
			if err != nil {
				return p.bad(lineOf(), "timestamp", *e.Timestamp, "a naive ISO 8601 time (YYYY-MM-DDTHH:MM:SS[.ffffff])", err)
			}
			// data as compact JSON text (files are often pretty-printed)
			var cb bytes.Buffer
			data := "{}"
			if len(e.Data) > 0 && json.Compact(&cb, e.Data) == nil && cb.String() != "null" {
				data = cb.String()
			}
			events = append(events, event{id: *e.ID, job: *e.JobID, time: t, from: e.FromState, to: *e.ToState, data: data})
			return nil
		})
		if err != nil {
			return nil, err
		}
		warnings = append(p.finish(), warnings...)
	}

	// events frame, with the job's batch job and tags
	tagKeys := map[string]bool{}
	for _, j := range jobOrder {
		for k := range j.Tags {
			tagKeys[k] = true
		}
	}
	keys := make([]string, 0, len(tagKeys))
	for k := range tagKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var ev struct {
		time, id, batch intCol
		job, from, to   strCol
		data            textCol
		tags, errText   strCol
		nodes           floatCol
		rc              intCol
		tagCols         []strCol
	}
	ev.tagCols = make([]strCol, len(keys))
	// each job's tags, rendered once for all its events and attempts
	type jobTags struct {
		canon string
		vals  []string
		has   []bool
	}
	tagCache := map[*balsamJob]*jobTags{}
	none := &jobTags{vals: make([]string, len(keys)), has: make([]bool, len(keys))}
	tagsOf := func(j *balsamJob) *jobTags {
		if j == nil {
			return none
		}
		if jt := tagCache[j]; jt != nil {
			return jt
		}
		jt := &jobTags{canon: frame.FormatTags(j.Tags), vals: make([]string, len(keys)), has: make([]bool, len(keys))}
		for k, key := range keys {
			jt.vals[k], jt.has[k] = j.Tags[key]
		}
		tagCache[j] = jt
		return jt
	}
	type dataFields struct {
		NumNodes   *float64 `json:"num_nodes"`
		ReturnCode *int64   `json:"returncode"`
		Error      *string  `json:"error"`
	}
	parsed := make([]dataFields, len(events))
	for i, e := range events {
		var df dataFields
		unmarshalJSON([]byte(e.data), &df) // data is any object; missing fields stay nil
		parsed[i] = df
		ev.time.add(e.time)
		ev.id.add(e.id)
		ev.job.add(itoa(e.job))
		ev.from.add(e.from)
		ev.to.add(e.to)
		ev.data.add(e.data)
		ev.nodes.opt(deref(df.NumNodes), df.NumNodes != nil)
		ev.rc.opt(derefInt(df.ReturnCode), df.ReturnCode != nil)
		ev.errText.opt(derefStr(df.Error), df.Error != nil)
		j := jobs[e.job]
		if j != nil && j.BatchJobID != nil {
			ev.batch.add(*j.BatchJobID)
		} else {
			ev.batch.null()
		}
		jt := tagsOf(j)
		for k := range keys {
			ev.tagCols[k].opt(jt.vals[k], jt.has[k])
		}
		ev.tags.opt(jt.canon, j != nil)
	}
	evCols := []frame.Column{ev.time.times("time"), ev.id.col("id"), ev.job.col("job"), ev.from.col("from_state"),
		ev.to.col("to_state"), ev.data.col("data"), ev.nodes.col("num_nodes"), ev.rc.col("returncode"),
		ev.errText.col("error"), ev.batch.col("batch_job"), ev.tags.col("tags")}
	for k, key := range keys {
		evCols = append(evCols, ev.tagCols[k].col(frame.TagPrefix+key))
	}
	if ev.data.cut > 0 {
		p := problems{file: names[0]}
		p.textCut(Events, "data", &ev.data, 0)
		warnings = append(warnings, p.warnings...)
	}
	d.Frames[Events] = frame.New(evCols...)

	// attempts: walk each job's events in time order (id breaks ties)
	byJob := map[int64][]int{}
	for i, e := range events {
		byJob[e.job] = append(byJob[e.job], i)
	}
	jobIDs := make([]int64, 0, len(byJob))
	for id := range byJob {
		jobIDs = append(jobIDs, id)
	}
	sort.Slice(jobIDs, func(a, b int) bool { return jobIDs[a] < jobIDs[b] })
	var t struct {
		job, state, raw, reason, tags                      strCol
		task, attempt, submit, start, end, exit, batch, id intCol
		nodes                                              floatCol
		tagCols                                            []strCol
	}
	t.tagCols = make([]strCol, len(keys))
	type jobTimes struct {
		submit, start, end        int64
		hasSubmit, hasStart, end2 bool
	}
	times := map[int64]*jobTimes{}
	for _, jid := range jobIDs {
		idx := byJob[jid]
		sort.SliceStable(idx, func(a, b int) bool {
			ea, eb := events[idx[a]], events[idx[b]]
			if ea.time != eb.time {
				return ea.time < eb.time
			}
			return ea.id < eb.id
		})
		jt := &jobTimes{}
		times[jid] = jt
		j := jobs[jid]
		attempt := int64(0)
		for k, i := range idx {
			e := events[i]
			if e.from == "CREATED" && !jt.hasSubmit {
				jt.submit, jt.hasSubmit = e.time, true
			}
			jt.end, jt.end2 = e.time, true
			if e.to != "RUNNING" {
				continue
			}
			if !jt.hasStart {
				jt.start, jt.hasStart = e.time, true
			}
			attempt++
			t.job.add(itoa(jid))
			t.task.add(jid)
			t.attempt.add(attempt)
			t.id.add(e.id)
			t.submit.opt(jt.submit, jt.hasSubmit)
			t.start.add(e.time)
			t.nodes.opt(deref(parsed[i].NumNodes), parsed[i].NumNodes != nil)
			state, raw, reason := "running", "", ""
			var end, exit int64
			hasEnd, hasExit := false, false
			for _, n := range idx[k+1:] {
				x := events[n]
				if x.from != "RUNNING" {
					continue
				}
				end, hasEnd, raw = x.time, true, x.to
				switch x.to {
				case "RUN_DONE":
					state = "success"
				case "RUN_ERROR":
					state = "failed"
					if parsed[n].ReturnCode != nil {
						exit, hasExit = *parsed[n].ReturnCode, true
					}
					reason = derefStr(parsed[n].Error)
				case "RUN_TIMEOUT":
					state = "timeout"
				default:
					state = strings.ToLower(x.to)
				}
				break
			}
			t.end.opt(end, hasEnd)
			t.state.add(state)
			t.raw.opt(raw, hasEnd)
			t.exit.opt(exit, hasExit)
			t.reason.opt(reason, reason != "")
			if j != nil && j.BatchJobID != nil {
				t.batch.add(*j.BatchJobID)
			} else {
				t.batch.null()
			}
			jt := tagsOf(j)
			t.tags.opt(jt.canon, j != nil)
			for c := range keys {
				t.tagCols[c].opt(jt.vals[c], jt.has[c])
			}
		}
	}
	n := len(t.task.v)
	tCols := []frame.Column{repeat("source", "balsam", n), t.job.col("job"), t.task.col("task"), t.attempt.col("attempt"),
		frame.StringCol("worker", make([]string, n), make([]bool, n)), t.batch.col("batch_job"),
		t.submit.times("submit"), t.start.times("start"), t.end.times("end"), t.state.col("state"), t.raw.col("raw_state"),
		t.exit.col("exit_code"), t.reason.col("reason"), t.nodes.col("req_nodes"), t.id.col("start_event"), t.tags.col("tags")}
	for c, key := range keys {
		tCols = append(tCols, t.tagCols[c].col(frame.TagPrefix+key))
	}
	d.Frames[Tasks] = frame.New(tCols...)

	// jobs frame
	var jb struct {
		job, workdir, state, parents, tags         strCol
		app, batch, rc, nodes, rpn, tpr, npc, wall intCol
		lastUpdate, submit, start, end             intCol
		gpr                                        floatCol
		tagCols                                    []strCol
	}
	jb.tagCols = make([]strCol, len(keys))
	for _, j := range jobOrder {
		jb.job.add(itoa(*j.ID))
		jb.workdir.add(j.Workdir)
		jb.state.add(j.State)
		jb.app.opt(derefInt(j.AppID), j.AppID != nil)
		jb.batch.opt(derefInt(j.BatchJobID), j.BatchJobID != nil)
		jb.rc.opt(derefInt(j.ReturnCode), j.ReturnCode != nil)
		jb.nodes.opt(derefInt(j.NumNodes), j.NumNodes != nil)
		jb.rpn.opt(derefInt(j.RanksPerNode), j.RanksPerNode != nil)
		jb.tpr.opt(derefInt(j.ThreadsPerRank), j.ThreadsPerRank != nil)
		jb.npc.opt(derefInt(j.NodePackingCount), j.NodePackingCount != nil)
		jb.wall.opt(derefInt(j.WallTimeMin), j.WallTimeMin != nil)
		jb.gpr.opt(deref(j.GPUsPerRank), j.GPUsPerRank != nil)
		if j.LastUpdate != nil {
			us, _ := frame.ParseNaiveMicros(*j.LastUpdate)
			jb.lastUpdate.add(us)
		} else {
			jb.lastUpdate.null()
		}
		ps := make([]string, len(j.ParentIDs))
		for i, p := range j.ParentIDs {
			ps[i] = itoa(p)
		}
		jb.parents.add(strings.Join(ps, ","))
		if jt := times[*j.ID]; jt != nil {
			jb.submit.opt(jt.submit, jt.hasSubmit)
			jb.start.opt(jt.start, jt.hasStart)
			jb.end.opt(jt.end, jt.end2)
		} else {
			jb.submit.null()
			jb.start.null()
			jb.end.null()
		}
		jt := tagsOf(j)
		jb.tags.add(jt.canon)
		for c := range keys {
			jb.tagCols[c].opt(jt.vals[c], jt.has[c])
		}
	}
	jCols := []frame.Column{jb.job.col("job"), jb.workdir.col("workdir"), jb.state.col("state"), jb.submit.times("submit"),
		jb.start.times("start"), jb.end.times("end"), jb.rc.col("exit_code"), jb.batch.col("batch_job"), jb.app.col("app_id"),
		jb.nodes.col("num_nodes"), jb.rpn.col("ranks_per_node"), jb.tpr.col("threads_per_rank"), jb.gpr.col("gpus_per_rank"),
		jb.npc.col("node_packing_count"), jb.wall.col("wall_time_min"), jb.lastUpdate.times("last_update"),
		jb.parents.col("parent_ids"), jb.tags.col("tags")}
	for c, key := range keys {
		jCols = append(jCols, jb.tagCols[c].col(frame.TagPrefix+key))
	}
	d.Frames[Jobs] = frame.New(jCols...)

	// allocations from batch jobs
	var al struct {
		id, sched, site, nodes, wall, start, end intCol
		project, queue, mode, state, filter      strCol
	}
	for _, b := range bjs {
		al.id.add(*b.ID)
		al.sched.opt(derefInt(b.SchedulerID), b.SchedulerID != nil)
		al.site.opt(derefInt(b.SiteID), b.SiteID != nil)
		al.nodes.opt(derefInt(b.NumNodes), b.NumNodes != nil)
		al.wall.opt(derefInt(b.WallTimeMin), b.WallTimeMin != nil)
		for _, pair := range []struct {
			s   *string
			col *intCol
		}{{b.StartTime, &al.start}, {b.EndTime, &al.end}} {
			if pair.s != nil {
				us, _ := frame.ParseNaiveMicros(*pair.s)
				pair.col.add(us)
			} else {
				pair.col.null()
			}
		}
		al.project.add(b.Project)
		al.queue.add(b.Queue)
		al.mode.add(b.JobMode)
		al.state.add(b.State)
		al.filter.add(frame.FormatTags(b.FilterTags))
	}
	d.Frames[Allocations] = frame.New(al.id.col("id"), al.sched.col("scheduler_id"), al.site.col("site_id"),
		al.project.col("project"), al.queue.col("queue"), al.nodes.col("nodes"), al.wall.col("wall_time_min"),
		al.mode.col("job_mode"), al.state.col("state"), al.start.times("start"), al.end.times("end"), al.filter.col("filter_tags"))
	d.Warnings = warnings
	for name, f := range d.Frames {
		if f.Err() != nil {
			return nil, fmt.Errorf("balsam %s frame: %w", name, f.Err())
		}
	}
	return d, nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

func derefInt(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

func derefStr(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
