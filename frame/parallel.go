package frame

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parallelRows is the column length from which eachColumn spreads the
// columns over the cores: below it the goroutines cost more than they
// save.
const parallelRows = 1 << 16

// eachColumn calls fn(i) for every i in [0, n), one call per column of
// rows rows: on all cores when the columns are long, in order otherwise.
// fn must only write what belongs to column i. A panic in fn is raised
// again on the calling goroutine, so that the REPL's recovery still sees
// it.
func eachColumn(n, rows int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if rows < parallelRows || workers < 2 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var once sync.Once
	var panicked any
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					once.Do(func() { panicked = r })
					next.Store(int64(n)) // the others stop at their next column
				}
			}()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
}
