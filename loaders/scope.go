package loaders

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/loaders/source"
)

// checkSources refuses a name in o.Sources that no format reads.
func checkSources(o source.Options) error {
	known := KnownSources()
	for _, s := range o.Sources {
		if !slices.Contains(known, s) {
			return fmt.Errorf("source %q: no format reads it (the sources: %s)", s, strings.Join(known, ", "))
		}
	}
	return nil
}

// scoped counts what a load's Options.Sources left out.
type scoped struct {
	sources []string
	left    []string // the inputs (a group's first file, a lake's entry) left out
}

// keeps reports whether a format or dataset of the source systems srcs
// may hold data of the sources kept.
func (s *scoped) keeps(srcs ...string) bool {
	return len(s.sources) == 0 || slices.ContainsFunc(srcs, func(x string) bool { return slices.Contains(s.sources, x) })
}

// groups returns the groups whose format reads one of the sources kept.
func (s *scoped) groups(gs []*group) []*group {
	var out []*group
	for _, g := range gs {
		if s.keeps(g.format.Sources...) {
			out = append(out, g)
		} else if len(g.inputs) > 0 {
			s.left = append(s.left, g.inputs[0].Name)
		}
	}
	return out
}

// sets returns the datasets of the sources kept, with their formats.
func (s *scoped) sets(sets []*source.Dataset, formats []source.Format) ([]*source.Dataset, []source.Format) {
	var ds []*source.Dataset
	var fs []source.Format
	for i, d := range sets {
		if s.keeps(d.Source) {
			ds, fs = append(ds, d), append(fs, formats[i])
		} else {
			s.left = append(s.left, strings.Join(d.Files, ","))
		}
	}
	return ds, fs
}

// warning says what was left out; nil when nothing was.
func (s *scoped) warning() []source.Warning {
	if len(s.left) == 0 {
		return nil
	}
	shown := s.left[:min(len(s.left), 3)]
	more := ""
	if len(s.left) > len(shown) {
		more = fmt.Sprintf(" and %d more", len(s.left)-len(shown))
	}
	return []source.Warning{{File: strings.Join(shown, ", ") + more,
		Msg: fmt.Sprintf("not read: %d input(s) of other sources than %s", len(s.left), strings.Join(s.sources, ", "))}}
}
