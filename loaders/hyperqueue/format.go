package hyperqueue

// The format: how a journal is recognised, and its Source.

import (
	"bytes"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// sniff: the first non-blank line is a JSON object with an
// "event" key (every journal line is {"event": {...}, "time": ...}).
func sniff(head []byte) bool {
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
		Sniff:       func(_ string, head []byte) bool { return sniff(head) },
		Load: func(in []source.Input, o source.Options) (*source.Dataset, error) {
			return source.LoadOne(in, o, loadJournal)
		},
		Streams: true,
		Resumes: true,
	}
}
