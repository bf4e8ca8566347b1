package loaders

import (
	"context"
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/loaders/source"
)

// Group is one load of OpenWith: the inputs that one format reads
// together (a journal alone, a Balsam folder's three files, an EPMT
// job's files).
type Group struct {
	// Format is the name of the format that reads the group.
	Format string
	// Streams reports that the format hands complete rows to
	// Options.Batch as it reads (source.Format.Streams).
	Streams bool
	// Files are the group's inputs, in the order they are read.
	Files []string
}

// Plan expands the paths as OpenWith does, recognises each input's
// format and returns the groups OpenWith would load, in order, without
// loading them; files of a folder that no format reads are returned as
// warnings. Standard input ("-") cannot be planned (it cannot be read
// twice).
func Plan(paths ...string) ([]Group, []source.Warning, error) {
	files, fromDir, err := expand(paths)
	if err != nil {
		return nil, nil, err
	}
	var inputs []*input
	defer func() {
		for _, in := range inputs {
			in.close()
		}
	}()
	for _, f := range files {
		if f == "-" {
			return nil, nil, fmt.Errorf("standard input cannot be planned: name a file")
		}
		in, err := openInput(context.Background(), f, 0, source.Options{})
		if err != nil {
			return nil, nil, err
		}
		inputs = append(inputs, in)
	}
	groups, skipped, err := groupInputs(Formats(), inputs, fromDir)
	if err != nil {
		return nil, nil, err
	}
	out := make([]Group, len(groups))
	for i, g := range groups {
		out[i] = Group{Format: g.format.Name, Streams: g.format.Streams}
		for _, in := range g.inputs {
			out[i].Files = append(out[i].Files, in.Name)
		}
	}
	return out, skipped, nil
}

// LoadGroup loads one group of Plan with options o, under ctx as
// OpenContext does; with o.Batch set, a streaming format hands its
// complete rows to it as it reads. The result is projected onto
// o.Columns.
func LoadGroup(ctx context.Context, g Group, o source.Options) (*source.Dataset, error) {
	var f source.Format
	for _, x := range Formats() {
		if x.Name == g.Format {
			f = x
		}
	}
	if f.Load == nil {
		return nil, fmt.Errorf("no format named %q", g.Format)
	}
	var from int64
	if o.Resume != nil {
		if !f.Resumes || len(g.Files) != 1 {
			return nil, fmt.Errorf("%s: %w: the %s format reads it from its start", strings.Join(g.Files, ", "), source.ErrResume, f.Name)
		}
		from = o.Resume.Offset
	}
	var ins []source.Input
	var opened []*input
	defer func() {
		for _, in := range opened {
			in.close()
		}
	}()
	for _, name := range g.Files {
		in, err := openInput(ctx, name, from, o)
		if err != nil {
			return nil, err
		}
		opened = append(opened, in)
		ins = append(ins, source.Input{Name: name, R: in.sized(), Head: in.head})
	}
	// a checkpoint's offset is one in a plain file, the one input
	o.Checkpoints = o.Checkpoints && f.Resumes && len(opened) == 1 && opened[0].size > 0
	d, err := f.Load(ins, checkedBatches(o))
	if err == nil {
		err = checkText(d, o.Lenient)
	}
	return o.Project(d, err)
}
