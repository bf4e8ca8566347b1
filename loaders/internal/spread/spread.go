// Package spread runs work over ranges of items on several goroutines.
package spread

import (
	"runtime"
	"sync"
)

// Ranges cuts n items into consecutive ranges, one per core but none
// of fewer than perWorker items (one range when n is small), runs work
// on each range on a goroutine of its own (k is the range's place, lo
// and hi its bounds) and returns the number of ranges once all are
// done.
func Ranges(n, perWorker int, work func(k, lo, hi int)) int {
	workers := Count(n, perWorker)
	var wg sync.WaitGroup
	for k := range workers {
		lo, hi := k*n/workers, (k+1)*n/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(k, lo, hi)
		}()
	}
	wg.Wait()
	return workers
}

// Count is the number of ranges Ranges cuts n items into.
func Count(n, perWorker int) int {
	return min(runtime.GOMAXPROCS(0), max(1, n/perWorker))
}
