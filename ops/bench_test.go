package ops

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// benchPlacements is n one-worker attempts on 1000 workers over a day,
// with log lines in time order, as a HyperQueue journal of n tasks gives.
func benchPlacements(n int) *frame.Frame {
	r := rand.New(rand.NewPCG(1, 2))
	job := make([]string, n)
	task, attempt := make([]int64, n), make([]int64, n)
	worker := make([]string, n)
	start, end := make([]int64, n), make([]int64, n)
	sl, el := make([]int64, n), make([]int64, n)
	cpus := make([]float64, n)
	for i := range n {
		job[i] = fmt.Sprint(1 + i/10000)
		task[i] = int64(i % 10000)
		attempt[i] = 1
		worker[i] = fmt.Sprint(r.IntN(1000))
		start[i] = int64(i) * 86_400_000_000 / int64(n)
		end[i] = start[i] + r.Int64N(600_000_000)
		sl[i], el[i] = 2*int64(i), 2*int64(i)+1+r.Int64N(1000)
		cpus[i] = float64(1 + r.IntN(8))
	}
	return frame.New(frame.StringCol("job", job, nil), frame.Int64Col("task", task, nil), frame.Int64Col("attempt", attempt, nil),
		frame.StringCol("worker", worker, nil), frame.MicrosCol("start", start, nil), frame.MicrosCol("end", end, nil),
		frame.Float64Col("cpus", cpus, nil), frame.Int64Col("start_line", sl, nil), frame.Int64Col("end_line", el, nil))
}

// benchProcs is n processes of 100 jobs: trees of fan-out 4 (pid i,
// parent pid i/4), tagged with one of 20 ops.
func benchProcs(n int) *frame.Frame {
	r := rand.New(rand.NewPCG(3, 4))
	job, host, tags := make([]string, n), make([]string, n), make([]string, n)
	pid, ppid, numtids := make([]int64, n), make([]int64, n), make([]int64, n)
	start, end, dur := make([]int64, n), make([]int64, n), make([]int64, n)
	cpu := make([]float64, n)
	per := n / 100
	for i := range n {
		k := i % per
		job[i] = fmt.Sprint(i / per)
		host[i] = "h"
		pid[i] = int64(k + 2)
		ppid[i] = int64(k/4 + 1) // pid 1 is outside the job: the first is a root
		start[i] = int64(k) * 1000
		end[i] = start[i] + 500 + r.Int64N(100_000)
		dur[i] = end[i] - start[i]
		cpu[i] = float64(r.IntN(1000))
		numtids[i] = 1
		tags[i] = fmt.Sprintf("op:op%d;op_instance:%d", r.IntN(20), r.IntN(3))
	}
	return frame.New(frame.StringCol("job", job, nil), frame.StringCol("host", host, nil), frame.Int64Col("pid", pid, nil),
		frame.Int64Col("ppid", ppid, nil), frame.MicrosCol("start", start, nil), frame.MicrosCol("end", end, nil),
		frame.Int64Col("duration_us", dur, nil), frame.Float64Col("cpu_time", cpu, nil), frame.Int64Col("numtids", numtids, nil),
		frame.StringCol("tags", tags, nil))
}

func BenchmarkBusy1M(b *testing.B) {
	p := benchPlacements(1_000_000)
	b.ResetTimer()
	for range b.N {
		if s := Busy(p, "cpus"); s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

// BenchmarkLanes1M slots a million attempts' bars, as ops.Gantt gives
// them (sorted by worker and start), into their workers' lanes.
func BenchmarkLanes1M(b *testing.B) {
	g := Gantt(benchPlacements(1_000_000))
	b.ResetTimer()
	for range b.N {
		if l := Lanes(g); l.Err() != nil {
			b.Fatal(l.Err())
		}
	}
}

func BenchmarkTasksPerWorker1M(b *testing.B) {
	p := benchPlacements(1_000_000)
	b.ResetTimer()
	for range b.N {
		if s := TasksPerWorker(p, nil); s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

func BenchmarkProcessTree1M(b *testing.B) {
	p := benchProcs(1_000_000)
	b.ResetTimer()
	for range b.N {
		if tr, _ := ProcessTree(p); tr.Err() != nil {
			b.Fatal(tr.Err())
		}
	}
}

func BenchmarkIntervalsByTag1M(b *testing.B) {
	p := benchProcs(1_000_000)
	b.ResetTimer()
	for range b.N {
		if s := Intervals(p, "start", "end", "tags"); s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

func BenchmarkOpMetricsSMO1M(b *testing.B) {
	p := benchProcs(1_000_000)
	tags := []string{"op:op1", "op:op2", "op:op3"}
	b.ResetTimer()
	for range b.N {
		if s := OpMetrics(p, OpMetricsOptions{Tags: tags, GroupByTag: true, Method: "sum-minus-overlap"}); s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

func BenchmarkOutliers(b *testing.B) {
	f := benchOutlierJobs()
	b.ResetTimer()
	for range b.N {
		if s := Outliers(f, OutlierOptions{}); s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

// BenchmarkOutliersFlagged is BenchmarkOutliers keeping the rows all six
// tests flag (MinMethods), as the report asks.
func BenchmarkOutliersFlagged(b *testing.B) {
	f := benchOutlierJobs()
	b.ResetTimer()
	for range b.N {
		if s := Outliers(f, OutlierOptions{MinMethods: 6}); s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

// benchOutlierJobs are 100,000 jobs with normal cpu_time and duration.
func benchOutlierJobs() *frame.Frame {
	n := 100_000
	r := rand.New(rand.NewPCG(5, 6))
	ids := make([]string, n)
	v := make([]float64, n)
	for i := range v {
		ids[i], v[i] = fmt.Sprint(i), r.NormFloat64()
	}
	return frame.New(frame.StringCol("job", ids, nil), frame.Float64Col("cpu_time", v, nil), frame.Float64Col("duration", v, nil))
}

// benchAttempts is benchPlacements as a tasks frame: each attempt
// submitted up to a minute before its start, with a state (one in 50
// failed) and 16 more columns of the kinds a loaded tasks frame carries,
// which the ops that read a few columns must not copy.
func benchAttempts(n int) *frame.Frame {
	p := benchPlacements(n)
	r := rand.New(rand.NewPCG(7, 8))
	start, _, _ := p.Micros("start")
	submit, state := make([]int64, n), make([]string, n)
	for i := range n {
		submit[i] = start[i] - r.Int64N(60_000_000)
		state[i] = "success"
		if r.IntN(50) == 0 {
			state[i] = "failed"
		}
	}
	p = p.WithColumn("submit", frame.MicrosCol("submit", submit, nil)).WithColumn("state", frame.StringCol("state", state, nil))
	for k := range 16 {
		p = p.WithColumn(fmt.Sprintf("extra%d", k), frame.Float64Col("", make([]float64, n), nil))
	}
	return p
}

func BenchmarkStateCounts1M(b *testing.B) {
	t := benchAttempts(1_000_000)
	b.ResetTimer()
	for range b.N {
		if s := StateCounts(t); s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

func BenchmarkRetries1M(b *testing.B) {
	t := benchAttempts(1_000_000)
	b.ResetTimer()
	for range b.N {
		if s := Retries(t); s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

func BenchmarkThroughput1M(b *testing.B) {
	t := benchAttempts(1_000_000)
	b.ResetTimer()
	for range b.N {
		if s := Throughput(t, "end"); s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

// BenchmarkSummary1M describes the run and wait times of 1M attempts
// (counts, means, medians, 95th percentiles, maxima).
func BenchmarkSummary1M(b *testing.B) {
	t := benchAttempts(1_000_000)
	b.ResetTimer()
	for range b.N {
		if s := Summary(t, nil); s.Err() != nil {
			b.Fatal(s.Err())
		}
	}
}

// BenchmarkBadput1M is Badput of 1M attempts, whole and by worker,
// against badputByAgg (a column per sum, summed by GroupBy's Agg), in
// the same run.
func BenchmarkBadput1M(b *testing.B) {
	t := benchAttempts(1_000_000)
	for _, by := range [][]string{nil, {"worker"}} {
		for name, op := range map[string]func(*frame.Frame, ...string) *frame.Frame{"Badput": Badput, "badputByAgg": badputByAgg} {
			b.Run(fmt.Sprintf("%s-by-%d", name, len(by)), func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					if f := op(t, by...); f.Err() != nil {
						b.Fatal(f.Err())
					}
				}
			})
		}
	}
}
