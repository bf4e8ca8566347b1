package hyperqueue

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	json "github.com/goccy/go-json"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/arena"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/internal/resume"
	"github.com/jobframe/jobframe/loaders/internal/words"
	"github.com/jobframe/jobframe/loaders/source"
)

type hqTaskRef struct {
	JobID     jsontext.Int64 `json:"job_id"`
	JobTaskID jsontext.Int64 `json:"job_task_id"`
}

type hqDuration struct {
	Secs  jsontext.Int64 `json:"secs"`
	Nanos jsontext.Int64 `json:"nanos"`
}

func (d *hqDuration) seconds() (float64, bool) {
	if d == nil {
		return 0, false
	}
	return float64(d.Secs) + float64(d.Nanos)/1e9, true
}

type hqKind struct {
	List *struct {
		Values []string `json:"values"`
	} `json:"List"`
	Groups *struct {
		Groups [][]string `json:"groups"`
	} `json:"Groups"`
	Range *struct {
		Start jsontext.Int64 `json:"start"`
		End   jsontext.Int64 `json:"end"`
	} `json:"Range"`
	Sum *struct {
		Size jsontext.Int64 `json:"size"`
	} `json:"Sum"`
}

// amount returns the number of units a resource descriptor provides.
func (k hqKind) amount() (float64, bool) {
	switch {
	case k.List != nil:
		return float64(len(k.List.Values)), true
	case k.Groups != nil:
		n := 0
		for _, g := range k.Groups.Groups {
			n += len(g)
		}
		return float64(n), true
	case k.Range != nil:
		return float64(k.Range.End - k.Range.Start + 1), true
	case k.Sum != nil:
		return float64(k.Sum.Size) / 10000, true
	}
	return 0, false
}

// badAmount reports the first resource of a worker's configuration
// whose amount would be negative (an inverted Range, a negative Sum):
// its field path and text.
func (c *hqConfig) badAmount() (field, text string, bad bool) {
	if c == nil {
		return "", "", false
	}
	for i, r := range c.Resources.Resources {
		k := r.Kind
		switch {
		case k.Range != nil && k.Range.End < k.Range.Start:
			return fmt.Sprintf("configuration.resources.resources[%d].kind.Range", i), fmt.Sprintf(`{"start":%d,"end":%d}`, k.Range.Start, k.Range.End), true
		case k.Sum != nil && k.Sum.Size < 0:
			return fmt.Sprintf("configuration.resources.resources[%d].kind.Sum", i), fmt.Sprintf(`{"size":%d}`, k.Sum.Size), true
		}
	}
	return "", "", false
}

type hqConfig struct {
	Hostname      string            `json:"hostname"`
	Group         string            `json:"group"`
	ListenAddress string            `json:"listen_address"`
	Extra         map[string]string `json:"extra"`
	Resources     struct {
		Resources []struct {
			Name string `json:"name"`
			Kind hqKind `json:"kind"`
		} `json:"resources"`
	} `json:"resources"`
	Overview *struct {
		SendInterval *hqDuration `json:"send_interval"`
	} `json:"overview_configuration"`
	TimeLimit *hqDuration `json:"time_limit"`
}

type hqPolicy struct {
	name   string // "All", "Compact", ...
	amount float64
}

func (p *hqPolicy) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &p.name)
	}
	var m map[string]int64
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	if len(m) != 1 {
		return fmt.Errorf("policy object with %d keys", len(m))
	}
	for k, v := range m {
		p.name, p.amount = k, float64(v)/10000
	}
	return nil
}

type hqRequest struct {
	NNodes    jsontext.Int64 `json:"n_nodes"`
	Resources []struct {
		Policy   hqPolicy `json:"policy"`
		Resource string   `json:"resource"`
	} `json:"resources"`
}

type hqTaskDesc struct {
	IDs *struct {
		Ranges []struct {
			Start jsontext.Int64 `json:"start"`
			Count jsontext.Int64 `json:"count"`
			Step  jsontext.Int64 `json:"step"`
		} `json:"ranges"`
	} `json:"ids"`
	NTasks    *jsontext.Int64 `json:"n_tasks"`
	Resources *struct {
		Variants []hqRequest `json:"variants"`
	} `json:"resources"`
	Priority   *jsontext.Int64 `json:"priority"`
	TimeLimit  *hqDuration     `json:"time_limit"`
	CrashLimit json.RawMessage `json:"crash_limit"`
}

type hqEvent struct {
	Type      *string         `json:"type"`
	Job       jsontext.OptInt `json:"job"`
	JobID     jsontext.OptInt `json:"job_id"`
	JobIDDash jsontext.OptInt `json:"job-id"`
	Task      jsontext.OptInt `json:"task"`
	Instance  jsontext.OptInt `json:"instance"`
	Worker    jsontext.OptInt `json:"worker"`
	Workers   jsontext.Int64s `json:"workers"`
	Variant   jsontext.OptInt `json:"variant"`
	ID        jsontext.OptInt `json:"id"`
	Reason    *string         `json:"reason"`
	Error     *string         `json:"error"`
	Tasks     []hqTaskRef     `json:"tasks"`
	Config    *hqConfig       `json:"configuration"`
	HwState   *struct {
		State *hqHwState `json:"state"`
	} `json:"hw-state"`
	JobDesc *struct {
		MaxFails jsontext.OptInt `json:"max_fails"`
		Name     string          `json:"name"`
	} `json:"job_desc"`
	Desc *struct {
		Name string `json:"name"`
	} `json:"desc"`
	SubmitDesc *struct {
		SubmitDir string     `json:"submit_dir"`
		TaskDesc  hqTaskDesc `json:"task_desc"`
	} `json:"submit_desc"`
	Name         *string         `json:"name"`
	MaxFails     *jsontext.Int64 `json:"max_fails"`
	QueueID      jsontext.OptInt `json:"queue-id"`
	AllocationID *string         `json:"allocation-id"`
	WorkerCount  jsontext.OptInt `json:"worker-count"`
	Params       *struct {
		Manager   string      `json:"manager"`
		Name      *string     `json:"name"`
		TimeLimit *hqDuration `json:"timelimit"`
	} `json:"params"`
}

type hqHwState struct {
	CPU *struct {
		PerCore []float64 `json:"cpu_per_core_percent_usage"`
	} `json:"cpu_usage"`
	Memory *struct {
		Free  jsontext.Int64 `json:"free"`
		Total jsontext.Int64 `json:"total"`
	} `json:"memory_usage"`
	Net *struct {
		RxBytes jsontext.Int64 `json:"rx_bytes"`
		TxBytes jsontext.Int64 `json:"tx_bytes"`
	} `json:"network_usage"`
	Nvidia *hqGPUs `json:"nvidia_gpus"`
	AMD    *hqGPUs `json:"amd_gpus"`
}

type hqGPUs struct {
	GPUs []struct {
		MemUsage       float64 `json:"mem_usage"`
		ProcessorUsage float64 `json:"processor_usage"`
	} `json:"gpus"`
}

// typeError names the field of a journal line whose value has another
// JSON type than the journal's (an array given as a string): the
// standard library's decoder, run only on a line the fast one refused,
// says which field it was.
func typeError(line []byte) (field, text, want string, ok bool) {
	var probe hqLine
	err := stdjson.Unmarshal(line, &probe)
	var nn *jsontext.NotNumberError
	if errors.As(err, &nn) { // an integer field given another value
		if key := jsontext.KeyOf(line, nn.Text); key != "" {
			return key, nn.Text, "an integer", true
		}
	}
	var te *stdjson.UnmarshalTypeError
	if !errors.As(err, &te) || te.Field == "" {
		return "", "", "", false
	}
	kind := map[reflect.Kind]string{reflect.Slice: "an array", reflect.Map: "an object", reflect.Struct: "an object",
		reflect.String: "a string", reflect.Bool: "true or false", reflect.Pointer: "an object"}[te.Type.Kind()]
	if kind == "" {
		kind = "a number"
	}
	return te.Field, string(line), fmt.Sprintf("%s (not %s %s)", kind, article(te.Value), te.Value), true
}

// article is "a" or "an" before word.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

type hqLine struct {
	Event *hqEvent `json:"event"`
	Time  string   `json:"time"`
}

type taskKey struct{ job, task int64 }

// hqSubmit is one job-created's task set and request.
type hqSubmit struct {
	ranges   [][3]int64 // start, count (span), step
	graph    bool
	variants []hqRequest
	submit   int64
	line     int
}

func (s *hqSubmit) has(task int64) bool {
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

type hqWorker struct {
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

type hqShare struct {
	worker            int64
	cpus, gpus, memMB float64
	end               int64
	endLine           int
	state             int32 // in hqLoader.words
	open              bool
}

// hqExitCode finds the exit code in a task-failed error text, which HQ
// writes as "Program terminated with exit code N." (the journal has no
// exit-code field).
var hqExitCode = regexp.MustCompile(`exit code (-?[0-9]+)`)

// hqExitCodeIn is hqExitCode.FindStringSubmatch, skipping the regexp for
// the texts (nearly all, and every empty one) that cannot match.
func hqExitCodeIn(reason string) []string {
	if !strings.Contains(reason, "exit code ") {
		return nil
	}
	return hqExitCode.FindStringSubmatch(reason)
}

// hqAttempt is one run of a task. A run on one worker (the journal's
// bulk) keeps only that worker's id: its share is the attempt's own
// request, end and state (hqLoader.share builds it); a multi-node run
// keeps a share per worker, as a worker that leaves it closes only its
// own. It holds no pointer (texts by code, shares by index), so the
// blocks of a million attempts are not scanned by the garbage collector.
type hqAttempt struct {
	key                      taskKey
	attempt, instance        int64
	submit                   int64
	start, end               int64
	startLine, endLine       int
	reqCPUs, reqGPUs, reqMem float64
	reqNodes, variant        int64
	worker                   int64 // the worker it ran on (hasWorker, multi 0)
	multi                    int32 // 1 + its index in hqLoader.multi when it ran on several workers
	// state, raw state, failure reason and policy, in hqLoader.words
	state, rawState, reason, policy int32
	hasInstance, hasSubmit          bool
	hasWorker                       bool
	open, estimated                 bool
}

// shares returns the per-worker shares of an attempt that ran on several
// workers, root first; nil for one on a single worker (or none).
func (h *hqLoader) shares(a *hqAttempt) []hqShare {
	if a.multi == 0 {
		return nil
	}
	return h.multi[a.multi-1]
}

// nShares returns the number of workers the attempt ran on.
func (h *hqLoader) nShares(a *hqAttempt) int {
	switch {
	case a.multi != 0:
		return len(h.multi[a.multi-1])
	case a.hasWorker:
		return 1
	}
	return 0
}

// share returns the attempt's share of its i-th worker (0: the root).
func (h *hqLoader) share(a *hqAttempt, i int) hqShare {
	if a.multi != 0 {
		return h.multi[a.multi-1][i]
	}
	return hqShare{worker: a.worker, cpus: a.reqCPUs, gpus: a.reqGPUs, memMB: a.reqMem,
		end: a.end, endLine: a.endLine, state: a.state, open: a.open}
}

type hqJob struct {
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

type hqAlloc struct {
	id, manager, queueName string
	queue, nodes           int64
	queued, start, end     int64
	hasStart, hasEnd       bool
	timeLimit              float64
	hasTimeLimit           bool
}

type hqQueue struct {
	manager, name string
	timeLimit     float64
	hasTimeLimit  bool
}

// hqLoader is the journal's state machine. Its fields tagged
// `snap:"-"` are set from the options, or are caches and the rows of the
// batch being built; the others are what a checkpoint keeps
// (checkpoint.go).
type hqLoader struct {
	p        source.Problems
	want     map[string]bool `snap:"-"` // frames to build (nil: all)
	attempts []*hqAttempt
	arena    arena.Arena[hqAttempt] `snap:"-"`
	multi    [][]hqShare            // the shares of the attempts on several workers
	words    words.Table            // the attempts' states, policies and reasons
	// wopen lists, per worker, the attempts started on it in start order;
	// closed ones are skipped lazily, dropped when the list doubles, and
	// all dropped when the worker is lost.
	wopen  hqOpenLists
	byTask taskIndex // each task's latest attempt
	// the last job submitFor looked up, and its submits (runs of one
	// job's tasks skip the map)
	subJob  int64       `snap:"-"`
	subList []*hqSubmit `snap:"-"`
	subOK   bool        `snap:"-"`
	workers []*hqWorker
	wmap    map[int64]*hqWorker
	jobs    []*hqJob
	jmap    map[int64]*hqJob
	submits map[int64][]*hqSubmit
	queues  map[int64]*hqQueue
	allocs  []*hqAlloc
	amap    map[string]*hqAlloc
	unknown map[string]int
	span    source.LogSpan
	scratch []byte `snap:"-"` // addInt's

	ev   hqEvents `snap:"-"`
	perf hqPerf   `snap:"-"`

	// the tasks and placements frames' rows of the attempts spilled so
	// far (nil: the frame is not wanted), and the closed attempts that
	// stand in the task index for spilled ones, by attempt number
	// (spill.go)
	taskOut  *taskRows      `snap:"-"`
	placeOut *placementRows `snap:"-"`
	// keepPlacement says which placements columns are built (Options.Columns)
	keepPlacement func(name string) bool `snap:"-"`
	closed        []*hqAttempt
	spillLines    int `snap:"-"` // lines between two spills
	// the input's size when known, the bytes of the lines read, and
	// whether the frames' columns have been sized from them (reserve)
	inputSize, bytesRead int64 `snap:"-"`
	reserved             bool
	sinceSpill           int

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

// hqEvents holds the events frame's columns as the lines are read.
type hqEvents struct {
	line             columns.DenseInt
	time             columns.DenseInt
	typ, job, worker columns.Str
	data             columns.Text
	task, instance   columns.Int
}

// fresh returns empty events columns with room for an eighth more rows
// and text than e holds, for the next batch of a stream: grown from
// nothing, a batch's columns were copied and cleared again at every
// doubling.
func (e *hqEvents) fresh() hqEvents {
	var out hqEvents
	rows, text := e.data.Size()
	rows, text = rows+rows/8, text+text/8
	columns.Reserve(rows, &out.line, &out.time, &out.typ, &out.job, &out.worker, &out.task, &out.instance)
	out.data.Reserve(rows, text)
	return out
}

// hqPerf holds the perf frame's columns as the overviews are read.
type hqPerf struct {
	time, line                        columns.Int
	worker                            columns.Str
	cpuPct, gpuPct, gpuMemPct         columns.Float
	cores, memTotal, memFree, memUsed columns.Int
	rx, tx, gpus                      columns.Int
}

// Load reads a HyperQueue journal export (JSON lines).
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	return o.Project(loadHyperQueue(r, o))
}

// loadHyperQueue is Load without the projection on o.Columns.
func loadHyperQueue(r io.Reader, o source.Options) (*source.Dataset, error) {
	return loadSpilling(r, o, spillEvery)
}

// loadSpilling is loadHyperQueue spilling ended attempts every
// spillLines lines (spill.go; tests spill more often).
func loadSpilling(r io.Reader, o source.Options, spillLines int) (*source.Dataset, error) {
	name := o.InputName()
	h := &hqLoader{
		spillLines:    spillLines,
		p:             source.Problems{File: name, Lenient: o.Lenient},
		want:          source.WantFrames(o),
		wmap:          map[int64]*hqWorker{},
		jmap:          map[int64]*hqJob{},
		submits:       map[int64][]*hqSubmit{},
		queues:        map[int64]*hqQueue{},
		amap:          map[string]*hqAlloc{},
		unknown:       map[string]int{},
		keepPlacement: func(name string) bool { return o.Keeps(schema.Placements, name) },
		key:           o.ResumeKey(),
	}
	if o.Batch != nil {
		h.batch, h.batchRows, h.checkpoints = o.Batch, o.BatchSize(), o.Checkpoints
	}
	h.rowBuilders(r)
	first, err := resume.Start(o.Resume, r, &h.pos, h.resume)
	if err != nil {
		return nil, err
	}
	if h.batch == nil && (h.want == nil || h.want[schema.Events]) {
		// the events frame has a row per line and all their text: sized
		// ahead, its columns never copy themselves as they grow
		if n := source.EstimateRecords(r, `"event"`); n > 0 {
			ev := &h.ev
			columns.Reserve(n, &ev.line, &ev.time, &ev.typ, &ev.job, &ev.worker, &ev.task, &ev.instance)
			ev.data.Reserve(n, int(min(source.InputSize(r), math.MaxInt32)))
		}
	}
	// JSON decoding runs on other goroutines; events apply in order here.
	decode := func(line []byte, d *hqDecoded) {
		d.l, d.err = hqLine{}, nil
		line = bytes.TrimSpace(line)
		if d.isFlat = len(line) > 0 && decodeHQFlat(line, &d.flat); !d.isFlat && len(line) > 0 {
			d.err = jsontext.Unmarshal(line, &d.l)
		}
	}
	err = records.DecodedLinesAt(r, &h.p, first, &h.pos, records.Workers(), decode, func(line []byte, n int, d *hqDecoded) error {
		h.bytesRead += int64(len(line)) + 1
		if line = bytes.TrimSpace(line); len(line) == 0 {
			return nil
		}
		if _, err := h.line(line, n, d); err != nil {
			return err
		}
		if h.batch != nil {
			if h.sinceFlush++; h.sinceFlush >= h.batchRows {
				return h.flush(name, n)
			}
		} else if h.sinceSpill++; h.sinceSpill >= h.spillLines {
			h.spill()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, k := range slices.Sorted(maps.Keys(h.unknown)) {
		h.p.Note(0, "type", k, fmt.Sprintf("%d events of an unknown type kept in events with their raw text", h.unknown[k]))
	}
	return h.dataset(name)
}

// hqDecoded is one journal line decoded: a task event (the journal's
// bulk) as the pointer-free flat, any other line as the full hqLine.
// decode overwrites it whole, so line batches are recycled.
type hqDecoded struct {
	flat   hqFlat
	isFlat bool
	l      hqLine
	err    error
}

func (*hqDecoded) Reusable() {}

// hqFlat is a flat journal line: a task started, finished, failed or
// canceled event, an object of integers and at most an error and a reason
// text.
type hqFlat struct {
	typ    uint8 // index into hqFlatTypes
	t      int64 // the line's time, µs since the epoch
	ints   [flInts]int64
	has    uint16         // bit i: ints[i] is present (not absent or null)
	err    bytesconv.Span // the "error" value's JSON text in the line (to == 0: absent)
	reason bytesconv.Span // likewise "reason"
}

// The integer fields of a flat line, in hqFlat.ints.
const (
	flJob = iota
	flJobID
	flJobIDDash
	flTask
	flInstance
	flWorker
	flVariant
	flID
	flInts
)

// flatMembers reads the members of a flat line's event object into f
// (decodeHQFlat); flat turns false at a member the fast path leaves to
// the full decoder.
type flatMembers struct {
	line          []byte // the whole line, which the texts' spans index
	f             *hqFlat
	typ           []byte // the "type" value's JSON text
	hasType, flat bool
}

// member reads one member of the event object (v a slice of m.line).
func (m *flatMembers) member(key, v []byte) error {
	var i int
	switch string(key) {
	case "type":
		m.typ, m.hasType = v, true
		return nil
	case "error", "reason":
		if !utf8.Valid(v) { // the full decoder keeps invalid UTF-8 as it is, jsonText would replace it
			m.flat = false
			return records.ErrInputEnds
		}
		from := int32(cap(m.line) - cap(v)) // v's offset in line
		s := bytesconv.Span{From: from, To: from + int32(len(v))}
		if key[0] == 'e' {
			m.f.err = s
		} else {
			m.f.reason = s
		}
		if _, _, err := jsontext.Text(v); err != nil {
			m.flat = false
			return err
		}
		return nil
	case "job":
		i = flJob
	case "job_id":
		i = flJobID
	case "job-id":
		i = flJobIDDash
	case "task":
		i = flTask
	case "instance":
		i = flInstance
	case "worker":
		i = flWorker
	case "variant":
		i = flVariant
	case "id":
		i = flID
	default:
		m.flat = false
		return records.ErrInputEnds
	}
	x, ok, err := jsontext.Int(v)
	if err != nil {
		m.flat = false
		return err
	}
	m.f.ints[i] = x
	if ok {
		m.f.has |= 1 << i
	} else {
		m.f.has &^= 1 << i
	}
	return nil
}

// hqFlatTypes are the event types a flat line may have.
var hqFlatTypes = [...]string{"task-started", "task-finished", "task-failed", "task-canceled"}

// decodeHQFlat decodes the journal's bulk (task started, finished and
// failed events: flat objects of integers and a few strings) with the
// in-place scanner, without reflection or an allocation per field; it
// reports false for any other line, which goes through the full decoder
// (so both read the same fields the same way: FuzzHQFlat checks it).
func decodeHQFlat(line []byte, f *hqFlat) bool {
	*f = hqFlat{}
	m := flatMembers{line: line, f: f, flat: true}
	var at []byte // the "time" value's JSON text
	hasTime := false
	// The line's own object, {"event": {...}, "time": "..."}, is walked
	// here rather than by eachMember so that the event object is scanned
	// once (scanMembers calls member as it goes), not once to skip it and
	// again to read it. Outside strings a valid line is ASCII, and the
	// strings read are the keys (escaped ones are left to the full
	// decoder), the type and time (compared and parsed: any other byte
	// fails), and the texts (checked above): no utf8.Valid over the line.
	i := jsontext.SkipWS(line, 0)
	if i >= len(line) || line[i] != '{' {
		return false
	}
	i = jsontext.SkipWS(line, i+1)
	for i < len(line) && line[i] != '}' {
		if line[i] != '"' {
			return false
		}
		end, escaped, err := jsontext.ScanStringEsc(line, i)
		if err != nil || escaped {
			return false
		}
		key := line[i+1 : end-1]
		if i = jsontext.SkipWS(line, end); i >= len(line) || line[i] != ':' {
			return false
		}
		i = jsontext.SkipWS(line, i+1)
		switch string(key) {
		case "event":
			if i >= len(line) || line[i] != '{' {
				return false
			}
			if i, err = jsontext.ScanMembers(line, i, 1, m.member); err != nil || !m.flat {
				return false
			}
		case "time":
			start := i
			if i, err = jsontext.ScanValue(line, i, 1); err != nil {
				return false
			}
			at, hasTime = line[start:i], true
		default:
			return false
		}
		if i = jsontext.SkipWS(line, i); i < len(line) && line[i] == ',' {
			if i = jsontext.SkipWS(line, i+1); i < len(line) && line[i] == '}' {
				return false // a trailing comma
			}
		} else if i >= len(line) || line[i] != '}' {
			return false
		}
	}
	if i >= len(line) || jsontext.SkipWS(line, i+1) != len(line) || !m.hasType || !hasTime {
		return false
	}
	t, ok, err := jsontext.Text(m.typ)
	tm, ok2, err2 := jsontext.Text(at)
	if err != nil || err2 != nil || !ok || !ok2 {
		return false
	}
	f.typ = 255
	for i, name := range hqFlatTypes {
		if string(t) == name {
			f.typ = uint8(i)
		}
	}
	if f.typ == 255 {
		return false
	}
	if f.t, err = frame.ParseMicros(bytesconv.String(tm)); err != nil {
		return false // the full path reports the bad time
	}
	return true
}

// event returns the flat line's event as the full decoder fills it; line
// is the text decodeHQFlat read.
func (f *hqFlat) event(line []byte) hqEvent {
	e := hqEvent{Type: &hqFlatTypes[f.typ]}
	opt := func(i int) jsontext.OptInt { return jsontext.OptInt{V: f.ints[i], OK: f.has&(1<<i) != 0} }
	e.Job, e.JobID, e.JobIDDash = opt(flJob), opt(flJobID), opt(flJobIDDash)
	e.Task, e.Instance, e.Worker = opt(flTask), opt(flInstance), opt(flWorker)
	e.Variant, e.ID = opt(flVariant), opt(flID)
	text := func(s bytesconv.Span) *string {
		if s.To == 0 {
			return nil
		}
		t, ok, _ := jsontext.Text(line[s.From:s.To])
		if !ok {
			return nil
		}
		v := string(t)
		return &v
	}
	e.Error, e.Reason = text(f.err), text(f.reason)
	return e
}

// line handles one journal line, decoded into d; it returns the event
// time.
func (h *hqLoader) line(line []byte, n int, d *hqDecoded) (int64, error) {
	if d.isFlat {
		e := d.flat.event(line)
		if err := h.event(&e, *e.Type, d.flat.t, n, line); err != nil {
			return 0, err
		}
		h.span.Add(d.flat.t)
		return d.flat.t, nil
	}
	l := &d.l
	if d.err != nil {
		var ne *jsontext.NotIntegerError
		if errors.As(d.err, &ne) { // a fraction where an integer belongs: name the field
			return 0, h.p.Bad(n, jsontext.KeyOf(line, ne.Text), ne.Text, "an integer (a JSON number without a fraction)", nil)
		}
		if field, text, want, ok := typeError(line); ok { // "job":"1", "tasks":"all"
			return 0, h.p.Bad(n, field, text, want, nil)
		}
		return 0, h.p.Bad(n, "", string(line), "a JSON object {\"event\": {...}, \"time\": ...}", d.err)
	}
	if l.Time == "" {
		return 0, h.p.Bad(n, "time", string(line), `a "time" field`, nil)
	}
	t, err := frame.ParseMicros(l.Time)
	if err != nil {
		return 0, h.p.Bad(n, "time", l.Time, "an RFC 3339 time", err)
	}
	if l.Event == nil {
		return 0, h.p.Bad(n, "event", string(line), `an "event" object`, nil)
	}
	typ := "(untyped)"
	if l.Event.Type != nil {
		typ = *l.Event.Type
	}
	if err := h.event(l.Event, typ, t, n, line); err != nil {
		return 0, err
	}
	h.span.Add(t)
	return t, nil
}

func (e *hqEvent) job() (int64, bool) {
	switch {
	case e.Job.OK:
		return e.Job.V, true
	case e.JobID.OK:
		return e.JobID.V, true
	case e.JobIDDash.OK:
		return e.JobIDDash.V, true
	}
	return 0, false
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func (h *hqLoader) event(e *hqEvent, typ string, t int64, n int, raw []byte) error {
	job, hasJob := e.job()
	if h.want == nil || h.want[schema.Events] {
		h.addEvent(e, typ, job, hasJob, t, n, raw)
	}
	var err error
	// missing reports an absent required field; the event is then
	// skipped (lenient) or the load stops (strict, err set).
	missing := func(field string, ok bool) bool {
		if !ok {
			err = h.p.Bad(n, field, string(raw), fmt.Sprintf("a %q field in a %s event", field, typ), nil)
		}
		return !ok
	}
	return h.apply(e, typ, job, hasJob, t, n, missing, &err)
}

// addEvent appends the events-frame row of one journal line.
func (h *hqLoader) addEvent(e *hqEvent, typ string, job int64, hasJob bool, t int64, n int, raw []byte) {
	h.ev.line.Add(int64(n))
	h.ev.time.Add(t)
	h.ev.typ.Add(typ)
	if hasJob {
		h.ev.job.AddInt(job, &h.scratch)
	} else {
		h.ev.job.Null()
	}
	if e.Task.OK {
		h.ev.task.Add(e.Task.V)
	} else {
		h.ev.task.Null()
	}
	if e.Instance.OK {
		h.ev.instance.Add(e.Instance.V)
	} else {
		h.ev.instance.Null()
	}
	var wid int64
	hasW := false
	switch {
	case e.Worker.OK && e.Worker.V >= 0:
		wid, hasW = e.Worker.V, true
	case len(e.Workers) > 0:
		wid, hasW = e.Workers[0], true
	case strings.HasPrefix(typ, "worker-") && e.ID.OK:
		wid, hasW = e.ID.V, true
	}
	if hasW {
		h.ev.worker.AddInt(wid, &h.scratch)
	} else {
		h.ev.worker.Null()
	}
	h.ev.data.AddBytes(raw)
}

// apply updates the loader's state with one event.
func (h *hqLoader) apply(e *hqEvent, typ string, job int64, hasJob bool, t int64, n int, missing func(string, bool) bool, errp *error) error {
	switch typ {
	case "server-start", "server-stop":
		h.closeAll(t, n, "lost", typ)
		for _, w := range h.workers {
			if !w.lostOK {
				w.lost, w.lostOK, w.reason, w.lostLine = t, true, typ, n
			}
		}
	case "worker-connected":
		if missing("id", e.ID.OK) {
			return *errp
		}
		return h.workerConnected(e, t, n)
	case "worker-lost":
		if missing("id", e.ID.OK) {
			return *errp
		}
		reason := ""
		if e.Reason != nil {
			reason = *e.Reason
		}
		h.workerLost(e.ID.V, reason, t, n)
	case "worker-overview":
		if e.ID.OK && e.HwState != nil && e.HwState.State != nil && (h.want == nil || h.want[schema.Perf]) {
			h.overview(e.ID.V, e.HwState.State, t, n)
		}
	case "job-created":
		if missing("job", hasJob) {
			return *errp
		}
		h.jobCreated(job, e, t, n)
	case "job-open":
		j := h.job(job, t, n)
		if e.Name != nil {
			j.name = *e.Name
		}
	case "job-cancel":
		j := h.job(job, t, n)
		j.canceled = true
		if e.Reason != nil {
			j.cancelReason = *e.Reason
		}
	case "job-completed":
		j := h.job(job, t, n)
		j.end, j.ended = t, true
	case "task-started":
		if missing("job", hasJob) {
			return *errp
		}
		if missing("task", e.Task.OK) {
			return *errp
		}
		h.started(e, job, t, n)
	case "task-finished", "task-failed":
		if e.Tasks != nil && !e.Task.OK { // defensive: list form
			for _, ref := range e.Tasks {
				h.finish(taskKey{int64(ref.JobID), int64(ref.JobTaskID)}, t, n, strings.TrimPrefix(typ, "task-"), typ, "")
			}
			break
		}
		if missing("job", hasJob) {
			return *errp
		}
		if missing("task", e.Task.OK) {
			return *errp
		}
		state, reason := "success", ""
		if typ == "task-failed" {
			state = "failed"
			if e.Error != nil {
				reason = *e.Error
			}
		}
		h.finish(taskKey{job, e.Task.V}, t, n, state, typ, reason)
	case "task-canceled", "task-aborted":
		if e.Tasks == nil && hasJob && e.Task.OK { // v0.19-0.22: one task
			h.finish(taskKey{job, e.Task.V}, t, n, "canceled", typ, "")
			break
		}
		for _, ref := range e.Tasks {
			h.finish(taskKey{int64(ref.JobID), int64(ref.JobTaskID)}, t, n, "canceled", typ, "")
		}
	case "autoalloc-queue-created":
		h.queueCreated(e)
	case "autoalloc-allocation-queued", "autoalloc-allocation-started", "autoalloc-allocation-finished":
		if missing("allocation-id", e.AllocationID != nil) {
			return *errp
		}
		h.allocation(e, typ, t)
	case "autoalloc-queue-removed", "job-close", "(untyped)":
	default:
		h.unknown[typ]++
	}
	return nil
}

// queueCreated records an autoalloc queue: its manager, name and time
// limit, which its allocations take.
func (h *hqLoader) queueCreated(e *hqEvent) {
	q := &hqQueue{}
	if e.Params != nil {
		q.manager = e.Params.Manager
		if e.Params.Name != nil {
			q.name = *e.Params.Name
		}
		q.timeLimit, q.hasTimeLimit = e.Params.TimeLimit.seconds()
	}
	if e.QueueID.OK {
		h.queues[e.QueueID.V] = q
	}
}

// allocation applies an autoalloc-allocation-queued, -started or
// -finished event (typ) at t (µs) to its allocation, new at its first.
func (h *hqLoader) allocation(e *hqEvent, typ string, t int64) {
	a := h.amap[*e.AllocationID]
	if a == nil {
		a = &hqAlloc{id: *e.AllocationID, queued: t}
		if e.QueueID.OK {
			a.queue = e.QueueID.V
			if q := h.queues[a.queue]; q != nil {
				a.manager, a.queueName, a.timeLimit, a.hasTimeLimit = q.manager, q.name, q.timeLimit, q.hasTimeLimit
			}
		}
		h.amap[a.id] = a
		h.allocs = append(h.allocs, a)
	}
	switch typ {
	case "autoalloc-allocation-queued":
		a.queued = t
		if e.WorkerCount.OK {
			a.nodes = e.WorkerCount.V
		}
	case "autoalloc-allocation-started":
		a.start, a.hasStart = t, true
	default:
		a.end, a.hasEnd = t, true
	}
}

func (h *hqLoader) job(id, t int64, n int) *hqJob {
	j := h.jmap[id]
	if j == nil {
		j = &hqJob{id: id, submit: t, line: n}
		h.jmap[id] = j
		h.jobs = append(h.jobs, j)
	}
	return j
}

func (h *hqLoader) jobCreated(id int64, e *hqEvent, t int64, n int) {
	j := h.job(id, t, n)
	j.submits++
	if e.JobDesc != nil {
		j.name = e.JobDesc.Name
		if e.JobDesc.MaxFails.OK {
			j.maxFails, j.hasMaxFails = e.JobDesc.MaxFails.V, true
		}
	} else if e.Desc != nil {
		j.name = e.Desc.Name
	}
	s := &hqSubmit{submit: t, line: n}
	if e.SubmitDesc != nil {
		td := &e.SubmitDesc.TaskDesc
		j.submitDir = e.SubmitDesc.SubmitDir
		switch {
		case td.IDs != nil:
			for _, r := range td.IDs.Ranges {
				s.ranges = append(s.ranges, [3]int64{int64(r.Start), int64(r.Count), int64(r.Step)})
				step := max(int64(r.Step), 1)
				j.nTasks += (int64(r.Count) + step - 1) / step
			}
		case td.NTasks != nil:
			s.graph, j.graph = true, true
			j.nTasks += int64(*td.NTasks)
		}
		if td.Resources != nil {
			s.variants = td.Resources.Variants
		}
		if td.Priority != nil {
			j.priority, j.hasPriority = int64(*td.Priority), true
		}
		j.timeLimit, j.hasTimeLimit = td.TimeLimit.seconds()
		if len(td.CrashLimit) > 0 {
			j.crashLimit = strings.Trim(string(td.CrashLimit), `"`)
		}
	} else {
		s.graph = true // before v0.25: no request in the journal
	}
	h.submits[id] = append(h.submits[id], s)
	h.subOK = false
}

// workerConnected applies a worker-connected record: a worker whose
// resources would be a negative amount is a bad record (lenient: the
// record is skipped), any other connects.
func (h *hqLoader) workerConnected(e *hqEvent, t int64, n int) error {
	if field, text, bad := e.Config.badAmount(); bad {
		return h.p.Bad(n, field, text, "a resource amount >= 0 (a Range's end at or after its start, a Sum's size >= 0)", nil)
	}
	h.connect(e.ID.V, e.Config, t, n)
	return nil
}

func (h *hqLoader) connect(id int64, c *hqConfig, t int64, n int) {
	w := &hqWorker{id: id, connected: t, connLine: n, amounts: map[string]float64{}}
	if c != nil {
		w.host, w.group, w.addr = c.Hostname, c.Group, c.ListenAddress
		w.pid = c.Extra["ProcessPid"]
		if jm, ok := c.Extra["JobManager"]; ok {
			var m struct {
				Manager      string `json:"manager"`
				AllocationID string `json:"allocation_id"`
			}
			if jsontext.Unmarshal([]byte(jm), &m) == nil {
				w.manager, w.alloc = m.Manager, m.AllocationID
			}
		}
		for _, r := range c.Resources.Resources {
			if a, ok := r.Kind.amount(); ok {
				w.amounts[r.Name] += a
			}
		}
		if c.Overview != nil {
			w.interval, w.hasInterval = c.Overview.SendInterval.seconds()
		}
	}
	w.cpus = w.amounts["cpus"]
	w.memMB = w.amounts["mem"]
	for name, a := range w.amounts {
		if name == "gpus" || strings.HasPrefix(name, "gpus/") {
			w.gpus += a
		}
	}
	h.workers = append(h.workers, w)
	h.wmap[id] = w
}

// submitFor returns the latest submit of the job whose id ranges hold
// task; failing that, the latest graph submit (whose tasks' ids and
// requests the journal does not show), or nil.
func (h *hqLoader) submitFor(job, task int64) *hqSubmit {
	if !h.subOK || h.subJob != job {
		h.subJob, h.subList, h.subOK = job, h.submits[job], true
	}
	subs := h.subList
	for i := len(subs) - 1; i >= 0; i-- {
		if !subs[i].graph && subs[i].has(task) {
			return subs[i]
		}
	}
	for i := len(subs) - 1; i >= 0; i-- {
		if subs[i].graph {
			return subs[i]
		}
	}
	return nil
}

func (h *hqLoader) started(e *hqEvent, job int64, t int64, n int) {
	key := taskKey{job, e.Task.V}
	prev := h.byTask.get(key)
	attempt := int64(1) // attempts count from 1, as in every source
	if prev != nil {
		attempt = prev.attempt + 1
		if prev.open {
			// A restart the journal did not show (a lost worker we never saw).
			h.closeAttempt(prev, t, n, "lost", "restarted", "")
		}
	}
	a := h.arena.Alloc()
	a.key, a.attempt, a.start, a.startLine, a.open, a.state = key, attempt, t, n, true, h.words.Code("running")
	if e.Instance.OK {
		a.instance, a.hasInstance = e.Instance.V, true
	}
	if e.Variant.OK {
		a.variant = e.Variant.V
	}
	workers := []int64(e.Workers)
	if len(workers) == 0 && e.Worker.OK {
		if e.Worker.V >= 0 { // v0.19-0.23 write -1 for a worker not known: none
			workers = []int64{e.Worker.V}
		}
	}
	sub := h.submitFor(job, e.Task.V)
	if sub != nil {
		a.submit, a.hasSubmit = sub.submit, true
	}
	var req *hqRequest
	if sub != nil && !sub.graph && int(a.variant) < len(sub.variants) {
		req = &sub.variants[a.variant]
	}
	switch {
	case req == nil:
		h.estimatedShares(a, workers)
	case req.NNodes > 0:
		h.nodeShares(a, workers, int64(req.NNodes))
	default:
		h.requestShares(a, workers, req)
	}
	h.attempts = append(h.attempts, a)
	for i := range h.nShares(a) {
		w := h.share(a, i).worker
		h.wopen.of(w).add(a)
	}
	h.byTask.set(key, a)
}

// estimatedShares gives attempt a, whose request is unknown (a graph job,
// a journal without the submit, or a variant index out of range), HQ's
// default of 1 CPU on each of its workers, flagged as estimated.
func (h *hqLoader) estimatedShares(a *hqAttempt, workers []int64) {
	a.estimated = true
	a.reqCPUs = 1
	a.reqNodes = int64(len(workers))
	for _, w := range workers {
		h.addShare(a, len(workers), hqShare{worker: w, cpus: 1, open: true})
	}
}

// nodeShares gives a multi-node attempt a the whole of each of its
// workers, whatever its cpus entry says.
func (h *hqLoader) nodeShares(a *hqAttempt, workers []int64, nodes int64) {
	a.reqNodes = nodes
	a.policy = h.words.Code("nodes")
	for _, w := range workers {
		wk := h.wmap[w]
		s := hqShare{worker: w, open: true}
		if wk != nil {
			s.cpus, s.gpus, s.memMB = wk.cpus, wk.gpus, wk.memMB
		}
		a.reqCPUs += s.cpus
		a.reqGPUs += s.gpus
		a.reqMem += s.memMB
		h.addShare(a, len(workers), s)
	}
}

// requestShares gives a single-node attempt a what its request asks for
// ("All": every unit of that resource on the worker it started on).
func (h *hqLoader) requestShares(a *hqAttempt, workers []int64, req *hqRequest) {
	a.reqNodes = 1
	var root int64
	if len(workers) > 0 {
		root = workers[0]
	}
	for _, r := range req.Resources {
		amt := r.Policy.amount
		if r.Policy.name == "All" {
			amt = 0
			if wk := h.wmap[root]; wk != nil {
				amt = wk.amounts[r.Resource]
			}
		}
		switch {
		case r.Resource == "cpus":
			a.reqCPUs += amt
			a.policy = h.words.Code(r.Policy.name)
		case r.Resource == "mem":
			a.reqMem += amt
		case r.Resource == "gpus" || strings.HasPrefix(r.Resource, "gpus/"):
			a.reqGPUs += amt
		}
	}
	for _, w := range workers {
		h.addShare(a, len(workers), hqShare{worker: w, cpus: a.reqCPUs, gpus: a.reqGPUs, memMB: a.reqMem, open: true})
	}
}

// addShare records attempt a's share s of one of its n workers; an
// attempt on one worker keeps just the id (see hqAttempt).
func (h *hqLoader) addShare(a *hqAttempt, n int, s hqShare) {
	if n == 1 {
		a.worker, a.hasWorker = s.worker, true
		return
	}
	if a.multi == 0 {
		h.multi = append(h.multi, make([]hqShare, 0, n))
		a.multi = int32(len(h.multi))
	}
	h.multi[a.multi-1] = append(h.multi[a.multi-1], s)
}

func (h *hqLoader) closeAttempt(a *hqAttempt, t int64, n int, state, raw, reason string) {
	code := h.words.Code(state)
	a.open, a.end, a.endLine, a.state, a.rawState, a.reason = false, t, n, code, h.words.Code(raw), h.words.Code(reason)
	shares := h.shares(a)
	for i := range shares {
		if s := &shares[i]; s.open {
			s.open, s.end, s.endLine, s.state = false, t, n, code
		}
	}
}

func (h *hqLoader) finish(key taskKey, t int64, n int, state, raw, reason string) {
	if a := h.byTask.get(key); a != nil && a.open {
		h.closeAttempt(a, t, n, state, raw, reason)
	}
}

func (h *hqLoader) closeAll(t int64, n int, state, raw string) {
	for _, a := range h.attempts {
		if a.open {
			h.closeAttempt(a, t, n, state, raw, "")
		}
	}
	h.wopen.clear()
}

func (h *hqLoader) workerLost(id int64, reason string, t int64, n int) {
	if w := h.wmap[id]; w != nil {
		w.lost, w.lostOK, w.reason, w.lostLine = t, true, reason, n
	}
	var roots []*hqAttempt
	var open []*hqAttempt
	if o := h.wopen.get(id); o != nil {
		open = o.list
	}
	for _, a := range open {
		if !a.open {
			continue
		}
		for i := range h.nShares(a) {
			if s := h.share(a, i); s.worker != id || !s.open {
				continue
			}
			if i == 0 {
				roots = append(roots, a)
			} else { // a non-root worker of a multi-node task leaves it
				s := &h.shares(a)[i]
				s.open, s.end, s.endLine, s.state = false, t, n, h.words.Code("lost")
			}
		}
	}
	for _, a := range roots {
		h.closeAttempt(a, t, n, "lost", "worker-lost", reason)
	}
	h.wopen.drop(id)
}

func (h *hqLoader) overview(id int64, s *hqHwState, t int64, n int) {
	p := &h.perf
	p.time.Add(t)
	p.line.Add(int64(n))
	p.worker.Add(itoa(id))
	if s.CPU != nil && len(s.CPU.PerCore) > 0 {
		sum := 0.0
		for _, v := range s.CPU.PerCore {
			sum += v
		}
		p.cpuPct.Add(sum / float64(len(s.CPU.PerCore)))
		p.cores.Add(int64(len(s.CPU.PerCore)))
	} else {
		p.cpuPct.Null()
		p.cores.Null()
	}
	if s.Memory != nil {
		p.memTotal.Add(int64(s.Memory.Total))
		p.memFree.Add(int64(s.Memory.Free))
		p.memUsed.Add(int64(s.Memory.Total - s.Memory.Free))
	} else {
		p.memTotal.Null()
		p.memFree.Null()
		p.memUsed.Null()
	}
	if s.Net != nil {
		p.rx.Add(int64(s.Net.RxBytes))
		p.tx.Add(int64(s.Net.TxBytes))
	} else {
		p.rx.Null()
		p.tx.Null()
	}
	var gpus []float64
	var gmem []float64
	for _, g := range []*hqGPUs{s.Nvidia, s.AMD} {
		if g != nil {
			for _, x := range g.GPUs {
				gpus = append(gpus, x.ProcessorUsage)
				gmem = append(gmem, x.MemUsage)
			}
		}
	}
	p.gpus.Add(int64(len(gpus)))
	if len(gpus) > 0 {
		p.gpuPct.Add(mean(gpus))
		p.gpuMemPct.Add(mean(gmem))
	} else {
		p.gpuPct.Null()
		p.gpuMemPct.Null()
	}
}

func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// hqOpenLists holds each worker's hqOpen: by id in a slice for the usual
// small ids, in a map for the rest.
type hqOpenLists struct {
	small []*hqOpen
	big   map[int64]*hqOpen
}

// maxSmallWorker bounds the ids hqOpenLists keeps in its slice.
const maxSmallWorker = 1 << 16

// get returns worker id's list, or nil.
func (l *hqOpenLists) get(id int64) *hqOpen {
	if id >= 0 && id < int64(len(l.small)) {
		return l.small[id]
	}
	return l.big[id] // nil map: nil
}

// of returns worker id's list, adding an empty one if it has none.
func (l *hqOpenLists) of(id int64) *hqOpen {
	if o := l.get(id); o != nil {
		return o
	}
	o := &hqOpen{}
	switch {
	case id >= 0 && id < maxSmallWorker:
		if id >= int64(len(l.small)) {
			l.small = append(l.small, make([]*hqOpen, int(id)+1-len(l.small))...)
		}
		l.small[id] = o
	default:
		if l.big == nil {
			l.big = map[int64]*hqOpen{}
		}
		l.big[id] = o
	}
	return o
}

// drop forgets worker id's list.
func (l *hqOpenLists) drop(id int64) {
	if id >= 0 && id < int64(len(l.small)) {
		l.small[id] = nil
	}
	delete(l.big, id)
}

// clear forgets every list.
func (l *hqOpenLists) clear() {
	clear(l.small)
	clear(l.big)
}

// hqOpen is the list of attempts started on one worker, in start order,
// closed ones included until the list next doubles.
type hqOpen struct {
	list []*hqAttempt
	live int // len(list) after the last compaction
}

// add appends a, first dropping the closed attempts when the list has
// doubled since the last compaction (amortised O(1) per attempt; the list
// stays within twice the worker's open attempts, plus a constant).
func (o *hqOpen) add(a *hqAttempt) {
	if len(o.list) >= 2*o.live+64 {
		kept := o.list[:0]
		for _, x := range o.list {
			if x.open {
				kept = append(kept, x)
			}
		}
		clear(o.list[len(kept):])
		o.list, o.live = kept, len(kept)
	}
	o.list = append(o.list, a)
}

// sniffHyperQueue: the first non-blank line is a JSON object with an
// "event" key (every journal line is {"event": {...}, "time": ...}).
func sniffHyperQueue(head []byte) bool {
	line := source.FirstLine(head)
	return bytes.HasPrefix(line, []byte("{")) && bytes.Contains(line, []byte(`"event":`))
}

// Source is the Dataset.Source of a HyperQueue journal's loads.
const Source = "hyperqueue"

// Format describes the HyperQueue journal export to loaders.OpenWith.
func Format() source.Format {
	return source.Format{
		Name:        "hyperqueue",
		System:      "HyperQueue",
		Description: "a HyperQueue journal export (hq journal export, replay or stream: JSON lines)",
		Sources:     []string{Source},
		Frames:      []string{schema.Tasks, schema.Placements, schema.Workers, schema.Allocations, schema.Jobs, schema.Events, schema.Perf},
		Sniff:       func(_ string, head []byte) bool { return sniffHyperQueue(head) },
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, loadHyperQueue)
		},
		Streams: true,
		Resumes: true,
	}
}
