package htcondor

import (
	"fmt"
	"io"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// Format is HTCondor's job event log (the submit file's log =, in its
// classic text form), which DAGMan and Pegasus read too.
func Format() source.Format {
	return source.Format{
		Name:        "htcondor",
		System:      "HTCondor",
		Description: "an HTCondor job event log (the text form: 000 (123.000.000) date Job submitted ..., events ending in ...)",
		Sources:     []string{Source},
		Frames:      []string{schema.Jobs, schema.Tasks, schema.Placements, schema.Events},
		Sniff:       func(_ string, head []byte) bool { return eventStart.Match(head) },
		Load:        func(in []source.Input, o source.Options) (*source.Dataset, error) { return source.LoadOne(in, o, Load) },
	}
}

// eventStart matches the first line of an event.
var eventStart = regexp.MustCompile(`^(\xef\xbb\xbf)?[0-9]{3} \((-?[0-9]+)\.(-?[0-9]+)\.(-?[0-9]+)\) ([0-9]{2}/[0-9]{2}|[0-9]{4}-[0-9]{2}-[0-9]{2})[ T][0-9]{2}:[0-9]{2}:[0-9]{2}`)

// noYearStart is the year an event log whose dates have none is read
// in (see the package documentation).
const noYearStart = 2000

// Load reads one job event log (see the package documentation). Dates
// are read in o.TimeZone (UTC when empty), unless they end in Z. The
// log is parsed in blocks on every core (blocks.go) and applied in
// order.
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	return loadBlocks(r, o, blockBytes)
}

// loadBlocks is Load with blocks of size bytes or more.
func loadBlocks(r io.Reader, o source.Options, size int) (*source.Dataset, error) {
	loc, err := o.Location()
	if err != nil {
		return nil, err
	}
	name := o.InputName()
	p := o.Problems(name)
	b := newBuilder(o)
	y := &years{year: noYearStart}
	work, order := make(chan *block, runtime.GOMAXPROCS(0)), make(chan *block, runtime.GOMAXPROCS(0)+1)
	stop := make(chan struct{})
	defer close(stop)
	go readBlocks(r, size, 2*p.LineLimit()+size, work, order, stop)
	bo := blockOptions{file: name, lenient: p.Lenient, maxLine: p.MaxLine, loc: loc}
	for range runtime.GOMAXPROCS(0) {
		go parseBlocks(work, bo)
	}
	for blk := range order {
		if blk.err != nil {
			return nil, fmt.Errorf("%s: %w", name, blk.err)
		}
		res := <-blk.done
		p.Warnings = append(p.Warnings, res.p.Warnings...)
		p.Skipped += res.p.Skipped
		if res.err != nil {
			return nil, res.err
		}
		b.room(len(res.events))
		for i := range res.events {
			e := &res.events[i]
			at := e.h.at
			if e.h.noYear {
				at = y.dated(&e.h, loc)
			}
			b.apply(&e.h, at, &e.bd, e.detail, e.first)
		}
	}
	d := &source.Dataset{Source: Source, Files: []string{name}}
	if y.noYear > 0 {
		p.Note(0, "date", "", fmt.Sprintf("%d events are dated MM/DD without a year (HTCondor before 8.9, or without ISO_DATE): read in %d, a year later each time a date falls more than half a year before the one before", y.noYear, noYearStart))
	}
	d.Warnings = p.Finish()
	d.Frames = b.frames(source.WantFrames(o))
	b.skim.Set(d, schema.Events) // the events: their columns, no row
	b.sets.Skip(d)
	return o.Project(d, nil)
}

// reader gathers the lines of each event (its first line, its body, the
// "..." that ends it) and parses the event.
type reader struct {
	p     *source.Problems
	loc   *time.Location
	open  bool // an event is being read
	first int  // its first line's number
	head  string
	body  []string
	out   []parsedEvent
}

// parsedEvent is an event read, for the builder.
type parsedEvent struct {
	h      header
	bd     body
	detail string
	first  int
}

// line takes line n of the log.
func (rd *reader) line(line []byte, n int) error {
	s := string(line)
	if n == 1 {
		s = strings.TrimPrefix(s, "\ufeff")
	}
	switch {
	case s == "...":
		if !rd.open {
			return rd.p.Bad(n, "", s, "an event's first line before its closing ...", nil)
		}
		rd.open = false
		return rd.event(n)
	case rd.open && isHeader(s):
		rd.open = false
		if err := rd.p.Bad(rd.first, "", rd.head, "an event ended by a line of three dots (...) before the next event, at line "+fmt.Sprint(n), nil); err != nil {
			return err
		}
		fallthrough
	case !rd.open:
		if strings.TrimSpace(s) == "" {
			return nil
		}
		rd.open, rd.first, rd.head, rd.body = true, n, s, rd.body[:0]
		return nil
	}
	rd.body = append(rd.body, s)
	return nil
}

// finish reads the event the log ends in without its "...": a log still
// being written. It is read, and the load says so.
func (rd *reader) finish() error {
	if !rd.open {
		return nil
	}
	rd.p.Note(rd.first, "", rd.head, "the last event has no closing ... (is the log still being written?); read as it is")
	return rd.event(rd.first)
}

// isHeader reports whether s looks like an event's first line.
func isHeader(s string) bool {
	return len(s) > 6 && s[3] == ' ' && s[4] == '(' && s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' && s[2] <= '9'
}

// event reads the event gathered, its closing "..." at line end.
func (rd *reader) event(end int) error {
	h, field, want, ok := parseHeader(rd.head, rd.loc)
	if !ok {
		return rd.p.Bad(rd.first, field, rd.head, want, nil)
	}
	if eventName(h.code) == "" {
		return rd.p.Bad(rd.first, "event", rd.head[:3], "an event number of the job event log ("+knownCodes+")", nil)
	}
	var bd body
	if !h.placeholder { // HTCondor's tests fill the events of no job with placeholders
		var at int
		bd, field, want, at, ok = parseBody(h.code, rd.body)
		if !ok {
			return rd.p.Bad(rd.first+1+at, field, strings.TrimSpace(rd.body[at]), want, nil)
		}
	}
	detail := ""
	for _, s := range rd.body {
		if s = strings.TrimSpace(s); s != "" {
			detail = s
			break
		}
	}
	rd.out = append(rd.out, parsedEvent{h: h, bd: bd, detail: detail, first: rd.first})
	return nil
}

// years gives the dates without a year their years, event by event in
// the log's order.
type years struct {
	year   int   // the year of dates without one
	prev   int64 // the last such date, µs
	noYear int   // events dated without a year
}

// dated gives a date without a year its year: the year of the one
// before, or the next when it would fall more than half a year before.
func (y *years) dated(h *header, loc *time.Location) int64 {
	y.noYear++
	at := func(year int) int64 {
		return time.Date(year, time.Month(h.month), h.day, 0, 0, 0, 0, loc).UnixMicro() + h.clock
	}
	t := at(y.year)
	if y.noYear > 1 && t < y.prev-183*86400*1_000_000 {
		y.year++
		t = at(y.year)
	}
	y.prev = t
	return t
}
