package flux

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"regexp"
	"runtime"
	"strconv"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/hostlist"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Jobs is Flux's job-list records: `flux jobs --json` (a document whose
// "jobs" holds them) or one JSON record per line (`flux jobs
// --from-stdin`'s input, the job-list module's replies).
func Jobs() source.Format {
	return source.Format{
		Name:        "flux-jobs",
		System:      "Flux",
		Description: "Flux job-list records (flux jobs --json, or one JSON job per line)",
		Sources:     []string{Source},
		Frames:      []string{schema.Jobs, schema.Tasks, schema.Placements, schema.Events},
		Sniff:       func(_ string, head []byte) bool { return jobsStart.Match(head) || jobLine.Match(firstLine(head)) },
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, LoadJobs)
		},
	}
}

// jobsStart matches flux jobs --json's document; jobLine a job-list
// record: an object with an integer id and a t_submit.
var (
	jobsStart = regexp.MustCompile(`^\s*\{\s*"jobs"\s*:\s*\[`)
	jobLine   = regexp.MustCompile(`^\s*\{.*"id"\s*:\s*[0-9]+.*"t_submit"\s*:|^\s*\{.*"t_submit"\s*:.*"id"\s*:\s*[0-9]+`)
)

func firstLine(head []byte) []byte {
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	return head
}

// jobRecord is one job-list record; a field it lacks is nil.
type jobRecord struct {
	ID                *uint64  `json:"id"`
	UserID            *int64   `json:"userid"`
	Urgency           *int64   `json:"urgency"`
	Priority          *float64 `json:"priority"`
	State             *int64   `json:"state"`
	Name              *string  `json:"name"`
	Queue             *string  `json:"queue"`
	Project           *string  `json:"project"`
	Bank              *string  `json:"bank"`
	Cwd               *string  `json:"cwd"`
	NTasks            *int64   `json:"ntasks"`
	NCores            *int64   `json:"ncores"`
	NNodes            *int64   `json:"nnodes"`
	Ranks             *string  `json:"ranks"`
	Nodelist          *string  `json:"nodelist"`
	Duration          *float64 `json:"duration"`
	Expiration        *float64 `json:"expiration"`
	Submit            *float64 `json:"t_submit"`
	Depend            *float64 `json:"t_depend"`
	Run               *float64 `json:"t_run"`
	Cleanup           *float64 `json:"t_cleanup"`
	Inactive          *float64 `json:"t_inactive"`
	Success           *bool    `json:"success"`
	Exception         *bool    `json:"exception_occurred"`
	ExceptionType     *string  `json:"exception_type"`
	ExceptionSeverity *int64   `json:"exception_severity"`
	ExceptionNote     *string  `json:"exception_note"`
	Result            *int64   `json:"result"`
	WaitStatus        *int64   `json:"waitstatus"`
	ReturnCode        *int64   `json:"returncode"`
	Dependencies      []string `json:"dependencies"`
	line              int
}

// LoadJobs reads job-list records (see the package documentation): a
// later record of an id replaces the earlier, as a later snapshot of
// the job.
func LoadJobs(r io.Reader, o source.Options) (*source.Dataset, error) {
	name := o.InputName()
	p := o.Problems(name)
	r, head, err := records.Head(source.Input{Name: name, R: r}, p)
	if err != nil {
		return nil, err
	}
	b := &jobsBuilder{byID: map[uint64]int{}}
	if jobsStart.Match(head) || len(bytes.TrimLeft(head, " \t\r\n")) == 0 {
		// a document (or one whose start is all white space): read whole
		err = b.whole(r, p)
	} else {
		err = b.lines(r, p)
	}
	if err != nil {
		return nil, err
	}
	d := &source.Dataset{Source: Source, Files: []string{name}, Warnings: p.Finish()}
	b.sets = columns.NewSets(o.Keeps, schema.Jobs, schema.Tasks, schema.Placements, schema.Events)
	d.Frames = b.frames(source.WantFrames(o))
	b.sets.Skip(d)
	return o.Project(d, nil)
}

// whole reads an input whose start may be flux jobs --json's document:
// the document, else lines.
func (b *jobsBuilder) whole(r io.Reader, p *source.Problems) error {
	data, err := records.ReadAll(r)
	if err != nil {
		return fmt.Errorf("%s: %w", p.File, err)
	}
	if jobsStart.Match(data) {
		return b.document(data, p)
	}
	return b.lines(bytes.NewReader(data), p)
}

// lines reads one job-list record per line: the lines decode on every
// core, each goroutine with a hand decoder of its own, and apply in
// order.
func (b *jobsBuilder) lines(r io.Reader, p *source.Problems) error {
	newDecode := func() func(line []byte, r, _ *decodedJob) {
		d := &jobDecoder{}
		return func(line []byte, r, _ *decodedJob) { d.line(line, r) }
	}
	return records.DecodedLinesAfterAt(r, p, 1, nil, runtime.GOMAXPROCS(0), newDecode, func(line []byte, n int, r *decodedJob) error {
		switch {
		case r.empty:
			return nil
		case r.want != "" && r.text != "":
			return p.Bad(n, r.field, r.text, r.want, nil)
		case r.want != "":
			return p.Bad(n, r.field, string(line), r.want, nil)
		}
		r.rec.line = n
		b.add(&r.rec) // the batch is not recycled: the record stays
		return nil
	})
}

// document reads flux jobs --json's {"jobs": [...]}: a bad record is
// named by its place in the array (jobs[3]) and the line it starts on.
func (b *jobsBuilder) document(data []byte, p *source.Problems) error {
	var doc struct {
		Jobs []json.RawMessage `json:"jobs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return &source.ParseError{File: p.File, Line: lineAt(data, err), Want: "flux jobs --json's document, {\"jobs\": [...]}", Err: fmt.Errorf("%w: %w", source.ErrBadHeader, err)}
	}
	from, n := 0, 1 // where the search for the next record starts, and its line
	for i, raw := range doc.Jobs {
		// each record after the one before: one pass over the document,
		// and a record repeated word for word gets its own line
		if at := bytes.Index(data[from:], raw); at >= 0 {
			n += bytes.Count(data[from:from+at], []byte("\n"))
			from += at
		}
		if err := b.record(raw, n, "jobs["+strconv.Itoa(i)+"]", p); err != nil {
			return err
		}
	}
	return nil
}

// lineAt is the line of a JSON syntax error's offset, 1 without one.
func lineAt(data []byte, err error) int {
	var se *json.SyntaxError
	if errors.As(err, &se) && se.Offset <= int64(len(data)) {
		return 1 + bytes.Count(data[:se.Offset], []byte("\n"))
	}
	return 1
}

// decodedJob is one line of job-list records, decoded on a worker.
type decodedJob struct {
	rec               jobRecord
	empty             bool
	field, text, want string // what is wrong, when want is set
}

// decodeJob decodes one line the hand decoder leaves (jobDecoder):
// goccy/go-json, and encoding/json again for a line that fails, to name
// its field.
func decodeJob(line []byte, r *decodedJob) {
	*r = decodedJob{}
	if len(bytes.TrimSpace(line)) == 0 {
		r.empty = true
		return
	}
	if err := jsontext.Unmarshal(line, &r.rec); err != nil {
		r.want = "a job-list record: a JSON object"
		var te *json.UnmarshalTypeError
		if err := json.Unmarshal(line, &jobRecord{}); errors.As(err, &te) {
			r.field, r.want = te.Field, typeWant(te)
		}
		return
	}
	if field, text, want := r.rec.check(); want != "" {
		r.field, r.text, r.want = field, text, want
	}
}

// record reads one job-list record of line n (where names its place in
// a document, "" on a line of its own).
func (b *jobsBuilder) record(raw []byte, n int, where string, p *source.Problems) error {
	var j jobRecord
	if err := json.Unmarshal(raw, &j); err != nil {
		field, want := "", "a job-list record: a JSON object"
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			field, want = te.Field, typeWant(te)
		}
		return p.Bad(n, join(where, field), string(raw), want, nil)
	}
	if field, text, want := j.check(); want != "" {
		return p.Bad(n, join(where, field), text, want, nil)
	}
	j.line = n
	b.add(&j)
	return nil
}

func join(where, field string) string {
	switch {
	case where == "":
		return field
	case field == "":
		return where
	}
	return where + "." + field
}

// check refuses what a record cannot hold: no id, a state or result
// Flux does not define, times that are no times, a run that ends before
// it starts.
func (j *jobRecord) check() (field, text, want string) {
	if j.ID == nil {
		return "id", "", "the job's id"
	}
	if j.State != nil && stateName(*j.State) == "" {
		return "state", strconv.FormatInt(*j.State, 10), "a job state of Flux (1 NEW, 2 DEPEND, 4 PRIORITY, 8 SCHED, 16 RUN, 32 CLEANUP, 64 INACTIVE)"
	}
	if j.Result != nil && resultName(*j.Result) == "" {
		return "result", strconv.FormatInt(*j.Result, 10), "a job result of Flux (1 COMPLETED, 2 FAILED, 4 CANCELED, 8 TIMEOUT)"
	}
	for _, t := range []struct {
		name string
		v    *float64
	}{{"t_submit", j.Submit}, {"t_depend", j.Depend}, {"t_run", j.Run}, {"t_cleanup", j.Cleanup}, {"t_inactive", j.Inactive}} {
		if t.v != nil && (math.IsNaN(*t.v) || *t.v < 0 || *t.v > 1e11) {
			return t.name, strconv.FormatFloat(*t.v, 'g', -1, 64), "seconds since 1970"
		}
	}
	if j.Run != nil && j.Cleanup != nil && *j.Cleanup < *j.Run {
		return "t_cleanup", strconv.FormatFloat(*j.Cleanup, 'f', -1, 64), "a cleanup at or after t_run (" + strconv.FormatFloat(*j.Run, 'f', -1, 64) + ")"
	}
	for _, c := range []struct {
		name string
		v    *int64
	}{{"ntasks", j.NTasks}, {"ncores", j.NCores}, {"nnodes", j.NNodes}} {
		if c.v != nil && (*c.v < 0 || *c.v > 1<<40) {
			return c.name, strconv.FormatInt(*c.v, 10), "a count, 0 or more"
		}
	}
	// the placements read both: a list they cannot read is refused here,
	// not dropped there
	if j.Nodelist != nil {
		if err := hostlist.Check(*j.Nodelist); err != nil {
			return "nodelist", *j.Nodelist, "a host list (RFC 29: names with bracketed ranges, node[1-4,7]): " + err.Error()
		}
	}
	if j.Ranks != nil {
		if _, ok := idset(*j.Ranks); !ok {
			return "ranks", *j.Ranks, "a set of broker ranks (RFC 22: 0, or [0-3,5])"
		}
	}
	return "", "", ""
}

// typeWant words what a field of the wrong JSON type wanted.
func typeWant(te *json.UnmarshalTypeError) string {
	kind := "a string"
	switch te.Type.Kind() {
	case reflect.Float64, reflect.Int64, reflect.Uint64:
		kind = "a number"
	case reflect.Bool:
		kind = "true or false"
	case reflect.Slice:
		kind = "an array"
	}
	return kind + " (not a JSON " + te.Value + ")"
}
