package ops

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestRetriesAgainstSort: Retries gives, task for task, what sorting
// the attempts by key and number and taking each task's last state
// gives (the stable sort, nulls last, Last skipping null states), on
// shuffled attempts with repeated and null numbers, null states, null
// and repeated keys, and tasks whose states are all null.
func TestRetriesAgainstSort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	states := []string{"success", "failed", "lost", "canceled"}
	for round := range 30 {
		n := 1 + r.IntN(300)
		job, task, attempt, state := make([]string, n), make([]int64, n), make([]int64, n), make([]string, n)
		jobOK, attemptOK, stateOK := make([]bool, n), make([]bool, n), make([]bool, n)
		for i := range n {
			job[i], jobOK[i] = fmt.Sprintf("j%d", r.IntN(3)), r.IntN(20) > 0
			task[i] = int64(r.IntN(1 + n/4))
			attempt[i], attemptOK[i] = int64(1+r.IntN(3)), r.IntN(8) > 0
			state[i], stateOK[i] = states[r.IntN(len(states))], r.IntN(5) > 0
		}
		f := frame.New(frame.StringCol("job", job, jobOK), frame.Int64Col("task", task, nil),
			frame.Int64Col("attempt", attempt, attemptOK), frame.StringCol("state", state, stateOK))
		failed := make([]int64, n)
		for i := range n {
			if stateOK[i] && state[i] != "success" {
				failed[i] = 1
			}
		}
		want := f.WithColumn("_failed", failed).Sort("job", "task", "attempt").GroupBy("job", "task").
			Agg(frame.Count().As("attempts"), frame.Sum("_failed").As("failed_attempts"), frame.Last("state").As("final_state"))
		got := Retries(f)
		if got.Err() != nil || want.Err() != nil {
			t.Fatal(got.Err(), want.Err())
		}
		if g, w := sourcetest.CSV(t, got), sourcetest.CSV(t, want); g != w {
			t.Fatalf("round %d: Retries\n%s\nwant\n%s", round, g, w)
		}
	}
}
