package main

import (
	"io"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
)

// infoColumns are the columns of the tasks that info's summary reads
// (summarise), each optional; of the other columns, info says only
// their names.
var infoColumns = []string{"run", "job", "task", "state", "start"}

// infoOf loads what info says of the sources: the dataset, whose frames
// give their columns and rows (loaders.Dataset.FrameRows) and whose
// span and runs are the load's, and the summary. Lakes alone are read
// twice, neither time whole: every frame from its footers (skimmed),
// then the tasks' columns the summary reads: on the 10M-task lake, 1.9 s and
// 1.1 GB against 26 s and 11.9 GB read whole. Other sources are loaded
// once, whole.
func infoOf(sources []string, o loaders.Options, stderr io.Writer) (*loaders.Dataset, infoSummary, error) {
	if o.SpanOnly = skimmed(sources); o.SpanOnly == nil {
		return infoWhole(sources, o, stderr)
	}
	d, err := loadWarnWith(sources, o, stderr)
	if err != nil {
		return nil, infoSummary{}, err
	}
	to := o
	to.SpanOnly, to.Frames = nil, []string{schema.Tasks}
	to.Columns = map[string][]string{schema.Tasks: source.OptionalColumns(infoColumns...)}
	t, err := loadWith(sources, to, stderr) // its warnings are d's, printed
	if err != nil {
		return nil, infoSummary{}, err
	}
	return d, summarise(d, t), nil
}

// infoWhole is infoOf of the sources loaded once, whole.
func infoWhole(sources []string, o loaders.Options, stderr io.Writer) (*loaders.Dataset, infoSummary, error) {
	d, err := loadWarnWith(sources, o, stderr)
	if err != nil {
		return nil, infoSummary{}, err
	}
	return d, summarise(d, d), nil
}
