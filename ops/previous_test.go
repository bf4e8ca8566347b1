package ops

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestPreviousAttempts: each attempt's previous one, found among the
// rows of the tasks with several (frame.Repeated), is the one found by
// grouping every row by task and sorting each task's rows by attempt
// number (nulls last, then row): random tasks of a few jobs, retried
// or not, with missing jobs and attempt numbers and repeated numbers.
func TestPreviousAttempts(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for c := range 50 {
		n := 1 + rng.IntN(200)
		job, task, attempt := make([]string, n), make([]int64, n), make([]int64, n)
		jobOK, attOK := make([]bool, n), make([]bool, n)
		for i := range n {
			job[i], jobOK[i] = fmt.Sprint(rng.IntN(3)), rng.IntN(12) > 0
			task[i], attempt[i], attOK[i] = int64(rng.IntN(n)), int64(rng.IntN(3)), rng.IntN(8) > 0
		}
		f := frame.New(frame.StringCol("job", job, jobOK), frame.Int64Col("task", task, nil), frame.Int64Col("attempt", attempt, attOK))
		keys := []string{"job", "task"}
		got, err := previousAttempts(f, keys)
		if err != nil {
			t.Fatal(err)
		}
		// by the definition: every row grouped, each group sorted
		gid := f.GroupBy(keys...).GroupIDs()
		order, err := f.SortIndex("job", "task", "attempt")
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int32, n)
		for i := range want {
			want[i] = -1
		}
		for k := 1; k < len(order); k++ {
			if gid[order[k-1]] == gid[order[k]] {
				want[order[k]] = int32(order[k-1])
			}
		}
		if !slices.ContainsFunc(want, func(p int32) bool { return p >= 0 }) { // no retries: nil
			if got != nil {
				t.Fatalf("case %d: previous attempts %v of tasks with one attempt each", c, got)
			}
			continue
		}
		if !slices.Equal(got, want) {
			t.Fatalf("case %d: previous attempts %v, want %v", c, got, want)
		}
	}
}
