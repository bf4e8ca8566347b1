package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// Durations returns the tasks frame with two columns added, in seconds
// (float64(Δµs)/1e6, as timedelta.total_seconds()):
//
//   - wait_s = start − submit, the time from submission to the attempt's
//     start (for a retry this includes the earlier attempts);
//   - run_s = end − start, the attempt's run time.
//
// Each is null where one of its times is null; wait_s is null throughout
// for a source that records no submission (no submit column: WfCommons
// instances, sacct dumps without Submit).
func Durations(tasks *frame.Frame) *frame.Frame {
	if err := requireFrame("Durations", tasks, schema.Tasks, "start", "end"); err != nil {
		return frame.WithErr(err)
	}
	var sub []int64
	var subOK []bool
	var err1 error
	if tasks.Has("submit") {
		sub, subOK, err1 = tasks.Micros("submit")
	} else {
		sub, subOK = make([]int64, tasks.NumRows()), make([]bool, tasks.NumRows())
	}
	st, stOK, err2 := tasks.Micros("start")
	en, enOK, err3 := tasks.Micros("end")
	if err := firstErr(err1, err2, err3); err != nil {
		return frame.WithErr(fmt.Errorf("Durations: %w", err))
	}
	n := len(st)
	wait, run := make([]float64, n), make([]float64, n)
	waitOK, runOK := make([]bool, n), make([]bool, n)
	for i := range n {
		if subOK[i] && stOK[i] {
			wait[i], waitOK[i] = float64(st[i]-sub[i])/1e6, true
		}
		if stOK[i] && enOK[i] {
			run[i], runOK[i] = float64(en[i]-st[i])/1e6, true
		}
	}
	return tasks.WithColumn("wait_s", frame.Float64Col("wait_s", wait, waitOK)).
		WithColumn("run_s", frame.Float64Col("run_s", run, runOK))
}
