package watch

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/source"
)

// The sources are loaded group by group (loaders.Plan): at a poll, a
// group whose files did not change keeps its load; a streaming log of one
// file that grew goes on from its last checkpoint, reading only what
// follows (the rows of the batches before it are kept); any other change
// loads the group again. The groups' loads are then combined as
// loaders.Open does (loaders.Combine).

// group is one group of the sources as last loaded.
type group struct {
	g     loaders.Group
	files map[string]fileState // the group's files when loaded
	d     *source.Dataset      // its load: every batch and the end, stacked
	// A streaming log's rows up to its last checkpoint, by frame: the
	// first rows of d's frames, which a load from the checkpoint goes on
	// from (views of d, so a watch holds its data once); that checkpoint,
	// and the warnings of the lines before it.
	kept     map[string]int
	cp       *source.Checkpoint
	cpWarn   []source.Warning
	resumed  int // loads that went on from a checkpoint
	logStart int64
	hasStart bool
}

// key names a group across polls: its format and files.
func key(g loaders.Group) string { return g.Format + "\x00" + strings.Join(g.Files, "\x00") }

// loadGroups loads the planned groups, reusing or resuming those of
// before (by key) that allow it.
func loadGroups(ctx context.Context, planned []loaders.Group, before map[string]*group, files snapshot, o source.Options) ([]*group, error) {
	out := make([]*group, len(planned))
	for i, g := range planned {
		old := before[key(g)]
		cur := map[string]fileState{}
		for _, f := range g.Files {
			cur[f] = files[f]
		}
		switch {
		case old != nil && sameFiles(old.files, cur):
			out[i] = old
			continue
		case old != nil && old.cp != nil && grew(old.files, cur):
			gr, err := old.resume(ctx, cur, o)
			if err == nil {
				out[i] = gr
				continue
			}
			if !errors.Is(err, source.ErrResume) {
				return nil, err
			}
		}
		gr, err := loadGroup(ctx, g, cur, o)
		if err != nil {
			return nil, err
		}
		out[i] = gr
	}
	return out, nil
}

// sameFiles reports whether the files are those loaded, unchanged.
func sameFiles(a, b map[string]fileState) bool {
	if len(a) != len(b) {
		return false
	}
	for p, x := range a {
		y, ok := b[p]
		if !ok || x.size != y.size || !x.mod.Equal(y.mod) || x.info == nil || y.info == nil || !os.SameFile(x.info, y.info) {
			return false
		}
	}
	return true
}

// grew reports whether the one file loaded is the same file, grown:
// what was read is taken to be still there (a log rewritten in place is
// read again only when it did not grow).
func grew(a, b map[string]fileState) bool {
	if len(a) != 1 || len(b) != 1 {
		return false
	}
	for p, x := range a {
		y, ok := b[p]
		return ok && x.info != nil && y.info != nil && os.SameFile(x.info, y.info) && y.size > x.size
	}
	return false
}

// loadGroup loads g from its start: a streaming format in batches, with
// checkpoints where it resumes.
func loadGroup(ctx context.Context, g loaders.Group, files map[string]fileState, o source.Options) (*group, error) {
	batches, d, err := loadBatches(ctx, g, o, nil)
	if err != nil {
		return nil, err
	}
	gr := &group{g: g, files: files}
	gr.take(batches, d)
	return gr, nil
}

// resume goes on from gr's checkpoint; an ErrResume error says the log
// is to be loaded from its start.
func (gr *group) resume(ctx context.Context, files map[string]fileState, o source.Options) (*group, error) {
	batches, d, err := loadBatches(ctx, gr.g, o, gr.cp)
	if err != nil {
		return nil, err
	}
	next := &group{g: gr.g, files: files, cp: gr.cp, cpWarn: gr.cpWarn, resumed: gr.resumed + 1,
		logStart: gr.logStart, hasStart: gr.hasStart}
	next.take(append([]*source.Dataset{gr.keptRows()}, batches...), d)
	return next, nil
}

// keptRows is the dataset of gr's rows up to its checkpoint: views of
// the first rows of its load's frames, no copy.
func (gr *group) keptRows() *source.Dataset {
	d := &source.Dataset{Frames: map[string]*frame.Frame{}}
	for name, n := range gr.kept {
		if f, ok := gr.d.Frames[name]; ok {
			d.Frames[name] = f.Slice(0, n)
		}
	}
	d.Checkpoint = gr.cp
	return d
}

// loadBatches loads g (from cp when set), returning the batches of
// complete rows it handed over and what the load returned at the end.
func loadBatches(ctx context.Context, g loaders.Group, o source.Options, cp *source.Checkpoint) ([]*source.Dataset, *source.Dataset, error) {
	var batches []*source.Dataset
	lo := o
	lo.Resume = cp
	if g.Streams {
		lo.Checkpoints = true
		lo.Batch = func(b *source.Dataset) error {
			batches = append(batches, b)
			return nil
		}
	}
	d, err := loaders.LoadGroup(ctx, g, lo)
	return batches, d, err
}

// take sets gr from batches (the rows kept before, when gr goes on
// from a checkpoint, then a load's batches) and the load's end d: the
// rows up to the last checkpoint are kept, and the dataset is them all
// and the end, stacked. The batches are handed over (frame.Stack lets
// each go as it is stacked).
func (gr *group) take(batches []*source.Dataset, d *source.Dataset) {
	last := -1
	for i, b := range batches {
		if b.Checkpoint != nil {
			last = i
		}
	}
	if last >= 0 {
		gr.kept = map[string]int{}
		for _, b := range batches[:last+1] {
			for name, f := range b.Frames {
				gr.kept[name] += f.NumRows()
			}
		}
		if cp := batches[last].Checkpoint; cp != gr.cp {
			gr.cp = cp
			gr.cpWarn = append(slices.Clip(gr.cpWarn), upTo(d.Warnings, gr.cp.Line)...)
		}
	}
	if !gr.hasStart && d.HasLogSpan {
		gr.logStart, gr.hasStart = d.LogStart, true
	}
	gr.d = stack(gr.g, append(batches, d), gr)
}

// upTo are the warnings of lines up to line.
func upTo(ws []source.Warning, line int) []source.Warning {
	var out []source.Warning
	for _, w := range ws {
		if w.Line > 0 && w.Line <= line {
			out = append(out, w)
		}
	}
	return out
}

// stack makes one dataset of a group's batches and end, in order.
func stack(g loaders.Group, parts []*source.Dataset, gr *group) *source.Dataset {
	end := parts[len(parts)-1]
	d := &source.Dataset{Source: end.Source, Files: slices.Clone(end.Files), Frames: map[string]*frame.Frame{},
		LogStart: end.LogStart, LogEnd: end.LogEnd, HasLogSpan: end.HasLogSpan}
	if len(d.Files) == 0 {
		d.Files = slices.Clone(g.Files)
	}
	if gr.hasStart && (!d.HasLogSpan || gr.logStart < d.LogStart) {
		d.LogStart, d.HasLogSpan = gr.logStart, true
	}
	d.Warnings = slices.Clone(end.Warnings)
	if gr.resumed > 0 { // the lines before the first checkpoint were read by an earlier load
		d.Warnings = append(slices.Clone(gr.cpWarn), after(end.Warnings, gr.cp)...)
	}
	names := map[string][]*frame.Frame{}
	var order []string
	for _, p := range parts {
		for _, name := range p.Names() {
			if _, ok := names[name]; !ok {
				order = append(order, name)
			}
			names[name] = append(names[name], p.Frames[name])
		}
	}
	for _, name := range order {
		fs := names[name]
		if len(fs) == 1 {
			d.Frames[name] = fs[0]
		} else {
			d.Frames[name] = frame.Stack(fs...)
		}
	}
	return d
}

// after are the warnings after the checkpoint's line (all without one).
func after(ws []source.Warning, cp *source.Checkpoint) []source.Warning {
	if cp == nil {
		return ws
	}
	var out []source.Warning
	for _, w := range ws {
		if w.Line == 0 || w.Line > cp.Line {
			out = append(out, w)
		}
	}
	return out
}
