package balsam

import "testing"

// Job ids index through a slice when dense, a map otherwise; the last of a
// repeated id wins either way.
func TestJobIndex(t *testing.T) {
	for _, ids := range [][]int64{{1, 2, 3, 2}, {1 << 40, -5, 7, -5}} {
		var x jobIndex
		x.build(ids)
		if s, ok := x.get(ids[1]); !ok || s != 3 {
			t.Errorf("%v: get(%d) = %d %v, want 3", ids, ids[1], s, ok)
		}
		if s, ok := x.get(ids[0]); !ok || s != 0 {
			t.Errorf("%v: get(%d) = %d %v", ids, ids[0], s, ok)
		}
		if _, ok := x.get(99); ok {
			t.Errorf("%v: 99 found", ids)
		}
		x.set(99, 7)
		if s, ok := x.get(99); !ok || s != 7 {
			t.Errorf("%v: set 99", ids)
		}
	}
}
