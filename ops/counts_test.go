package ops

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestStateCountsAgainstIntervals: on random attempts (retries, ties, no
// start, no end, rows in shuffled order), StateCounts gives at every
// distinct time the number of attempts whose waiting and running
// intervals hold the instant just after it, each interval [from, to)
// counted here directly from the rows: waiting from submit (a retry:
// from the previous attempt's end) to the start, or to the end when the
// attempt never started; running from the start to the end; an open
// side lasts past every time.
func TestStateCountsAgainstIntervals(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	const open = math.MaxInt64
	var task, attempt []int64
	var sub, st, en []int64
	var stOK, enOK []bool
	type span struct{ from, to int64 }
	var waits, runs []span
	for k := range 400 {
		ready := r.Int64N(50)
		for a := range 1 + r.IntN(3) {
			s := ready + r.Int64N(10)
			e := s + r.Int64N(10)
			started, ended := r.IntN(8) != 0, r.IntN(6) != 0
			task, attempt = append(task, int64(k)), append(attempt, int64(a+1))
			sub, st, en = append(sub, ready), append(st, s), append(en, e)
			stOK, enOK = append(stOK, started), append(enOK, ended)
			switch {
			case started:
				waits = append(waits, span{ready, s})
				if ended {
					runs = append(runs, span{s, e})
				} else {
					runs = append(runs, span{s, open})
				}
			case ended:
				waits = append(waits, span{ready, e})
			default:
				waits = append(waits, span{ready, open})
			}
			if !ended {
				break // no retry after an attempt that has not ended
			}
			ready = e
		}
	}
	us := func(v []int64) []int64 { // seconds to µs
		out := make([]int64, len(v))
		for i, x := range v {
			out[i] = x * 1_000_000
		}
		return out
	}
	f := frame.New(frame.Int64Col("task", task, nil), frame.Int64Col("attempt", attempt, nil),
		frame.MicrosCol("submit", us(sub), nil), frame.MicrosCol("start", us(st), stOK), frame.MicrosCol("end", us(en), enOK))
	f = f.Take(r.Perm(f.NumRows()))
	s := StateCounts(f)
	times, _, err := s.Micros("time")
	if err != nil {
		t.Fatal(err)
	}
	var want []int64
	for _, sp := range slices.Concat(waits, runs) {
		want = append(want, sp.from*1_000_000)
		if sp.to != open {
			want = append(want, sp.to*1_000_000)
		}
	}
	slices.Sort(want)
	if want = slices.Compact(want); !slices.Equal(times, want) {
		t.Fatalf("times %v, want the distinct ends of the intervals %v", times, want)
	}
	holding := func(spans []span, at int64) float64 {
		n := 0.0
		for _, sp := range spans {
			if sp.from <= at && at < sp.to {
				n++
			}
		}
		return n
	}
	w, _, _ := s.Float64s("waiting")
	run, _, _ := s.Float64s("running")
	for i, at := range times {
		if ww, rr := holding(waits, at/1_000_000), holding(runs, at/1_000_000); w[i] != ww || run[i] != rr {
			t.Fatalf("at %d s: waiting %v, running %v; the intervals hold %v and %v", at/1_000_000, w[i], run[i], ww, rr)
		}
	}
}

// TestThroughputCounts: on random times with ties and nulls, in no
// order, Throughput gives one point per distinct time whose value is the
// number of rows at or before it, counted here directly: times of 400
// values (few distinct: a slice of their own) and of a million (most
// distinct: written over the sorted times).
func TestThroughputCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	n := 3000
	for _, spread := range []int64{400, 1_000_000} {
		ts, ok := make([]int64, n), make([]bool, n)
		for i := range ts {
			ts[i], ok[i] = (r.Int64N(spread)-100)*1_000_000, r.IntN(9) != 0
		}
		th := Throughput(frame.New(frame.MicrosCol("end", ts, ok)), "end")
		times, _, err := th.Micros("time")
		if err != nil {
			t.Fatal(err)
		}
		values, _, _ := th.Float64s("value")
		var want []int64
		for i, v := range ts {
			if ok[i] {
				want = append(want, v)
			}
		}
		slices.Sort(want)
		if want = slices.Compact(want); !slices.Equal(times, want) {
			t.Fatalf("spread %d: %d points, want one per distinct time (%d)", spread, len(times), len(want))
		}
		for k, at := range times {
			n := 0.0
			for i, v := range ts {
				if ok[i] && v <= at {
					n++
				}
			}
			if values[k] != n {
				t.Fatalf("spread %d, at %d µs: %v, want %v rows at or before it", spread, at, values[k], n)
			}
		}
	}
}

// stateCountsBySort is StateCounts's single-run series as it was first
// written: every row sorted by the task keys and attempt, a row's
// previous attempt the row before it in that order, and the times of
// the four kinds of steps in four arrays.
func stateCountsBySort(tasks *frame.Frame) *frame.Frame {
	keys := []string{}
	for _, k := range []string{"source", "run", "job"} {
		if tasks.Has(k) {
			keys = append(keys, k)
		}
	}
	keys = append(keys, "task", "attempt")
	order, _ := tasks.SortIndex(keys...)
	sub, subOK, _ := tasks.Micros("submit")
	st, stOK, _ := tasks.Micros("start")
	en, enOK, _ := tasks.Micros("end")
	gid := tasks.GroupBy(keys[:len(keys)-1]...).GroupIDs()
	var times [4][]int64
	for j, i := range order {
		ready, readyOK := sub[i], subOK[i]
		if p := j - 1; p >= 0 && gid[order[p]] == gid[i] {
			ready, readyOK = en[order[p]], enOK[order[p]]
		}
		if readyOK {
			times[0] = append(times[0], ready)
			switch {
			case stOK[i]:
				times[1] = append(times[1], st[i])
			case enOK[i]:
				times[1] = append(times[1], en[i])
			}
		}
		if stOK[i] {
			times[2] = append(times[2], st[i])
			if enOK[i] {
				times[3] = append(times[3], en[i])
			}
		}
	}
	// the four arrays as they were, each of its own: what waits, stops
	// waiting, runs and stops running (no start is shared)
	return countSteps(stepTimes{times[0], nil, times[1], times[2], times[3]})
}

// TestStateCountsPreviousAttempts: the previous attempt found by sorting
// only the tasks with several rows is the one a sort of every row finds,
// on random attempts with repeated and null attempt numbers, null jobs,
// and tasks of one row and of many.
func TestStateCountsPreviousAttempts(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 11))
	for c := range 40 {
		n := 1 + r.IntN(300)
		job, task, attempt := make([]string, n), make([]int64, n), make([]int64, n)
		jobOK, attemptOK := make([]bool, n), make([]bool, n)
		sub, st, en := make([]int64, n), make([]int64, n), make([]int64, n)
		stOK, enOK := make([]bool, n), make([]bool, n)
		for i := range n {
			job[i], jobOK[i] = []string{"a", "b"}[r.IntN(2)], r.IntN(10) != 0
			task[i] = int64(r.IntN(max(1, n/(1+c%4))))
			attempt[i], attemptOK[i] = int64(r.IntN(3)), r.IntN(12) != 0
			sub[i] = int64(r.IntN(1000)) * 1_000_000
			st[i], stOK[i] = sub[i]+int64(r.IntN(100))*1_000_000, r.IntN(6) != 0
			en[i], enOK[i] = st[i]+int64(r.IntN(100))*1_000_000, r.IntN(5) != 0
		}
		f := frame.New(frame.StringCol("job", job, jobOK), frame.Int64Col("task", task, nil), frame.Int64Col("attempt", attempt, attemptOK),
			frame.MicrosCol("submit", sub, nil), frame.MicrosCol("start", st, stOK), frame.MicrosCol("end", en, enOK))
		got, want := stateCounts(f), stateCountsBySort(f)
		for _, col := range []string{"time", "waiting", "running"} {
			if g, w := column(t, got, col), column(t, want, col); g != w {
				t.Fatalf("case %d (%d rows): %s\n%s\nwant\n%s", c, n, col, g, w)
			}
		}
	}
}
