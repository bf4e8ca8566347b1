package ops

import (
	"fmt"
	"math"
	"slices"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// DataMovementOps are the tags EPMT's ops_costs uses by default, in its
// order.
func DataMovementOps() []string {
	return []string{"op:hsmput", "op:dmget", "op:untar", "op:mv", "op:dmput", "op:hsmget", "op:rm", "op:cp"}
}

// OpsCostsResult is what OpsCosts returns.
type OpsCostsResult struct {
	// Percent is 100 · Σ metric over Ops / JobsMetric, rounded to 3
	// decimals as numpy rounds (NaN when JobsMetric is 0).
	Percent float64
	// Ops holds the OpMetrics rows (grouped by tag) of every job: jobid,
	// tags, the metric, then the other columns in sorted order.
	Ops *frame.Frame
	// JobsMetric is the sum of the jobs' own metric (duration_us or
	// cpu_time, µs).
	JobsMetric float64
	// ByJob has per job: jobid, dm_<metric> (Σ over its op rows),
	// job_<metric> and dm_<metric>% (100 · dm / job rounded half to even,
	// null when the job's metric is 0).
	ByJob *frame.Frame
}

// OpsCosts is EPMT's ops_costs (docs/semantics.md#costs-of-operations): how much of the jobs'
// cpu_time (metric "cpu_time", op durations summed) or duration (metric
// "duration", op durations as the union of their process intervals) the
// tagged operations take. tags nil means DataMovementOps(). Jobs come in
// the jobs frame's order; a job without any matching process costs 0
// (EPMT crashes there).
func OpsCosts(procs, jobs *frame.Frame, metric string, tags []string) (OpsCostsResult, error) {
	var res OpsCostsResult
	if metric != "cpu_time" && metric != "duration" {
		return res, fmt.Errorf("OpsCosts: metric %q: want cpu_time or duration", metric)
	}
	jobCol, method := "cpu_time", "sum"
	if metric == "duration" {
		jobCol, method = "duration_us", "sum-minus-overlap"
	}
	if err := requireFrame("OpsCosts", jobs, schema.Jobs, "job", jobCol); err != nil {
		return res, err
	}
	if err := requireFrame("OpsCosts", procs, schema.Procs, "job"); err != nil {
		return res, err
	}
	if tags == nil {
		tags = DataMovementOps()
	}
	ids, _, err1 := jobs.Strings("job")
	jm, jmOK, err2 := jobs.Float64s(jobCol)
	pj, _, err3 := procs.Strings("job")
	if err := firstErr(err1, err2, err3); err != nil {
		return res, fmt.Errorf("OpsCosts: %w", err)
	}
	rowsOf := map[string][]int{}
	for i, j := range pj {
		rowsOf[j] = append(rowsOf[j], i)
	}
	var parts []*frame.Frame
	dm, total := make([]float64, len(ids)), make([]float64, len(ids))
	pct, pctOK := make([]float64, len(ids)), make([]bool, len(ids))
	for k, id := range ids {
		if jmOK[k] {
			total[k] = jm[k]
		}
		res.JobsMetric += total[k]
		ops := OpMetrics(procs.Take(rowsOf[id]), OpMetricsOptions{Tags: tags, GroupByTag: true, Method: method})
		if err := ops.Err(); err != nil {
			return res, fmt.Errorf("OpsCosts: job %s: %w", id, err)
		}
		vals, _, err := ops.Float64s(metric)
		if err != nil {
			return res, fmt.Errorf("OpsCosts: %w", err)
		}
		for _, v := range vals {
			dm[k] += v
		}
		if total[k] != 0 {
			pct[k], pctOK[k] = math.RoundToEven(100*dm[k]/total[k]), true
		}
		if ops.NumRows() > 0 {
			parts = append(parts, frame.New(append([]frame.Column{frame.StringCol("jobid", repeatString(id, ops.NumRows()), nil)}, ops.Columns()...)...))
		}
	}
	all := frame.Concat(parts...)
	if len(parts) == 0 {
		all = OpMetrics(procs.Head(0), OpMetricsOptions{Tags: tags, GroupByTag: true, Method: method})
		all = frame.New(append([]frame.Column{frame.StringCol("jobid", nil, nil)}, all.Columns()...)...)
	}
	rest := slices.DeleteFunc(slices.Clone(all.Names()), func(n string) bool { return n == "jobid" || n == "tags" || n == metric })
	slices.Sort(rest)
	res.Ops = all.Select(append([]string{"jobid", "tags", metric}, rest...)...)
	if err := res.Ops.Err(); err != nil {
		return res, fmt.Errorf("OpsCosts: %w", err)
	}
	// pandas' Series.sum adds pairwise, as numpy does.
	opsMetric, _, err := res.Ops.Float64s(metric)
	if err != nil {
		return res, fmt.Errorf("OpsCosts: %w", err)
	}
	res.Percent = npround(100*pairwiseSum(opsMetric)/res.JobsMetric, 3)
	res.ByJob = frame.New(frame.StringCol("jobid", ids, nil), frame.Float64Col("dm_"+metric, dm, nil),
		frame.Float64Col("job_"+metric, total, nil), frame.Float64Col("dm_"+metric+"%", pct, pctOK))
	return res, nil
}

func repeatString(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// npround is numpy's round(x, d): RoundToEven(x·10^d)/10^d in float64.
func npround(x float64, d int) float64 {
	p := math.Pow(10, float64(d))
	return math.RoundToEven(x*p) / p
}
