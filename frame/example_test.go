package frame_test

import (
	"fmt"
	"time"

	"github.com/jobframe/jobframe/frame"
)

// Where keeps the rows matching a condition; GroupBy and Agg summarise
// them per group, groups in order of first appearance. By hand: worker a
// ran 10 s and 15 s successfully (sum 25, mean 12.5), b 20 s and 30 s,
// c 40 s; a's failed 5 s attempt is left out.
func ExampleFrame_GroupBy() {
	tasks := frame.New(
		frame.StringCol("worker", []string{"a", "b", "a", "c", "b", "a"}, nil),
		frame.StringCol("state", []string{"success", "success", "failed", "success", "success", "success"}, nil),
		frame.Float64Col("wall_s", []float64{10, 20, 5, 40, 30, 15}, nil),
	)
	ok := tasks.Where("state", "==", "success")
	per := ok.GroupBy("worker").Agg(frame.Count(), frame.Sum("wall_s").As("total_s"), frame.Mean("wall_s").As("mean_s"))
	fmt.Print(per)
	// Output:
	//    worker  count  total_s   mean_s
	//    string  int64  float64  float64
	// 0       a      2     25.0     12.5
	// 1       b      2     50.0     25.0
	// 2       c      1     40.0     40.0
	//
	// [3 rows x 4 columns]
}

// Where takes ==, !=, <, <=, >, >=, in and not-null; conditions chain.
func ExampleFrame_Where() {
	tasks := frame.New(
		frame.Int64Col("task", []int64{1, 2, 3, 4}, nil),
		frame.Float64Col("mem_mb", []float64{512, 2048, 300, 4096}, nil),
	)
	big := tasks.Where("mem_mb", ">", 1000.0).Where("task", "in", []int64{2, 3, 4})
	fmt.Println(big.NumRows(), big.Err())
	// Output:
	// 2 <nil>
}

// With adds a column computed a whole column at a time; Keep and Query
// keep the rows where an expression holds (Query reads Go's syntax). By
// hand: the attempts ran 90, 30 and 200 s; the last one's end is null,
// so its run time is null too and no filter keeps it.
func ExampleFrame_With() {
	t0 := time.Date(2026, 8, 4, 9, 0, 0, 0, time.UTC)
	tasks := frame.New(
		frame.Int64Col("task", []int64{1, 2, 3}, nil),
		frame.StringCol("state", []string{"success", "failed", "running"}, nil),
		frame.TimeCol("start", []time.Time{t0, t0, t0}, nil),
		frame.TimeCol("end", []time.Time{t0.Add(90 * time.Second), t0.Add(30 * time.Second), {}}, []bool{true, true, false}),
	)
	runs := tasks.With(frame.Col("end").Sub(frame.Col("start")).Seconds().As("run_s"))
	fmt.Print(runs.Select("task", "run_s"))
	fmt.Println(runs.Keep(frame.Col("run_s").Gt(60)).NumRows(), runs.Query(`run_s < 60 || state == "failed"`).NumRows())
	// Output:
	//     task    run_s
	//    int64  float64
	// 0      1     90.0
	// 1      2     30.0
	// 2      3     null
	//
	// [3 rows x 2 columns]
	// 1 1
}

// Aggregations per group, beside each row with Over or one row per group
// with GroupBy, and a window function along each group's rows.
func ExampleExpr_Over() {
	tasks := frame.New(
		frame.StringCol("worker", []string{"a", "a", "b", "a", "b"}, nil),
		frame.Float64Col("run_s", []float64{10, 20, 30, 40, 50}, nil),
	)
	share := frame.Col("run_s").Div(frame.Col("run_s").Sum().Over("worker")).As("share")
	cum := frame.Col("run_s").CumSum().Over("worker").As("cum_s")
	fmt.Print(tasks.With(share, cum))
	fmt.Print(tasks.GroupBy("worker").Agg(frame.Count(), frame.Col("run_s").Max(), frame.Col("run_s").Quantile(0.5)))
	// Output:
	//    worker    run_s     share    cum_s
	//    string  float64   float64  float64
	// 0       a     10.0  0.142857     10.0
	// 1       a     20.0  0.285714     30.0
	// 2       b     30.0     0.375     30.0
	// 3       a     40.0  0.571429     70.0
	// 4       b     50.0     0.625     80.0
	//
	// [5 rows x 4 columns]
	//    worker  count  run_s_max  run_s_q0.5
	//    string  int64    float64     float64
	// 0       a      3       40.0        20.0
	// 1       b      2       50.0        40.0
	//
	// [2 rows x 4 columns]
}
