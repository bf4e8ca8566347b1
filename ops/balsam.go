package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// The analyses of Balsam's balsam/analytics.py (docs/semantics.md#balsam-analytics), on the
// events and allocations frames of the balsam loader. Filter the events
// first as EventLog.objects.filter would (e.g. Where("tag.experiment",
// "==", "foo")).

const balsamFrom = "Balsam's events frame has them"

// ThroughputReport is throughput_report(log_query, to_state): the events
// entering toState in (time, id) order, with value = 1, 2, ... (a job
// entering it twice counts twice). Columns: time, value (int64, a count).
func ThroughputReport(events *frame.Frame, toState string) *frame.Frame {
	if err := require("ThroughputReport", events, balsamFrom, "time", "id", "to_state"); err != nil {
		return frame.WithErr(err)
	}
	// Balsam orders by (timestamp, id); the series holds only the times,
	// which ties in time leave the same, so the time alone is sorted.
	e := events.Select("time", "to_state").Where("to_state", "==", toState).Sort("time")
	t, _, err := e.Micros("time")
	if err != nil {
		return frame.WithErr(fmt.Errorf("ThroughputReport: %w", err))
	}
	counts := make([]int64, len(t))
	for i := range counts {
		counts[i] = int64(i + 1)
	}
	return frame.New(frame.MicrosCol("time", t, nil), frame.Int64Col("value", counts, nil))
}

// UtilizationReport is utilization_report(log_query, node_weighting): the
// number of nodes (or, unweighted, of jobs) running over time. Every event
// entering RUNNING adds its data.num_nodes (1 unweighted); every event
// leaving RUNNING subtracts the weight recorded for its job, 1.0 when the
// events hold no RUNNING entry for it. As in Balsam, the RUNNING events are
// read newest first (timestamp DESC, id ASC) and the last write wins, so a
// job that ran several times keeps the weight of its earliest run; the
// deltas are then sorted by (time, delta), so at equal times the most
// negative comes first, and summed. The result can end above or below 0.
// Columns: time, value. A RUNNING event without num_nodes is an error
// (Balsam raises KeyError) when weighting.
func UtilizationReport(events *frame.Frame, nodeWeighting bool) *frame.Frame {
	cols := []string{"time", "id", "job", "from_state", "to_state"}
	if nodeWeighting {
		cols = append(cols, "num_nodes")
	}
	if err := require("UtilizationReport", events, balsamFrom, cols...); err != nil {
		return frame.WithErr(err)
	}
	type delta struct {
		t int64
		v float64
	}
	// the columns read, selected before the rows are picked and sorted
	runCols := []string{"time", "id", "job", "to_state"}
	if nodeWeighting {
		runCols = append(runCols, "num_nodes")
	}
	running := events.Select(runCols...).Where("to_state", "==", "RUNNING").Sort("-time", "id")
	leaving := events.Select("time", "id", "job", "from_state").Where("from_state", "==", "RUNNING").Sort("-time", "id")
	rt, _, _ := running.Micros("time")
	rjob, _, _ := running.Strings("job")
	lt, _, _ := leaving.Micros("time")
	ljob, _, _ := leaving.Strings("job")
	enter := make([]delta, len(rt))
	weights := newJobWeights(rjob, ljob)
	var nodes []float64
	var nodesOK []bool
	if nodeWeighting {
		var err error
		if nodes, nodesOK, err = running.Float64s("num_nodes"); err != nil {
			return frame.WithErr(fmt.Errorf("UtilizationReport: %w", err))
		}
	}
	for i := range rt {
		u := 1.0
		if nodeWeighting {
			if !nodesOK[i] {
				return frame.Errorf("UtilizationReport: the RUNNING event of job %s at %s has no num_nodes (Balsam: KeyError)", rjob[i], frame.FormatMicros(rt[i]))
			}
			u = nodes[i]
		}
		weights.set(i, rjob[i], u) // last write wins: the earliest run's weight
		enter[i] = delta{rt[i], u}
	}
	leave := make([]delta, len(lt))
	for i := range lt {
		w, ok := weights.get(i, ljob[i])
		if !ok {
			w = 1.0
		}
		leave[i] = delta{lt[i], -1.0 * w}
	}
	// by (time, delta): both lists are in descending time, so read
	// backwards they merge in time order, and only the runs of equal
	// times are left to sort by delta (deltas equal in both are the same
	// value, so their order does not matter); sortStableByKeys sorts
	// whatever is still out of order
	deltas := make([]delta, 0, len(enter)+len(leave))
	for i, j := len(enter)-1, len(leave)-1; i >= 0 || j >= 0; {
		if j < 0 || i >= 0 && enter[i].t <= leave[j].t {
			deltas = append(deltas, enter[i])
			i--
		} else {
			deltas = append(deltas, leave[j])
			j--
		}
	}
	sortStableByKeys(deltas, func(d *delta) uint64 { return int64Key(d.t) }, func(d *delta) uint64 { return float64Key(d.v) })
	times := make([]int64, len(deltas))
	values := make([]float64, len(deltas))
	sum := 0.0
	for i, d := range deltas {
		sum += d.v
		times[i], values[i] = d.t, sum
	}
	return frame.New(frame.MicrosCol("time", times, nil), frame.Float64Col("value", values, nil))
}

// AvailableNodes is available_nodes(batch_job_query): the nodes of the
// batch jobs (the allocations frame of the balsam loader, filtered as
// wanted) over time: +nodes at each start, −nodes at each end, sorted by
// (time, delta) so that at equal times an end comes first, and summed.
// Batch jobs without a start or end time are left out, as Balsam does
// (with a warning there); skipped counts them. Columns: time, value
// (int64, nodes).
func AvailableNodes(allocations *frame.Frame) (series *frame.Frame, skipped int) {
	if err := requireFrame("AvailableNodes", allocations, schema.Allocations, "id", "start", "end", "nodes"); err != nil {
		return frame.WithErr(err), 0
	}
	a := allocations.Sort("id")
	complete := a.Where("start", "not-null", nil).Where("end", "not-null", nil)
	skipped = a.NumRows() - complete.NumRows()
	s, _, _ := complete.Micros("start")
	e, _, _ := complete.Micros("end")
	n, _, err := complete.Int64s("nodes")
	if err != nil {
		return frame.WithErr(fmt.Errorf("AvailableNodes: %w", err)), 0
	}
	type delta struct{ t, d int64 }
	var deltas []delta
	for i := range s {
		deltas = append(deltas, delta{s[i], n[i]}, delta{e[i], -n[i]})
	}
	sortStableByKeys(deltas, func(d *delta) uint64 { return int64Key(d.t) }, func(d *delta) uint64 { return int64Key(d.d) })
	times := make([]int64, len(deltas))
	nodes := make([]int64, len(deltas))
	sum := int64(0)
	for i, d := range deltas {
		sum += d.d
		times[i], nodes[i] = d.t, sum
	}
	return frame.New(frame.MicrosCol("time", times, nil), frame.Int64Col("value", nodes, nil)), skipped
}
