package report

import (
	"slices"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/balsam"
	"github.com/jobframe/jobframe/loaders/epmt"
	"github.com/jobframe/jobframe/loaders/nextflow"
	"github.com/jobframe/jobframe/loaders/parsl"
	"github.com/jobframe/jobframe/loaders/slurm"
	"github.com/jobframe/jobframe/loaders/wfcommons"
)

// workerHints say, per format, where a source records the workers its
// tasks ran on, or why it does not.
var workerHints = map[string]string{
	nextflow.Source: "a Nextflow trace names the host of a task only with hostname in trace.fields",
	slurm.Source:    "sacct names the nodes of a job or step in NodeList: add it to --format",
	balsam.Source:   "Balsam's API records no workers, only batch jobs and their nodes",
	epmt.Source:     "EPMT records processes per host, not a workflow system's workers",
	parsl.Source:    "Parsl's node table lists the managers of its high-throughput executor only",
}

// cpuHints say, per format, why the attempts of a source that records
// its workers do not say how many CPUs they held.
var cpuHints = map[string]string{
	parsl.Source: "Parsl records its managers' cores and worker slots, not the cores of a try",
}

// noCPUs is the reason of the utilization section when workers offer
// CPUs and no attempt says how many it held, from its start to its end.
func (b *builder) noCPUs() string {
	return b.hinted("the task attempts of this source do not say how many CPUs they held", cpuHints) + ": nothing to set against the workers' CPUs"
}

// noWorkers is the reason of a per-worker section when the source has no
// worker records: what the source lacks, with where each of its formats
// would record them.
func (b *builder) noWorkers() string {
	return b.hinted("no worker records in this source", workerHints)
}

// hinted is reason followed, in parentheses, by the hints of the
// formats of the load (its Source names them, joined by "+").
func (b *builder) hinted(reason string, hints map[string]string) string {
	var found []string
	for _, src := range strings.Split(b.d.Source, "+") {
		if h, ok := hints[src]; ok {
			found = append(found, h)
		}
	}
	sort.Strings(found)
	if len(found) > 0 {
		reason += " (" + strings.Join(found, "; ") + ")"
	}
	return reason
}

// stateHints say, per format, why a source records no task states.
var stateHints = map[string]string{
	nextflow.Source:  "a Nextflow timeline page does not say which tasks failed: load its trace with it",
	wfcommons.Source: "this WfCommons instance gives its tasks no status",
}

// noStates is the reason (or note) for a source whose tasks have no
// state, with each of its formats' hint.
func (b *builder) noStates() string {
	return b.hinted("this source records no task states", stateHints)
}

// noStarts is the reason of a time section when no task has a start
// time: the tasks' states (all waiting, say) or, for a WfCommons
// instance, that it may give run times without dates.
func (b *builder) noStarts(tasks *frame.Frame) string {
	r := "no attempt has a start time in this source"
	var why []string
	if tasks.Has("state") {
		why = append(why, stateText(tasks))
	}
	if slices.Contains(strings.Split(b.d.Source, "+"), wfcommons.Source) {
		why = append(why, "a WfCommons instance may give run times without dates")
	}
	if len(why) > 0 {
		r += " (" + strings.Join(why, "; ") + ")"
	}
	return r
}
