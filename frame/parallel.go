package frame

import (
	"runtime"
	"slices"
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

// parallelSortRows is the length from which sortFunc sorts on two cores.
const parallelSortRows = 1 << 16

// sortFunc sorts s by cmp as slices.SortFunc does (not stably): a long
// slice's halves are sorted on two goroutines, then merged.
func sortFunc[E any](s []E, cmp func(a, b E) int) {
	if len(s) < parallelSortRows || runtime.GOMAXPROCS(0) < 2 {
		slices.SortFunc(s, cmp)
		return
	}
	half := len(s) / 2
	var wg sync.WaitGroup
	var panicked any
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer func() { panicked = recover() }()
		slices.SortFunc(s[:half], cmp)
	}()
	slices.SortFunc(s[half:], cmp)
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
	merged := make([]E, 0, len(s))
	a, b := s[:half], s[half:]
	for len(a) > 0 && len(b) > 0 {
		if cmp(b[0], a[0]) < 0 {
			merged, b = append(merged, b[0]), b[1:]
		} else {
			merged, a = append(merged, a[0]), a[1:]
		}
	}
	merged = append(append(merged, a...), b...)
	copy(s, merged)
}
