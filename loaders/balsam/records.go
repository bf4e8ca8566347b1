package balsam

// Decoding one Balsam record (an event, a job or a batch job) from its
// JSON text, on a decode goroutine: values that stay in the frames are
// slices of the record's bytes (valid while its batch is applied), so a
// record costs no allocation unless its strings hold escapes.

import (
	"bytes"
	"math"
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/source"
)

type optFloat struct {
	v  float64
	ok bool
}

// fieldProblem is a record's first bad field, reported when the record
// is applied (problems belong to the applying goroutine).
type fieldProblem struct {
	field, text, want string
	err               error
}

// utf8Check is where a record's text first fails to be UTF-8, found on
// the decoding goroutines (jsontext.BadUTF8); its zero value is a record
// with no such byte, as a record never checked (not an object) is.
type utf8Check struct {
	bad  bool // a byte is not UTF-8 (the zero value: none seen)
	at   int  // its offset in text
	key  string
	text []byte // the record's text from 30 bytes before it (a copy)
}

func (u *utf8Check) check(rec []byte) {
	*u = utf8Check{}
	if at, key := jsontext.BadUTF8(rec); at >= 0 {
		lo := max(0, at-30)
		*u = utf8Check{bad: true, at: at - lo, key: key, text: bytes.Clone(rec[lo:min(len(rec), at+30)])}
	}
}

// checked is what a record decoder that read b[i:end] (or failed: err)
// returns, once the record is checked: a record that did not decode has
// no UTF-8 problem of its own.
func (u *utf8Check) checked(b []byte, i, end int, err error) (int, error) {
	if err != nil {
		*u = utf8Check{}
	} else {
		u.check(b[i:end])
	}
	return end, err
}

// recordProblems reports the problems of a record decoded at line: a
// byte that is not UTF-8 (u: an error in strict mode; in lenient mode
// the record is applied as decoded, each such byte U+FFFD), then its
// first bad field (bad). skip says the record is not to be applied.
func recordProblems(p *source.Problems, line int, u *utf8Check, bad *fieldProblem) (skip bool, err error) {
	if u.bad {
		if err := p.BadUTF8(line, u.key, u.text, u.at); err != nil {
			return true, err
		}
	}
	if bad != nil {
		return true, p.Bad(line, bad.field, bad.text, bad.want, bad.err)
	}
	return false, nil
}

// recDecoder converts member values, keeping the first problem.
type recDecoder struct{ bad *fieldProblem }

func (d *recDecoder) fail(field, text, want string, err error) {
	if d.bad == nil {
		d.bad = &fieldProblem{field: field, text: text, want: want, err: err}
	}
}

func (d *recDecoder) int(field string, val []byte, dst *jsontext.OptInt) {
	v, ok, err := jsontext.Int(val)
	if err != nil {
		d.fail(field, string(val), "an integer or null", err)
		return
	}
	*dst = jsontext.OptInt{V: v, OK: ok}
}

// count is int for a count (nodes): a negative one is a bad field.
func (d *recDecoder) count(field string, val []byte, dst *jsontext.OptInt) {
	d.int(field, val, dst)
	if dst.OK && dst.V < 0 {
		d.fail(field, string(val), "a count >= 0", nil)
		*dst = jsontext.OptInt{}
	}
}

func (d *recDecoder) float(field string, val []byte, dst *optFloat) {
	v, ok, err := jsontext.Float(val)
	if err != nil {
		d.fail(field, string(val), "a number or null", err)
		return
	}
	*dst = optFloat{v, ok}
}

func (d *recDecoder) text(field string, val []byte) ([]byte, bool) {
	t, ok, err := jsontext.Text(val)
	if err != nil {
		d.fail(field, string(val), "a string or null", err)
	}
	return t, ok
}

// time reads a naive UTC ISO 8601 time (an offset is honoured) as µs.
func (d *recDecoder) time(field string, val []byte, dst *jsontext.OptInt, want string) {
	t, ok := d.text(field, val)
	if !ok {
		return
	}
	us, err := frame.ParseNaiveMicros(bytesconv.String(t))
	if err != nil {
		d.fail(field, string(t), want, err)
		return
	}
	*dst = jsontext.OptInt{V: us, OK: true}
}

// tagPair is one tag of a job or one filter tag of a batch job.
type tagPair struct{ k, v []byte }

// tags reads an object of strings (null: none), appending its pairs to
// out (a reused record's room).
func (d *recDecoder) tags(field string, val []byte, out []tagPair) []tagPair {
	if val[0] == 'n' {
		return out
	}
	if val[0] != '{' {
		d.fail(field, string(val), "an object of strings", jsontext.ErrNotString)
		return out
	}
	jsontext.EachMember(val, func(k, v []byte) error {
		t, _, err := jsontext.Text(v)
		if err != nil {
			d.fail(field, string(val), "an object of strings", err)
		}
		out = append(out, tagPair{k, t})
		return nil
	})
	return out
}

// formatTagPairs appends the canonical text of tags to dst, as
// frame.FormatTags: sorted by key, "k:v" joined by ";", the last of a
// repeated key winning.
func formatTagPairs(dst []byte, tags []tagPair) []byte {
	sortTagPairs(tags)
	first := true
	for i, t := range tags {
		if i+1 < len(tags) && bytes.Equal(tags[i+1].k, t.k) {
			continue // a later value of the same key wins
		}
		if !first {
			dst = append(dst, ';')
		}
		first = false
		dst = append(dst, t.k...)
		dst = append(dst, ':')
		dst = append(dst, t.v...)
	}
	return dst
}

// sortTagPairs sorts tags by key, keeping the order of a repeated key.
func sortTagPairs(tags []tagPair) {
	if len(tags) > 1 {
		slices.SortStableFunc(tags, func(a, b tagPair) int { return bytes.Compare(a.k, b.k) })
	}
}

// balsamEventRec is one LogEvent.
type balsamEventRec struct {
	utf8Check
	bad            *fieldProblem
	id, job, time  jsontext.OptInt
	from, to, data []byte
	hasTo          bool
	nodes          optFloat        // data.num_nodes
	rc             jsontext.OptInt // data.returncode
	errText        []byte          // data.error
	hasErr         bool
}

// decodeBalsamEvent decodes one LogEvent; keepData keeps its data as
// compact JSON text (else only the fields read from it).
func decodeBalsamEvent(rec []byte, e *balsamEventRec, keepData bool) {
	e.utf8Check = utf8Check{} // a record cut short never reaches decodeBalsamEventAt
	if err := jsontext.WholeObject(rec, func(i int) (int, error) { return decodeBalsamEventAt(rec, i, e, keepData) }); err != nil {
		e.bad = &fieldProblem{text: string(rec), want: "a Balsam LogEvent record", err: err}
	}
}

// decodeBalsamEventAt is decodeBalsamEventMembers, then the check of the
// record's text for bytes that are not UTF-8.
func decodeBalsamEventAt(b []byte, i int, e *balsamEventRec, keepData bool) (int, error) {
	end, err := decodeBalsamEventMembers(b, i, e, keepData)
	return e.checked(b, i, end, err)
}

// decodeBalsamEventMembers decodes the LogEvent that starts at b[i] ('{') and
// returns the offset just past it, or its syntax error (e is then
// incomplete). A record cut from a larger block is decoded in place, in
// the one pass that also finds where it ends.
func decodeBalsamEventMembers(b []byte, i int, e *balsamEventRec, keepData bool) (int, error) {
	var d recDecoder
	end, err := jsontext.ScanMembers(b, i, 0, func(key, val []byte) error {
		switch string(key) {
		case "id":
			d.int("id", val, &e.id)
		case "job_id":
			d.int("job_id", val, &e.job)
		case "timestamp":
			d.time("timestamp", val, &e.time, "a naive ISO 8601 time (YYYY-MM-DDTHH:MM:SS[.ffffff])")
		case "from_state":
			e.from, _ = d.text("from_state", val)
		case "to_state":
			e.to, e.hasTo = d.text("to_state", val)
		case "data":
			e.data = val
		}
		return nil
	})
	if err != nil {
		return end, err
	}
	rec := b[i:end]
	switch {
	case d.bad != nil:
	case !e.id.OK:
		d.fail("id", string(rec), "an event id", nil)
	case !e.job.OK:
		d.fail("job_id", string(rec), "the event's job id", nil)
	case !e.hasTo:
		d.fail("to_state", string(rec), "the state entered", nil)
	case !e.time.OK:
		d.fail("timestamp", string(rec), "a timestamp", nil)
	}
	if e.bad = d.bad; e.bad != nil {
		return end, nil
	}
	// data as compact JSON text (files are often pretty-printed); the
	// fields the analyses use also as columns (of any other type: absent)
	if len(e.data) == 0 || e.data[0] == 'n' {
		e.data = []byte("{}")
		return end, nil
	}
	if keepData {
		e.data = jsontext.Compact(e.data)
	}
	if e.data[0] != '{' {
		return end, nil
	}
	jsontext.EachMember(e.data, func(key, val []byte) error {
		switch string(key) {
		case "num_nodes": // a wrong type or a negative count is no node count: a bad record
			v, ok, err := jsontext.Float(val)
			if err != nil || (ok && (v < 0 || math.IsNaN(v) || math.IsInf(v, 0))) {
				d.fail("data.num_nodes", string(val), "a number of nodes >= 0", err)
				return nil
			}
			e.nodes = optFloat{v, ok}
		case "returncode":
			if v, ok, err := jsontext.Int(val); err == nil {
				e.rc = jsontext.OptInt{V: v, OK: ok}
			}
		case "error":
			if t, ok, err := jsontext.Text(val); err == nil {
				e.errText, e.hasErr = t, ok
			}
		}
		return nil
	})
	e.bad = d.bad
	return end, nil
}

// balsamJobRec is one Job.
type balsamJobRec struct {
	utf8Check
	bad                                            *fieldProblem
	id, app, batch, rc, nodes, rpn, tpr, npc, wall jsontext.OptInt
	lastUpdate                                     jsontext.OptInt
	gpr                                            optFloat
	workdir, state                                 []byte
	tags                                           []tagPair
	parents                                        []byte // "1,2,3"
}

// reusable marks balsamJobRec as overwritten whole by its decoders, which
// keep only the room of its tags and parents: a million jobs then do not
// each allocate a slice of tag pairs (140 MB of garbage at a million
// jobs).
func (*balsamJobRec) Reusable() {}

func decodeBalsamJob(rec []byte, j *balsamJobRec) {
	*j = balsamJobRec{tags: j.tags[:0], parents: j.parents[:0]}
	if err := jsontext.WholeObject(rec, func(i int) (int, error) { return decodeBalsamJobAt(rec, i, j) }); err != nil {
		j.bad = &fieldProblem{text: string(rec), want: "a Balsam Job record", err: err}
	}
}

// decodeBalsamJobAt is decodeBalsamJobMembers, then the check of the
// record's text for bytes that are not UTF-8.
func decodeBalsamJobAt(b []byte, i int, j *balsamJobRec) (int, error) {
	end, err := decodeBalsamJobMembers(b, i, j)
	return j.checked(b, i, end, err)
}

// decodeBalsamJobMembers is decodeBalsamEventMembers for a Job.
func decodeBalsamJobMembers(b []byte, i int, j *balsamJobRec) (int, error) {
	*j = balsamJobRec{tags: j.tags[:0], parents: j.parents[:0]} // the record is reused: see reusable
	var d recDecoder
	end, err := jsontext.ScanMembers(b, i, 0, func(key, val []byte) error {
		switch string(key) {
		case "id":
			d.int("id", val, &j.id)
		case "workdir":
			j.workdir, _ = d.text("workdir", val)
		case "tags":
			j.tags = d.tags("tags", val, j.tags[:0])
		case "app_id":
			d.int("app_id", val, &j.app)
		case "batch_job_id":
			d.int("batch_job_id", val, &j.batch)
		case "state":
			j.state, _ = d.text("state", val)
		case "last_update":
			d.time("last_update", val, &j.lastUpdate, "an ISO 8601 time")
		case "return_code":
			d.int("return_code", val, &j.rc)
		case "parent_ids":
			j.parents = d.intList("parent_ids", val, j.parents[:0])
		case "num_nodes":
			d.count("num_nodes", val, &j.nodes)
		case "ranks_per_node":
			d.int("ranks_per_node", val, &j.rpn)
		case "threads_per_rank":
			d.int("threads_per_rank", val, &j.tpr)
		case "gpus_per_rank":
			d.float("gpus_per_rank", val, &j.gpr)
		case "node_packing_count":
			d.int("node_packing_count", val, &j.npc)
		case "wall_time_min":
			d.int("wall_time_min", val, &j.wall)
		}
		return nil
	})
	if err != nil {
		return end, err
	}
	if d.bad == nil && !j.id.OK {
		d.fail("id", string(b[i:end]), "a job id", nil)
	}
	j.bad = d.bad
	return end, nil
}

// intList renders an array of integers (null: empty) as "1,2,3",
// appended to out (a reused record's room).
func (d *recDecoder) intList(field string, val []byte, out []byte) []byte {
	if val[0] == 'n' {
		return out
	}
	if val[0] != '[' {
		d.fail(field, string(val), "an array of integers", jsontext.ErrNotInteger)
		return out
	}
	jsontext.EachElement(val, func(elem []byte) error {
		if _, ok, err := jsontext.Int(elem); err != nil || !ok {
			d.fail(field, string(val), "an array of integers", jsontext.ErrNotInteger)
		}
		if len(out) > 0 {
			out = append(out, ',')
		}
		out = append(out, elem...)
		return nil
	})
	return out
}

// balsamBatchJobRec is one BatchJob.
type balsamBatchJobRec struct {
	utf8Check
	bad                          *fieldProblem
	id, site, sched, nodes, wall jsontext.OptInt
	start, end                   jsontext.OptInt
	project, queue, mode, state  []byte
	filter                       []tagPair
}

func decodeBalsamBatchJob(rec []byte, b *balsamBatchJobRec) {
	b.utf8Check = utf8Check{}
	if err := jsontext.WholeObject(rec, func(i int) (int, error) { return decodeBalsamBatchJobAt(rec, i, b) }); err != nil {
		b.bad = &fieldProblem{text: string(rec), want: "a Balsam BatchJob record", err: err}
	}
}

// decodeBalsamBatchJobAt is decodeBalsamBatchJobMembers, then the check of the
// record's text for bytes that are not UTF-8.
func decodeBalsamBatchJobAt(in []byte, i int, b *balsamBatchJobRec) (int, error) {
	end, err := decodeBalsamBatchJobMembers(in, i, b)
	return b.checked(in, i, end, err)
}

// decodeBalsamBatchJobMembers is decodeBalsamEventMembers for a BatchJob.
func decodeBalsamBatchJobMembers(in []byte, i int, b *balsamBatchJobRec) (int, error) {
	var d recDecoder
	end, err := jsontext.ScanMembers(in, i, 0, func(key, val []byte) error {
		switch string(key) {
		case "id":
			d.int("id", val, &b.id)
		case "site_id":
			d.int("site_id", val, &b.site)
		case "scheduler_id":
			d.int("scheduler_id", val, &b.sched)
		case "project":
			b.project, _ = d.text("project", val)
		case "queue":
			b.queue, _ = d.text("queue", val)
		case "num_nodes":
			d.count("num_nodes", val, &b.nodes)
		case "wall_time_min":
			d.int("wall_time_min", val, &b.wall)
		case "job_mode":
			b.mode, _ = d.text("job_mode", val)
		case "filter_tags":
			b.filter = d.tags("filter_tags", val, nil)
		case "state":
			b.state, _ = d.text("state", val)
		case "start_time":
			d.time("start_time", val, &b.start, "an ISO 8601 time or null")
		case "end_time":
			d.time("end_time", val, &b.end, "an ISO 8601 time or null")
		}
		return nil
	})
	if err != nil {
		return end, err
	}
	if d.bad == nil && !b.id.OK {
		d.fail("id", string(in[i:end]), "a batch job id", nil)
	}
	b.bad = d.bad
	return end, nil
}
