package loaders

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/jobframe/jobframe/loaders/source"
)

// Open loads the named inputs, recognising each one's format from its
// content, and returns one dataset. A path may be a file, "-" for
// standard input, or a directory, whose regular files are loaded in name
// order (hidden files skipped), with those of its subfolders one level
// down. gzip- and zstd-compressed inputs are decompressed transparently.
// A folder holding a lake's manifest is a lake written by jobframe ingest:
// its committed inputs are read back (package lakeread), each as the load
// of its logs would give it, only the frames and columns o asks for.
// With more than one input every frame gets a leading "file" column
// naming the input each row came from.
func Open(paths ...string) (*source.Dataset, error) { return OpenWith(source.Options{}, paths...) }

// OpenWith is Open with options: it expands the paths into inputs, opens
// each and offers it to the formats of Formats in order, groups the
// inputs of multi-file formats, loads every group, merges the datasets
// and projects the result onto o.Columns. A file of a folder that no
// format reads is skipped with a warning; a file named alone is an error.
func OpenWith(o source.Options, paths ...string) (*source.Dataset, error) {
	return OpenContext(context.Background(), o, paths...)
}

// OpenContext is OpenWith under ctx: once ctx is done, the next read of
// an input fails with ctx's error (wrapped, so errors.Is(err,
// context.Canceled) holds), which stops the load within one read of a
// megabyte or so. The REPL's Ctrl-C stops a long load this way.
func OpenContext(ctx context.Context, o source.Options, paths ...string) (*source.Dataset, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if o.Resume != nil {
		return nil, fmt.Errorf("%w: only LoadGroup goes on from a checkpoint", source.ErrResume)
	}
	if err := checkSources(o); err != nil {
		return nil, err
	}
	sc := &scoped{sources: o.Sources}
	lakes, logs := splitLakes(paths)
	lakePlan, err := planLakes(lakes, sc)
	if err != nil {
		return nil, err
	}
	var groups []*group
	var skipped []source.Warning
	if len(logs) > 0 || len(lakes) == 0 {
		inputs, err := openInputs(ctx, o, logs)
		defer func() {
			for _, in := range inputs.list {
				in.close()
			}
		}()
		if err != nil {
			return nil, err
		}
		if groups, skipped, err = groupInputs(Formats(), inputs.list, inputs.fromDir); err != nil {
			return nil, err
		}
		groups = sc.groups(groups)
	}
	lo := o
	if absorbing(append(lakePlan.units(), units(groups)...)) {
		// companions match on columns a projection may leave out, and on
		// rows a window may: a timeline row outside it can give a trace
		// row inside it its times
		lo.Columns, lo.Omit, lo.Window, lo.SourceRows, lo.SpanOnly = nil, nil, source.TimeWindow{}, nil, nil
	}
	sets, formats, warnings, err := lakePlan.read(lo, o)
	if err != nil {
		return nil, err
	}
	skipped = append(skipped, warnings...)
	more, moreFormats, err := loadGroups(groups, checkedBatches(lo))
	if err != nil {
		return nil, err
	}
	for _, d := range more {
		if err := checkText(d, o.Lenient); err != nil {
			return nil, err
		}
	}
	sets, formats = sc.sets(append(sets, more...), append(formats, moreFormats...))
	skipped = append(skipped, sc.warning()...)
	switch {
	case len(sets) == 0 && len(o.Sources) > 0:
		return nil, fmt.Errorf("no input of %s among %s", strings.Join(o.Sources, ", "), strings.Join(paths, ", "))
	case len(sets) == 0 && len(logs) == 0:
		return nil, fmt.Errorf("%s: the lake holds no committed input", strings.Join(lakes, ", "))
	}
	d, err := combine(sets, formats, skipped, o)
	if err != nil && len(sets) == 0 {
		return nil, fmt.Errorf("no input in a format jobframe reads among %s", strings.Join(paths, ", "))
	}
	return d, err
}

// Combine makes one dataset of the loads of groups (LoadGroup's results
// for Plan's groups, in order), as OpenWith does: each format absorbs
// its companions, the runs are labelled, the frames merged (each with
// its file column) and projected onto o.Columns; skipped (Plan's
// warnings) come first among the warnings. The datasets are not
// changed: a caller may combine them again with others.
func Combine(sets []*source.Dataset, groups []Group, skipped []source.Warning, o source.Options) (*source.Dataset, error) {
	if len(sets) != len(groups) {
		return nil, fmt.Errorf("loaders.Combine: %d datasets for %d groups", len(sets), len(groups))
	}
	own := make([]*source.Dataset, len(sets))
	formats := make([]source.Format, len(sets))
	for i, d := range sets {
		c := *d
		c.Frames = maps.Clone(d.Frames)
		c.Files, c.Warnings = slices.Clip(d.Files), slices.Clip(d.Warnings) // an append copies
		own[i], formats[i] = &c, formatNamed(groups[i].Format)
	}
	return combine(own, formats, slices.Clone(skipped), o)
}

// combine is Combine on datasets it may change, with their formats.
func combine(sets []*source.Dataset, formats []source.Format, skipped []source.Warning, o source.Options) (*source.Dataset, error) {
	sets, err := absorbCompanions(sets, formats)
	if err != nil {
		return nil, err
	}
	if len(sets) == 0 {
		return nil, errors.New("no input to combine")
	}
	runs := labelRuns(sets, func(name string) bool { return o.Keeps(name, "run") })
	for _, d := range sets {
		d.Unread = nil // counted: the caller cuts those rows
	}
	d := sets[0]
	if len(sets) > 1 {
		if d, err = merge(sets); err != nil {
			return nil, err
		}
	}
	d.Runs = runs
	d.Warnings = append(skipped, d.Warnings...)
	if len(runs) > 1 { // the run column is the key that keeps runs apart: kept
		o.Columns, o.Omit = withRunKey(o.Columns), withoutRunKey(o.Omit)
	}
	return o.Project(d, nil)
}

// openedInputs are the inputs of a load's logs, opened, and which of
// them were found in a folder.
type openedInputs struct {
	list    []*input
	fromDir map[string]bool
}

// openInputs opens the files the paths name (files, folders of them,
// standard input); on an error, those opened are returned to be closed.
func openInputs(ctx context.Context, o source.Options, paths []string) (*openedInputs, error) {
	files, fromDir, err := expand(paths)
	if err != nil {
		return &openedInputs{}, err
	}
	in := &openedInputs{fromDir: fromDir}
	for _, f := range files {
		x, err := openInput(ctx, f, 0, o)
		if err != nil {
			return in, err
		}
		in.list = append(in.list, x)
	}
	return in, nil
}

// withRunKey returns a copy of cols (Options.Columns) with "run" in
// every frame's list, first unless it was asked for (optional or not): a
// load of several runs keeps it. (A loader that
// numbers the runs of one log, cctools', builds its run column only when
// asked: a projection without "run" reads such a log as one run.)
func withRunKey(cols map[string][]string) map[string][]string {
	if len(cols) == 0 {
		return cols
	}
	out := make(map[string][]string, len(cols))
	for name, c := range cols {
		out[name] = c
		if i := slices.Index(c, source.Optional("run")); i >= 0 { // asked for if there: it is
			out[name] = slices.Concat(c[:i:i], []string{"run"}, c[i+1:])
		} else if !slices.Contains(c, "run") {
			out[name] = append([]string{"run"}, c...)
		}
	}
	return out
}

// withoutRunKey is omit without the run column.
func withoutRunKey(omit map[string][]string) map[string][]string {
	out := make(map[string][]string, len(omit))
	for name, c := range omit {
		out[name] = slices.DeleteFunc(slices.Clone(c), func(c string) bool { return c == "run" })
	}
	return out
}

// expand lists the files the paths name, folders expanded (fromDir marks
// the files found in a folder).
func expand(paths []string) (files []string, fromDir map[string]bool, err error) {
	fromDir = map[string]bool{}
	for _, p := range paths {
		if p == "-" {
			files = append(files, p)
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			return nil, nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		found, err := folderFiles(p, 1)
		if err != nil {
			return nil, nil, err
		}
		if len(found) == 0 {
			return nil, nil, fmt.Errorf("%s: no files in the directory", p)
		}
		for _, f := range found {
			files = append(files, f)
			fromDir[f] = true
		}
	}
	if len(files) == 0 {
		return nil, nil, errors.New("no input given")
	}
	return files, fromDir, nil
}

// group is the inputs of one format that one Load call reads.
type group struct {
	format source.Format
	inputs []source.Input
}

// loadGroups loads every group in order: the datasets and the format
// that loaded each.
func loadGroups(groups []*group, o source.Options) ([]*source.Dataset, []source.Format, error) {
	sets := make([]*source.Dataset, len(groups))
	used := make([]source.Format, len(groups))
	for i, g := range groups {
		d, err := g.format.Load(g.inputs, o)
		if err != nil {
			return nil, nil, err
		}
		sets[i], used[i] = d, g.format
	}
	return sets, used, nil
}

// groupInputs gives each input to the first format that sniffs it and
// gathers the inputs of a group at the place of its first. Files of a
// folder that no format reads are returned as warnings.
func groupInputs(formats []source.Format, inputs []*input, fromDir map[string]bool) ([]*group, []source.Warning, error) {
	var groups []*group
	byKey := map[[2]string]*group{}
	var skipped []source.Warning
	for _, in := range inputs {
		f, ok := sniff(formats, in)
		if !ok {
			err := unknownFormat(formats, in)
			if fromDir[in.path] { // a folder may hold other files: say so, do not fail
				skipped = append(skipped, source.Warning{File: in.path, Msg: "skipped: " + err.Msg})
				continue
			}
			return nil, nil, err
		}
		si := source.Input{Name: in.path, R: in.sized(), Head: in.head}
		key := ""
		if f.Group != nil {
			key = f.Group(in.path, in.head)
		}
		if key == "" {
			groups = append(groups, &group{f, []source.Input{si}})
			continue
		}
		g := byKey[[2]string{f.Name, key}]
		if g == nil {
			g = &group{format: f}
			byKey[[2]string{f.Name, key}] = g
			groups = append(groups, g)
		}
		g.inputs = append(g.inputs, si)
	}
	return groups, skipped, nil
}

// sniff returns the first format that recognises in.
func sniff(formats []source.Format, in *input) (source.Format, bool) {
	for _, f := range formats {
		if f.Sniff(in.path, in.head) {
			return f, true
		}
	}
	return source.Format{}, false
}

// unknownFormat says that in is in none of formats, listing what each
// reads (Format.Description), in their order.
func unknownFormat(formats []source.Format, in *input) *source.UnknownFormatError {
	first := string(source.FirstLine(in.head))
	if first == "" {
		return &source.UnknownFormatError{Path: in.path, Msg: "empty input"}
	}
	return &source.UnknownFormatError{Path: in.path, Msg: fmt.Sprintf("not a format jobframe reads (first line %q); want %s", source.Clip(first, 60), wantList(formats))}
}

// wantList is the descriptions of formats as one phrase: "a, b, or c".
func wantList(formats []source.Format) string {
	var b strings.Builder
	for i, f := range formats {
		switch {
		case i > 0 && i == len(formats)-1:
			b.WriteString(", or ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(f.Description)
	}
	return b.String()
}
