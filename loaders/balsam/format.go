package balsam

// The format: how Balsam's files are recognised and grouped.

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
)

// Source is the Dataset.Source of Balsam's loads.
const Source = "balsam"

// Format describes Balsam's events, jobs and batch-jobs JSON to
// loaders.OpenWith: the files of one folder are one dataset, as events
// need their jobs' tags.
func Format() source.Format {
	return source.Format{
		Name:        "balsam",
		System:      "Balsam",
		Description: "Balsam events, jobs and batch-jobs JSON (an API page, an array or JSON lines)",
		Sources:     []string{Source},
		Frames:      []string{schema.Tasks, schema.Jobs, schema.Allocations, schema.Events},
		Sniff:       func(_ string, head []byte) bool { return balsamKind(head) != "" },
		Group:       func(name string, _ []byte) string { return filepath.Dir(name) },
		Load:        loadBalsamInputs,
		// The events stream; the jobs (and their tags, which the events
		// carry) are read first, whole.
		Streams: true,
	}
}

// loadBalsamInputs loads the Balsam files of one folder, at most one of
// each kind.
func loadBalsamInputs(in []source.Input, o source.Options) (*source.Dataset, error) {
	var files Files
	for _, f := range in {
		kind := balsamKind(f.Head)
		var slot *io.Reader
		var name *string
		switch kind {
		case "events":
			slot, name = &files.Events, &files.EventsName
		case "jobs":
			slot, name = &files.Jobs, &files.JobsName
		default:
			slot, name = &files.BatchJobs, &files.BatchJobsName
		}
		if *slot != nil {
			return nil, fmt.Errorf("%s and %s are both Balsam %s files; give one per folder", *name, f.Name, kind)
		}
		*slot, *name = f.R, f.Name
	}
	return loadBalsam(files, o)
}
