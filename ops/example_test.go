package ops_test

import (
	"fmt"
	"time"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/ops"
)

// Busy turns placements into the step series of cpus held. By hand: a
// 4-cpu attempt runs from 0 s to 10 s, a 2-cpu one from 5 s to 15 s, a
// 1-cpu one from 20 s and is still running when the log ends: 4 cpus at
// 0 s, 6 at 5 s, 2 at 10 s, 0 at 15 s, 1 at 20 s.
func ExampleBusy() {
	t0 := time.Date(2026, 8, 4, 9, 0, 0, 0, time.UTC).UnixMicro()
	s := func(sec int64) int64 { return t0 + sec*1e6 }
	placements := frame.New(
		frame.MicrosCol("start", []int64{s(0), s(5), s(20)}, nil),
		frame.MicrosCol("end", []int64{s(10), s(15), 0}, []bool{true, true, false}),
		frame.Float64Col("cpus", []float64{4, 2, 1}, nil),
	)
	fmt.Print(ops.Busy(placements, "cpus"))
	// Output:
	//                           time    value
	//             timestamp[us, UTC]  float64
	// 0  2026-08-04T09:00:00.000000Z      4.0
	// 1  2026-08-04T09:00:05.000000Z      6.0
	// 2  2026-08-04T09:00:10.000000Z      2.0
	// 3  2026-08-04T09:00:15.000000Z      0.0
	// 4  2026-08-04T09:00:20.000000Z      1.0
	//
	// [5 rows x 2 columns]
}

// AllocationUse joins a Slurm job to the work that ran in it. By hand:
// job 4410231 was submitted at 0 s, started at 40 s and ended at 100 s
// with 4 cpus (240 core-s); two 1-cpu tasks ran in it from 50 s to 80 s
// and from 60 s on, still running (it ends with the job): 30 + 40 = 70
// core-s, a share of 0.2917.
func ExampleAllocationUse() {
	t0 := time.Date(2026, 8, 4, 9, 0, 0, 0, time.UTC).UnixMicro()
	s := func(sec int64) int64 { return t0 + sec*1e6 }
	slurm := frame.New(
		frame.StringCol("id", []string{"4410231"}, nil),
		frame.MicrosCol("queued", []int64{s(0)}, nil),
		frame.MicrosCol("start", []int64{s(40)}, nil),
		frame.MicrosCol("end", []int64{s(100)}, nil),
		frame.Float64Col("cpus", []float64{4}, nil),
	)
	work := frame.New(
		frame.StringCol("allocation", []string{"4410231", "4410231"}, nil),
		frame.MicrosCol("start", []int64{s(50), s(60)}, nil),
		frame.MicrosCol("end", []int64{s(80), 0}, []bool{true, false}),
		frame.Float64Col("cpus", []float64{1, 1}, nil),
	)
	fmt.Print(ops.AllocationUse(slurm, work).Select("id", "queue_s", "core_s", "attempts", "busy_core_s", "busy_share"))
	// Output:
	//         id  queue_s   core_s  attempts  busy_core_s  busy_share
	//     string  float64  float64     int64      float64     float64
	// 0  4410231     40.0    240.0         2         70.0    0.291667
	//
	// [1 rows x 6 columns]
}

// Window keeps what was active in a span of time and cuts step series at
// its sides. By hand, with ExampleBusy's attempts (4 cpus from 0 s to
// 10 s, 2 from 5 s to 15 s, 1 from 20 s on): two were active between 3 s
// and 12 s; the cut series starts at 3 s with the 4 cpus in force and
// closes at 12 s with 2, so its integral is 4 × 2 + 6 × 5 + 2 × 2 = 42
// cpu-seconds.
func ExampleWindow() {
	t0 := time.Date(2026, 8, 4, 9, 0, 0, 0, time.UTC)
	s := func(sec int64) int64 { return t0.UnixMicro() + sec*1e6 }
	placements := frame.New(
		frame.MicrosCol("start", []int64{s(0), s(5), s(20)}, nil),
		frame.MicrosCol("end", []int64{s(10), s(15), 0}, []bool{true, true, false}),
		frame.Float64Col("cpus", []float64{4, 2, 1}, nil),
	)
	w, _ := ops.ParseWindow("+3s", "+12s", t0, t0.Add(time.Minute))
	fmt.Println(w.Frame(placements).NumRows(), "placements active")
	busy := w.Series(ops.Busy(placements, "cpus"), "time")
	area, _ := ops.Integral(busy, "time", "value")
	fmt.Println(area, "cpu-seconds")
	// Output:
	// 2 placements active
	// 42 cpu-seconds
}

// RightSize suggests a request per category. By hand: three "sim"
// attempts peaked at 100, 200 and 300 MB of the 1000 MB asked; numpy's
// 0.95 quantile of the peaks is 290 MB, plus 20 % is 348 MB.
func ExampleRightSize() {
	tasks := frame.New(
		frame.StringCol("category", []string{"sim", "sim", "sim"}, nil),
		frame.Float64Col("mem_mb", []float64{100, 200, 300}, nil),
		frame.Float64Col("req_mem_mb", []float64{1000, 1000, 1000}, nil),
	)
	fmt.Print(ops.RightSize(tasks, ops.RightSizeOptions{}).Select("category", "req_mem_mb", "mem_mb_q", "mem_eff", "suggest_mem_mb"))
	// Output:
	//    category  req_mem_mb  mem_mb_q  mem_eff  suggest_mem_mb
	//      string     float64   float64  float64         float64
	// 0       sim      1000.0     290.0      0.2           348.0
	//
	// [1 rows x 5 columns]
}

// DistinctCounts histograms a column over a stream of batches, holding
// its distinct values and their counts. By hand: the values 1, 2, 2, 9
// then 2, 5, (null), 10 range over [1, 10]; three bins of width 3 hold
// 1, 2, 2, 2 (4), 5 (1), and 9, 10 (2, the last bin closed).
func ExampleDistinctCounts() {
	d := ops.NewDistinctCounts("mem_mb")
	for _, batch := range []*frame.Frame{
		frame.New(frame.Int64Col("mem_mb", []int64{1, 2, 2, 9}, nil)),
		frame.New(frame.Int64Col("mem_mb", []int64{2, 5, 0, 10}, []bool{true, true, false, true})),
	} {
		if err := d.Add(batch); err != nil {
			panic(err)
		}
	}
	fmt.Println(d.Rows(), "values,", d.Frame().NumRows(), "distinct")
	fmt.Print(d.FullHistogram(3))
	// Output:
	// 7 values, 5 distinct
	//         lo       hi  count
	//    float64  float64  int64
	// 0      1.0      4.0      4
	// 1      4.0      7.0      1
	// 2      7.0     10.0      2
	//
	// [3 rows x 3 columns]
}
