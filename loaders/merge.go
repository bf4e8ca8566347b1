package loaders

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// merge concatenates datasets frame by frame, adding a "file" column.
func merge(sets []*source.Dataset) (*source.Dataset, error) {
	out := &source.Dataset{Frames: map[string]*frame.Frame{}}
	sources := map[string]bool{}
	byName := map[string][]*frame.Frame{}
	for _, d := range sets {
		sources[d.Source] = true
		out.Files = append(out.Files, d.Files...)
		out.Warnings = append(out.Warnings, d.Warnings...)
		for name, cols := range d.Unbuilt {
			for _, c := range cols {
				if !slices.Contains(out.Unbuilt[name], c) {
					out.Skip(name, c)
				}
			}
		}
		if d.HasLogSpan {
			if !out.HasLogSpan || d.LogStart < out.LogStart {
				out.LogStart = d.LogStart
			}
			if !out.HasLogSpan || d.LogEnd > out.LogEnd {
				out.LogEnd = d.LogEnd
			}
			out.HasLogSpan = true
		}
		file := strings.Join(d.Files, ",")
		for name, f := range d.Frames {
			if !f.Has("file") { // EPMT's frames name their data file already
				names := append([]string{"file"}, f.Names()...)
				f = f.WithColumn("file", columns.Repeat("file", file, f.NumRows())).Select(names...)
			}
			byName[name] = append(byName[name], f)
		}
	}
	var srcs []string
	for s := range sources {
		srcs = append(srcs, s)
	}
	sort.Strings(srcs)
	out.Source = strings.Join(srcs, "+")
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		fs := byName[name]
		c := frame.Concat(fs...)
		if c.Err() != nil {
			return nil, fmt.Errorf("combining the %s frames of %s: %w", name, strings.Join(out.Files, ", "), c.Err())
		}
		out.Frames[name] = c
	}
	return out, nil
}
