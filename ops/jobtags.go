package ops

import (
	"slices"
	"strings"

	"github.com/jobframe/jobframe/frame"
)

// FoldTags is EPMT's get_job_tags(fold=True) (docs/semantics.md#job-tags) over any
// frame with a tags column (jobs, or procs for job_proc_tags): for every
// key of any row's tags, the distinct values over the rows that have it.
// Columns: key, n_values, value (the value when there is exactly one,
// else null) and values (the distinct values sorted, joined with ", ").
// Keys come sorted. Untagged rows add nothing.
func FoldTags(f *frame.Frame) *frame.Frame {
	if err := require("FoldTags", f, "the jobs and procs frames have it", "tags"); err != nil {
		return frame.WithErr(err)
	}
	have, err := rowTags("FoldTags", f)
	if err != nil {
		return frame.WithErr(err)
	}
	vals := map[string]map[string]bool{}
	for _, kv := range have {
		for k, v := range kv {
			if vals[k] == nil {
				vals[k] = map[string]bool{}
			}
			vals[k][v] = true
		}
	}
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	n := len(keys)
	count, value, valueOK, all := make([]int64, n), make([]string, n), make([]bool, n), make([]string, n)
	for i, k := range keys {
		vs := make([]string, 0, len(vals[k]))
		for v := range vals[k] {
			vs = append(vs, v)
		}
		slices.Sort(vs)
		count[i] = int64(len(vs))
		if len(vs) == 1 {
			value[i], valueOK[i] = vs[0], true
		}
		all[i] = strings.Join(vs, ", ")
	}
	return frame.New(frame.StringCol("key", keys, nil), frame.Int64Col("n_values", count, nil),
		frame.StringCol("value", value, valueOK), frame.StringCol("values", all, nil))
}
