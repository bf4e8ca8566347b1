package report

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/ops"
)

// maxBars is the number of operations or executables drawn as bars.
const maxBars = 20

// opsCosts shows the cpu time of each tagged operation and the share of
// data movement (EPMT's ops_costs).
func (b *builder) opsCosts() Section {
	s := Section{ID: "ops-costs", Title: "Costs per operation"}
	procs, ok := b.frameOf(schema.Procs)
	if !ok {
		s.Reason = "no process records in this source"
		return s
	}
	jobs := b.d.Frames[schema.Jobs]
	if jobs == nil {
		s.Reason = "no job metadata in this source: the costs are shares of the jobs' cpu time"
		return s
	}
	c, err := ops.OpsCosts(procs, jobs, "cpu_time", nil)
	if err != nil {
		s.Reason = failed("the costs per operation", err)
		return s
	}
	per := c.Ops.GroupBy("tags").Agg(frame.Sum("cpu_time"), frame.Sum("num_procs")).Sort("-cpu_time_sum")
	if err := per.Err(); err != nil {
		s.Reason = failed("the costs per operation", err)
		return s
	}
	if per.NumRows() == 0 {
		s.Reason = "no tagged process in this source: there are no operations to cost"
		return s
	}
	cpu, _, _ := per.Float64s("cpu_time_sum")
	sec := make([]float64, len(cpu))
	for i, v := range cpu {
		sec[i] = v / 1e6
	}
	per = per.WithColumn("cpu_time_s", sec)
	s.Intro = "CPU time of the processes of each operation (processes sharing a tag), summed over jobs; data movement is EPMT's ops_costs share of the jobs' cpu time."
	s.Facts = append(s.Facts, quantity("data movement share of the jobs' cpu time", c.Percent, "%", ""),
		durationFact("jobs' cpu time", c.JobsMetric/1e6, ""), countFact("operations", per.NumRows()))
	top := per.Head(maxBars)
	title := "CPU time per operation"
	if per.NumRows() > maxBars {
		title = fmt.Sprintf("CPU time of the %d costliest of %d operations", maxBars, per.NumRows())
	}
	chart(&s, plot.New(title, "operation (tags)", "cpu time (s)").Bars(top, "tags", "cpu_time_s", ""), 900, 460)
	s.Tables = append(s.Tables, b.table("operations by cpu time", per, "tags", "num_procs_sum", "cpu_time_s"))
	return s
}

// processTree summarises the process tree.
func (b *builder) processTree() Section {
	s := Section{ID: "process-tree", Title: "Process tree"}
	procs, ok := b.frameOf(schema.Procs)
	if !ok {
		s.Reason = "no process records in this source"
		return s
	}
	tree, unresolved := ops.ProcessTree(procs)
	if err := tree.Err(); err != nil {
		s.Reason = failed("the process tree", err)
		return s
	}
	roots := ops.Roots(tree)
	depths := tree.ValueCounts("depth").Sort("depth")
	s.Intro = "Processes linked to their parents by pid within each job and host (a reused pid resolved by start time, as EPMT does)."
	s.Facts = append(s.Facts, countFact("processes", tree.NumRows()), countFact("roots", roots.NumRows()),
		countFact("unresolved reused pids", unresolved), quantity("deepest level", peak(depths, "depth"), "", ""))
	chart(&s, plot.New("Processes by depth in the tree", "depth (ancestors)", "processes").Bars(depths, "depth", "count", ""), 900, 320)
	exe := procs.GroupBy("exename").Agg(frame.Count(), frame.Sum("cpu_time")).Sort("-cpu_time_sum")
	if err := exe.Err(); err == nil {
		cpu, _, _ := exe.Float64s("cpu_time_sum")
		sec := make([]float64, len(cpu))
		for i, v := range cpu {
			sec[i] = v / 1e6
		}
		exe = exe.WithColumn("cpu_time_s", sec)
		chart(&s, plot.New("CPU time per executable", "executable", "cpu time (s)").Bars(exe.Head(maxBars), "exename", "cpu_time_s", ""), 900, 420)
		s.Tables = append(s.Tables, b.table("executables by cpu time", exe, "exename", "count", "cpu_time_s"))
	}
	top := tree.Sort("-inclusive_cpu_time")
	s.Tables = append(s.Tables, b.table("processes by inclusive cpu time (µs: theirs and their descendants')", top,
		"job", "host", "pid", "exename", "depth", "children", "descendants", "cpu_time", "inclusive_cpu_time"))
	return s
}
