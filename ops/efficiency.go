package ops

import (
	"fmt"
	"math"
	"slices"

	"github.com/jobframe/jobframe/frame"
)

// effFrom names where the efficiency columns come from, for errors.
const effFrom = "the tasks frames of Work Queue, TaskVine, Slurm, Nextflow and WfCommons have measured and requested resources (HyperQueue and Balsam measure none)"

// Efficiency returns the tasks frame with, per attempt, what it used
// against what it asked for, as seff and Nextflow's report show them:
//
//   - wall_s: the measured wall time (wall_time_s), else end − start (s);
//   - cpu_eff = cpu_time_s / (wall_s × req_cpus): the share of the cores
//     held that the attempt kept busy (1 = every core all the time);
//   - core_s = wall_s × req_cpus, the core-seconds held, and
//     unused_core_s = max(0, core_s − cpu_time_s), those held idle;
//   - mem_eff = mem_mb / req_mem_mb, the peak memory's share of the
//     request;
//   - time_eff = wall_s / req_time_s, the share of the time limit used.
//
// A figure is null where one of its inputs is null or its denominator is
// not positive, and where the frame lacks an input column. It is an
// error when the frame has none of the pairs (cpu_time_s and req_cpus,
// mem_mb and req_mem_mb, req_time_s and a wall time).
func Efficiency(tasks *frame.Frame) *frame.Frame {
	const op = "Efficiency"
	if err := require(op, tasks, effFrom); err != nil {
		return frame.WithErr(err)
	}
	m, e, err := efficiencyOf(tasks)
	if err != nil {
		return frame.WithErr(fmt.Errorf("%s: %w", op, err))
	}
	cols := []frame.Column{nanFloats("wall_s", m.wall), nanFloats("cpu_eff", e.cpuEff), nanFloats("core_s", e.coreS), nanFloats("unused_core_s", e.unused),
		nanFloats("mem_eff", e.memEff), nanFloats("time_eff", e.timeEff)}
	out := tasks
	for _, c := range cols {
		out = out.WithColumn(c.Name(), c)
	}
	return out
}

// effFigures are Efficiency's figures per row, NaN where null.
type effFigures struct {
	cpuEff, coreS, unused, memEff, timeEff []float64
}

// efficiencyOf reads the measures of tasks and computes Efficiency's
// figures; it is an error when no pair of measured and requested
// resources is there.
func efficiencyOf(tasks *frame.Frame) (measures, effFigures, error) {
	noPair := fmt.Errorf("the frame has no measured resource with its request (cpu_time_s with req_cpus, mem_mb with req_mem_mb, or req_time_s with wall_time_s or start and end); %s", effFrom)
	if !mayPair(tasks) { // nothing to read: a HyperQueue journal's 10M attempts are not copied to say so
		return measures{}, effFigures{}, noPair
	}
	m, err := readMeasures(tasks)
	if err != nil {
		return measures{}, effFigures{}, err
	}
	if !m.any() {
		return measures{}, effFigures{}, noPair
	}
	n := len(m.wall)
	e := effFigures{make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)}
	for i := range n {
		e.coreS[i] = m.wall[i] * m.reqCPUs[i]
		e.cpuEff[i] = ratio(m.cpu[i], e.coreS[i])
		e.unused[i] = math.Max(0, e.coreS[i]-m.cpu[i])
		if math.IsNaN(e.coreS[i]) || math.IsNaN(m.cpu[i]) {
			e.unused[i] = math.NaN()
		}
		e.memEff[i] = ratio(m.mem[i], m.reqMem[i])
		e.timeEff[i] = ratio(m.wall[i], m.reqTime[i])
	}
	return m, e, nil
}

// ratio is a / b, NaN (null) when either is NaN or b is not positive.
func ratio(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) || b <= 0 {
		return math.NaN()
	}
	return a / b
}

// measures are the columns Efficiency reads, per attempt, NaN where
// null or absent.
type measures struct {
	wall, cpu, mem, reqCPUs, reqMem, reqTime []float64
	// measuredWall is wall_time_s (wall also falls back to end − start)
	measuredWall []float64
	// ok is true for attempts that succeeded: status (the vocabulary of a
	// frame whose state is in the source's words, as Slurm's jobs) or
	// state is success; all of them when the frame has neither

	ok []bool
}

func (m measures) any() bool {
	has := func(v []float64) bool {
		for _, x := range v {
			if !math.IsNaN(x) {
				return true
			}
		}
		return false
	}
	return has(m.cpu) && has(m.reqCPUs) || has(m.mem) && has(m.reqMem) || has(m.reqTime) && has(m.wall)
}

// mayPair reports whether tasks has the columns of one pair that
// measures.any looks for: without them no row can have both.
func mayPair(tasks *frame.Frame) bool {
	wall := tasks.Has("wall_time_s") || tasks.Has("start") && tasks.Has("end")
	return tasks.Has("cpu_time_s") && tasks.Has("req_cpus") || tasks.Has("mem_mb") && tasks.Has("req_mem_mb") || tasks.Has("req_time_s") && wall
}

func readMeasures(tasks *frame.Frame) (measures, error) {
	var m measures
	var err error
	if m.wall, err = floatsOrNaN(tasks, "wall_time_s"); err != nil { // completed from the times below
		return measures{}, err
	}
	// the others are only read: a column's own values when it has no
	// null, one slice of NaN for every column the frame lacks
	var nans []float64
	for _, c := range []struct {
		dst  *[]float64
		name string
	}{{&m.cpu, "cpu_time_s"}, {&m.mem, "mem_mb"}, {&m.reqCPUs, "req_cpus"}, {&m.reqMem, "req_mem_mb"}, {&m.reqTime, "req_time_s"}} {
		if !tasks.Has(c.name) {
			if nans == nil {
				nans = nanWhereNull(tasks.NumRows(), nil, nil)
			}
			*c.dst = nans
		} else if *c.dst, err = readFloats(tasks, c.name); err != nil {
			return measures{}, err
		}
	}
	m.measuredWall = slices.Clone(m.wall)
	if col := firstPresent(tasks, []string{"status", "state"}); col != "" {
		if m.ok, err = tasks.Matches(col, func(s string) bool { return s == "success" }); err != nil {
			return measures{}, err
		}
	} else {
		m.ok = make([]bool, len(m.wall))
		for i := range m.ok {
			m.ok[i] = true
		}
	}
	st, err1 := microsOrNaN(tasks, "start")
	en, err2 := microsOrNaN(tasks, "end")
	if err := firstErr(err1, err2); err != nil {
		return measures{}, err
	}
	for i := range m.wall {
		if math.IsNaN(m.wall[i]) {
			m.wall[i] = (en[i] - st[i]) / 1e6 // NaN when either is null
		}
	}
	return m, nil
}

// readFloats reads a numeric column of f, NaN where null, for reading
// only: the frame's own values when none is null, else a copy.
func readFloats(f *frame.Frame, name string) ([]float64, error) {
	v, ok, err := f.Float64s(name)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(ok, false) {
		return v, nil
	}
	return nanWhereNull(len(v), ok, func(i int) float64 { return v[i] }), nil
}
