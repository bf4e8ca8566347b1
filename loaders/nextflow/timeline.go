package nextflow

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/source"
)

// Timeline is Nextflow's execution timeline (timeline.html,
// -with-timeline): the task data its page embeds.
func Timeline() source.Format {
	return source.Format{
		Name:        "nextflow-timeline",
		System:      "Nextflow",
		Description: "a Nextflow execution timeline page (-with-timeline)",
		Sources:     []string{Source},
		Frames:      []string{schema.Tasks},
		Sniff:       sniffTimeline,
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, LoadTimeline)
		},
		Absorb: Absorb,
	}
}

// sniffTimeline accepts an HTML file that names Nextflow (its template's
// licence comment or footer) or holds the timeline's variables.
func sniffTimeline(name string, head []byte) bool {
	low := strings.ToLower(string(head[:min(len(head), 64<<10)]))
	if !strings.HasSuffix(strings.ToLower(name), ".html") && !strings.HasSuffix(strings.ToLower(name), ".htm") {
		return false
	}
	if !strings.Contains(low, "<html") && !strings.Contains(low, "<!doctype html") {
		return false
	}
	return strings.Contains(low, "nextflow") || strings.Contains(low, "centre for genomic regulation") || strings.Contains(low, "beginningmillis")
}

// timelineData is the payload: the run's span and one entry per task.
type timelineData struct {
	Elapsed         string                        `json:"elapsed"`
	BeginningMillis *int64                        `json:"beginningMillis"`
	EndingMillis    *int64                        `json:"endingMillis"`
	Processes       jsontext.Array[timelineEntry] `json:"processes"`
}

// timelineEntry is one task: its name, and up to three segments (submit
// to start, the run, the run's end to completion).
type timelineEntry struct {
	Label  string            `json:"label"`
	Cached *bool             `json:"cached"`
	Index  *int64            `json:"index"`
	Times  []timelineSegment `json:"times"`
	// What readEntry made of it, when read on the decoding goroutines.
	times    entryTimes
	timesErr error
	read     bool
}

type timelineSegment struct {
	Start *int64 `json:"starting_time"`
	End   *int64 `json:"ending_time"`
	Label string `json:"label"`
}

// errNoData is a page without timeline data.
var errNoData = errors.New("found neither window.data = {...} nor var data=[...]")

var (
	newForm     = regexp.MustCompile(`window\.data\s*=\s*\{`)
	oldData     = regexp.MustCompile(`var\s+data\s*=\s*\[`)
	oldVariable = regexp.MustCompile(`var\s+(beginningMillis|endingMillis)\s*=\s*(\d+)\s*;`)
	oldElapsed  = regexp.MustCompile(`var\s+elapsed\s*=\s*"([^"\n]*)"`)
)

// LoadTimeline reads the task data of a Nextflow timeline page into the
// tasks frame (see the package documentation): the JSON object of
// `window.data = {...}` (Nextflow 21.03 and later), or the variables and
// the `var data=[...]` literal of earlier pages.
func LoadTimeline(r io.Reader, o source.Options) (*source.Dataset, error) {
	file := o.InputName()
	page, err := records.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	data, line, err := timelinePayload(page)
	if errors.Is(err, errNoData) {
		return nil, &source.UnknownFormatError{Path: file, Msg: "not a Nextflow timeline: " + err.Error()}
	}
	if err != nil {
		return nil, &source.ParseError{File: file, Line: line, Want: "Nextflow's timeline data (window.data = {...} or var data=[...])", Err: source.HeaderError(err)}
	}
	d := &source.Dataset{Source: Source, Frames: map[string]*frame.Frame{}}
	p := o.Problems(file)
	tasks, err := timelineTasks(data, line, p)
	if err != nil {
		return nil, err
	}
	if want := source.WantFrames(o); want == nil || want[schema.Tasks] {
		d.Frames[schema.Tasks] = tasks
	}
	if data.BeginningMillis != nil && data.EndingMillis != nil {
		var span source.LogSpan
		span.Add(*data.BeginningMillis * 1000)
		span.Add(*data.EndingMillis * 1000)
		span.Set(d)
	}
	d.Warnings = p.Finish()
	return o.Project(d, nil)
}

// timelinePayload finds and decodes the page's data; line is the line
// the data starts on. A page may hold several data blocks (a template's
// empty "var data=[];" before the run's): the first that holds tasks is
// read, else the first that reads, else the first one's error.
func timelinePayload(page []byte) (*timelineData, int, error) {
	type block struct {
		at      int
		newForm bool
	}
	var blocks []block
	for _, loc := range newForm.FindAllIndex(page, -1) {
		blocks = append(blocks, block{loc[1] - 1, true})
	}
	for _, loc := range oldData.FindAllIndex(page, -1) {
		blocks = append(blocks, block{loc[1] - 1, false})
	}
	if len(blocks) == 0 {
		return nil, 0, errNoData
	}
	sort.Slice(blocks, func(i, j int) bool { return blocks[i].at < blocks[j].at })
	var first *timelineData
	firstLine, firstErr := 0, error(nil)
	for k, b := range blocks {
		read := oldPayload
		if b.newForm {
			read = newPayload
		}
		data, line, err := read(page, b.at)
		switch {
		case err == nil && data.Processes.Len() > 0:
			return data, line, nil
		case err == nil && first == nil:
			first, firstLine = data, line
		case err != nil && k == 0:
			firstLine, firstErr = line, err
		}
	}
	if first != nil {
		return first, firstLine, nil
	}
	return nil, firstLine, firstErr
}

// lineOf returns the line of page that byte at is on.
func lineOf(page []byte, at int) int { return bytes.Count(page[:at], []byte{'\n'}) + 1 }

// newPayload decodes the 21.03+ data object window.data = {...} that
// starts at page[at] ('{').
func newPayload(page []byte, at int) (*timelineData, int, error) {
	lineOf := func(at int) int { return lineOf(page, at) }
	if data, handRead := timelineObject(page[at:]); data != nil {
		if !handRead {
			if line, err := decodeStd(data, page, lineOf); err != nil {
				return nil, max(line, lineOf(at)), err
			}
		}
		return data, lineOf(at), nil
	}
	js, _, err := jsonOfLiteral(page[at:])
	if err != nil {
		return nil, lineOf(at), err
	}
	var data timelineData
	if err := jsontext.UnmarshalExplained(js, &data); err != nil {
		return nil, lineOf(at), err
	}
	if data.Processes.Raw == nil {
		return nil, lineOf(at), fmt.Errorf("window.data has no \"processes\" (is this Nextflow's execution report rather than its timeline?)")
	}
	if line, err := decodeEntries(&data, page, lineOf); err != nil {
		return nil, max(line, lineOf(at)), err
	}
	return &data, lineOf(at), nil
}

// oldPayload decodes the data of a page before 21.03: var data=[...]
// starting at page[at] ('['), with the variables beside it.
func oldPayload(page []byte, at int) (*timelineData, int, error) {
	lineOf := func(at int) int { return lineOf(page, at) }
	js, _, err := jsonOfLiteral(page[at:])
	if err != nil {
		return nil, lineOf(at), err
	}
	data := &timelineData{}
	if err := jsontext.UnmarshalExplained(js, &data.Processes); err != nil {
		return nil, lineOf(at), err
	}
	for _, m := range oldVariable.FindAllSubmatch(page, -1) {
		v, err := strconv.ParseInt(string(m[2]), 10, 64)
		if err != nil {
			return nil, 0, fmt.Errorf("var %s: %w", m[1], err)
		}
		if string(m[1]) == "beginningMillis" {
			data.BeginningMillis = &v
		} else {
			data.EndingMillis = &v
		}
	}
	if m := oldElapsed.FindSubmatch(page); m != nil {
		data.Elapsed = string(m[1])
	}
	if line, err := decodeEntries(data, page, lineOf); err != nil {
		return nil, max(line, lineOf(at)), err
	}
	return data, lineOf(at), nil
}

// errOffPath ends timelineObject's scan: the general path reads the data.
var errOffPath = errors.New("not on the fast path")

// timelineObject reads the 21.03+ data object that starts src ('{') in
// one scan, the processes split as they are checked and decoded as they
// are split (jsontext.Array.SplitDecode), where the general path checks
// the literal, decodes it, splits the processes and decodes them in
// four. handRead says whether the hand decoder read every entry: if
// not, decodeStd must. It returns nil for anything it does not read
// exactly as encoding/json would: a name not in ASCII (which may fold to
// a field's), a field given twice, processes that are not a list, a
// value of another type, bad syntax. The general path then reads the
// page or says what is wrong.
func timelineObject(src []byte) (data *timelineData, handRead bool) {
	if len(src) == 0 || src[0] != '{' {
		return nil, false
	}
	data = new(timelineData)
	var bad *jsontext.ElementError
	seen := map[string]bool{}
	_, err := jsontext.ScanMembersWith(src, 0, 0, func(key []byte, i int) (int, error) {
		name := strings.ToLower(bytesconv.String(key))
		var into any
		switch name {
		case "processes":
			if seen[name] || i >= len(src) || src[i] != '[' {
				return i, errOffPath
			}
			seen[name] = true
			end, b, err := data.Processes.SplitDecode(src, i, 1, handDecoder)
			bad = b
			return end, err
		case "elapsed":
			into = &data.Elapsed
		case "beginningmillis":
			into = &data.BeginningMillis
		case "endingmillis":
			into = &data.EndingMillis
		default:
			if !bytesconv.IsASCII(key) {
				return i, errOffPath
			}
			return jsontext.ScanValue(src, i, 1)
		}
		if seen[name] {
			return i, errOffPath
		}
		seen[name] = true
		end, err := jsontext.ScanValue(src, i, 1)
		if err == nil {
			err = json.Unmarshal(src[i:end], into)
		}
		return end, err
	})
	if err != nil || data.Processes.Raw == nil {
		return nil, false
	}
	return data, bad == nil
}

// decodeEntries decodes the processes on every core, by hand and, when
// that fails, with encoding/json (see decodeStd).
func decodeEntries(data *timelineData, page []byte, lineOf func(int) int) (int, error) {
	if data.Processes.Decode(handDecoder) == nil {
		return 0, nil
	}
	return decodeStd(data, page, lineOf)
}

// handDecoder returns a decoder of entries by hand (entryDecoder) that
// also reads each entry's segments (readEntry), for one goroutine.
func handDecoder() func([]byte, *timelineEntry) error {
	d := new(entryDecoder)
	return func(b []byte, e *timelineEntry) error {
		if err := d.decode(b, e); err != nil {
			return err
		}
		e.times, e.timesErr = readEntry(e)
		e.read = true
		return nil
	}
}

// decodeStd decodes the processes with encoding/json, for a page the hand
// decoder did not read: its reading counts, and its errors say more. A
// bad entry is the error, with its line when its text is part of page (0
// if not).
func decodeStd(data *timelineData, page []byte, lineOf func(int) int) (int, error) {
	std := func() func([]byte, *timelineEntry) error {
		return func(b []byte, e *timelineEntry) error { return json.Unmarshal(b, e) }
	}
	var e *jsontext.ElementError
	if err := data.Processes.Decode(std); !errors.As(err, &e) {
		return 0, err
	}
	line := 0
	if at, ok := jsontext.OffsetIn(page, e.Elem); ok {
		line = lineOf(at)
	}
	if e.Index < 0 {
		return line, fmt.Errorf("processes: %w", e.Err)
	}
	return line, fmt.Errorf("processes[%d]: %w", e.Index, e.Err)
}

// timelineTasks builds the tasks frame: one row per entry, task its
// place in the data (the timeline has no task ids). The segments are, as
// Nextflow's TimelineObserver writes them: [submit, start], [start,
// start + realtime] labelled "duration / peak_rss" (and "CACHED"), and
// [start + realtime, complete] when the task completed later.
func timelineTasks(data *timelineData, line int, p *source.Problems) (*frame.Frame, error) {
	type entry struct {
		i int
		e *timelineEntry
	}
	var good []entry // the entries that read, in order
	for i, e := range data.Processes.All() {
		if !e.read {
			e.times, e.timesErr = readEntry(e)
		}
		if e.timesErr != nil {
			if err := p.Bad(line, fmt.Sprintf("processes[%d]", i), e.Label, "segments of increasing ms since the epoch, labelled duration / peak_rss", e.timesErr); err != nil {
				return nil, err
			}
			continue
		}
		good = append(good, entry{i, e})
	}
	// The text columns (which intern their values) are built on one
	// goroutine while the numbers are on this one.
	var name, category columns.Str
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, g := range good {
			label := g.e.Label
			name.Add(label)
			category.Add(processOf(label))
		}
	}()
	var (
		task, index                    columns.Int
		submit, start, end             columns.Int
		wall, duration, mem, durationL columns.Float
		cached                         columns.Bool
	)
	for _, g := range good {
		e := g.e
		t := &e.times
		task.Add(int64(g.i + 1))
		submit.Opt(t.submit*1000, t.hasSubmit)
		start.Opt(t.start*1000, t.hasStart)
		end.Opt(t.end*1000, t.hasEnd)
		wall.Opt(float64(t.runEnd-t.start)/1e3, t.hasRun)
		duration.Opt(float64(t.end-t.submit)/1e3, t.hasSubmit && t.hasEnd)
		durationL.Opt(t.labelDuration, t.hasLabelDuration)
		mem.Opt(t.memMB, t.hasMem)
		cached.Opt(t.cached, e.Cached != nil || t.hasRun)
		if e.Index != nil {
			index.Add(*e.Index)
		} else {
			index.Null()
		}
	}
	<-done
	n := len(good)
	return frame.New(
		columns.Repeat("source", "nextflow", n),
		frame.StringCol("job", make([]string, n), make([]bool, n)),
		task.Col("task"), frame.Int64Col("attempt", ones(n), nil), category.Col("category"),
		submit.Times("submit"), start.Times("start"), end.Times("end"),
		wall.Col("wall_time_s"), mem.Col("mem_mb"),
		name.Col("name"), duration.Col("duration_s"), durationL.Col("label_duration_s"),
		cached.Col("cached"), index.Col("color_index"),
	), nil
}

// ones returns n ones: the attempt of every entry of a page, which has
// no attempt numbers (an entry is one run of a task).
func ones(n int) []int64 {
	v := make([]int64, n)
	for i := range v {
		v[i] = 1
	}
	return v
}

// entryTimes is what one entry's segments say (ms since the epoch).
type entryTimes struct {
	submit, start, runEnd, end          int64
	hasSubmit, hasStart, hasRun, hasEnd bool
	labelDuration, memMB                float64
	hasLabelDuration, hasMem, cached    bool
}

// readEntry reads an entry's segments and the run segment's label.
func readEntry(e *timelineEntry) (entryTimes, error) {
	var t entryTimes
	if e.Cached != nil {
		t.cached = *e.Cached
	}
	if len(e.Times) > 3 {
		return t, fmt.Errorf("%d segments (Nextflow writes at most 3)", len(e.Times))
	}
	prev := int64(-1 << 62)
	for k, s := range e.Times {
		if s.Start == nil || s.End == nil || *s.Start > *s.End || *s.Start < prev {
			return t, fmt.Errorf("segment %d is not an interval after the one before", k)
		}
		prev = *s.End
	}
	if len(e.Times) == 0 {
		return t, nil
	}
	t.submit, t.start, t.hasSubmit, t.hasStart = *e.Times[0].Start, *e.Times[0].End, true, true
	if len(e.Times) == 1 {
		return t, nil
	}
	run := e.Times[1]
	t.runEnd, t.hasRun = *run.End, true
	t.end, t.hasEnd = *e.Times[len(e.Times)-1].End, true
	// The label is "duration / peak_rss", each "-" when unknown, then
	// "CACHED" for a cached task.
	rest, more := run.Label, true
	for k := 0; more; k++ { // strings.Split's parts, without its slice
		var part string
		var err error
		part, rest, more = strings.Cut(rest, " / ")
		switch part = strings.TrimSpace(part); {
		case part == "CACHED":
			t.cached = true
		case run.Label == "":
		case k == 0:
			t.labelDuration, t.hasLabelDuration, err = parseDuration(part)
		case k == 1:
			t.memMB, t.hasMem, err = parseMiB(part)
		default:
			err = fmt.Errorf("more parts than duration / peak_rss / CACHED")
		}
		if err != nil {
			return t, fmt.Errorf("run label %q: %w", run.Label, err)
		}
	}
	return t, nil
}
