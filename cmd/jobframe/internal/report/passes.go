package report

import (
	"errors"
	"fmt"
	"maps"
	"runtime"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
)

// Loader loads the dataset of a report, reading the frames spanOnly
// names for the span of their times alone but for the rows with the
// columns it lists (loaders.Options.SpanOnly). BuildInPasses calls it
// once per pass.
type Loader func(spanOnly map[string][]string) (*loaders.Dataset, error)

// BuildInPasses is Build of the dataset load gives, built in two passes
// so that memory never holds the tasks and the placements at once, for
// a source whose reader gives a frame's span without its rows (a lake:
// the footers' statistics; a log would be read twice whole). The first
// pass loads all but the tasks' rows and builds the sections of the
// placements and workers (utilization, tasks per worker, the
// timeline); the second loads all but the placements' rows and builds
// the others, unless one of them reads the placements (the efficiency
// section's CPUs of HyperQueue's worker samples), when the placements
// are loaded again. The span of every frame is the whole load's, and
// the document is Build's, byte for byte. The report must not cut rows
// (Options.Window, --where): a frame read for its span is not cut.
func BuildInPasses(load Loader, o Options) (*Document, error) {
	if !o.Window.IsZero() {
		return nil, errors.New("report in passes: a window cuts rows, and a frame read for its span is not cut: build the report of the whole load")
	}
	first, err := load(withSpanOnly(SpanOnly(), schema.Tasks))
	if err != nil {
		return nil, err
	}
	o = o.withDefaults(first.Source)
	parts := newBuilder(first, o).parts()
	sections := make([]Section, len(parts))
	buildPass(parts, sections, true)
	second := withSpanOnly(SpanOnly(), schema.Placements)
	if _, _, ok := cpuSamples(first.Frames); ok { // the efficiency section reads the placements
		second = SpanOnly()
	}
	parts, first = nil, nil
	runtime.GC() // the placements go before the tasks come
	d, err := load(second)
	if err != nil {
		return nil, err
	}
	if parts = newBuilder(d, o).parts(); len(parts) != len(sections) {
		return nil, fmt.Errorf("report in passes: the second load has %d sections, the first %d (the inputs changed between them?)", len(parts), len(sections))
	}
	buildPass(parts, sections, false)
	return document(d, o, sections), nil
}

// buildPass builds the parts whose ofWorkers is workers, on every core,
// into their places in sections.
func buildPass(parts []part, sections []Section, workers bool) {
	var builds []func() Section
	for _, p := range parts {
		if p.ofWorkers == workers {
			builds = append(builds, p.build)
		}
	}
	built := buildAll(builds)
	for i, p := range parts {
		if p.ofWorkers == workers {
			sections[i], built = built[0], built[1:]
		}
	}
}

// withSpanOnly returns spanOnly with the frame name read for its span
// alone, whatever its columns.
func withSpanOnly(spanOnly map[string][]string, name string) map[string][]string {
	out := maps.Clone(spanOnly)
	out[name] = nil
	return out
}
