package loaders_test

import (
	"fmt"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
)

// Open recognises the bundled HyperQueue journal by its content and
// loads its frames. The journal's figures (133 lines, 56 task starts of
// which 48 finish, 3 fail and 1 is canceled, so the 4 others are lost
// with their worker; 3 workers) were counted over the raw file.
func ExampleOpen() {
	d, err := loaders.Open("../testdata/hq/synthetic_v0.26_journal.jsonl")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Source, d.Frames[schema.Events].NumRows(), "events")
	tasks := d.Frames[schema.Tasks]
	fmt.Println(tasks.NumRows(), "attempts on", d.Frames[schema.Workers].NumRows(), "workers")
	fmt.Print(tasks.ValueCounts("state"))
	// Output:
	// hyperqueue 133 events
	// 56 attempts on 3 workers
	//       state  count
	//      string  int64
	// 0   success     48
	// 1      lost      4
	// 2    failed      3
	// 3  canceled      1
	//
	// [4 rows x 2 columns]
}

// OpenWith in lenient mode skips bad records and lists them as warnings;
// Options.Columns loads only the columns asked for.
func ExampleOpenWith() {
	o := loaders.Options{Lenient: true, Columns: map[string][]string{schema.Tasks: {"task", "state"}}}
	d, err := loaders.OpenWith(o, "../testdata/workqueue/realrun_wq_7.17.1_transactions.log")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Source, d.Frames[schema.Tasks].Names(), len(d.Warnings), "warnings")
	// Output:
	// workqueue [task state] 0 warnings
}
