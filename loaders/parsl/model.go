package parsl

import (
	"database/sql/driver"
	"fmt"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/loaders/source"
)

// num is an optional integer (a time in µs, a count).
type num struct {
	v  int64
	ok bool
}

// flt is an optional real.
type flt struct {
	v  float64
	ok bool
}

// run is a row of the workflow table: one run of a Parsl program.
type run struct {
	id, name, version, host, user, rundir string
	began, completed                      num
	failed, done                          num  // tasks_failed_count, tasks_completed_count
	beganEpoch                            bool // time_began was seconds since the epoch (2019)
}

// task is a row of the task table.
type task struct {
	fn, executor, depends, memoize, hashsum, stdout, stderr string
	deps                                                    []int64 // depends, read
	invoked, returned                                       num
	failCount                                               num
	failCost                                                flt
}

// key names a try: its run (index in model.runs), task and try ids.
type key struct {
	run       int
	task, try int64
}

// try is a row of the try table (or, in the 2019 schema, the task's
// only try, made from its task row and statuses).
type try struct {
	block, host, executor, history, joins string
	launched, running, returned           num
}

// status is a row of the status table.
type status struct {
	key  key
	name string
	at   num
}

// sample is a row of the resource table.
type sample struct {
	key                                                       key
	at                                                        num
	pid                                                       num
	user, system, rss, vms, read, write, cpuPct, memPct, kids flt
	interval, ctxVoluntary, ctxInvoluntary                    flt
	state, cpuNum                                             string
}

// node is a row of the node table: a manager's registration or its
// loss (active false).
type node struct {
	run                     int
	host, uid, block        string
	cpus, workers, memBytes num
	active                  bool
	activeOK                bool
	python                  string
	at, heartbeat           num
}

// blockRow is a row of the block table: a status of a block (a batch
// job of an executor's provider).
type blockRow struct {
	run                            int
	executor, block, job, statusOf string
	at                             num
}

// model is what the tables hold, keyed for the frames.
type model struct {
	runs     []*run
	runIndex map[string]int
	tasks    map[key]*task // try 0 of each task's key
	tries    map[key]*try
	statuses []status
	samples  []sample
	nodes    []node
	blocks   []blockRow
	hasTry   bool // the try table exists (Parsl 1.0 and later)
	orphans  map[string]bool
	// sets are the frames' columns to build: those the load keeps
	// (columns.NewSets, made before the frames are built at once)
	sets columns.Sets
}

// runOf returns the index of run id, adding a run for an id that the
// workflow table does not list (a warning says so once).
func (m *model) runOf(id string, p *source.Problems, table string) int {
	if i, ok := m.runIndex[id]; ok {
		return i
	}
	m.runIndex[id] = len(m.runs)
	m.runs = append(m.runs, &run{id: id})
	if !m.orphans[id] {
		m.orphans[id] = true
		p.Note(0, table+".run_id", id, "a run the workflow table does not list: its rows are kept as a run of their own, without a name or times")
	}
	return m.runIndex[id]
}

// orderRuns sorts the runs of the workflow table by their start, then
// id; it is called before the other tables add runs of their own.
func (m *model) orderRuns() {
	sort.SliceStable(m.runs, func(a, b int) bool {
		ra, rb := m.runs[a], m.runs[b]
		if ra.began.ok != rb.began.ok || ra.began.v != rb.began.v {
			return ra.began.ok && (!rb.began.ok || ra.began.v < rb.began.v)
		}
		return ra.id < rb.id
	})
	for i, r := range m.runs {
		m.runIndex[r.id] = i
	}
}

// record names a row of a table in messages: table[col=value, ...].
func record(table string, cols []string, v []driver.Value, keys ...int) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		s, _ := text(v[k])
		parts[i] = cols[k] + "=" + source.Clip(s, 40)
	}
	return fmt.Sprintf("%s[%s]", table, strings.Join(parts, ", "))
}

// noteZone warns of the zone times without one were read in, when no
// zone was given.
func (rd *reader) noteZone(p *source.Problems) {
	switch {
	case !rd.naive || !rd.inferZone:
	case rd.zoneNote != "":
		p.Note(0, "", "", rd.zoneNote)
	default:
		p.Note(0, "", "", "Parsl writes its times in the local time of the host that ran it, without a zone: read as UTC (set JOBFRAME_TZ, or Options.TimeZone, to that host's zone)")
	}
}

// taskKeys lists the keys of the task table's rows in run and task
// order.
func (m *model) taskKeys() []key {
	out := make([]key, 0, len(m.tasks))
	for k := range m.tasks {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return less(out[i], out[j]) })
	return out
}
