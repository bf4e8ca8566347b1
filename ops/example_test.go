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
