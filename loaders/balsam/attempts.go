package balsam

// The tasks frame: each job's RUNNING cycles, from its events.

import (
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
)

// balsamAttempts are the columns of the tasks frame.
type balsamAttempts struct {
	job, state, raw, reason                     columns.Str
	task, attempt, submit, start, end, exit, id columns.Int
	nodes                                       columns.Float
	rows                                        []int32 // jobs-file row of each attempt
}

// attempts walks each job's events in time order (id breaks ties): every
// -> RUNNING event starts an attempt, which the job's next event leaving
// RUNNING ends. It also sets the job times (submit: leaving CREATED;
// start: the first RUNNING; end: the last event).
func (b *balsamBuilder) attempts() *balsamAttempts {
	nSlots := len(b.slotJob)
	b.submit, b.start, b.end = make([]jsontext.OptInt, nSlots), make([]jsontext.OptInt, nSlots), make([]jsontext.OptInt, nSlots)
	order, first, slots := b.eventsByJob()
	times, ids := b.ev.time.V, b.ev.id.V
	t := &balsamAttempts{}
	t.job.Plain = &columns.Text{}
	ev := &b.ev
	for _, s := range slots {
		jid := b.slotJob[s]
		row := b.rowOf(s)
		seg := order[first[s]:first[s+1]]
		submit, start, end := &b.submit[s], &b.start[s], &b.end[s]
		attempt := int64(0)
		for k, i := range seg {
			if ev.from.Value(int(i)) == "CREATED" && !submit.OK {
				*submit = jsontext.OptInt{V: times[i], OK: true}
			}
			*end = jsontext.OptInt{V: times[i], OK: true}
			if ev.to.Value(int(i)) != "RUNNING" {
				continue
			}
			if !start.OK {
				*start = jsontext.OptInt{V: times[i], OK: true}
			}
			attempt++
			t.job.AddInt(jid, &b.scratch)
			t.task.Add(jid)
			t.attempt.Add(attempt)
			t.id.Add(ids[i])
			t.submit.Opt(submit.V, submit.OK)
			t.start.Add(times[i])
			t.nodes.Opt(ev.nodes.V[i], ev.nodes.OK[i])
			t.rows = append(t.rows, row)
			state, raw, reason := "running", "", ""
			var stop, exit jsontext.OptInt
			for _, n := range seg[k+1:] {
				if ev.from.Value(int(n)) != "RUNNING" {
					continue
				}
				raw = ev.to.Value(int(n))
				stop = jsontext.OptInt{V: times[n], OK: true}
				switch raw {
				case "RUN_DONE":
					state = "success"
				case "RUN_ERROR":
					state = "failed"
					exit = jsontext.OptInt{V: ev.rc.V[n], OK: ev.rc.OK[n]}
					reason = ev.errT.Value(int(n))
				case "RUN_TIMEOUT":
					state = "timeout"
				default:
					state = strings.ToLower(raw)
				}
				break
			}
			t.end.Opt(stop.V, stop.OK)
			t.state.Add(state)
			t.raw.Opt(raw, stop.OK)
			t.exit.Opt(exit.V, exit.OK)
			t.reason.Opt(reason, reason != "")
		}
	}
	return t
}

// eventsByJob orders the events by job: order holds, for each slot s,
// the indexes of its events at order[first[s]:first[s+1]], sorted by
// time then id (stable); slots are the slots with events, by job id.
func (b *balsamBuilder) eventsByJob() (order, first, slots []int32) {
	nSlots := len(b.slotJob)
	// bucket the events by slot, in input order, then sort each bucket
	first = make([]int32, nSlots+1)
	for _, s := range b.evSlot {
		first[s+1]++
	}
	for s := 0; s < nSlots; s++ {
		first[s+1] += first[s]
	}
	order = make([]int32, len(b.evSlot))
	next := append([]int32(nil), first[:nSlots]...)
	for i, s := range b.evSlot {
		order[next[s]] = int32(i)
		next[s]++
	}
	times, ids := b.ev.time.V, b.ev.id.V
	before := func(x, y int32) bool {
		if times[x] != times[y] {
			return times[x] < times[y]
		}
		return ids[x] < ids[y]
	}
	for s := 0; s < nSlots; s++ {
		seg := order[first[s]:first[s+1]]
		if len(seg) == 0 {
			continue
		}
		slots = append(slots, int32(s))
		if len(seg) <= 16 {
			for i := 1; i < len(seg); i++ { // insertion sort: stable
				for k := i; k > 0 && before(seg[k], seg[k-1]); k-- {
					seg[k], seg[k-1] = seg[k-1], seg[k]
				}
			}
		} else {
			sort.SliceStable(seg, func(x, y int) bool { return before(seg[x], seg[y]) })
		}
	}
	sort.Slice(slots, func(x, y int) bool { return b.slotJob[slots[x]] < b.slotJob[slots[y]] })
	return order, first, slots
}

func (t *balsamAttempts) frame(b *balsamBuilder, keys []string) *frame.Frame {
	n := len(t.task.V)
	cols := []frame.Column{columns.Repeat("source", "balsam", n), t.job.Col("job"), t.task.Col("task"), t.attempt.Col("attempt"),
		frame.StringCol("worker", make([]string, n), make([]bool, n))}
	batch := b.jb.batch.Gather(t.rows)
	cols = append(cols, batch.Col("batch_job"),
		t.submit.Times("submit"), t.start.Times("start"), t.end.Times("end"), t.state.Col("state"), t.raw.Col("raw_state"),
		t.exit.Col("exit_code"), t.reason.Col("reason"), t.nodes.Col("req_nodes"), t.id.Col("start_event"))
	return frame.New(append(cols, b.jobTagColumns(t.rows, keys)...)...)
}
