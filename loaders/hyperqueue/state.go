package hyperqueue

// What the loader holds while it reads a journal: tasks submitted,
// workers, attempts and their shares, jobs, allocations, queues.

import (
	"regexp"
	"strings"

	"github.com/jobframe/jobframe/loaders/internal/arena"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/internal/resume"
	"github.com/jobframe/jobframe/loaders/internal/words"
	"github.com/jobframe/jobframe/loaders/source"
)

type journalLine struct {
	Event *journalEvent `json:"event"`
	Time  string        `json:"time"`
}

type taskKey struct{ job, task int64 }

// submitted is one job-created's task set and request.
type submitted struct {
	ranges   [][3]int64 // start, count (span), step
	graph    bool
	variants []request
	submit   int64
	line     int
}

func (s *submitted) has(task int64) bool {
	for _, r := range s.ranges {
		start, count, step := r[0], r[1], r[2]
		if step <= 0 {
			step = 1
		}
		if task >= start && task < start+count && (task-start)%step == 0 {
			return true
		}
	}
	return false
}

type workerState struct {
	id                  int64
	host, group, addr   string
	alloc, manager, pid string
	connected, lost     int64
	lostOK              bool
	reason              string
	amounts             map[string]float64 // resource name -> units
	cpus, gpus, memMB   float64
	interval            float64
	hasInterval         bool
	connLine, lostLine  int
}

type workerShare struct {
	worker            int64
	cpus, gpus, memMB float64
	end               int64
	endLine           int
	state             int32 // in loader.words
	open              bool
}

// exitCodeText finds the exit code in a task-failed error text, which HQ
// writes as "Program terminated with exit code N." (the journal has no
// exit-code field).
var exitCodeText = regexp.MustCompile(`exit code (-?[0-9]+)`)

// exitCodesIn is exitCodeText.FindStringSubmatch, skipping the regexp for
// the texts (nearly all, and every empty one) that cannot match.
func exitCodesIn(reason string) []string {
	if !strings.Contains(reason, "exit code ") {
		return nil
	}
	return exitCodeText.FindStringSubmatch(reason)
}

// attemptState is one run of a task. A run on one worker (the journal's
// bulk) keeps only that worker's id: its share is the attempt's own
// request, end and state (loader.share builds it); a multi-node run
// keeps a share per worker, as a worker that leaves it closes only its
// own. It holds no pointer (texts by code, shares by index), so the
// blocks of a million attempts are not scanned by the garbage collector.
type attemptState struct {
	key                      taskKey
	attempt, instance        int64
	submit                   int64
	start, end               int64
	startLine, endLine       int
	reqCPUs, reqGPUs, reqMem float64
	reqNodes, variant        int64
	worker                   int64 // the worker it ran on (hasWorker, multi 0)
	multi                    int32 // 1 + its index in loader.multi when it ran on several workers
	// state, raw state, failure reason and policy, in loader.words
	state, rawState, reason, policy int32
	hasInstance, hasSubmit          bool
	hasWorker                       bool
	open, estimated                 bool
}

// shares returns the per-worker shares of an attempt that ran on several
// workers, root first; nil for one on a single worker (or none).
func (h *loader) shares(a *attemptState) []workerShare {
	if a.multi == 0 {
		return nil
	}
	return h.multi[a.multi-1]
}

// nShares returns the number of workers the attempt ran on.
func (h *loader) nShares(a *attemptState) int {
	switch {
	case a.multi != 0:
		return len(h.multi[a.multi-1])
	case a.hasWorker:
		return 1
	}
	return 0
}

// share returns the attempt's share of its i-th worker (0: the root).
func (h *loader) share(a *attemptState, i int) workerShare {
	if a.multi != 0 {
		return h.multi[a.multi-1][i]
	}
	return workerShare{worker: a.worker, cpus: a.reqCPUs, gpus: a.reqGPUs, memMB: a.reqMem,
		end: a.end, endLine: a.endLine, state: a.state, open: a.open}
}

type jobState struct {
	id              int64
	name, submitDir string
	submit          int64
	end             int64
	ended           bool
	canceled        bool
	cancelReason    string
	submits         int64
	nTasks          int64
	graph           bool
	maxFails        int64
	hasMaxFails     bool
	priority        int64
	hasPriority     bool
	crashLimit      string
	timeLimit       float64
	hasTimeLimit    bool
	line            int
}

type allocState struct {
	id, manager, queueName string
	queue, nodes           int64
	queued, start, end     int64
	hasStart, hasEnd       bool
	timeLimit              float64
	hasTimeLimit           bool
}

type queueState struct {
	manager, name string
	timeLimit     float64
	hasTimeLimit  bool
}

// loader is the journal's state machine. Its fields tagged
// `snap:"-"` are set from the options, or are caches and the rows of the
// batch being built; the others are what a checkpoint keeps
// (checkpoint.go).
type loader struct {
	p        source.Problems
	want     map[string]bool `snap:"-"` // frames to build (nil: all)
	attempts []*attemptState
	arena    arena.Arena[attemptState] `snap:"-"`
	multi    [][]workerShare           // the shares of the attempts on several workers
	words    words.Table               // the attempts' states, policies and reasons
	// wopen lists, per worker, the attempts started on it in start order;
	// closed ones are skipped lazily, dropped when the list doubles, and
	// all dropped when the worker is lost.
	wopen  openLists
	byTask taskIndex // each task's latest attempt
	// the last job submitFor looked up, and its submits (runs of one
	// job's tasks skip the map)
	subJob  int64        `snap:"-"`
	subList []*submitted `snap:"-"`
	subOK   bool         `snap:"-"`
	workers []*workerState
	wmap    map[int64]*workerState
	jobs    []*jobState
	jmap    map[int64]*jobState
	submits map[int64][]*submitted
	queues  map[int64]*queueState
	allocs  []*allocState
	amap    map[string]*allocState
	unknown map[string]int
	span    source.LogSpan
	scratch []byte `snap:"-"` // addInt's

	ev   *eventCols `snap:"-"`
	perf perfCols   `snap:"-"`
	// skim counts the events when they are wanted for their span alone
	// (skimsEvents): none is then stored
	skim source.Skim `snap:"-"`

	// the tasks and placements frames' rows of the attempts spilled so
	// far (nil: the frame is not wanted), and the closed attempts that
	// stand in the task index for spilled ones, by attempt number
	// (spill.go)
	taskOut  *taskRows      `snap:"-"`
	placeOut *placementRows `snap:"-"`
	// keeps says which columns of the tasks, placements and events are
	// built (Options.Columns and Omit): the others are not (a report
	// of the 10M-task journal reads the events' times alone)
	keeps      func(frame, col string) bool `snap:"-"`
	closed     []*attemptState
	spillLines int `snap:"-"` // lines between two spills
	// the input's size when known, the bytes of the lines read, and
	// whether the frames' columns have been sized from them (reserve)
	inputSize, bytesRead int64 `snap:"-"`
	reserved             bool
	// taskRoom and placeRoom are the rows the tasks' and placements'
	// columns have room for (room)
	taskRoom, placeRoom int `snap:"-"`
	sinceSpill          int

	// batch and batchRows are Options.Batch and its size; sinceFlush
	// counts the lines read since the last batch; checkpoints is
	// Options.Checkpoints, and pos where the line being applied ends.
	batch       func(*source.Dataset) error `snap:"-"`
	batchRows   int                         `snap:"-"`
	sinceFlush  int
	checkpoints bool             `snap:"-"`
	pos         records.Position `snap:"-"`
	key         string           // the options' source.ResumeKey
	saver       resume.Saver     `snap:"-"`
}

// eventCols holds the events frame's columns as the lines are read:
// those keep refuses are nil, and take no rows.
type eventCols struct {
	s                columns.Set
	n                int
	keep             func(col string) bool
	line, time       *columns.DenseInt
	typ, job, worker *columns.Str
	data             *columns.Text
	task, instance   *columns.Int
}

// newEventCols returns the events frame's builders, of the columns keep
// allows (Options.Columns and Omit). The line is kept with the data,
// whose cut (past Arrow's 2 GiB) names the line of its first row.
func newEventCols(keep func(col string) bool) *eventCols {
	e := &eventCols{keep: keep}
	s := &e.s
	s.Keep = func(col string) bool { return keep(col) || col == "line" && keep("data") }
	e.time, e.typ, e.job, e.task = s.DenseTime("time"), s.Str("type"), s.Str("job"), s.Int("task")
	e.instance, e.worker = s.Int("instance"), s.Str("worker")
	e.data = s.Text("data")
	e.line = s.DenseInt("line")
	return e
}

// reserve makes room for n more rows and size bytes of text.
func (e *eventCols) reserve(n, size int) {
	e.s.Reserve(n)
	if e.data != nil {
		e.data.Reserve(n, size)
	}
}

// fresh returns empty events columns with room for an eighth more rows
// and text than e holds, for the next batch of a stream: grown from
// nothing, a batch's columns were copied and cleared again at every
// doubling.
func (e *eventCols) fresh() *eventCols {
	out := newEventCols(e.keep)
	text := 0
	if e.data != nil {
		_, text = e.data.Size()
	}
	out.reserve(e.n+e.n/8, text+text/8)
	return out
}

// perfCols holds the perf frame's columns as the overviews are read.
type perfCols struct {
	time, line                        columns.Int
	worker                            columns.Str
	cpuPct, gpuPct, gpuMemPct         columns.Float
	cores, memTotal, memFree, memUsed columns.Int
	rx, tx, gpus                      columns.Int
}
