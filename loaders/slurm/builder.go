package slurm

import (
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/columns"
)

// fieldCol holds one header field's values, typed by its kind.
type fieldCol struct {
	str columns.Str   // text, free text, states, JobIDs, TRES, node lists
	num columns.Int   // integers, times (µs), exit statuses
	aux columns.Int   // exit signals; ReqMem's per-core (c) or per-node (n) letter
	flt columns.Float // durations (s), sizes (MiB)
}

// builder accumulates the records of one file, row by row.
type builder struct {
	lay  *layout
	cols []fieldCol
	// Per row: the JobID's parts, the state in the vocabulary, the
	// attempt (the n-th row of one JobID, as sacct --duplicates prints a
	// requeued job) and the line it starts on.
	job, step, arrayJob, hetJob, status columns.Str
	task, arrayTask, hetComp            columns.Int
	attempt, line                       columns.DenseInt
	isStep                              []bool
	attempts                            map[string]int64
	rows                                int

	pend, pendBuf []byte // a record whose lines are being joined
	pendLine      int
	scratch       record
}

func newBuilder(l *layout) *builder {
	return &builder{lay: l, cols: make([]fieldCol, len(l.specs)), attempts: map[string]int64{}}
}

// add appends a decoded record that starts on line n.
func (b *builder) add(line []byte, n int, r *record) {
	for i, s := range b.lay.specs {
		c, v := &b.cols[i], r.vals[i]
		switch s.kind {
		case kTime, kInt:
			c.num.Opt(v.i, v.ok)
		case kExit:
			c.num.Opt(v.i, v.ok)
			c.aux.Opt(v.j, v.ok)
		case kDuration, kSizeK, kSizeM:
			c.flt.Opt(v.f, v.ok)
			c.aux.Opt(v.j, v.j != 0)
		default:
			text := r.text(line, i)
			c.str.Opt(text, text != "")
		}
	}
	id := r.id
	b.job.Add(id.job)
	b.step.Opt(id.step, id.step != "")
	b.task.Opt(id.stepNum, id.step != "")
	b.arrayJob.Opt(id.arrayJob, id.arrayJob != "")
	b.arrayTask.Opt(id.arrayTask, id.hasTask)
	b.hetJob.Opt(id.hetJob, id.hetJob != "")
	b.hetComp.Opt(id.hetComp, id.hetJob != "")
	b.status.Opt(r.state, r.state != "")
	key := r.text(line, b.lay.idField)
	a, seen := b.attempts[key]
	if !seen {
		key = strings.Clone(key)
	}
	b.attempts[key] = a + 1
	b.attempt.Add(a + 1)
	b.line.Add(int64(n))
	b.isStep = append(b.isStep, id.step != "")
	b.rows++
}
