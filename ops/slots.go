package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
)

// Slots names the row of a timeline on which each bar that rows lists
// is drawn (rows of bars, a frame with columns worker, start and end as
// Gantt returns them, each at most once; nil: every row): a worker that
// ran one bar at a time has one row, named as the worker; a worker with
// several lanes (as Lanes places its bars) a row per lane k, "WORKER
// ·k", so that no bar hides another. slot holds, per place in rows, its
// row's code in names (−1 for a bar without a worker); names come in
// order of first use along rows, one per worker and lane.
func Slots(bars *frame.Frame, rows []int32) (slot []int32, names []string, err error) {
	if err := require("Slots", bars, "Gantt returns them", "worker", "start", "end"); err != nil {
		return nil, nil, err
	}
	t, err := barTimes(bars)
	if err != nil {
		return nil, nil, fmt.Errorf("Slots: %w", err)
	}
	workers, named := t.names, t.named
	lane, lanes, group := lanesOf(t, rows)
	slotsOf := make([][]int32, len(workers)) // by worker group, by lane (0: the worker's one row)
	slot = make([]int32, len(group))
	for p, g := range group {
		if !named[g] {
			slot[p] = -1
			continue
		}
		k := int32(0)
		if lanes[p] > 1 {
			k = lane[p]
		}
		slots := slotsOf[g]
		if int32(len(slots)) <= k || slots[k] < 0 {
			for int32(len(slots)) <= k {
				slots = append(slots, -1)
			}
			slots[k] = int32(len(names))
			if k > 0 {
				names = append(names, fmt.Sprintf("%s ·%d", workers[g], k))
			} else {
				names = append(names, workers[g])
			}
			slotsOf[g] = slots
		}
		slot[p] = slots[k]
	}
	return slot, names, nil
}
