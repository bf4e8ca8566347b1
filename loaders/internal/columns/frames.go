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
// only read what the load decoded, so they run side by side.
func BuildFrames(builds []Build, want map[string]bool) map[string]*frame.Frame {
	built := make([]*frame.Frame, len(builds))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, x := range builds {
		if want != nil && !want[x.Name] {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
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
