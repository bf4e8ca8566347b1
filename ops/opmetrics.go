package ops

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// OpMetricsOptions are the arguments of OpMetrics after the procs.
type OpMetricsOptions struct {
	// Tags are the tag texts ("op:hsmget;op_instance:1") to report, in
	// order; "" means untagged processes. Nil means every distinct
	// non-empty process tag (EPMT's job_proc_tags): per job, in job start
	// order (from Jobs, else the jobs' first process start), its tags
	// sorted as json.dumps(sort_keys=True) sorts them, first occurrence
	// kept.
	Tags []string
	// Exact matches the stored tag exactly instead of as a superset.
	Exact bool
	// GroupByTag sums the per-job rows of each tag into one row.
	GroupByTag bool
	// Method is how duration is computed: "sum" (default),
	// "sum-minus-overlap" or "finish-minus-start".
	Method string
	// Jobs, optional, is the jobs frame (columns job and start) that
	// orders the jobs for the default tags.
	Jobs *frame.Frame
}

// notSummed reports the procs columns that are not among EPMT's
// threads_sums (docs/formats.md#epmt-jobs-and-papiex-data): per-process fields, times, and the
// first-thread values num_threads and starttime.
func notSummed(name string) bool {
	switch name {
	case "job", "host", "pid", "ppid", "pgid", "sid", "generation", "exename", "path", "args",
		"exitcode", "exitsignal", "numtids", "start", "end", "duration_us", "cpu_time", "tags", "num_threads", "starttime",
		"file", "line", "tid", "thread", "hostname", "mpinumranks", "mpirank":
		return true
	}
	return strings.HasPrefix(name, frame.TagPrefix)
}

// OpMetrics is EPMT's get_op_metrics (docs/semantics.md#op-metrics) over a procs
// frame: for each tag, in order, and each job (by job id as text) with at
// least one matching process, one row with columns job, tags (canonical
// text), num_procs, numtids (Σ), cpu_time (Σ, µs, exclusive), duration
// (µs, by Method: Σ duration_us; the length of the union of the process
// intervals; or last end − first start) and the sum of every papiex
// metric (EPMT's threads_sums: usertime, systemtime, rchar, ...). A
// process matching several tags counts in each row. With GroupByTag the
// rows of each tag are summed (duration too) and the job column dropped,
// the tags sorted as json.dumps(tag, sort_keys=True) sorts them.
func OpMetrics(procs *frame.Frame, o OpMetricsOptions) *frame.Frame {
	if err := requireFrame("OpMetrics", procs, schema.Procs, "job", "tags", "start", "end", "duration_us", "cpu_time", "numtids"); err != nil {
		return frame.WithErr(err)
	}
	method := o.Method
	if method == "" {
		method = "sum"
	}
	if method != "sum" && method != "sum-minus-overlap" && method != "finish-minus-start" {
		return frame.Errorf("OpMetrics: method %q: want sum, sum-minus-overlap or finish-minus-start", o.Method)
	}
	job, _, err1 := procs.Strings("job")
	start, _, err2 := procs.Micros("start")
	end, _, err3 := procs.Micros("end")
	dur, _, err4 := procs.Float64s("duration_us")
	cpu, _, err5 := procs.Float64s("cpu_time")
	nt, _, err6 := procs.Int64s("numtids")
	if err := firstErr(err1, err2, err3, err4, err5, err6); err != nil {
		return frame.WithErr(fmt.Errorf("OpMetrics: %w", err))
	}
	have, err := rowTags("OpMetrics", procs)
	if err != nil {
		return frame.WithErr(err)
	}
	texts := o.Tags
	if texts == nil {
		if texts, err = procTags(procs, have, job, start, o.Jobs); err != nil {
			return frame.WithErr(err)
		}
	}
	want, err := parseTagList("OpMetrics", texts)
	if err != nil {
		return frame.WithErr(err)
	}
	metrics, err := summedMetrics(procs)
	if err != nil {
		return frame.WithErr(err)
	}
	idx := newJobTagIndex(job, have)
	var rows opRows
	rows.metrics = make([]metricSum, len(metrics))
	for k, m := range metrics {
		rows.metrics[k] = metricSum{name: m.name, isInt: m.ints != nil}
	}
	for _, w := range want {
		for _, j := range idx.jobs {
			var match []int
			for _, i := range idx.candidates(j, w.kv) {
				if tagMatches(have[i], w.kv, o.Exact) {
					match = append(match, i)
				}
			}
			if len(match) == 0 {
				continue
			}
			var ntSum int64
			cpuSum := 0.0
			for _, i := range match {
				ntSum += nt[i]
				cpuSum += cpu[i]
			}
			rows.add(j, w, int64(len(match)), ntSum, cpuSum, opDuration(method, match, start, end, dur), metrics, match)
		}
	}
	if o.GroupByTag {
		rows = rows.groupByTag()
	}
	return rows.frame(!o.GroupByTag)
}

// opDuration is the duration of an operation whose processes are the
// rows match, in µs, by method: the sum of their durations, the time
// their intervals cover (sum-minus-overlap), or the last end minus the
// first start (finish-minus-start).
func opDuration(method string, match []int, start, end []int64, dur []float64) float64 {
	switch method {
	case "finish-minus-start":
		first, last := start[match[0]], end[match[0]]
		for _, i := range match {
			first, last = min(first, start[i]), max(last, end[i])
		}
		return float64(last - first)
	case "sum-minus-overlap":
		union, _ := mergeIntervals(slices.Clone(match), start, end) // match keeps load order for the sums
		return float64(union)
	}
	sum := 0.0
	for _, i := range match {
		sum += dur[i]
	}
	return sum
}

// jobTagIndex is an inverted index per job, tag pair → rows in load
// order, so that each wanted tag scans only the rows holding its rarest
// pair (not every process: a job has thousands of distinct operation
// tags).
type jobTagIndex struct {
	jobs     []string // sorted
	byPair   map[string]map[string][]int
	untagged map[string][]int
}

// newJobTagIndex indexes the rows by job and by each tag pair of have.
func newJobTagIndex(job []string, have []map[string]string) *jobTagIndex {
	x := &jobTagIndex{byPair: map[string]map[string][]int{}, untagged: map[string][]int{}}
	byJob := map[string][]int{}
	for i, j := range job {
		if _, ok := byJob[j]; !ok {
			x.jobs = append(x.jobs, j)
		}
		byJob[j] = append(byJob[j], i)
	}
	slices.Sort(x.jobs)
	for _, j := range x.jobs {
		p := map[string][]int{}
		for _, i := range byJob[j] {
			if len(have[i]) == 0 {
				x.untagged[j] = append(x.untagged[j], i)
			}
			for k, v := range have[i] {
				p[k+"\x00"+v] = append(p[k+"\x00"+v], i)
			}
		}
		x.byPair[j] = p
	}
	return x
}

// candidates returns the rows of job j that may match want: those holding
// want's rarest pair, or the untagged rows when want is empty.
func (x *jobTagIndex) candidates(j string, want map[string]string) []int {
	if len(want) == 0 {
		return x.untagged[j]
	}
	var best []int
	first := true
	for k, v := range want {
		rows := x.byPair[j][k+"\x00"+v]
		if first || len(rows) < len(best) {
			best, first = rows, false
		}
	}
	return best
}

// metricCol is one summed papiex metric of a procs frame.
type metricCol struct {
	name   string
	ints   []int64
	floats []float64
	valid  []bool
}

// summedMetrics returns the numeric procs columns that EPMT sums into
// threads_sums, in frame order.
func summedMetrics(procs *frame.Frame) ([]metricCol, error) {
	var out []metricCol
	for i, name := range procs.Names() {
		if notSummed(name) {
			continue
		}
		var m metricCol
		var err error
		switch procs.Types()[i] {
		case frame.Int64:
			m.ints, m.valid, err = procs.Int64s(name)
		case frame.Float64:
			m.floats, m.valid, err = procs.Float64s(name)
		default:
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("OpMetrics: %w", err)
		}
		m.name = name
		out = append(out, m)
	}
	return out, nil
}

// procTags is EPMT's job_proc_tags(fold=False): each job's distinct
// non-empty process tags sorted by their JSON text, jobs in start order,
// first occurrence kept.
func procTags(procs *frame.Frame, have []map[string]string, job []string, start []int64, jobs *frame.Frame) ([]string, error) {
	jobStart := map[string]int64{}
	if jobs != nil {
		if err := requireFrame("OpMetrics", jobs, schema.Jobs, "job", "start"); err != nil {
			return nil, err
		}
		ids, _, err1 := jobs.Strings("job")
		st, stOK, err2 := jobs.Micros("start")
		if err := firstErr(err1, err2); err != nil {
			return nil, fmt.Errorf("OpMetrics: %w", err)
		}
		for i, id := range ids {
			if stOK[i] {
				jobStart[id] = st[i]
			}
		}
	}
	type jobTags struct {
		id    string
		start int64
		tags  map[string]map[string]string // JSON → tag
	}
	var order []*jobTags
	index := map[string]*jobTags{}
	for i, j := range job {
		jt := index[j]
		if jt == nil {
			s, ok := jobStart[j]
			if !ok {
				s = start[i]
			}
			jt = &jobTags{id: j, start: s, tags: map[string]map[string]string{}}
			index[j] = jt
			order = append(order, jt)
		}
		if _, ok := jobStart[j]; !ok {
			jt.start = min(jt.start, start[i])
		}
		if len(have[i]) > 0 {
			jt.tags[tagJSON(have[i])] = have[i]
		}
	}
	slices.SortStableFunc(order, func(a, b *jobTags) int { return cmp.Compare(a.start, b.start) })
	var out []string
	seen := map[string]bool{}
	for _, jt := range order {
		keys := make([]string, 0, len(jt.tags))
		for k := range jt.tags {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if !seen[k] {
				seen[k] = true
				out = append(out, frame.FormatTags(jt.tags[k]))
			}
		}
	}
	return out, nil
}

// metricSum accumulates one metric over the rows of OpMetrics.
type metricSum struct {
	name   string
	isInt  bool
	ints   []int64
	floats []float64
}

// opRows are OpMetrics' output rows, column by column.
type opRows struct {
	job, tags, json []string
	procs, numtids  []int64
	cpu, duration   []float64
	metrics         []metricSum
}

func (r *opRows) add(job string, t tagSet, procs, numtids int64, cpu, dur float64, ms []metricCol, match []int) {
	r.job = append(r.job, job)
	r.tags = append(r.tags, t.text)
	r.json = append(r.json, tagJSON(t.kv))
	r.procs = append(r.procs, procs)
	r.numtids = append(r.numtids, numtids)
	r.cpu = append(r.cpu, cpu)
	r.duration = append(r.duration, dur)
	for k, m := range ms {
		var si int64
		sf := 0.0
		for _, i := range match {
			if !m.valid[i] {
				continue
			}
			if m.ints != nil {
				si += m.ints[i]
			} else {
				sf += m.floats[i]
			}
		}
		if m.ints != nil {
			r.metrics[k].ints = append(r.metrics[k].ints, si)
		} else {
			r.metrics[k].floats = append(r.metrics[k].floats, sf)
		}
	}
}

// groupByTag sums the rows of each tag (EPMT's group_dicts_by_key) and
// sorts the groups by the tag's JSON text.
func (r opRows) groupByTag() opRows {
	idx := map[string]int{}
	var g opRows
	g.metrics = make([]metricSum, len(r.metrics))
	for k, m := range r.metrics {
		g.metrics[k] = metricSum{name: m.name, isInt: m.isInt}
	}
	for i, j := range r.json {
		k, ok := idx[j]
		if !ok {
			k = len(g.json)
			idx[j] = k
			g.job = append(g.job, "")
			g.tags = append(g.tags, r.tags[i])
			g.json = append(g.json, j)
			g.procs = append(g.procs, 0)
			g.numtids = append(g.numtids, 0)
			g.cpu = append(g.cpu, 0)
			g.duration = append(g.duration, 0)
			for m := range g.metrics {
				if g.metrics[m].isInt {
					g.metrics[m].ints = append(g.metrics[m].ints, 0)
				} else {
					g.metrics[m].floats = append(g.metrics[m].floats, 0)
				}
			}
		}
		g.procs[k] += r.procs[i]
		g.numtids[k] += r.numtids[i]
		g.cpu[k] += r.cpu[i]
		g.duration[k] += r.duration[i]
		for m := range g.metrics {
			if g.metrics[m].isInt {
				g.metrics[m].ints[k] += r.metrics[m].ints[i]
			} else {
				g.metrics[m].floats[k] += r.metrics[m].floats[i]
			}
		}
	}
	order := make([]int, len(g.json))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(g.json[a], g.json[b]) })
	return g.take(order)
}

func (r opRows) take(order []int) opRows {
	out := opRows{metrics: make([]metricSum, len(r.metrics))}
	for _, i := range order {
		out.job = append(out.job, r.job[i])
		out.tags = append(out.tags, r.tags[i])
		out.json = append(out.json, r.json[i])
		out.procs = append(out.procs, r.procs[i])
		out.numtids = append(out.numtids, r.numtids[i])
		out.cpu = append(out.cpu, r.cpu[i])
		out.duration = append(out.duration, r.duration[i])
	}
	for k, m := range r.metrics {
		out.metrics[k] = metricSum{name: m.name, isInt: m.isInt}
		for _, i := range order {
			if m.isInt {
				out.metrics[k].ints = append(out.metrics[k].ints, m.ints[i])
			} else {
				out.metrics[k].floats = append(out.metrics[k].floats, m.floats[i])
			}
		}
	}
	return out
}

func (r opRows) frame(withJob bool) *frame.Frame {
	var cols []frame.Column
	if withJob {
		cols = append(cols, frame.StringCol("job", r.job, nil))
	}
	cols = append(cols, frame.StringCol("tags", r.tags, nil), frame.Int64Col("num_procs", r.procs, nil),
		frame.Int64Col("numtids", r.numtids, nil), frame.Float64Col("cpu_time", r.cpu, nil),
		frame.Float64Col("duration", r.duration, nil))
	for _, m := range r.metrics {
		if m.isInt {
			cols = append(cols, frame.Int64Col(m.name, m.ints, nil))
		} else {
			cols = append(cols, frame.Float64Col(m.name, m.floats, nil))
		}
	}
	return frame.New(cols...)
}
