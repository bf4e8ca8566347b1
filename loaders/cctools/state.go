package cctools

// What the transaction-log engine keeps: tasks, workers, and the
// frames being built.

import (
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/internal/resume"
	"github.com/jobframe/jobframe/loaders/internal/words"
	"github.com/jobframe/jobframe/loaders/source"
)

// taskState is what the state machine keeps of a task: the values its
// next attempt starts with, and of its current attempt (the latest, whose
// row later records may still change) what decides those changes. The
// attempts' values themselves are in the rows (attemptRows).
type taskState struct {
	taskQueue
	id       int64
	run      int64
	idx      int32 // slot in txnLoader.tasks
	on       int32 // 1 + the place in txnLoader.workers of the known worker the current attempt runs on, while open; 0 for none
	attempts int32
	cur      int32 // row of the current attempt; -1 for none
	done     int32 // txnLoader.words code of the DONE or CANCELED word; 0 for none
	library  bool
	// of the current attempt
	open, hasRetrieval, retrieved, hasMeasured bool
	// handed over in the batch being built (streaming)
	final bool
}

type workerState struct {
	idx          int32 // place in txnLoader.workers
	run          int64
	id, addr     string
	connected    int64
	hasConnected bool
	lost         int64
	hasLost      bool
	reason       string
	res          box
	// the tasks whose current attempt runs here; its keys point into
	// txnLoader.tasks, so a checkpoint leaves it out and resume rebuilds
	// it from the tasks' on
	open map[*taskState]bool `snap:"-"`
}

// txnLoader is the state of one load. The fields tagged `snap:"-"` are
// set from the options, or are buffers, or are what the line being
// applied holds; the others are what a checkpoint keeps (checkpoint.go).
type txnLoader struct {
	p source.Problems
	// latest is the latest record time so far (µs); stepsBack counts the
	// records before it (a manager's clock set back), noted as warnings.
	latest     int64
	stepsBack  int
	recordTime int64           `snap:"-"` // the time of the record being applied, -1 before it reads
	want       map[string]bool `snap:"-"`
	// whether the events and transfers frames are wanted: asked of
	// nearly every line, and a map lookup each time was 4% of a Work
	// Queue load's CPU
	wantEvents, wantTransfers bool `snap:"-"`
	// vineKeys[k]: 0 not yet asked, 1 key k of syms is no TaskVine
	// measurement, 2 it is one (isVineKey)
	vineKeys    []int8         `snap:"-"`
	opts        source.Options `snap:"-"` // for Columns
	intern      map[string]string
	syms        *symbols
	scratch     []resource      `snap:"-"`
	rawBuf      []rawResource   `snap:"-"`
	xlates      []symXlate      `snap:"-"` // the decoders' numbers in syms (translate)
	interned    [2]internedTail `snap:"-"` // the last objects checked, by place on their line
	pre         *txnLine        `snap:"-"` // the line being applied, when it is a TASK record
	meas        *measuredCols
	run         int64
	tv          bool                  // TaskVine markers seen
	ids         map[int64]*taskTable  // the tasks of each run by id
	tasks       slab[taskState]       // the tasks that have had a record other than WAITING/READY
	queued      slab[queuedTask]      // the tasks queued once, with no other record yet
	shapes      []queuedShape         // what those asked for
	shapeIndex  map[queuedShape]int32 // places in shapes
	rows        *attemptRows          // the tasks frame, a row per attempt
	queueDetail bool                  // whether a kept column needs a queued task's time and request
	words       words.Table           // categories and result words of tasks
	boxes       []box                 // the distinct requests of tasks
	boxIndex    map[box]int32         // their places in boxes
	workers     []*workerState
	wByID       map[string]*workerState
	wByAddr     map[string]*workerState
	unknown     map[string]int
	// buffer reused from line to line
	tailBuf []string `snap:"-"`
	span    source.LogSpan
	line    int        // the number of the line being applied
	ev      *eventCols `snap:"-"` // empty at a checkpoint: made anew by the load
	// skim counts the events when they are wanted for their span alone
	// (Options.SkimsRows): none is then stored
	skim source.Skim `snap:"-"`
	xfer transferCols
	cat  categoryCols
	// records of tasks handed over before (see seen): how many, and the
	// first one's line and task id
	reseen, reseenLine int
	reseenID           int64
	stream             txnStream
	key                string       // the options' source.ResumeKey
	saver              resume.Saver `snap:"-"`
	// checkpoints is Options.Checkpoints; pos is where the line being
	// applied ends
	checkpoints bool             `snap:"-"`
	pos         records.Position `snap:"-"`
}

// eventCols holds the events frame's columns as the lines are read:
// those keep refuses are nil, and take no rows (a report reads the
// times alone, not the 2 GiB of text of a 1M-task log's records).
type eventCols struct {
	s               columns.Set
	n               int
	keep            func(col string) bool
	time, run, line *columns.Int
	kind, id, state *columns.Str
	data            *columns.Text
}

// newEventCols returns the events frame's builders, of the columns keep
// allows (Options.Columns and Omit). The line is kept with the data,
// whose cut (past Arrow's 2 GiB) names the line of its first row.
func newEventCols(keep func(col string) bool) *eventCols {
	e := &eventCols{keep: keep}
	s := &e.s
	s.Keep = func(col string) bool { return keep(col) || col == "line" && keep("data") }
	e.time, e.run, e.kind, e.id, e.state = s.Time("time"), s.Int("run"), s.Str("type"), s.Str("id"), s.Str("state")
	e.data = s.Text("data")
	e.line = s.Int("line")
	return e
}

// fresh returns empty events columns with room for an eighth more rows
// and text than e holds. A batch's events are about as many as the last
// one's; grown from nothing, its columns were copied and cleared again
// at every doubling (5% of a Work Queue ingest's CPU).
func (e *eventCols) fresh() *eventCols {
	out := newEventCols(e.keep)
	rows := e.n + e.n/8
	out.s.Reserve(rows)
	if e.data != nil {
		_, text := e.data.Size()
		out.data.Reserve(rows, text+text/8)
	}
	return out
}

// frame returns the events frame of the rows added, of the columns
// built; a data column past Arrow's 2 GiB string limit is reported to p.
func (e *eventCols) frame(p *source.Problems) *frame.Frame {
	if e.data != nil && e.data.Cut > 0 {
		columns.TextCut(p, schema.Events, "data", e.data, int(e.line.V[e.data.FirstCut]))
	}
	return e.s.Frame(e.n)
}

// transferCols holds the transfers frame's columns.
type transferCols struct {
	time, run, task, bytes, start columns.Int
	kind, dir, worker, file       columns.Str
	wall, mb                      columns.Float
	cached                        columns.Bool
}

// fresh returns empty transfers columns with room for an eighth more
// rows than t holds (see eventCols.fresh).
func (t *transferCols) fresh() transferCols {
	var out transferCols
	rows := len(t.time.V)
	out.reserve(rows + rows/8)
	return out
}

// reserve makes room for n more rows in every column.
func (t *transferCols) reserve(n int) {
	columns.Reserve(n, &t.time, &t.run, &t.task, &t.bytes, &t.start, &t.kind, &t.dir, &t.worker, &t.file, &t.wall, &t.mb, &t.cached)
}

// categoryCols holds the categories frame's columns.
type categoryCols struct {
	time, run              columns.Int
	name, kind, mode       columns.Str
	cores, mem, disk, gpus columns.Float
}
