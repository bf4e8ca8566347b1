package wfcommons

import (
	"fmt"
	"math"
	"strconv"

	"github.com/jobframe/jobframe/loaders/source"
)

// amounts are the execution numbers of a task that cannot be negative
// (times, counts, sizes, energy), by their WfFormat names.
func amounts(t *task) []struct {
	name string
	v    **float64
} {
	return []struct {
		name string
		v    **float64
	}{
		{"runtimeInSeconds", &t.RuntimeInSeconds}, {"coreCount", &t.CoreCount}, {"cores", &t.Cores},
		{"avgCPU", &t.AvgCPU}, {"readBytes", &t.ReadBytes}, {"writtenBytes", &t.WrittenBytes},
		{"memoryInBytes", &t.MemoryInBytes}, {"energyInKWh", &t.EnergyInKWh}, {"energy", &t.Energy},
		{"avgPowerInW", &t.AvgPowerInW}, {"avgPower", &t.AvgPower},
	}
}

// maxRuntime bounds a task's run time in seconds: past it (31,700 years)
// a runtime is no measurement, and its end would leave int64 µs.
const maxRuntime = 1e12

// checkAmounts reports every amount of a task's execution record and of
// a machine that is negative (or not finite, which JSON cannot write) as
// a bad record naming the task's row and field: a runtime of −100 s or
// −4 cores would flow into every sum and capacity. Lenient, the value is
// dropped (null) and counted.
func (w *workflow) checkAmounts(hasSpec bool, p *source.Problems) error {
	for i := range w.rows {
		t := w.rows[i].exec
		if t == nil {
			continue
		}
		for _, a := range amounts(t) {
			want := "a number >= 0"
			switch {
			case *a.v == nil:
				continue
			case a.name == "runtimeInSeconds" && **a.v >= maxRuntime:
				want = "a run time below 1e12 s (31,700 years)"
			case **a.v >= 0 && !math.IsInf(**a.v, 0):
				continue
			}
			field := fmt.Sprintf("workflow.tasks[%d].%s", i, a.name)
			if hasSpec {
				field = fmt.Sprintf("workflow.execution.tasks[id %s].%s", t.ID, a.name)
			}
			if err := p.Bad(0, field, strconv.FormatFloat(**a.v, 'g', -1, 64), want, nil); err != nil {
				return err
			}
			*a.v = nil
		}
	}
	for k := range w.machines {
		c := w.machines[k].CPU
		if c == nil {
			continue
		}
		for _, a := range []struct {
			name string
			v    **float64
		}{{"coreCount", &c.CoreCount}, {"count", &c.Count}} {
			if *a.v != nil && (**a.v < 0 || math.IsInf(**a.v, 0)) {
				field := fmt.Sprintf("workflow.execution.machines[%d].cpu.%s", k, a.name)
				if err := p.Bad(0, field, strconv.FormatFloat(**a.v, 'g', -1, 64), "a number >= 0", nil); err != nil {
					return err
				}
				*a.v = nil
			}
		}
	}
	return nil
}
