package loaders

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// merge concatenates datasets frame by frame, adding a "file" column
// (after the "run" column labelRuns gave every frame).
// A column that is an integer in some sources and text or a float in
// others (ids, counts) is text or float in the result (align).
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
		out.Skimmed.Join(d.Skimmed)
		for name, n := range d.SkimmedRows {
			out.AddSkimmedRows(name, n)
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
				if f.Has("run") { // run, file, then the rest
					names = append([]string{"run", "file"}, f.Drop("run").Names()...)
				}
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
		fs, err := align(byName[name])
		if err != nil {
			return nil, fmt.Errorf("combining the %s frames of %s: %w", name, strings.Join(out.Files, ", "), err)
		}
		c := frame.Concat(fs...)
		if c.Err() != nil {
			return nil, fmt.Errorf("combining the %s frames of %s: %w", name, strings.Join(out.Files, ", "), c.Err())
		}
		out.Frames[name] = c
	}
	return out, nil
}

// align casts the integer columns of fs to the type other frames of fs
// have for the same column name when that is text (an id: the decimal
// text of the integer) or float64 (a count next to a measure), so that
// frames of different sources concatenate. Other mixes are left for
// Concat to report.
func align(fs []*frame.Frame) ([]*frame.Frame, error) {
	types := map[string]map[frame.Type]bool{}
	for _, f := range fs {
		for i, t := range f.Types() {
			n := f.Names()[i]
			if types[n] == nil {
				types[n] = map[frame.Type]bool{}
			}
			types[n][t] = true
		}
	}
	out := slices.Clone(fs)
	for name, ts := range types {
		if len(ts) != 2 || !ts[frame.Int64] {
			continue
		}
		for k, f := range out {
			if t, _ := f.Type(name); t != frame.Int64 {
				continue
			}
			var err error
			if out[k], err = castInt(f, name, ts[frame.String]); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// castInt returns f with its integer column name as text (toText) or as
// float64.
func castInt(f *frame.Frame, name string, toText bool) (*frame.Frame, error) {
	v, ok, err := f.Int64s(name)
	if err != nil {
		return nil, err
	}
	var col frame.Column
	if toText {
		s := make([]string, len(v))
		for i, x := range v {
			if ok == nil || ok[i] {
				s[i] = strconv.FormatInt(x, 10)
			}
		}
		col = frame.StringCol(name, s, ok)
	} else {
		x := make([]float64, len(v))
		for i := range v {
			x[i] = float64(v[i])
		}
		col = frame.Float64Col(name, x, ok)
	}
	g := f.WithColumn(name, col)
	return g, g.Err()
}
