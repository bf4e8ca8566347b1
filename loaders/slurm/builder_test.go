package slurm

import "testing"

// TestAttemptCollisions forces every JobID onto one hash bucket's
// collision path: attempts still count each JobID's own rows.
func TestAttemptCollisions(t *testing.T) {
	a := newAttemptCounter()
	ids := []string{"1", "2", "1", "3", "2", "1"}
	want := []int64{1, 1, 2, 1, 2, 3}
	for row, id := range ids {
		if got := a.next(id, row, func(r int) string { return ids[r] }); got != want[row] {
			t.Fatalf("row %d (%s): attempt %d, want %d", row, id, got, want[row])
		}
	}
	// A collision: a second JobID whose hash is taken is counted by text.
	a = newAttemptCounter()
	a.byHash[0] = attemptSeen{row: 0, n: 1}
	other := func(int) string { return "not this one" }
	if a.nextHashed(0, "7", 1, other) != 1 || a.nextHashed(0, "7", 2, other) != 2 {
		t.Fatal("colliding JobIDs are not counted apart")
	}
}
