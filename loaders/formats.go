package loaders

import (
	"github.com/jobframe/jobframe/loaders/balsam"
	"github.com/jobframe/jobframe/loaders/cctools"
	"github.com/jobframe/jobframe/loaders/epmt"
	"github.com/jobframe/jobframe/loaders/hyperqueue"
	"github.com/jobframe/jobframe/loaders/nextflow"
	"github.com/jobframe/jobframe/loaders/slurm"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/wfcommons"
)

// Formats returns the formats OpenWith reads, in the order it offers an
// input to them: the first whose Sniff accepts the input loads it. The
// order matters where two could claim an input: EPMT goes by file names
// first, and a HyperQueue journal line could look like Balsam JSON.
func Formats() []source.Format {
	return []source.Format{
		epmt.Format(),
		hyperqueue.Format(),
		wfcommons.Format(),
		balsam.Format(),
		cctools.Transactions(),
		cctools.Performance(),
		cctools.TaskGraph(),
		cctools.Series(),
		slurm.Format(),
		nextflow.Trace(),
		nextflow.Timeline(),
	}
}
