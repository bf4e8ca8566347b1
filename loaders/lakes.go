package loaders

import (
	"slices"
	"strings"

	"github.com/jobframe/jobframe/loaders/lake/lakeread"
	"github.com/jobframe/jobframe/loaders/lake/manifest"
	"github.com/jobframe/jobframe/loaders/source"
)

// splitLakes parts the paths of a load into the lakes written by jobframe
// ingest (folders with a manifest) and the logs, each in order.
func splitLakes(paths []string) (lakes, logs []string) {
	for _, p := range paths {
		if p != "-" && lakeread.IsLake(p) {
			lakes = append(lakes, p)
		} else {
			logs = append(logs, p)
		}
	}
	return lakes, logs
}

// lakePlan is the lakes of a load, their manifests read.
type lakePlan struct {
	dirs    []string
	entries [][]manifest.Entry // committed entries of each lake
}

// planLakes reads the lakes' manifests; the entries of sources sc does
// not keep are left out (and counted in sc).
func planLakes(dirs []string, sc *scoped) (*lakePlan, error) {
	p := &lakePlan{dirs: dirs}
	for _, dir := range dirs {
		m, err := manifest.Read(dir)
		if err != nil {
			return nil, err
		}
		var committed []manifest.Entry
		for _, e := range m.Inputs {
			switch {
			case e.State != manifest.Committed:
			case !sc.keeps(e.Source):
				sc.left = append(sc.left, strings.Join(e.Inputs(), ","))
			default:
				committed = append(committed, e)
			}
		}
		p.entries = append(p.entries, committed)
	}
	return p, nil
}

// units are the lakes' committed entries as load units: each is one
// Load of its inputs.
func (p *lakePlan) units() []loadUnit {
	var out []loadUnit
	for _, es := range p.entries {
		for _, e := range es {
			first := ""
			if in := e.Inputs(); len(in) > 0 {
				first = in[0]
			}
			out = append(out, loadUnit{formatNamed(e.Format), first})
		}
	}
	return out
}

// read reads the lakes' committed entries of o.Sources, each a dataset
// as the load of its logs would be (before companions are absorbed),
// with the format that read it; only the frames and columns o asks for
// are read, as a loader reads them (a log of several runs whose run
// column is not asked for reads as one run), and only the row groups
// that o.Window, cut with the columns of final (the load's projection),
// may keep rows of, and of the frames with a source column only the
// parts of the systems o.SourceRows keeps; without those two, the rows
// o.SpanOnly reads only for their span give it from the footers
// (Dataset.Skimmed). The warnings name what was not read.
func (p *lakePlan) read(o, final source.Options) ([]*source.Dataset, []source.Format, []source.Warning, error) {
	var sets []*source.Dataset
	var formats []source.Format
	var warnings []source.Warning
	for _, dir := range p.dirs {
		l, err := lakeread.Read(dir, lakeread.Options{Frames: o.Frames, Columns: o.Columns, Omit: o.Omit, Sources: o.Sources, SourceRows: o.SourceRows,
			SpanOnly: o.SpanOnly, Window: lakeread.Window{From: o.Window.From, To: o.Window.To, Columns: final.Columns, Omit: final.Omit}, MaxBytes: o.MaxParquetBytes})
		if err != nil {
			return nil, nil, nil, err
		}
		sets, warnings = append(sets, l.Sets...), append(warnings, l.Warnings...)
		for _, name := range l.Formats {
			formats = append(formats, formatNamed(name))
		}
	}
	return sets, formats, warnings, nil
}

// formatNamed is the format of Formats named name; one this jobframe
// lacks (a lake written by another) is a format of that name alone.
func formatNamed(name string) source.Format {
	fs := Formats()
	if i := slices.IndexFunc(fs, func(f source.Format) bool { return f.Name == name }); i >= 0 {
		return fs[i]
	}
	return source.Format{Name: name}
}

// LakeFrames returns the frames that the committed entries of the lake
// at path hold, sorted, from its manifest alone (no Parquet file is
// opened): what OpenWith of the lake would give, before a projection.
// ok is false when path is not a lake.
func LakeFrames(path string) (frames []string, ok bool, err error) {
	if path == "-" || !lakeread.IsLake(path) {
		return nil, false, nil
	}
	m, err := manifest.Read(path)
	if err != nil {
		return nil, true, err
	}
	for _, e := range m.Inputs {
		if e.State != manifest.Committed {
			continue
		}
		for name, n := range e.Rows {
			if n > 0 && !slices.Contains(frames, name) {
				frames = append(frames, name)
			}
		}
	}
	slices.Sort(frames)
	return frames, true, nil
}
