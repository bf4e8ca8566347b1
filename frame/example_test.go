package frame_test

import (
	"fmt"

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
