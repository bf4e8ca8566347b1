package cromwell

import (
	"cmp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/spread"

	"github.com/jobframe/jobframe/frame/schema"
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

// workflowRow is a workflow or subworkflow, for the jobs frame.
type workflowRow struct {
	id, name, status, raw, parent, path, version, language, failures string
	submit, start, end                                               num
}

// taskKey is a task: a call's shard (its attempts are the task's),
// within its subworkflow.
type taskKey struct {
	path, name string
	shard      num
}

// callRow is one attempt of one shard of a call, for the tasks frame.
type callRow struct {
	root, workflow, name, path string // the root workflow's id, the call's own workflow, the call's name, its subworkflow path
	task                       int64  // the (name, shard) pair's number
	shard, attempt             num
	start, end                 num
	state, raw, backend, jobID string
	exit                       num
	cpus, memMB                flt
	preemptible, cached        *bool
	failure, machine, zone     string
	phases                     []phaseRow
	record                     string // where it is in the document, for messages
}

type phaseRow struct {
	description string
	start, end  num
}

// builder flattens a workflow and its subworkflows.
type builder struct {
	workflows []workflowRow
	calls     []callRow
	tasks     map[taskKey]int64
	root      string
	sets      columns.Sets // the frames' columns to build: those the load keeps
}

// workflow adds md (a subworkflow of the call at path when path is set)
// and its calls, in the order of their names, shards and attempts.
func (b *builder) workflow(md *metadata, parent, path string, p *source.Problems) error {
	if b.root == "" {
		b.root = md.ID
	}
	w := workflowRow{id: md.ID, name: md.WorkflowName, raw: md.Status, parent: parent, path: path, language: md.Language}
	w.status = workflowStatus(md.Status)
	for _, e := range md.Processing {
		if e.CromwellVersion != "" {
			w.version = e.CromwellVersion
		}
	}
	var msgs []string
	for _, f := range md.Failures {
		msgs = append(msgs, f.message())
	}
	w.failures = strings.Join(msgs, "; ")
	for _, t := range []struct {
		s   string
		dst *num
		f   string
	}{{md.Submission, &w.submit, "submission"}, {md.Start, &w.start, "start"}, {md.End, &w.end, "end"}} {
		v, ok, err := parseTime(t.s)
		if err != nil {
			return p.Bad(0, t.f, t.s, "an RFC 3339 time (2019-08-09T20:16:41.150Z)", err)
		}
		*t.dst = num{v, ok}
	}
	b.workflows = append(b.workflows, w)
	names := make([]string, 0, len(md.Calls))
	entries := 0
	for n, e := range md.Calls {
		names = append(names, n)
		entries += len(e)
	}
	sort.Strings(names)
	b.calls = slices.Grow(b.calls, entries) // a row is large: grown once, not copied at each doubling
	var run []entry                         // entries without a subworkflow, read side by side
	for _, n := range names {
		entries := md.Calls[n]
		for i := range entries {
			c := &entries[i]
			if c.SubWorkflow == nil {
				run = append(run, entry{name: n, index: i, c: c})
				continue
			}
			if err := b.addRows(run, md.ID, path, p); err != nil {
				return err
			}
			run = run[:0]
			sub := n
			if path != "" {
				sub = path + "/" + n
			}
			if err := b.workflow(c.SubWorkflow, md.ID, sub, p); err != nil {
				return err
			}
		}
	}
	return b.addRows(run, md.ID, path, p)
}

// entry is one call entry of a workflow: its call's name and its index
// in the call's list.
type entry struct {
	name  string
	index int
	c     *call
}

// rowsPerWorker is the fewest entries worth a goroutine of their own.
const rowsPerWorker = 512

// addRows reads the entries into rows on every core, then adds them in
// order: the first bad one is the error (strict), or each is skipped
// and reported in order (lenient).
func (b *builder) addRows(entries []entry, workflow, path string, p *source.Problems) error {
	rows := make([]callRow, len(entries))
	bads := make([]*badField, len(entries))
	spread.Ranges(len(entries), rowsPerWorker, func(_, lo, hi int) {
		for k := lo; k < hi; k++ {
			e := entries[k]
			record := "calls[" + strconv.Quote(e.name) + "][" + strconv.Itoa(e.index) + "]"
			if path != "" {
				record = path + "/" + record
			}
			rows[k], bads[k] = b.row(workflow, e.name, path, record, e.c)
		}
	})
	for k := range rows {
		if bad := bads[k]; bad != nil {
			if err := p.Bad(0, bad.field, bad.text, bad.want, bad.err); err != nil {
				return err
			}
			continue
		}
		b.add(rows[k])
	}
	return nil
}

// badField is a call entry's value that does not read.
type badField struct {
	field, text, want string
	err               error
}

// row reads one call entry (not a subworkflow's) into its row, or says
// which of its values does not read. It reads b.root only, so that
// rows are read side by side.
func (b *builder) row(workflow, name, path, record string, c *call) (callRow, *badField) {
	r := callRow{root: b.root, workflow: workflow, name: name, path: path, record: record, backend: c.Backend, jobID: c.JobID, raw: c.ExecutionStatus}
	state, ok := callState(c.ExecutionStatus)
	if !ok {
		return callRow{}, &badField{record + ".executionStatus", c.ExecutionStatus, "a call status of Cromwell (Done, Failed, RetryableFailure, Aborted, Running, QueuedInCromwell, ...)", nil}
	}
	r.state = state
	if c.ShardIndex != nil && *c.ShardIndex >= 0 {
		r.shard = num{*c.ShardIndex, true}
	}
	if c.Attempt != nil {
		r.attempt = num{*c.Attempt, true}
	}
	if c.ReturnCode != nil {
		r.exit = num{*c.ReturnCode, true}
	}
	for _, t := range []struct {
		s   string
		dst *num
		f   string
	}{{c.Start, &r.start, "start"}, {c.End, &r.end, "end"}} {
		v, ok, err := parseTime(t.s)
		if err != nil {
			return callRow{}, &badField{record + "." + t.f, t.s, "an RFC 3339 time (2019-08-09T20:16:41.150Z)", err}
		}
		*t.dst = num{v, ok}
	}
	if r.start.ok && r.end.ok && r.end.v < r.start.v {
		return callRow{}, &badField{record + ".end", c.End, "an end at or after the start (" + c.Start + ")", nil}
	}
	if s, ok := c.RuntimeAttributes["cpu"]; ok {
		v, err := strconv.ParseFloat(string(s), 64)
		if err != nil || v < 0 {
			return callRow{}, &badField{record + ".runtimeAttributes.cpu", string(s), "a count of cores", nil}
		}
		r.cpus = flt{v, true}
	}
	if s, ok := c.RuntimeAttributes["memory"]; ok {
		v, ok := memoryMB(string(s))
		if !ok {
			return callRow{}, &badField{record + ".runtimeAttributes.memory", string(s), "a memory size (2 GB, 512 MiB)", nil}
		}
		r.memMB = flt{v, true}
	}
	r.preemptible = c.Preemptible
	if c.CallCaching != nil {
		r.cached = c.CallCaching.Hit
	}
	if len(c.Failures) > 0 {
		r.failure = c.Failures[0].message()
	}
	if c.Jes != nil {
		r.machine, r.zone = c.Jes.MachineType, c.Jes.Zone
	}
	r.phases = make([]phaseRow, 0, len(c.ExecutionEvents))
	for _, e := range c.ExecutionEvents {
		s, sOK, err1 := parseTime(e.StartTime)
		t, tOK, err2 := parseTime(e.EndTime)
		if err1 != nil || err2 != nil {
			return callRow{}, &badField{record + ".executionEvents", e.StartTime + " " + e.EndTime, "RFC 3339 times", nil}
		}
		r.phases = append(r.phases, phaseRow{e.Description, num{s, sOK}, num{t, tOK}})
	}
	slices.SortStableFunc(r.phases, func(a, b phaseRow) int { return cmp.Compare(a.start.v, b.start.v) })
	return r, nil
}

// add adds row r, numbering its task: a call's shard in its
// subworkflow, in the order first met.
func (b *builder) add(r callRow) {
	if b.tasks == nil {
		b.tasks = map[taskKey]int64{}
	}
	key := taskKey{r.path, r.name, r.shard}
	id, seen := b.tasks[key]
	if !seen {
		id = int64(len(b.tasks))
		b.tasks[key] = id
	}
	r.task = id
	b.calls = append(b.calls, r)
}

// callState is a call status in the vocabulary: Done and Bypassed
// success, Failed failed, RetryableFailure lost (preempted or retried),
// Aborted, Aborting and Unstartable canceled, Starting and Running
// running, NotStarted, WaitingForQueueSpace and QueuedInCromwell
// waiting.
func callState(s string) (string, bool) {
	switch s {
	case "Done", "Bypassed":
		return schema.Success, true
	case "Failed":
		return schema.Failed, true
	case "RetryableFailure":
		return schema.Lost, true
	case "Aborted", "Aborting", "Unstartable":
		return schema.Canceled, true
	case "Starting", "Running":
		return schema.Running, true
	case "NotStarted", "WaitingForQueueSpace", "QueuedInCromwell":
		return schema.Waiting, true
	}
	return "", false
}

// workflowStatus is a workflow status in the vocabulary: Succeeded
// success, Failed failed, Aborted and Aborting canceled, Running
// running, Submitted and On Hold waiting; another is kept as written.
func workflowStatus(s string) string {
	switch s {
	case "Succeeded":
		return schema.Success
	case "Failed":
		return schema.Failed
	case "Aborted", "Aborting":
		return schema.Canceled
	case "Running":
		return schema.Running
	case "Submitted", "On Hold":
		return schema.Waiting
	}
	return s
}
