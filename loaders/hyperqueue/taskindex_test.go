package hyperqueue

import "testing"

// TestTaskIndex: every (job, task) pair set is got back, whichever of the
// dense slice and the sparse map holds it, and the latest set wins.
func TestTaskIndex(t *testing.T) {
	var x taskIndex
	want := map[taskKey]*attemptState{}
	set := func(job, task int64) {
		a := &attemptState{key: taskKey{job, task}}
		x.set(a.key, a)
		want[a.key] = a
	}
	// sparse first (far beyond the dense slice), then the slice grows
	// past it: the newer dense entry must shadow the sparse one.
	set(1, 5000)
	for task := int64(0); task < 6000; task += 3 {
		set(1, task)
	}
	set(1, 5000)
	set(1, -7)           // negative ids: sparse
	set(1, maxDenseTask) // beyond the dense bound
	set(2, 1)            // a second job, interleaved
	set(1, 1)            // back to the first (the cached job changes)
	set(3, 1<<40)        // a huge id alone
	for k, a := range want {
		if got := x.get(k); got != a {
			t.Errorf("get(%v) = %p, want %p", k, got, a)
		}
	}
	for _, k := range []taskKey{{1, 2}, {1, 5999}, {1, 1 << 30}, {2, 0}, {4, 1}, {3, 0}} {
		if got := x.get(k); got != nil {
			t.Errorf("get(%v) = %v, want nil (never set)", k, got)
		}
	}
}
