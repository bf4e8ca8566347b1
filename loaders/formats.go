package loaders

import (
	"slices"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/loaders/balsam"
	"github.com/jobframe/jobframe/loaders/cctools"
	"github.com/jobframe/jobframe/loaders/cromwell"
	"github.com/jobframe/jobframe/loaders/epmt"
	"github.com/jobframe/jobframe/loaders/flux"
	"github.com/jobframe/jobframe/loaders/htcondor"
	"github.com/jobframe/jobframe/loaders/hyperqueue"
	"github.com/jobframe/jobframe/loaders/lsf"
	"github.com/jobframe/jobframe/loaders/nextflow"
	"github.com/jobframe/jobframe/loaders/parsl"
	"github.com/jobframe/jobframe/loaders/pbs"
	"github.com/jobframe/jobframe/loaders/slurm"
	"github.com/jobframe/jobframe/loaders/slurmjson"
	"github.com/jobframe/jobframe/loaders/snakemake"
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
		slurmjson.Format(),
		slurmjson.YAMLFormat(),
		pbs.Format(),
		lsf.Format(),
		htcondor.Format(),
		flux.Jobs(),
		flux.Eventlog(),
		snakemake.Format(),
		snakemake.LogFormat(),
		cromwell.Format(),
		parsl.Format(),
		nextflow.Trace(),
		nextflow.Timeline(),
	}
}

// Systems returns the workflow systems and schedulers whose records the
// formats read, once each, in alphabetical order ("Work Queue and
// TaskVine" gives both).
func Systems() []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range Formats() {
		for _, s := range strings.Split(f.System, " and ") {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i]) < strings.ToLower(out[j]) })
	return out
}

// KnownSources returns the source systems the formats of Formats read,
// sorted: the names Options.Sources takes.
func KnownSources() []string {
	var out []string
	for _, f := range Formats() {
		for _, s := range f.Sources {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	slices.Sort(out)
	return out
}
