package columns

import (
	"runtime"
	"sync"

	"github.com/jobframe/jobframe/frame"
)

// Build is one frame of a load and the function that builds it.
type Build struct {
	Name  string
	Frame func() *frame.Frame
}

// BuildFrames builds the frames want asks for (nil: all) on at most
// GOMAXPROCS goroutines at once, and returns them by name: the builders
// only read what the load decoded, so they run side by side. They start
// in the order given: list the longest first, so that it does not start
// last and end alone.
func BuildFrames(builds []Build, want map[string]bool) map[string]*frame.Frame {
	built := make([]*frame.Frame, len(builds))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, x := range builds {
		if want != nil && !want[x.Name] {
			continue
		}
		// a slot is taken before the goroutine starts, so that the
		// frames start in the order given (the longest first)
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			built[i] = x.Frame()
		}()
	}
	wg.Wait()
	out := map[string]*frame.Frame{}
	for i, x := range builds {
		if built[i] != nil {
			out[x.Name] = built[i]
		}
	}
	return out
}
