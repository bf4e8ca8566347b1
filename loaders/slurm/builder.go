package slurm

import (
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
	at   rowFields
	// Per row: the JobID's parts, the state in the vocabulary, the
	// attempt (the n-th row of one JobID, as sacct --duplicates prints a
	// requeued job) and the line it starts on.
	job, step, arrayJob, hetJob, status columns.Str
	task, arrayTask, hetComp            columns.Int
	attempt, line                       columns.DenseInt
	isStep                              []bool
	idHash                              []uint64 // of each row's JobID, for numberAttempts
	rows                                int

	// The readings of TRES and node lists the frame builders made, by
	// text (see cacheLimit).
	tresCache map[string]tres
	hostCache map[string][]string
	keys      []jobKey // jobKeys, once made

	pend, pendBuf []byte // a record whose lines are being joined
	pendLine      int
	scratch       record
}

func newBuilder(l *layout) *builder {
	return &builder{lay: l, cols: make([]fieldCol, len(l.specs)), at: findRowFields(l)}
}

// rowFields are the positions (-1: absent) of the fields that the frame
// builders read row by row, found once rather than by name per row.
type rowFields struct {
	nodeList, reqMem, reqTRES, allocTRES int
	allocCPUs                            []int // AllocCPUS, NCPUS: the CPUs a row was given
	cpus, nodes                          []int // the counts ReqMem's c and n multiply by
}

func findRowFields(l *layout) rowFields {
	present := func(names ...string) []int {
		var out []int
		for _, n := range names {
			if i := l.field(n); i >= 0 {
				out = append(out, i)
			}
		}
		return out
	}
	return rowFields{
		nodeList: l.field("nodelist"), reqMem: l.field("reqmem"), reqTRES: l.field("reqtres"), allocTRES: l.field("alloctres"),
		allocCPUs: present("alloccpus", "ncpus"),
		cpus:      present("alloccpus", "ncpus", "reqcpus"),
		nodes:     present("allocnodes", "nnodes", "reqnodes"),
	}
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
		case kDuration:
			c.flt.Opt(v.f, v.ok)
		case kSizeK, kSizeM:
			c.flt.Opt(v.f, v.ok)
			c.aux.Opt(v.j, v.j != 0) // ReqMem's c or n
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
	b.idHash = append(b.idHash, r.idHash)
	b.line.Add(int64(n))
	b.isStep = append(b.isStep, id.step != "")
	b.rows++
}
