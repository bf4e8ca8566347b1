package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/schema"
)

// Capacity returns the step series of a resource (cpus, gpus, mem_mb,
// disk_mb) offered by connected workers: a worker adds its amount when it
// connects and removes it when it is lost (never, when lost is null: still
// connected when the log ends). With connected_line and lost_line columns
// (HyperQueue) changes are ordered and grouped by log record, as Busy's
// are; otherwise changes at equal times form one point. Columns: time and
// value (in the resource's unit). Several runs merge as Busy's do.
func Capacity(workers *frame.Frame, resource string) *frame.Frame {
	if err := requireFrame("Capacity", workers, schema.Workers, "connected", "lost", resource); err != nil {
		return frame.WithErr(err)
	}
	return perRun("Capacity", workers, func(w *frame.Frame) *frame.Frame {
		var sk, ek string
		if w.Has("connected_line") && w.Has("lost_line") {
			sk, ek = "connected_line", "lost_line"
		}
		changes, err := intervalChanges("Capacity", w, "connected", "lost", resource, sk, ek)
		if err != nil {
			return frame.WithErr(err)
		}
		return streamSteps(changes)
	})
}

// AllocatedNodes returns the step series of the nodes held by batch
// allocations (Balsam BatchJobs, HyperQueue autoalloc): an allocation adds
// its nodes at start and removes them at end; allocations that never
// started are left out. Columns: time and value (nodes). Several runs
// merge as Busy's do.
func AllocatedNodes(allocations *frame.Frame) *frame.Frame {
	if err := requireFrame("AllocatedNodes", allocations, schema.Allocations, "start", "end", "nodes"); err != nil {
		return frame.WithErr(err)
	}
	return perRun("AllocatedNodes", allocations, func(a *frame.Frame) *frame.Frame {
		changes, err := intervalChanges("AllocatedNodes", a, "start", "end", "nodes", "", "")
		if err != nil {
			return frame.WithErr(err)
		}
		return streamSteps(changes)
	})
}

// Utilization combines a busy series and a capacity series (each with
// columns time and value, as Busy and Capacity return them) into one
// point per distinct time of either: columns time, busy and capacity (the
// last value of each at or before time; 0 before a series' first point)
// and utilization = busy / capacity (a fraction, null where capacity is
// 0).
func Utilization(busy, capacity *frame.Frame) *frame.Frame {
	if err := require("Utilization", busy, "Busy returns them", "time", "value"); err != nil {
		return frame.WithErr(err)
	}
	if err := require("Utilization", capacity, "Capacity returns them", "time", "value"); err != nil {
		return frame.WithErr(err)
	}
	bt, _, err1 := busy.Micros("time")
	bv, _, err2 := busy.Float64s("value")
	ct, _, err3 := capacity.Micros("time")
	cv, _, err4 := capacity.Float64s("value")
	if err := firstErr(err1, err2, err3, err4); err != nil {
		return frame.WithErr(fmt.Errorf("Utilization: %w", err))
	}
	var times []int64
	var b, c, u []float64
	var uOK []bool
	curB, curC := 0.0, 0.0
	for i, j := 0, 0; i < len(bt) || j < len(ct); {
		t := int64(0)
		switch {
		case j >= len(ct) || (i < len(bt) && bt[i] <= ct[j]):
			t = bt[i]
		default:
			t = ct[j]
		}
		for i < len(bt) && bt[i] == t {
			curB = bv[i]
			i++
		}
		for j < len(ct) && ct[j] == t {
			curC = cv[j]
			j++
		}
		times = append(times, t)
		b = append(b, curB)
		c = append(c, curC)
		if curC != 0 {
			u = append(u, curB/curC)
			uOK = append(uOK, true)
		} else {
			u = append(u, 0)
			uOK = append(uOK, false)
		}
	}
	return frame.New(frame.MicrosCol("time", times, nil), frame.Float64Col("busy", b, nil),
		frame.Float64Col("capacity", c, nil), frame.Float64Col("utilization", u, uOK))
}
