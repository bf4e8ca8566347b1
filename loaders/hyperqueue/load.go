package hyperqueue

// Load and the read of a journal: lines decoded on the workers and
// applied in order.

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/jsontext"
	"github.com/jobframe/jobframe/loaders/internal/records"
	"github.com/jobframe/jobframe/loaders/internal/resume"
	"github.com/jobframe/jobframe/loaders/source"
)

// Load reads a HyperQueue journal export (JSON lines).
func Load(r io.Reader, o source.Options) (*source.Dataset, error) {
	return o.Project(loadJournal(r, o))
}

// loadJournal is Load without the projection on o.Columns.
func loadJournal(r io.Reader, o source.Options) (*source.Dataset, error) {
	return loadSpilling(r, o, spillEvery)
}

// loadSpilling is loadJournal spilling ended attempts every
// spillLines lines (spill.go; tests spill more often).
func loadSpilling(r io.Reader, o source.Options, spillLines int) (*source.Dataset, error) {
	name := o.InputName()
	h := &loader{
		spillLines: spillLines,
		p:          *o.Problems(name),
		want:       source.WantFrames(o),
		wmap:       map[int64]*workerState{},
		jmap:       map[int64]*jobState{},
		submits:    map[int64][]*submitted{},
		queues:     map[int64]*queueState{},
		amap:       map[string]*allocState{},
		unknown:    map[string]int{},
		keeps:      o.Keeps,
		ev:         newEventCols(func(col string) bool { return o.Keeps(schema.Events, col) }),
		key:        o.ResumeKey(),
	}
	if o.Batch != nil {
		h.batch, h.batchRows, h.checkpoints = o.Batch, o.BatchSize(), o.Checkpoints
	}
	h.rowBuilders(r)
	first, err := resume.Start(o.Resume, r, &h.pos, h.resume)
	if err != nil {
		return nil, err
	}
	h.skim.On = skimsEvents(o)
	if h.batch == nil && !h.skim.On && (h.want == nil || h.want[schema.Events]) {
		// the events frame has a row per line and all their text: sized
		// ahead, its columns never copy themselves as they grow
		if n := source.EstimateRecords(r, `"event"`); n > 0 {
			h.ev.reserve(n, int(min(source.InputSize(r), math.MaxInt32)))
		}
	}
	// JSON decoding runs on other goroutines; events apply in order here.
	decode := func(line []byte, d *decodedLine) {
		d.l, d.err = journalLine{}, nil
		line = bytes.TrimSpace(line)
		d.badAt, d.badKey = jsontext.BadUTF8(line)
		if d.isFlat = len(line) > 0 && decodeFlat(line, &d.flat); !d.isFlat && len(line) > 0 {
			d.err = jsontext.Unmarshal(line, &d.l)
		}
	}
	err = records.DecodedLinesAt(r, &h.p, first, &h.pos, records.Workers(), decode, func(line []byte, n int, d *decodedLine) error {
		h.bytesRead += int64(len(line)) + 1
		if line = bytes.TrimSpace(line); len(line) == 0 {
			return nil
		}
		if d.badAt >= 0 {
			if err := h.p.BadUTF8(n, d.badKey, line, d.badAt); err != nil {
				return err
			}
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

// skimsEvents reports whether o asks for the events' span alone
// (Options.SkimsRows): a whole load then counts the events and widens
// Dataset.Skimmed with their times instead of storing them. The report
// of the 10M-task journal reads nothing else of its 20M events: 231 MB
// of times, and the room reserved for them.
func skimsEvents(o source.Options) bool {
	events := newEventCols(func(string) bool { return true }).s.Frame(0) // every column, no row
	return o.SkimsRows(schema.Events, events.Has)
}

// decodedLine is one journal line decoded: a task event (the journal's
// bulk) as the pointer-free flat, any other line as the full journalLine.
// decode overwrites it whole, so line batches are recycled.
type decodedLine struct {
	flat   flatEvent
	isFlat bool
	l      journalLine
	err    error
	badAt  int    // the first byte that is not UTF-8, or -1 (jsontext.BadUTF8)
	badKey string // the key of the member it is in
}

func (*decodedLine) Reusable() {}
