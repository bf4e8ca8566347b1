package ops

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// balsamSteps is utilization_report and throughput_report written out
// as docs/semantics.md#balsam-analytics give Balsam's steps: Python's stable sorts,
// a dict for the weights, the events in (timestamp DESC, id ASC) order.
func balsamSteps(id []int64, job []string, at []int64, from, to []string, nodes []float64, weighted bool) (utilT []int64, utilV []float64, doneT []int64) {
	order := make([]int, len(id))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		x, y := order[a], order[b]
		if at[x] != at[y] {
			return at[x] > at[y]
		}
		return id[x] < id[y]
	})
	type pair struct {
		t int64
		v float64
	}
	var events []pair
	byJob := map[string]float64{}
	for _, i := range order {
		if to[i] == "RUNNING" {
			u := 1.0
			if weighted {
				u = nodes[i]
			}
			byJob[job[i]] = u
			events = append(events, pair{at[i], u})
		}
	}
	for _, i := range order {
		if from[i] == "RUNNING" {
			w, ok := byJob[job[i]]
			if !ok {
				w = 1.0
			}
			events = append(events, pair{at[i], -1.0 * w})
		}
	}
	sort.SliceStable(events, func(a, b int) bool {
		if events[a].t != events[b].t {
			return events[a].t < events[b].t
		}
		return events[a].v < events[b].v // Python: -0.0 == 0.0, kept in list order
	})
	sum := 0.0
	for _, e := range events {
		sum += e.v
		utilT, utilV = append(utilT, e.t), append(utilV, sum)
	}
	for _, i := range order {
		if to[i] == "JOB_FINISHED" {
			doneT = append(doneT, at[i])
		}
	}
	slices.Reverse(doneT) // timestamp ASC (ties in time give the same times)
	return utilT, utilV, doneT
}

// The reports on random event logs with many ties in time, jobs that run
// several times, jobs that leave RUNNING without entering it, zero
// weights (−0 deltas, which jobframe sorts before +0 and Python keeps
// in list order: the sums come out the same) and job names read by id and
// by text, against Balsam's steps written out plainly.
func TestBalsamReportsSameAsBalsamSteps(t *testing.T) {
	states := []string{"PREPROCESSED", "RUNNING", "RUN_DONE", "RUN_ERROR", "RESTART_READY", "JOB_FINISHED"}
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 7))
		n := 1 + r.IntN(3000)
		id := make([]int64, n)
		job := make([]string, n)
		at := make([]int64, n)
		from := make([]string, n)
		to := make([]string, n)
		nodes := make([]float64, n)
		jobs, times := 1+r.IntN(n), 1+r.IntN(n/4+1)
		for i, p := range r.Perm(n) {
			id[i] = int64(p)
			job[i] = fmt.Sprint(r.IntN(jobs))
			if seed%4 == 1 {
				job[i] = "j" + job[i]
			}
			at[i] = 1_600_000_000_000_000 + int64(r.IntN(times))*1_000_000
			from[i], to[i] = states[r.IntN(len(states))], states[r.IntN(len(states))]
			nodes[i] = []float64{0, 0.5, 1, 2, 3, 128}[r.IntN(6)]
		}
		ev := frame.New(frame.Int64Col("id", id, nil), frame.StringCol("job", job, nil), frame.MicrosCol("time", at, nil),
			frame.StringCol("from_state", from, nil), frame.StringCol("to_state", to, nil), frame.Float64Col("num_nodes", nodes, nil))
		for _, weighted := range []bool{true, false} {
			wantT, wantV, wantDone := balsamSteps(id, job, at, from, to, nodes, weighted)
			u := UtilizationReport(ev, weighted)
			if err := u.Err(); err != nil {
				t.Fatal(err)
			}
			gotT, _, _ := u.Micros("time")
			gotV, _, _ := u.Float64s("value")
			if !slices.Equal(gotT, wantT) || !slices.EqualFunc(gotV, wantV, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
				t.Fatalf("seed %d, weighted %v: %d points, want %d (times equal: %v)", seed, weighted, len(gotT), len(wantT), slices.Equal(gotT, wantT))
			}
			done := ThroughputReport(ev, "JOB_FINISHED")
			doneT, _, _ := done.Micros("time")
			counts, _, _ := done.Int64s("value")
			wantCounts := make([]int64, len(wantDone))
			for i := range wantCounts {
				wantCounts[i] = int64(i + 1)
			}
			if !slices.Equal(doneT, wantDone) || !slices.Equal(counts, wantCounts) {
				t.Fatalf("seed %d: throughput %d points, want %d", seed, len(doneT), len(wantDone))
			}
		}
	}
}
